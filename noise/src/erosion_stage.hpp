// erosion_stage.hpp (internal): the erosion stage (erosion.hpp) joined to the field it carves.
//
// The filter reads the shaped field's value and gradient at the point, from the dual numbers of
// trace.cpp; FractalNoise::at, the row kernels and the point sampler all come here, so every path
// gives the same bits, and value_gradient carries the gradient through the stage.
#pragma once

#include "noise/fractal.hpp"
#include "noise/trace.hpp"

namespace noise::detail {

// The field before the erosion stage, shaped and stacked, its value (== FractalNoise::stacked(p), bit for
// bit) and gradient: analytic, or for a step function (white noise) the gradient 0 of its cells' inside.
// Defined in trace.cpp.
ValueGradient shaped_value_gradient(const FractalNoise& noise, const Point& p, double step);

// The finite-difference step the shaped field's gradient is read with, where one needs it (a white
// noise mask field): one fixed step, so that at() and value_gradient() carve from the same input.
inline constexpr double erosion_input_step = 1e-3;

// FractalNoise::at with the erosion stage on: the filter on the shaped field's value and gradient.
double eroded_at(const FractalNoise& noise, const Point& p);

// value_gradient with the erosion stage on, for an analytic field (erosion.hpp says how).
ValueGradient eroded_value_gradient(const FractalNoise& noise, const Point& p);

}  // namespace noise::detail
