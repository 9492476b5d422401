// app/core/colour.hpp: raw noise -> RGBA pixels through a colour ramp and optional hillshade.
//
//     std::vector<std::uint8_t> rgba(width * height * 4);
//     app::colourise(raw, width, height, view, app::mapping_range(params, view, stats.measured_range()),
//     rgba);
//
// Each raw value is mapped to [0, 1] (value_mapping.hpp) and looked up in the view's ramp:
//     gray     black -> white
//     terrain  deep water, shallows, a sand line at 0.47, grass, forest, rock, snow; with a sea
//              (view.sea_level > 0) the shore moves to the sea level: ramp_position()
//     ocean    abyss -> turquoise -> foam        fire   black -> red -> orange -> white
//     ice      midnight blue -> pale ice         sand   umber -> ochre -> pale sand
//     viridis  matplotlib's perceptual ramp
//     marble   white stone -> grey veins (high values)
//     wood     seven growth rings, pale early wood -> a thin dark late-wood line, repeated
// Hillshade lights the field as a height map from the north-west at 45 degrees, with its true
// slopes in metres: a unit of mapped height is view.terrain_height metres, neighbouring pixels
// view.terrain_spacing metres apart (the caller's view gives this picture's own spacing:
// terrain_scale.hpp's picture_view; an export's view is its own), so the shading is the slope of
// the normal map and the masks, and a 512 px preview and a 4096 px export of one frame show the
// same relief. At the image's edges the missing neighbour is replaced by the pixel itself.
// Alpha is always 255. Deterministic, no state: safe to call from any thread. `colourise` colours
// a large image in two bands, the second on a thread of its own, with the same bytes.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/view_settings.hpp"
#include "noise/params.hpp"

namespace app {

// Where the mapped value t in [0, 1] lies on the view's ramp. The terrain ramp's shore (water up to
// 0.46, the sand line from 0.47) stands at the view's sea level when there is one, so the 2D map's
// waterline is the terrain view's sea: below it t is stretched over the water's stops, above it over
// the land's. Without a sea, and on every other ramp, t itself (the colours they always had).
double ramp_position(const ViewSettings& view, double t);

// The ramp's colour at t in [0, 1] (clamped), rounded to 8 bits.
std::array<std::uint8_t, 3> ramp_colour(Ramp ramp, double t);

// The texture layers' colours in the window's weights preview and its rules list, one per name:
// the default set's names their own (rock grey, snow white, sand yellow, grass green) wherever
// they stand, every other layer the first of the other hues no layer has yet; so the colours are
// distinct, and a layer added or moved does not repaint the others.
std::vector<std::array<std::uint8_t, 3>> texture_layer_colours(std::span<const std::string> names);

// Fills rgba_out (width * height * 4 bytes) from raw (width * height values, row-major).
void colourise(std::span<const float> raw, int width, int height, const ViewSettings& view,
               noise::Range range, std::span<std::uint8_t> rgba_out);

// A window of a larger block, for images coloured band by band: the block holds block_width x
// block_height values, the window is [x0, x0 + width) x [y0, y0 + height) of it.
struct BlockWindow {
    int block_width  = 0;
    int block_height = 0;
    int x0 = 0, y0 = 0;
    int width  = 0;
    int height = 0;
    // The whole block.
    static BlockWindow whole(int width, int height) { return {width, height, 0, 0, width, height}; }
};
enum class PixelBytes { rgb = 3, rgba = 4 };  // the bytes of each output pixel: alpha 255

// The window of the block in `raw`, coloured into `out` (window.width x window.height pixels).
// Hillshade reads neighbours from the whole block, so a band rendered with one extra row (and
// column) on each side joins its neighbours without a seam.
void colourise_window(std::span<const float> raw, const BlockWindow& window, const ViewSettings& view,
                      noise::Range range, PixelBytes pixel, std::span<std::uint8_t> out);

}  // namespace app
