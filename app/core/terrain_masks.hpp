// app/core/terrain_masks.hpp: layer masks of the terrain (slope, height band, curvature, aspect)
// as 16-bit samples, from the library's exact gradients of the final (shaped) field.
//
//     std::vector<std::uint16_t> out(window.pixel_count());
//     app::mask_rows(noise, scale, window, app::TerrainMask::slope, threads, cancel, out);
//
// The terrain is the one of terrain_scale.hpp (metres: view.terrain_height, terrain_spacing; X
// east = +x, Z south = +y = down the image), the same the normal map and the terrain view use.
// (dh/dX, dh/dZ) is TerrainScale::slope of noise::value_gradient at the pixel's point (0 where the
// value is clamped), exactly as normal8 takes it. Each map, per pixel:
//   slope      s = atan(|grad h|) in degrees, 0..90;          sample = floor(s / 90 * 65535 + 0.5)
//   height     the png16 sample: floor(u * 65535 + 0.5) (value_mapping.hpp); rendered by the
//              png16 path, so it is png16 bit for bit
//   curvature  k = spacing * laplacian(h): the change of slope from one sample to the next
//              (dimensionless; > 0 concave: valleys, hollows; < 0 convex: ridges, peaks), by
//              central differences of the exact slope over one sample:
//                  k = (sX(x+1, y) - sX(x-1, y)) / 2 + (sZ(x, y+1) - sZ(x, y-1)) / 2
//              at the neighbours' noise points (outside the image too: the field goes on), so no
//              halo and no dependence on the window;  sample = clamp(floor(32768 + 32768 * k + 0.5),
//              0, 65535): 32768 is flat (or a plane), |k| >= 1 saturates (a 45-degree change of
//              slope in one sample)
//   (weights   the texture layers' weights from the height and the slope: weight_rows below)
//   aspect     the compass direction the ground faces (downhill), in degrees clockwise from north,
//              north = up the image (-Z): a = atan2(-dh/dX, +dh/dZ) in [0, 360);
//              sample = floor(a / 360 * 65536 + 0.5) mod 65536 (0 = north, 16384 = east, 32768 =
//              south, 49152 = west); flat ground (zero gradient) gives 0: read the slope map to
//              tell it from north
//   flow, wear, deposit   erosion.method = simulate only: the simulation's maps of the whole
//              image (simulated_field.hpp), cut to the window: simulation_mask_rows below
// Limits: white noise has no derivative; there the library takes central differences over one
// pixel (noise::gradient_method), as for normal8. Where the value is clamped the ground is flat.
// Every pixel depends on its own point (and, for curvature, its four neighbours' points) alone, so
// bands, regions and tiles join without a seam and the samples do not depend on the thread count.
// Thread-safe; `cancel` is polled between rows. Cost: one value_gradient per pixel (curvature: 4).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "core/terrain_scale.hpp"
#include "core/texture_layers.hpp"
#include "noise/enum_names.hpp"
#include "noise/erosion_sim.hpp"
#include "noise/fractal.hpp"
#include "noise/render.hpp"

namespace app {

enum class TerrainMask { slope, height, curvature, aspect, flow, wear, deposit };
inline constexpr std::array<std::string_view, 7> terrain_mask_names{"slope", "height", "curvature", "aspect",
                                                                    "flow",  "wear",   "deposit"};
static_assert(noise::names_match_enum<TerrainMask>(terrain_mask_names));

std::optional<TerrainMask> parse_terrain_mask(std::string_view name);

// The 16-bit sample of each gradient map from the slope (dh/dX, dh/dZ), as documented above.
std::uint16_t slope_sample(std::array<double, 2> slope);
std::uint16_t aspect_sample(std::array<double, 2> slope);
std::uint16_t curvature_sample(double k);

// One line for the export facts: how the map's samples read back.
std::string_view terrain_mask_mapping(TerrainMask mask);

// The samples of `window`'s pixels (a window of the full image), row-major into `out`
// (window.pixel_count()). Not for TerrainMask::height (the png16 path renders it). Returns false
// if cancelled.
bool mask_rows(const noise::FractalNoise& noise, const TerrainScale& scale, const noise::Region& window,
               TerrainMask mask, unsigned threads, const std::atomic<bool>* cancel,
               std::span<std::uint16_t> out);

// The erosion simulation's maps, which exist only for erosion.method = simulate.
inline bool is_simulation_mask(TerrainMask mask) {
    return mask == TerrainMask::flow || mask == TerrainMask::wear || mask == TerrainMask::deposit;
}

// Each simulation map's largest value over the whole image, which its samples and the texture
// weights' bands are scaled by: one scan of each map, made once for all the bands of rows (and
// tiles) of one export or preview rather than once a band.
struct SimulationPeaks {
    double flow = 0.0, wear = 0.0, deposit = 0.0;
};
SimulationPeaks simulation_peaks(const noise::SimulationMaps& maps);

// A simulation map's samples at `window`'s pixels (a window of the image `maps` covers), each map
// scaled by its largest value over the whole image, so that every window and tile of one
// simulation shares the scale:
//   flow     the area drained through the pixel, A pixels (1 on a ridge, most where rivers leave):
//            sample = floor(ln A / ln A_max * 65535 + 0.5): channels bright, ridges black
//   wear     the depth the simulation took away; deposit, the depth it laid down (talus at the
//            foot of slopes, lakes filled to their brim): sample = floor(d / d_max * 65535 + 0.5)
// `peaks`: simulation_peaks(maps), found once for all the windows of one export.
void simulation_mask_rows(const noise::SimulationMaps& maps, const SimulationPeaks& peaks, TerrainMask mask,
                          const noise::Region& window, std::span<std::uint16_t> out);

// What the texture layers' weights read besides the field: the sea (for layers measured from it)
// and the simulation's maps (for bands on flow, wear, deposit).
struct WeightSources {
    double sea_level                  = 0.0;      // view.sea_level: a fraction of the terrain's height
    const noise::SimulationMaps* maps = nullptr;  // the image's, with erosion.method = simulate
    SimulationPeaks peaks;                        // simulation_peaks(*maps)
};

// Every layer's weight (texture_layers.hpp) at `window`'s pixels, from the height in metres
// (TerrainScale::height_of, unrounded), the slope in degrees (the slope map's, unrounded), and
// where a layer bounds them the curvature (the curvature map's k, unclamped then clamped to
// -1 .. 1, unrounded) and the simulation's maps (simulation_mask_rows's values, unrounded),
// quantised to sum exactly to `total` (255 or 65535): out[pixel * layers.size() + layer].
// Throws std::invalid_argument with texture_layers_problem's line when a layer bounds a
// simulation map and `sources.maps` is null.
bool weight_rows(const noise::FractalNoise& noise, const TerrainScale& scale, const noise::Region& window,
                 const std::vector<TextureLayer>& layers, const WeightSources& sources, std::uint32_t total,
                 unsigned threads, const std::atomic<bool>* cancel, std::span<std::uint16_t> out);

}  // namespace app
