// app/core/texture_layers.hpp: texture layer rules (rock by slope, snow by height, sand at the
// coast, gravel where the rivers run...) and their per-pixel weights, quantised so that every
// pixel's weights sum exactly to 255 or 65535.
//
//     const auto layers  = app::effective_texture_layers(preset);    // the preset's, or the defaults
//     app::BandValues at{height_m, slope_deg, curvature, flow, wear, deposit};
//     const auto weights = app::layer_weights(layers, at, sea_m);      // sum 1
//     const auto bytes   = app::quantised_weights(weights, layers.size(), 255); // sum 255 exactly
//
// A preset's optional "texture_layers" section: an array of 1 to max_texture_layers (8) objects,
//     { "name": "rock", "slope_min": 35, "slope_falloff": 6 }
//     { "name": "sand", "height_from": "sea", "height_min": -15, "height_max": 10, "height_falloff": 5 }
//     { "name": "gravel", "flow_min": 0.7, "flow_falloff": 0.1 }
//     { "name": "grass" }
// keys: name (1 to 32 of A-Z a-z 0-9 _ -, unique), height_from ("base", the default, or "sea"),
// and for each band B of texture_band_table() B_min, B_max and B_falloff (>= 0; default 0: a hard
// edge). A missing bound is no bound. The bands and their units (the table has the ranges):
//   height     metres above the terrain's base (terrain_scale.hpp: 0 at mapped 0,
//              terrain_height_m at mapped 1); with height_from "sea", metres above the sea's
//              surface S = view.sea_level * H (negative under water), so the band moves with the
//              sea level (no sea: S = 0, the base)
//   slope      degrees, 0 to 90, the slope of terrain_masks.hpp
//   curvature  k of the curvature mask (terrain_masks.hpp): spacing * laplacian(height), clamped
//              to -1 .. 1 as the mask is; > 0 concave (valleys), < 0 convex (ridges)
//   flow, wear, deposit   the erosion simulation's maps in the mask16 export's units, 0 to 1:
//              ln(drained area) / ln(the image's largest), and the depth removed / laid down over
//              the image's largest (terrain_masks.hpp, simulation_mask_rows)
// The simulation's maps exist only with erosion.method = simulate. A band on one of them without
// the simulation is refused, not ignored (a "river gravel" rule would otherwise cover the whole
// map): texture_layers_problem() says so in one line, which the exports throw and the window shows.
// Semantics, first match with blend, in the order written:
//     inside(v, min, max, f) = ramp(v - min) * ramp(max - v),  ramp(d) = clamp(d / f + 1/2, 0, 1)
//                              (f = 0: 1 where d >= 0, else 0), a missing bound's ramp is 1
//     strength_i = inside(height, height band) * inside(slope, slope band)
//                  * inside(v_B, band B) for each other band B the layer has a bound on
//     weight_i   = strength_i * (1 - weight_0 - ... - weight_{i-1})     (what earlier layers leave)
//     the last layer also takes whatever is left, so the weights sum to 1 at every pixel.
// So each bound is soft over `falloff` centred on it, an earlier layer covers a later one, and
// the last layer is the ground everything else lies on. A layer with height and slope bands only
// computes exactly what it did before the other bands existed (the same operations, same bits).
// Without a section the default rule set applies (H = the terrain's height range in metres,
// terrain_scale.hpp's terrain_height_m; S = view.sea_level * H, the sea's surface):
//     rock  slope_min 35, slope_falloff 6
//     snow  height_min 0.75 H, height_falloff 0.05 H
//     sand  no sea (S = 0): height_max 0.08 H, height_falloff 0.04 H (the low ground, as always);
//           a sea: the beach, height_min S - 0.03 H, height_max S + 0.02 H, each falloff 0.01 H
//           (from the shallows to just above the waterline; the deeper sea floor is grass)
//     grass (the rest)
// editable_default_layers() is that set as the window's editor starts from it: the beach written
// with height_from "sea" (-0.03 H to +0.02 H), so that moving the sea moves it.
// Quantising: q_i = floor(weight_i * total), then the units still missing go one each to the
// largest remainders (weight_i * total - q_i; equal remainders: the earlier layer): the sum is
// exactly `total` at every pixel, and a weight of 1 is exactly `total`.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <nlohmann/json_fwd.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/view_settings.hpp"
#include "noise/enum_names.hpp"

