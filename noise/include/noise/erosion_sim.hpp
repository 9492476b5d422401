// noise/erosion_sim.hpp: erosion simulated on a whole grid: water cuts channels, rock slides to
// its angle of repose, lakes fill until they spill.
//
//     std::vector<float> heights(w * h);                 // out[y * w + x], e.g. noise::render's
//     noise::SimulationSettings settings;                // world units: see below
//     settings.cell_size = 10.0;  settings.height_scale = 800.0;
//     std::optional<noise::SimulationMaps> maps = noise::simulate_erosion(heights, w, h, settings);
//     // maps->height: eroded, in the input's units; maps->flow, wear, deposit beside it
//     // (nullopt only when SimulationControl::cancel was set)
//
// Unlike the erosion filter (erosion.hpp), which draws each point on its own, this is a
// simulation: every cell depends on the whole grid, so a region or a tile must be cut from one
// run over the whole image. The steps, all on heights z = input * height_scale (world units) over
// cells cell_size apart:
//   1. hydraulic  hydraulic_steps steps of the stream-power law dz/dt = -K A^m |grad z| (A the
//                 area drained through a cell, m = area_exponent, K dt = erodibility per step),
//                 solved implicitly along D8 steepest-descent receivers (Braun and Willett 2013):
//                 z_i <- (z_i + F z_r) / (1 + F), F = K dt A^m / distance to the receiver, the
//                 receivers first. Implicit, so any step is stable, and a cell never sinks below
//                 its receiver: channels cut down but no pits appear. Why not the virtual-pipe
//                 model (Mei et al. 2007) or droplets: both need many small steps whose water and
//                 sediment move between cells in an order that threads change (or that a random
//                 droplet stream sets); the stream-power law needs only the sorted heights, so one
//                 deterministic ordering (height, then index) gives the same bits every time, and
//                 its parameters are the continuous law's, the same at 512 and at 4096 cells.
//                 Each step starts by filling the pits (step 3), so all water reaches the border.
//   2. thermal    rock steeper than talus_degrees slides: over the pairs of D8 neighbours in a
//                 fixed order (Gauss-Seidel, Musgrave 1989, Olsen 2004), a pair steeper than the
//                 talus angle gives half the excess height from the higher to the lower cell
//                 (mass is kept), pass after pass until no pair exceeds it by more than
//                 talus_tolerance_degrees, or thermal_passes_max passes.
//   3. lakes      Priority-Flood (Barnes, Lehman, Mulla 2014) from the border, lowest first (ties by
//                 index): a cell with no lower way out is raised to just above the cell it spills
//                 through (the next float up), so every cell drains to the border along D8
//                 (no pits left) and no slope gets steeper.
// Outputs (SimulationMaps), each width x height, row-major like the input:
//   height   the eroded heights, back in the input's units (z / height_scale);
//   flow     the area drained through each cell, in cells (1 at a ridge), on the final heights;
//   wear     how far each cell was lowered (step 1 and the high side of step 2), input units;
//   deposit  how far it was raised (the low side of step 2, and the lakes of step 3), input units.
//
// Deterministic: one thread, a fixed order everywhere (no random numbers, no threads that could
// reorder a sum): the same input gives the same bits on every run and thread count (across
// machines as far as their C libraries' pow, tan and atan agree; the SIMD target plays no part).
//
// Limits, stated plainly: single-threaded and O(N log N) per hydraulic step (the sort); the
// thermal passes are O(N) each and may need hundreds on slopes far above the talus angle; no
// sediment transport (what water takes leaves the map); flat ground left by the lakes slopes by
// one float step per cell. Memory: about 100 bytes per cell at the peak besides the input (doubles
// for heights, wear, deposit, receivers, distances, areas and the sort order, plus the flood's
// queue), above the 64 the issue asks for.
//
// Typical values: a 1024 grid of 10 m cells, height_scale 800 m, erodibility 0.05,
// area_exponent 0.5, 20 hydraulic steps, talus 35 degrees.
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace noise {

struct SimulationSettings {
    double cell_size               = 1.0;   // world units between neighbouring samples, > 0
    double height_scale            = 1.0;   // world units per unit of the input heights, > 0
    int hydraulic_steps            = 20;    // 0: no hydraulic erosion
    double erodibility             = 0.05;  // K dt per step, per (world unit)^(1 - 2m)
    double area_exponent           = 0.5;   // m
    double talus_degrees           = 35.0;  // 0 < talus < 90; 90: no thermal erosion
    double talus_tolerance_degrees = 0.5;
    int thermal_passes_max         = 2000;
};

struct SimulationMaps {
    int width = 0, height_cells = 0;
    std::vector<float> height, flow, wear, deposit;
};

// "" when the settings and the grid are usable, else one line naming the setting.
std::string validate(const SimulationSettings& settings, std::span<const float> heights, int width,
                     int height);

// How a run is driven: threads, cancellation, progress and a progressive preview. None of it
// changes a bit of the result.
struct SimulationControl {
    unsigned threads                = 0;        // 0: one per core; the bits never depend on it
    const std::atomic<bool>* cancel = nullptr;  // polled at least every ~20 ms of work
    // After each step of the simulation: the fraction done, 0..1 (monotonic; 1 is not reported here).
    std::function<void(double fraction)> progress;
    // After each hydraulic step (and once after the thermal stage): the heights so far, in the
    // input's units, valid only during the call (for a progressive preview). Empty: not computed
    // at all.
    std::function<void(std::span<const float> heights)> snapshot;
};

// Runs the three steps on a width x height grid (heights[y * width + x]). nullopt when
// control.cancel was set (promptly: within ~20 ms of work); throws std::invalid_argument with
// validate's one-line message on bad settings; std::bad_alloc on memory.
std::optional<SimulationMaps> simulate_erosion(std::span<const float> heights, int width, int height,
                                               const SimulationSettings& settings,
                                               const SimulationControl& control = {});

// D8 pits: the cells off the border with no neighbour strictly lower (water that lands there
// cannot leave). Noise has many; simulate_erosion's output has none.
int count_pits(std::span<const float> heights, int width, int height);

// The steepest slope between two D8 neighbours, in degrees, for heights in input units.
double steepest_slope_degrees(std::span<const float> heights, int width, int height, double cell_size,
                              double height_scale);

}  // namespace noise
