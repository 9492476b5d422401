// noise/simulated_field.hpp: erosion.method = simulate on an image of a given size, and the field
// every path then reads.
//
//     std::optional<noise::SimulatedField> sim = noise::simulate_field(params, 1024, 1024);
//     noise::render(sim->params, noise::Region::full(1024, 1024), out);  // the eroded heights
//     float water = sim->maps.flow[y * 1024 + x];                       // and the maps beside them
//
// The erosion filter draws each point on its own; a simulation needs the whole image at once,
// so it runs here, before anything is drawn, in three steps:
//   1. the field before erosion (FractalNoise reads method simulate as none: the simulation's
//      input) at the image's pixels, as unit heights of layer 1's nominal range;
//   2. simulate_erosion (erosion_sim.hpp) on that grid: cells erosion.extent / width metres apart,
//      unit height 1 standing erosion.relief metres above unit height 0, so that an image of any
//      size simulates the same landscape (a 512 preview predicts a 4096 export);
//   3. the result as Params: the same field with layer 1 muted and one heightmap layer of the
//      eroded unit heights over the frame (one texel per pixel, blend normal, opacity 1). Every
//      path then reads the eroded heights through the stack's bicubic heightmap (layer_stack.hpp):
//      rows, regions and tiles, points, exact gradients (the interpolant's: at a pixel, the
//      central difference of its neighbours), normal maps and masks. At a pixel's centre the
//      interpolant is the pixel's own sample.
// A region or a tile is a window of the whole image: simulate the whole image once and render
// the window from the result (every window of one result fits its neighbours exactly).
//
// Params whose erosion_method is not simulate need none of this: render them as they are.
#pragma once

#include <optional>

#include "noise/erosion_sim.hpp"
#include "noise/params.hpp"

namespace noise {

struct SimulatedField {
    Params params;        // the field as eroded: render it, sample it, take its gradients
    SimulationMaps maps;  // the image's grid: height (unit heights), flow, wear, deposit
};

// The largest image side simulated: the simulation holds the whole image, about 64 bytes a pixel
// (4 GiB at 8192 x 8192).
inline constexpr int max_simulated_side = 8192;

// The image a point sampler simulates when none is given (`sample`, the Python module's sample):
// 1024 x 1024, the window's usual preview.
inline constexpr int default_simulated_side = 1024;

// Why a window other than a Region (a GridWindow, a Sampler: `window` names it) cannot draw
// erosion.method = simulate: one line. The simulation is a function of its frame, with placement
// world too (placement.hpp), so a world preset's message names the frame it needs.
std::string simulation_needs_frame(const Params& params, std::string_view window);

// The simulation's settings for an image `width` pixels wide, from the erosion.* keys.
SimulationSettings simulation_settings(const Params& params, int width);

// Steps 1-3 for a width x height image (params.erosion_method == simulate; validate(params) ""
// first). nullopt when control.cancel was set; std::invalid_argument with one line on bad params
// or a size past max_simulated_side.
// Memory: the simulation's (erosion_sim.hpp) plus 4 bytes a pixel for the heightmap it leaves.
std::optional<SimulatedField> simulate_field(const Params& params, int width, int height,
                                             const SimulationControl& control = {});

// The eroded heights as Params (step 3), from unit heights on the image's grid: what
// simulate_field returns, and what a progressive preview draws from a snapshot.
Params eroded_params(const Params& params, int width, int height, std::vector<float> unit_heights);

}  // namespace noise