namespace app {

inline constexpr std::size_t max_texture_layers = 8;

enum class TextureBand { height, slope, curvature, flow, wear, deposit };
inline constexpr std::array<std::string_view, 6> texture_band_names{"height", "slope", "curvature",
                                                                    "flow",   "wear",  "deposit"};
static_assert(noise::names_match_enum<TextureBand>(texture_band_names));
inline constexpr std::size_t texture_band_count = texture_band_names.size();

// One row per band, in the enum's order: what the reader allows, the editor's range and words.
struct TextureBandInfo {
    TextureBand band;
    std::string_view label;            // the editor's row
    std::string_view unit;             // "m", "deg", "" (the bound's unit in the editor)
    double lo, hi;                     // a bound's allowed range
    double falloff_hi;                 // the falloff's allowed range is 0 .. falloff_hi
    std::string_view allowed;          // the bound's range in words, for the errors
    std::string_view falloff_allowed;  // the falloff's
    bool simulation;                   // a map of the erosion simulation (erosion.method = simulate only)
    std::string_view tooltip;
};
std::span<const TextureBandInfo> texture_band_table();
const TextureBandInfo& texture_band_info(TextureBand band);

enum class HeightFrom { base, sea };
inline constexpr std::array<std::string_view, 2> height_from_names{"base", "sea"};
static_assert(noise::names_match_enum<HeightFrom>(height_from_names));

struct BandRange {
    double min     = -std::numeric_limits<double>::infinity();
    double max     = std::numeric_limits<double>::infinity();
    double falloff = 0.0;
    bool bounded() const {
        return min > -std::numeric_limits<double>::infinity() ||
               max < std::numeric_limits<double>::infinity();
    }
    friend bool operator==(const BandRange&, const BandRange&) = default;
};

struct TextureLayer {
    std::string name;
    HeightFrom height_from = HeightFrom::base;
    std::array<BandRange, texture_band_count> bands;
    BandRange& band(TextureBand b) { return bands[static_cast<std::size_t>(b)]; }
    const BandRange& band(TextureBand b) const { return bands[static_cast<std::size_t>(b)]; }
    friend bool operator==(const TextureLayer&, const TextureLayer&) = default;
};

using LayerWeights = std::array<double, max_texture_layers>;
// A point of the terrain in each band's units, in the enum's order.
using BandValues = std::array<double, texture_band_count>;

// The default rule set for a terrain `height` metres high whose sea lies at `sea_level` (a
// fraction of the height; 0: no sea).
std::vector<TextureLayer> default_texture_layers(double height, double sea_level);
// The same set as the editor starts from: the beach tied to the sea (height_from "sea").
std::vector<TextureLayer> editable_default_layers(double height, double sea_level);

// Weights (sum 1 over the first layers.size() entries) at a point `at`, the sea's surface
// `sea_height` metres above the base.
LayerWeights layer_weights(const std::vector<TextureLayer>& layers, const BandValues& at, double sea_height);
// The same at a point `height` metres high with a slope of `slope` degrees, other bands 0, no sea.
LayerWeights layer_weights(const std::vector<TextureLayer>& layers, double height, double slope);

// Whether any layer bounds `band` (a map the weights then need).
bool uses_band(const std::vector<TextureLayer>& layers, TextureBand band);

// "" when the rules can be drawn; else one line naming texture_layers[i].key, its value and why:
// a band on a simulation map while `simulated` is false.
std::string texture_layers_problem(const std::vector<TextureLayer>& layers, bool simulated);

// Largest-remainder rounding of the first `count` weights to integers summing exactly to `total`.
std::array<std::uint32_t, max_texture_layers> quantised_weights(const LayerWeights& weights,
                                                                std::size_t count, std::uint32_t total);

// The preset section: reads `value` (throws std::invalid_argument with "texture_layers[i].key:
// ..." naming the key, the value and what is allowed) and writes it back (finite bounds only;
// the keys of height and slope first, in their old order, so an old section writes the same bytes).
std::vector<TextureLayer> read_texture_layers(const nlohmann::json& value);
nlohmann::ordered_json texture_layers_json(const std::vector<TextureLayer>& layers);

// "rock" or "2" -> the index into `layers`; -1 if none.
int find_texture_layer(const std::vector<TextureLayer>& layers, std::string_view name_or_index);

}  // namespace app
