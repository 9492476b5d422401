// app/core/texture_layers.hpp: texture layer rules (rock by slope, snow by height...) and their
// per-pixel weights, quantised so that every pixel's weights sum exactly to 255 or 65535.
//
//     const auto layers  = app::effective_layers(preset);            // the preset's, or the defaults
//     const auto weights = app::layer_weights(layers, height_m, slope_deg);   // sum 1
//     const auto bytes   = app::quantised_weights(weights, layers.size(), 255); // sum 255 exactly
//
// A preset's optional "texture_layers" section: an array of 1 to max_texture_layers (8) objects,
//     { "name": "rock", "slope_min": 35, "slope_falloff": 6 }
//     { "name": "snow", "height_min": 1800, "height_falloff": 100 }
//     { "name": "grass" }
// keys: name (1 to 32 of A-Z a-z 0-9 _ -, unique), height_min, height_max (metres, the terrain of
// terrain_scale.hpp: 0 at mapped 0, view.terrain_height at mapped 1), slope_min, slope_max
// (degrees, 0 to 90, the slope of terrain_masks.hpp), height_falloff (metres), slope_falloff
// (degrees), each falloff >= 0 (default 0: a hard edge). A missing bound is no bound.
// Semantics, first match with blend, in the order written:
//     inside(v, min, max, f) = ramp(v - min) * ramp(max - v),  ramp(d) = clamp(d / f + 1/2, 0, 1)
//                              (f = 0: 1 where d >= 0, else 0), a missing bound's ramp is 1
//     strength_i = inside(height, height_min, height_max, height_falloff)
//                * inside(slope, slope_min, slope_max, slope_falloff)
//     weight_i   = strength_i * (1 - weight_0 - ... - weight_{i-1})     (what earlier layers leave)
//     the last layer also takes whatever is left, so the weights sum to 1 at every pixel.
// So each bound is soft over `falloff` centred on it, an earlier layer covers a later one, and
// the last layer is the ground everything else lies on.
// Without a section the default rule set applies (H = the terrain's height range in metres,
// terrain_scale.hpp's terrain_height_m; S = view.sea_level * H, the sea's surface):
//     rock  slope_min 35, slope_falloff 6
//     snow  height_min 0.75 H, height_falloff 0.05 H
//     sand  no sea (S = 0): height_max 0.08 H, height_falloff 0.04 H (the low ground, as always);
//           a sea: the beach, height_min S - 0.03 H, height_max S + 0.02 H, each falloff 0.01 H
//           (from the shallows to just above the waterline; the deeper sea floor is grass)
//     grass (the rest)
// Quantising: q_i = floor(weight_i * total), then the units still missing go one each to the
// largest remainders (weight_i * total - q_i; equal remainders: the earlier layer): the sum is
// exactly `total` at every pixel, and a weight of 1 is exactly `total`.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/view_settings.hpp"

namespace app {

inline constexpr std::size_t max_texture_layers = 8;

struct TextureLayer {
    std::string name;
    double height_min     = -std::numeric_limits<double>::infinity();
    double height_max     = std::numeric_limits<double>::infinity();
    double slope_min      = -std::numeric_limits<double>::infinity();
    double slope_max      = std::numeric_limits<double>::infinity();
    double height_falloff = 0.0;
    double slope_falloff  = 0.0;
    friend bool operator==(const TextureLayer&, const TextureLayer&) = default;
};

using LayerWeights = std::array<double, max_texture_layers>;

// The default rule set for a terrain `height` metres high whose sea lies at `sea_level` (a
// fraction of the height; 0: no sea).
std::vector<TextureLayer> default_texture_layers(double height, double sea_level);

// Weights (sum 1 over the first layers.size() entries) at a point `height` metres high with a
// slope of `slope` degrees.
LayerWeights layer_weights(const std::vector<TextureLayer>& layers, double height, double slope);

// Largest-remainder rounding of the first `count` weights to integers summing exactly to `total`.
std::array<std::uint32_t, max_texture_layers> quantised_weights(const LayerWeights& weights,
                                                                std::size_t count, std::uint32_t total);

// The preset section: reads `value` (throws std::invalid_argument with "texture_layers[i].key:
// ..." naming the key, the value and what is allowed) and writes it back (finite bounds only).
std::vector<TextureLayer> read_texture_layers(const nlohmann::json& value);
nlohmann::ordered_json texture_layers_json(const std::vector<TextureLayer>& layers);

// "rock" or "2" -> the index into `layers`; -1 if none.
int find_texture_layer(const std::vector<TextureLayer>& layers, std::string_view name_or_index);

}  // namespace app
