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
// The joined layout (erosion_gullies = joined; cells, the default, is the layout above and keeps
// every older preset's bits). Two faults of the cells layout, measured on the shipped presets'
// exports (docs/performance.md, "The filter presets' land"): the points in the middle half of their
// cells form a jittered lattice (the mean of exp(2 pi i x) over x uniform on [1/4, 3/4] is 0.64),
// so the carving has peaks at the cell frequency on the axes, straight seams a gully spacing
// apart; and where the blend passes from one cell's gully to another's (another phase) a gully's
// floor ends against the ridge of the next, a closed pit. Steps 2 to 4 become:
//   2. the cells   the 4 x 4 cells around the lattice corner nearest q (cells floor(q + 1/2) - 2 ..
//                  + 1), each with one point anywhere in its cell (the same hash's bits, not squeezed):
//                  uniform over the cell, the points' mean of exp(2 pi i k x) is 0 at every whole k,
//                  so no lattice peak is left.
//   3. per cell    the gully's phasor at t (as above, wrapped): (cos 2 pi t, sin 2 pi t) in
//                  parabolas, c = 1 - 16 t^2 within |t| <= 1/4, 16 (1/2 - |t|)^2 - 1 past it,
//                  s = 8 t (1 - 2 |t|) (within 0.06 of the circle, smooth to the first derivative).
//   4. the blend   the phasors summed with the weights w = (1 - r^2 / R^2)^3 of R = 1.5 cells (the 4 x 4
//                  cells hold every point within 1.5 of q; the own cell's point is within sqrt(2)):
//                  (C, S) = sum w (c, s). Its angle, phi = atan2(S, C) (an octant's polynomial,
//                  within 1e-7), is the blended phase: t' = phi / 2 pi is where q lies across the
//                  joined gullies, and e, de are the profile of step 3 at t' (its slope read as the
//                  slope across). Neighbouring cells' gullies of different phases join: the lines
//                  bend, fork and merge instead of ending, and a gully's floor keeps its depth along
//                  it. Where the phasors cancel (a fork, where the phase has no direction), the
//                  coherence k = (C^2 + S^2) / (sum w)^2 is small and the profile fades to its
//                  middle: e = y k / (k + 1/16), de likewise.
// The drainage fade (erosion_drainage = g0, 0 is off and keeps the bits): the depth of step 5 is
// also multiplied by |G| / (|G| + g0). A gully's depth proportional to the slope ends where the
// ground flattens; where the depth falls downhill faster than the ground does (at every slope's
// foot, where |G| -> 0 while the curvature does not), the gully's floor rises: a pit. With the fade
// the depth goes as |G|^2 / g0 on ground gentler than g0, so it falls gently enough for water to
// leave: g0 in unit heights per lattice cell of octave 0 (1 is a slope of 45 degrees where a lattice
// cell's width in metres equals the relief in metres).
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
// detail 0.5, ridge rounding 0.1, crease rounding 0.2; on a smooth base of 2 to 4 octaves. For land
// that drains: gullies joined, drainage 1 to 2. The joined layout costs about 16 / 9 of the cells'
// work per octave (4 x 4 cells), its profile once per octave instead of once per cell.
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
    bool joined     = false;  // erosion_gullies == joined: the phases blended over 4 x 4 cells
    double drainage = 0.0;    // erosion_drainage: depth times |G| / (|G| + drainage) when not 0
    bool two_d      = true;   // false in 1D: y is read as 0
};

// The joined layout's reach, in cells: its points lie anywhere in their cells, and the 4 x 4 cells
// around the lattice corner nearest q hold every point within 1.5 of q (q is at most 1/2 from that
// corner along each axis, the block reaches 2 cells past it on every side); the own cell's point is
// at most sqrt(2) < 1.5 away, so some weight is always there.
inline constexpr double joined_reach2     = 1.5 * 1.5;
inline constexpr double joined_inv_reach2 = 1.0 / joined_reach2;
// The joined layout's fade: where the cells' phases cancel (coherence c2 = |sum w phasor|^2 /
// (sum w)^2 near 0, where gullies fork or merge) the profile fades to its middle, y = 0, as
// c2 / (c2 + joined_fade2): the phase has no direction there.
inline constexpr double joined_fade2 = 0.25 * 0.25;
// atan(r) on [0, 1] as r P(r^2), a least-squares fit (largest error 1e-7 radians).
inline constexpr double joined_atan[8]    = {0.9999996923427644,   -0.33330846446119844, 0.1995398202858203,
                                             -0.13930565084025787, 0.09669168884073479,  -0.05598488149284788,
                                             0.021759940619018023, -0.003993989537061898};
inline constexpr double joined_half_pi    = 1.5707963267948966;
inline constexpr double joined_pi         = 3.141592653589793;
inline constexpr double joined_inv_two_pi = 0.15915494309189535;
// Resolves the stage for valid params.
ErosionPlan make_erosion_plan(const Params& params);

// The stage at the noise-space point (x, y) (as FractalNoise::at reads it; y = 0 in 1D) given the
// shaped field's raw value v and its gradient (gx, gy) there: the scalar reference.
double erode_value(const ErosionPlan& plan, double x, double y, double v, double gx, double gy);

}  // namespace noise
