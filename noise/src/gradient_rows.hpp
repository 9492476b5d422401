// gradient_rows.hpp (internal): the shaped field's value and exact gradient along a row of pixels.
//
// For every pixel i of a row (RowKernel's pixel model, kernel.hpp), the value and the first two
// components of the gradient that shaped_value_gradient (erosion_stage.hpp) gives at that pixel's
// point, bit for bit. Where simd/gradient_kernel.cpp covers the field (gradient_rows_cover), the
// octaves run on SIMD lanes as dual numbers: a value and its slopes along x and y per lane,
// operation for operation dual.hpp's on perlin.cpp's steps, and shaping on the same lanes (the
// terraces alone per pixel on dual.hpp's own numbers). Elsewhere each pixel takes the scalar
// reference.
//
// The x and y slopes are all a row needs (the erosion filter reads the slope in the x-y plane;
// normal maps read the same two): a dual number's slopes along z and w never enter them.
#pragma once

#include <span>

#include "noise/fractal.hpp"
#include "noise/kernel.hpp"
#include "noise/shaping.hpp"

namespace noise::detail {

// Whether the SIMD lanes compute layer 1's rows: 2D gradient noise (improved or random
// gradients) with a two-point curve, any fractal sum, without a warp, the rotated layer, per-axis
// tiling periods or a mask (shaping itself is fine). A layer stack above it then runs on the
// rows as dual numbers (stack_rows.hpp's stack_gradient_row).
bool gradient_rows_cover(const FractalNoise& noise);

// Whether the lanes also shape the field (ShapeDual): every step but the terraces, which take
// shape<Dual> pixel by pixel (the curve's segment is picked per lane, as the value kernel does).
inline bool shaped_on_lanes(const ShapingPlan& plan) { return plan.terraces == 0; }

// value[i], gx[i], gy[i]: shaped_value_gradient(noise, p_i, step)'s value and gradient[0], [1],
// p_i the point of pixel i of `row`. All three spans have the same size.
void shaped_gradient_row(const FractalNoise& noise, const RowSpec& row, double step, std::span<double> value,
                         std::span<double> gx, std::span<double> gy);

}  // namespace noise::detail
