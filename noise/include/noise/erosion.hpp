// noise/erosion.hpp: the erosion filter, from noise to land: gullies and ridges carved down the slopes.
//
//     noise::Params params;                           // any field, shaped or not ...
//     params.erosion_method   = noise::ErosionMethod::filter;
//     params.erosion_strength = 0.5;                  // ... carved: keys erosion.KEY
//     noise::FractalNoise noise(params);              // at(), every row, the point sampler, the
//     double v = noise.at({x, y, 0, 0});              // gradient and every export see the carving
//
// After Rune Skovbo Johansen's erosion filter ("Fast and Gorgeous Erosion Filter", which grew
// from Clay John's and Felix Westin's eroded-terrain noise): every point is evaluated on its own
// from the field's value and gradient there, so a region or a tile is the same pixels as the whole
// image, and rows run on any number of threads with the same bits. Nothing flows: it is a filter
// that draws what water would have carved, not a simulation of it (erosion.method = simulate
// will be that, on the whole grid).
//
// The stage runs last, after shaping and the mask (shaping.hpp), in the same unit heights
// u = (v - lo) / (hi - lo) of nominal_range, with the gradient G = grad v / (hi - lo) of the
// shaped field (trace.hpp's dual numbers). Octave k = 0 .. erosion_octaves - 1, gully spacing
// s_k = erosion_scale / 2^k (lattice cells of octave 0), frequency f_k = 1 / s_k:
//   1. the slope   |G|, kept above 1e-6 (sqrt(G.G + 1e-12)), and the direction across it,
//                  c = (-G_y, G_x) / |G|: gullies run downhill, along G, so their profile varies along c.
//   2. the cells   q = p f_k on the plane x, y; the 3 x 3 cells around q, each with one point
//                  jittered into the middle half of its cell by the `wide` hash (hashes.hpp) of the
//                  cell, the field's seed and k (wrapped with the tile's own number of gullies
//                  while tiling, so the carving repeats with the tile).
//   3. per cell    a gully through the cell's point along the slope: t = (q - point) . c, the distance
//                  across it in cells, wrapped to [-1/2, 1/2) (the next gully over is one spacing
//                  away); the profile y(a) of a = 2 |t|: -1 on the gully line (a = 0), +1 on the
//                  ridge between two gullies (a = 1), straight in between (the walls) and rounded into
//                  parabolas over erosion_crease_rounding / 2 at the floor and erosion_ridge_rounding / 2
//                  at the crest.
//   4. the blend   e = sum w y / sum w with w = (1 - r^2 / R^2)^3, r the distance to the cell's point,
//                  R = 1.25 cells: a smooth bump (C2), 0 past R, so the 3 x 3 cells hold every point
//                  that counts (the points sit in the middle half of their cells) and the blend is
//                  smooth across cell borders; the own cell's point is always within R.
//   5. the carving u -= d_k (1 - e) / 2, the depth d_k = erosion_strength * detail^k * |G| * s_k *
//                  fade(u): the slope times the spacing is the drop across one gully, so flat ground
//                  (valley floors, plateaus, peaks) is left alone, steep ground is cut deepest, and
//                  heights only ever go down (e <= 1). fade(u) = (1 - valleys (1 - u)^2) (1 - peaks
//                  u^2), u clamped to [0, 1]: the keep-valleys and keep-peaks controls.
//   6. the update  G += d_k (de/dt) f_k c / 2: the slope of what was just carved (with the gully
//                  direction and the depth held), so the next, finer octave's gullies run down the
//                  walls of this one's: they branch.
// With erosion_method = none the stage is skipped: every existing preset draws the same bits.
//
// Gradients (value_gradient, the terrain's normals, normal8): the stage is written once over a
// number type (src/erosion_filter.hpp) and runs on dual numbers with the point, u and G as inputs.
// G's own slope (how the gully direction turns, the field's second derivatives) is the one part
// not analytic: central differences of the analytic gradient over h = 1e-4 of the field's finest
// octave cell (or of the finest gully spacing, if smaller). Everything else is the exact derivative
// by the chain rule, one-sided where the stage has a kink: on the gully line with
// erosion_crease_rounding = 0, on the ridge with erosion_ridge_rounding = 0 (|t| and the wrap of t),
// and at the fade's clamp of u to [0, 1].
//
// Limits, stated plainly: the filter reads the slope only in the x-y plane (z and w move the field,
// not the gullies); in 1D it reads y as 0. White noise is a step function with no slope to carve
// along: the filter leaves it as it is (up to the 1e-6 floor of the slope). The filter runs
// on SIMD lanes only in rows (RowKernel: src/simd/erosion_kernel.cpp, a vector of pixels at a
// time, each octave's gully points hashed once per row; the field's value and gradient on lanes too
// for 2D gradient noise, src/gradient_rows.hpp); point batches (PointSampler) and value_gradient
// evaluate it point by point, with the field's value and gradient from the dual numbers (a few
// microseconds a point). Rows and points give the same bits.
//
// Typical values: strength 0.5, scale 0.125 (8 gullies across a lattice cell), 4 to 5 octaves,
// detail 0.5, ridge rounding 0.1, crease rounding 0.2; on a smooth base of 2 to 4 octaves.
#pragma once

#include <cstdint>
#include <vector>

#include "noise/params.hpp"

namespace noise {

// One octave of gullies, resolved.
struct ErosionOctave {
    double frequency      = 8.0;     // f_k = 2^k / erosion_scale, cells per lattice cell of octave 0
    double depth          = 0.0625;  // erosion_strength * detail^k * s_k, times |G| fade(u) at the point
    std::int64_t period_x = 0;       // gullies per tile along x at this octave, or 0 (no tiling)
    std::int64_t period_y = 0;       // along y
    std::uint32_t seed    = 0;       // the field's seed and k, for the wide hash
};

// Everything the stage needs, worked out once per field (FractalNoise holds one).
struct ErosionPlan {
    bool active = false;                           // erosion_method == filter
    double lo = -1.0, span = 2.0, inv_span = 0.5;  // the field's nominal range
    std::vector<ErosionOctave> octaves;
    double crease = 0.1, ridge = 0.05;  // the rounding half-widths in a: rounding / 2
    double peaks = 0.0, valleys = 0.0;
    bool two_d = true;  // false in 1D: y is read as 0
};

// Resolves the stage for valid params.
ErosionPlan make_erosion_plan(const Params& params);

// The stage at the noise-space point (x, y) (as FractalNoise::at reads it; y = 0 in 1D) given the
// shaped field's raw value v and its gradient (gx, gy) there: the scalar reference.
double erode_value(const ErosionPlan& plan, double x, double y, double v, double gx, double gy);

}  // namespace noise
