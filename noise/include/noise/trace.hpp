// noise/trace.hpp: one evaluation opened up, its value with its gradient, and every step on the way.
//
//     noise::FractalNoise noise(params);
//     noise::ValueGradient vg = noise::value_gradient(noise, {x, y, 0, 0});  // vg.value == noise.at(p)
//     noise::Trace trace      = noise::trace_point(noise, {x, y, 0, 0});     // cells, corners, lerps
//
// Both come from the code that renders: the reference's blend (cell_blend.hpp) and fractal sum
// (fractal.cpp) are written once over a number type, and run here on dual numbers, a value with
// its partial derivatives (Inigo Quilez's "value and gradient" by the chain rule):
//   - a corner of gradient noise contributes g . (f - corner): its derivative is g itself;
//   - a lattice value is constant: its derivative is 0;
//   - lerp(s(t), a, b) = a + s (b - a) has the derivative a' + s (b' - a') + s'(t) t' (b - a);
//   - octave i samples the point scaled by lacunarity^i, so its gradient is scaled by the same;
//   - |n| and ridged's (1 - |n|)^2 and clamp follow by the chain rule, where they are smooth.
// The value part does the same double operations in the same order as FractalNoise::at, so the
// value is equal bit for bit, and the trace's numbers are the ones the preview was drawn from.
//
// Domain warp and the rotated layer (fractal.hpp): value(p) = L(q), q = p + a w(p f), so by the
// chain rule d value / d p_j = sum_k dL/dq_k (delta_kj + a dw_k/dp_j), with each warp component's
// gradient from the same dual numbers (its octave scales include f); the turned layer's gradient
// comes back through R's transpose. The trace records the octaves where the field is read: at the
// warped point q, of the first (unturned) layer; its `total` is the whole field's value and
// gradient, so with the turned layer the octaves' contributions add up to the first layer only.
//
// The erosion filter (erosion.hpp) runs on the same dual numbers after shaping, with the shaped
// field's second derivatives (how the gully direction turns) from central differences of its
// analytic gradient: the one part of an analytic gradient that is not; erosion.hpp says where
// its steps are one-sided. A trace's octaves are the field's before erosion; its total is eroded.
//
// Where the derivative does not exist: white noise is a step function (0 almost everywhere, no
// derivative on the cell borders), so for it `value_gradient` takes central finite differences
// over `step` (the caller's sample spacing) and says so in `method`. Linear interpolation, |n| and
// clamp have kinks; there the one-sided derivative of the side the point is on is returned.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "noise/fractal.hpp"
#include "noise/kernel.hpp"

namespace noise {

enum class GradientMethod { analytic, finite_difference };

// Which way value_gradient finds the gradient for these params.
GradientMethod gradient_method(const Params& params);

struct ValueGradient {
    double value = 0.0;                // == noise.at(p), bit for bit
    std::array<double, 4> gradient{};  // d value / d p along x, y, z, w (0 past the dimension)
    GradientMethod method = GradientMethod::analytic;
};

// step > 0: the spacing of the finite differences, used only where method is finite_difference.
ValueGradient value_gradient(const FractalNoise& noise, const Point& p, double step = 1e-3);

// value_gradient along a row of pixels (RowKernel's pixel model, kernel.hpp: pixel i at x =
// x_origin + (first + i + 0.5) x_step, at y): value[i], gx[i] and gy[i] are value_gradient(noise,
// p_i, step)'s value, gradient[0] and gradient[1], bit for bit, for the normal maps and the
// terrain. 2D gradient noise (improved or random gradients, a two-point curve; without a warp,
// the rotated layer, a mask or the erosion filter) runs on SIMD lanes (src/gradient_rows.hpp),
// about ten times faster than point by point; every other field takes value_gradient at each
// pixel. The spans have the same size.
void value_gradient_row(const FractalNoise& noise, const RowSpec& row, double step, std::span<double> value,
                        std::span<double> gx, std::span<double> gy);

// One lattice point that an octave blends: 2^D corners, or 4^D points for `cubic`.
struct CornerTrace {
    std::array<int, 4> offset{};          // from the cell's lower corner: 0/1, or -1..2 for cubic
    std::array<std::int64_t, 4> index{};  // the lattice point, before wrapping
    unsigned hash = 0;                    // step 2: its hash byte, 0..255 (before smoothing): the
                                          // permutation's hash, or the byte of another hash that
                                          // picks the gradient (lattice.hpp, gradient_byte)
    std::array<double, 4> gradient{};     // step 3, gradient noise: its gradient vector g
    std::array<double, 4> distance{};     // step 3, gradient noise: f - offset, from it to the point
    double value = 0.0;                   // gradient noise: g . distance; value noise: its value;
                                          // simplex: its contribution (falloff x g . distance,
                                          // before normalisation; index is its vertex, in 3D
                                          // of the grid at integers or at integers + 1/2)
};

// One blend of step 4: along `axis`, points a and b (and before, after for cubic) become result.
struct BlendTrace {
    int axis = 0;
    double t = 0.0;                  // the fractional position along the axis
    double s = 0.0;                  // the curve's weight s(t) (two-point curves; cubic: t)
    std::array<double, 4> inputs{};  // a, b (two-point) or v0, v1, v2, v3 (cubic)
    double result = 0.0;
};

struct OctaveTrace {
    Point point{};                       // the point as this octave samples it (scaled, then shifted)
    std::array<std::int64_t, 4> cell{};  // step 1: the cell's lower corner
    std::array<double, 4> frac{};        //         and the fractional position inside it
    std::int64_t period = 0;             // the tiling period of this octave, or 0
    std::vector<CornerTrace> corners;    // in blend order, axis 0 varying fastest
    std::vector<BlendTrace> blends;      // x first, then y, ...; the last one is the octave's value
    // Cellular noise (worley.hpp) blends nothing: `corners` are the cells its search visited, each
    // with its feature point at `distance` (feature - point, in cells) and `value` its distance
    // under the metric; these are the corners that gave F1 and F2 (-1: none).
    int nearest         = -1;
    int second_nearest  = -1;
    double value        = 0.0;         // the octave's raw noise n_i
    double weight       = 0.0;         // a_i / sum a
    double contribution = 0.0;         // what this octave adds to the sum, divided by sum a
    std::array<double, 4> gradient{};  // d n_i / d (octave point)
};

struct Trace {
    std::vector<OctaveTrace> octaves;
    ValueGradient total;  // the fractal sum and its gradient
};

// Every octave of one evaluation at the noise-space point p (frequency and offsets not applied).
Trace trace_point(const FractalNoise& noise, const Point& p, double step = 1e-3);

}  // namespace noise
