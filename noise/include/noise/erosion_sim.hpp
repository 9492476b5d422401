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
// run over the whole image. The steps, all on heights z = input * height_scale (world units, in
// double) over cells cell_size apart, in this order: 3, then 1 hydraulic_steps times, 2, 3.
//   1. hydraulic  the stream-power law dz/dt = -K A^m |grad z| (A the area drained through a
//                 cell, m = area_exponent, K dt = erodibility per step), solved implicitly along
//                 D8 steepest-descent receivers (Braun and Willett 2013). Each step:
//                   a. receivers: each cell's steepest lower D8 neighbour (ties: the first in
//                      the order east, then clockwise); the border has none (base level);
//                   b. the stack: every receiver before its donors, in O(N) from the receivers
//                      alone: each cell's donors (the neighbours that drain into it, a byte
//                      of D8 bits), then from each base cell a walk up its tree, no sort;
//                   c. drained area A, donors before receivers (the stack backwards), in cells;
//                   d. z_i <- (z_i + F z_r) / (1 + F), F = K dt (A cell_size^2)^m / distance to
//                      the receiver, receivers first (the stack forwards), so z_r is already
//                      the new height. Implicit, so any step is stable; the new z_i lies between
//                      z_i and z_r, and is kept one double above z_r: no pit or flat can appear,
//                      which is why the lakes are filled once before the steps, not per step.
//                 The area and the distance are in world units, so K, m and the number of steps
//                 are the continuous law's: the same run at 512 and at 4096 cells of the same
//                 world cuts the same valleys (correlations in docs/performance.md). Why not the
//                 virtual-pipe model (Mei et al. 2007) or droplets: both need many small steps
//                 whose water and sediment move between cells in an order that threads change
//                 (or that a random droplet stream sets); here each cell's update depends on its
//                 own values and its receiver's alone, so any valid order (and any number of
//                 threads taking whole trees) gives the same bits.
//   2. thermal    rock steeper than talus_degrees slides (Musgrave 1989, Olsen 2004): a pair of
//                 D8 neighbours steeper than the talus angle gives half the excess height from
//                 the higher to the lower cell (mass is kept; the pair is left at the angle),
//                 pass after pass, Gauss-Seidel in bands of 32 rows (two phases of bands that
//                 share no cell, so the threads never show), until no pair exceeds the angle by
//                 more than talus_tolerance_degrees, or thermal_passes_max passes. These passes
//                 shape the fans at the foot of steep slopes. Then the talus clamp: what is still
//                 steeper than the angle is cut down to it from above (the highest surface under
//                 z with every D8 slope at most the angle, exactly, in two raster passes like a
//                 chamfer distance transform); what is cut leaves the map as wear.
//   3. lakes      Priority-Flood (Barnes, Lehman, Mulla 2014) from the border, lowest first (ties by
//                 index): a cell with no lower way out is raised to just above the cell it
//                 spills through (the next double, or float at the end, up), so every cell
//                 drains to the border along D8 (no pits left) and no slope gets steeper. Lake
//                 cells, and cells on a slope (all their open neighbours higher, after Zhou, Sun
//                 and Fu 2016), go through plain queues: most cells are never sorted. Run on the
//                 input and, last, on the float heights handed over (after the thermal stage's
//                 deposits and the rounding to float).
// Outputs (SimulationMaps), each width x height, row-major like the input:
//   height   the eroded heights, back in the input's units (z / height_scale);
//   flow     the area drained through each cell, in cells (1 at a ridge), on the final heights;
//   wear     how far each cell was lowered (step 1, and the net loss of step 2), input units;
//   deposit  how far it was raised (the net gain of step 2, and the lakes of step 3), input units.
//
// Deterministic: the same input gives the same bits on every run and thread count. Work is
// split only where the split cannot show: rows of receivers (each cell on its own), pieces of
// whole trees for the stack, the areas and the update (each cell from its receiver; areas are
// sums of whole numbers, exact in float), bands of the thermal passes (fixed at 32 rows,
// whatever the threads). The lakes and the clamp run on one thread. No SIMD target plays a part:
// plain C++ compiled once for the baseline target, no fused multiply-adds (the talus passes'
// loops are vectorised by the compiler, each pair computed on its own, so the same bits as
// scalar code); across machines the bits agree as far as their C libraries' pow and tan do.
//
// Limits, stated plainly: O(N) per hydraulic step; the lakes are O(N log N) at worst (about O(N)
// on terrain) and, with the clamp, serial, run twice; a single tree (one basin draining most of
// the map) is one thread's work. The thermal passes are O(N) each and converge like diffusion,
// in passes that grow with the cells across a slope (about 55 on the bench's mountains at
// 1024 x 1024: 10 m cells, 800 m of relief); where they stop at thermal_passes_max the clamp
// does the rest, so fans are narrower, in world units, on finer grids of the same slopes. No
// sediment transport: what water takes, and what the clamp cuts, leaves the map. Lakes stay
// flat (filled to their spill height; their floor slopes by one float step per cell), and on a
// noise input with 800 m of relief they cover much of the map; water crosses them along
// straight D8 lines (the flood's epsilon gradients), which the steps cut as straight, parallel
// channels where a lake's floor is shallow: visible in a hillshade, a known artefact of D8 with
// filled flats. Drained areas are floats: exact up to 2^24 cells (4096 x 4096), rounded (the
// same way every run) above. At most 2^32 - 1 cells.
// Memory, at the peak, besides the input: about 39 bytes per cell, measured (the four output
// maps, 16, which double as scratch: flow holds the areas, height the snapshots; z in double, 8;
// the receivers and the donors, 1 byte each; the stack's lists of cells, 4 and their spare
// capacity; a copy of z during the thermal stage, 8), plus the Priority-Flood's queues (up to 16
// bytes per cell waiting in them; little on terrain: the peak stays near 40 bytes in
// erosion_sim_bench).
//
// Typical values: a 1024 grid of 10 m cells, height_scale 800 m, erodibility 0.05,
// area_exponent 0.5, 20 hydraulic steps, talus 35 degrees: about 1.3 s of CPU time on one
// thread of an Intel Xeon (family 6 model 167); at 4096 x 4096 about 25 s of CPU, 37 s of wall
// time on 2 busy cores (docs/performance.md, "The erosion simulation", for the conditions).
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
    // A cap on the thermal passes' work (was 2000): they converge in ~55 passes at 1024 x 1024 of
    // steep mountains, but need more the more cells a slope spans, and 2000 passes of 4096 x 4096
    // take minutes; the talus clamp holds the angle whatever the cap.
    int thermal_passes_max = 100;
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
    // at all. hydraulic_steps + 1 calls; the last holds the result's heights, bit for bit.
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
