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
//                 cell, m = area_exponent, K dt = erodibility per step), the water routed to every
//                 lower neighbour (multiple flow directions), solved implicitly (Braun and
//                 Willett 2013's scheme, with many receivers), then the sediment laid down and
//                 the hillslopes diffused. Each step:
//                   a. routing: each cell's strictly lower D8 neighbours take its water in shares
//                      contour length x slope^flow_exponent (Freeman 1991, Quinn et al. 1991;
//                      below a slope of 1e-4 every lower neighbour weighs the same, so water
//                      crosses a filled lake spread towards its outlet, not along the flood's
//                      straight epsilon lines); the border has none (base level). The passes
//                      below visit every cell once, each after the cells it reads: b in a
//                      topological walk (Kahn 1962, depth-first, in blocks of rows each held by
//                      one thread at a time), c, d and e's pits replaying b's order (reversed for
//                      c and e, receivers first), on every thread; a cell's values depend on
//                      those cells alone, summed in the fixed order of its neighbours, so the
//                      order the threads take never shows;
//                   b. drained area A, donors first, in cells: 1 plus each donor's area in its
//                      share, summed in double, stored as float;
//                   c. z_i <- (z_i + sum_k F_k z_k) / (1 + sum_k F_k), F_k = K dt (A
//                      cell_size^2)^m w_k / distance_k, receivers first, so every z_k is already
//                      the new height (w_k the shares, from the heights before the step).
//                      Implicit, so any step is stable; the new z_i is a weighted mean above
//                      the lowest receiver, kept one double above it: no pit appears;
//                   d. deposition (deposition = G > 0): what c eroded travels down in the water's
//                      shares, donors first, and settles at G / A of the volume carried per
//                      cell area (Davy and Lague 2009's term, Yuan et al. 2019's G, explicit
//                      after the implicit step), all of it where water stops; never up to a
//                      donor's height (each cell stays strictly below every donor: no pit, the
//                      order holds). A small catchment at a mountain front's foot keeps much of
//                      what arrives (fans); a large river carries it on; the border loses it. The
//                      wear and deposit maps take each cell's balance of the step (settled minus
//                      eroded: a hillslope cell that lost 1 m and caught 0.4 m from above was
//                      worn 0.6 m), so the deposit map shows where sediment stayed, not the churn
//                      of hillslopes that pass on most of what they catch;
//                   e. hillslope diffusion (diffusivity = D dt > 0, m^2 per step): dz/dt = D
//                      laplacian z, backward Euler along every row, then every column (Thomas's
//                      algorithm a line), the border fixed: stable at any D, mass kept inside;
//                      then, receivers first, a cell that creep lifted to its lowest receiver
//                      of the step or above is raised just above it (deposit), so creep leaves
//                      no pit in a channel (every cell keeps a receiver strictly below it).
//                 The area and the distance are in world units, so K, m and the number of steps
//                 are the continuous law's: the same run at 512 and at 4096 cells of the same
//                 world cuts the same valleys (correlations in docs/performance.md). Why not the
//                 virtual-pipe model (Mei et al. 2007) or droplets: both need many small steps
//                 whose water and sediment move between cells in an order that threads change
//                 (or that a random droplet stream sets); here every cell's water and sediment
//                 are a fixed function of its neighbours', whatever thread computes them when,
//                 so any number of threads gives the same bits.
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
//   wear     how far each cell was lowered (each hydraulic step's net loss, and the net loss of
//            step 2), input units;
//   deposit  how far it was raised (each hydraulic step's net gain, the net gain of step 2, and
//            the lakes of step 3), input units.
//
// Deterministic: the same input gives the same bits on every run and thread count. Work is
// split only where the split cannot show: rows of lower neighbours and donors (each cell on its
// own), the walks of the areas, the stream-power update, the deposition and the creep's pits
// (each cell a function of the cells it waits for, in a fixed order of its neighbours; which
// thread visits it, and when, changes nothing), the diffusion's lines (each on its own), bands
// of the thermal passes (fixed at 32 rows, whatever the threads). The lakes and the clamp run on
// one thread. No SIMD target plays a part: plain C++ compiled once for the
// baseline target, no fused multiply-adds (the talus passes' loops are vectorised by the
// compiler, each pair computed on its own, so the same bits as scalar code); across machines the
// bits agree as far as their C libraries' pow and tan do.
//
// Limits, stated plainly: O(N) per hydraulic step, on every thread (the areas' walk counts each
// cell's donors in plain bytes, handing water that crosses into another block of rows over under
// a lock; the walks after it replay its order, waiting on another thread's cells by marks read and
// written without atomic read-modify-writes; a step costs the same per cell from 128 x 128 to
// 1024 x 1024, so up to there the arithmetic along the water's chains bounds it, not the memory);
// the lakes are O(N log N) at worst (about O(N) on
// terrain) and, with the clamp, serial, run twice. The thermal passes are O(N) each and converge
// like diffusion, in passes that grow with the cells across a slope; where they stop at
// thermal_passes_max the clamp does the rest. Deposition is taken after each step's erosion, not
// solved with it (Yuan et al. iterate): a step's sediment settles on the heights that step left.
// Diffusion can leave pits (a channel's floor lifted above the cell below it), which would stop
// the next step's water: with diffusivity > 0 such a cell is raised just above its lowest
// receiver of the step (its raise is deposit), in one walk, rather than a flood of the whole grid
// each step. Lakes stay flat (filled to their spill height, their floor sloping by one float step
// per cell). Drained areas are floats with fractional shares, rounded the same way every run. At
// most 2^32 - 1 cells.
// Memory, at the peak, besides the input: about 44 bytes per cell (the four output maps, 16,
// which double as scratch: flow holds the areas, height the snapshots; z in double, 8; the lower
// neighbours, the donors and the walks' counts, 1 byte each; what a cell hands on over its
// weights, 4; what the step eroded, 4; the order of the areas' walk, 4; the walks' stacks,
// little on terrain; a copy of z during the thermal stage, 8), plus the Priority-Flood's queues
// (up to 16 bytes per cell waiting in them; little on terrain). Measured in erosion_sim_bench
// (docs/performance.md).
//
// Typical values: a 1024 grid of 10 m cells, height_scale 800 m, erodibility 0.05,
// area_exponent 0.5, 20 hydraulic steps, talus 35 degrees: about 3.2 s of CPU time on 2 threads
// of an Intel Xeon shared with other work, 2.7 s on one (docs/performance.md, "The erosion
// simulation", for the conditions).
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace noise {

struct SimulationSettings {
    double cell_size     = 1.0;   // world units between neighbouring samples, > 0
    double height_scale  = 1.0;   // world units per unit of the input heights, > 0
    int hydraulic_steps  = 20;    // 0: no hydraulic erosion
    double erodibility   = 0.05;  // K dt per step, per (world unit)^(1 - 2m)
    double area_exponent = 0.5;   // m
    double talus_degrees = 35.0;  // 0 < talus < 90; 90: no thermal erosion
    // The water's routing: each lower neighbour's share goes as slope^flow_exponent (1: water
    // spreads like Quinn et al. 1991; 2 and above: gathers, towards steepest descent alone).
    double flow_exponent = 1.0;
    // G: how readily carried sediment settles (rate G / A per unit carried, A in cells); 0: it all
    // leaves. 1 (FastScape's usual order) builds fans below small catchments; a few times more
    // fills valley floors within tens of steps (the filling-valley preset runs 4).
    double deposition = 1.0;
    // D dt: hillslope diffusion per step, in world units squared (m^2 per step); 0: none.
    double diffusivity             = 0.0;
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
