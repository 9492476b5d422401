// gui/preview/preview_colour.hpp: what the preview's colours show: the ramp, or a terrain map.
//
// "Colour" under the picture (and the terrain view's status line) picks one entry of
// preview_colour_table(). Ramp is the ordinary picture (the view's ramp and hillshade over the
// mapped value). Every other entry is a map of the terrain, one 16-bit sample per image pixel,
// computed by the preview's image worker after the noise (never on the UI thread):
//   slope        the mask16 export's slope samples:     degrees = sample / 65535 * 90
//   height_band  the mask16 export's height (= png16):  metres  = sample / 65535 * terrain_height,
//                drawn in ten bands of a tenth of the height each
//   curvature    the mask16 export's curvature:         k = (sample - 32768) / 32768, > 0 concave
//   aspect       the mask16 export's aspect:            degrees clockwise from north (up the image)
//                = sample / 65536 * 360, the direction the ground faces downhill
// The samples are app::mask_rows's (app/core/terrain_masks.hpp) at the preview's pixels, with the
// export's mapping range (the nominal range, or the image's min/max when the view stretches) and
// the export's ground: the metres of terrain_scale.hpp for the export frame's width (its samples
// terrain_spacing apart), as the 3D terrain has them, not the preview's narrower width (which
// would make every slope steeper than the export's). So slope, aspect and height at a preview
// pixel are the export's at that noise point, and all four maps are exactly the samples of
//     export --format mask16 --map MAP --size W'xH' --set terrain_spacing=S*W/W'
// at the preview's size W' (S the spacing, W the export's width: the same metres per noise unit).
// Curvature is the change of slope per preview pixel (its neighbours are the preview's).
// With erosion.method = simulate, three maps of the simulation itself (the maps of the preview's
// own simulation, app::simulation_mask_rows, the samples of --map flow|wear|deposit at the
// preview's size; none while it runs or without the simulation):
//   flow         ln(area drained) / ln(the largest): channels bright, ridges dark
//   wear         the depth taken away / the deepest cut
//   deposit      the depth laid down (talus, filled lakes) / the deepest fill
// And the texture layers' weights (texture_layers.hpp: the preset's rules, or the default set):
//   weights      layers.size() samples a pixel, each layer's weight out of 255, exactly the
//                samples of export --format weights8 --layer L (app::weight_rows with total 255,
//                on the same ground as the maps above, the simulation's maps when it runs),
//                drawn as each layer's colour (texture_layer_colours) blended by its weight.
//                None when a rule bounds a simulation map that the image has not (the
//                simulation is off, or still running); the legend says why.
//
// The choice is window state, not a setting: presets and exports do not change with it. It
// colours the 3D terrain too (terrain_mesh.cpp reads the samples that came with the field).
// With octaves soloed or muted the samples are not computed (they describe the whole field) and
// the ramp is shown, with a note in the legend.
//
// Adding a map: an enumerator and its name, a row of preview_colour_table(), its samples in
// compute_colour_samples (its meaning written beside the others above), its colour in
// sample_colour, its reading in sample_text and its legend in draw_colour_legend.
#pragma once

#include <imgui.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/texture_layers.hpp"
#include "core/view_settings.hpp"
#include "noise/enum_names.hpp"
#include "noise/erosion_sim.hpp"
#include "noise/fractal.hpp"

namespace app::gui {

enum class PreviewColour { ramp, slope, height_band, curvature, aspect, flow, wear, deposit, weights };
inline constexpr std::array<std::string_view, 9> preview_colour_names{
    "ramp", "slope", "height_band", "curvature", "aspect", "flow", "wear", "deposit", "weights"};

// flow, wear and deposit: maps the erosion simulation leaves, not the field's.
inline bool is_simulation_colour(PreviewColour mode) {
    return mode == PreviewColour::flow || mode == PreviewColour::wear || mode == PreviewColour::deposit;
}
static_assert(noise::names_match_enum<PreviewColour>(preview_colour_names));

struct PreviewColourInfo {
    PreviewColour mode;
    std::string_view label;    // the combo's entry
    std::string_view tooltip;  // what the colours mean
};

// One row per mode, in the enum's order.
std::span<const PreviewColourInfo> preview_colour_table();
const PreviewColourInfo& preview_colour_info(PreviewColour mode);

// What the worker needs to compute a map: the mode and the view settings its samples depend on
// (all zero for the ramp, so that a change of mapping or metres re-renders nothing then).
struct ColourRequest {
    PreviewColour mode     = PreviewColour::ramp;
    Mapping mapping        = Mapping::fixed;
    double terrain_height  = 0.0;
    double terrain_spacing = 0.0;
    int ground_width       = 0;        // the export's width: its samples are terrain_spacing apart
    std::vector<TextureLayer> layers;  // weights only: the rules in effect (texture_layers.hpp)
    double sea_level = 0.0;            // weights only: view.sea_level, for rules tied to the sea
    bool operator==(const ColourRequest&) const = default;
};
// `layers`: the rules in effect (app::effective_texture_layers), read for the weights only.
ColourRequest colour_request(PreviewColour mode, const ViewSettings& view, int export_width,
                             const std::vector<TextureLayer>& layers = {});

// Samples a pixel has: the layers' count for the weights, else 1.
inline std::size_t samples_per_pixel(const ColourRequest& request) {
    return request.mode == PreviewColour::weights ? std::max<std::size_t>(1, request.layers.size()) : 1;
}

// [Worker thread] The samples of `request.mode` for an image of `width` x `height` rendered from
// `noise` (its raw values `raw`; the coarse image's too), and the simulation's `maps` of that
// image when it has them. Empty for the ramp, and for a simulation map without `maps`; nullopt
// when cancelled. Thread-safe.
std::optional<std::vector<std::uint16_t>> compute_colour_samples(const noise::FractalNoise& noise,
                                                                 const ColourRequest& request, int width,
                                                                 int height, std::span<const float> raw,
                                                                 const std::atomic<bool>* cancel,
                                                                 const noise::SimulationMaps* maps = nullptr);

// [UI thread] The colour of one sample, the sample read in words ("slope 31.4 deg"), the legend
// drawn at `corner` (its bottom-left; the weights' names its layers), and the combo that picks
// the mode (true when changed).
std::array<std::uint8_t, 3> sample_colour(PreviewColour mode, std::uint16_t sample);
std::string sample_text(PreviewColour mode, std::uint16_t sample, double terrain_height);
void draw_colour_legend(ImDrawList* draw, ImVec2 corner, PreviewColour mode, double terrain_height,
                        bool unavailable, std::span<const std::string> layer_names = {});
// The weights: a pixel's weights (out of 255) blended in the layers' colours
// (app::texture_layer_colours, core/colour.hpp), and read in words ("rock 200, grass 55").
using LayerColours = std::vector<std::array<std::uint8_t, 3>>;
std::array<std::uint8_t, 3> weights_colour(std::span<const std::uint16_t> weights,
                                           const LayerColours& colours);
std::string weights_text(std::span<const std::uint16_t> weights, std::span<const std::string> names);
// A pixel's colour from its samples (samples_per_pixel of them): the weights blended in
// `layer_colours`, or the one sample's colour.
std::array<std::uint8_t, 3> pixel_colour(PreviewColour mode, std::span<const std::uint16_t> samples,
                                         const LayerColours& layer_colours);
bool draw_colour_combo(PreviewColour& mode, float width);

}  // namespace app::gui
