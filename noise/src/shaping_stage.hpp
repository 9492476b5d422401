// shaping_stage.hpp (internal): the shaping stage of shaping.hpp, written once over a number type.
//
// On doubles it is shape_value, the scalar transcription; on dual numbers (dual.hpp) it carries
// the gradient through every step by the chain rule (trace.cpp); simd/shaping_kernel.cpp does
// the same double operations in the same order on lanes. A step at its default is skipped, here
// and there alike.
#pragma once

#include <cmath>
#include <utility>

#include "dual.hpp"
#include "noise/shaping.hpp"

namespace noise::detail {

// The remap curve: segment j where exactly j knots are <= u, its cubic in t = (u - x0) inv_h.
template <class V>
V shape_curve(const ShapingPlan& plan, const V& u) {
    std::size_t j = 0;
    for (const double knot : plan.knots) j += value_of(u) >= knot ? 1 : 0;
    const CurveSegment& s = plan.segments[j];
    const V t             = (u - V{s.x0}) * s.inv_h;
    return ((s.a * t + V{s.b}) * t + V{s.c}) * t + V{s.d};
}

// libnoise's Terrace with n even steps (shaping.hpp): held at 0 below 0 (and for NaN), at 1 from 1.
template <class V>
V shape_terraces(const ShapingPlan& plan, const V& u) {
    if (value_of(u) >= 1.0) return V{1.0};
    if (!(value_of(u) > 0.0)) return V{0.0};
    const double n = plan.terraces;
    const V scaled = u * n;
    // The step: u n can round up to n just below u = 1, so the last step is n - 1 at most.
    const double k = std::min(std::floor(value_of(scaled)), n - 1.0);
    V alpha        = scaled - V{k};
    double from = k * plan.terrace_step, to = (k + 1.0) * plan.terrace_step;
    if (plan.terrace_invert) {  // libnoise's InvertTerraces: the curve turned, the ends swapped
        alpha = 1.0 - alpha;
        std::swap(from, to);
    }
    const V square = alpha * alpha;
    const V shaped = plan.sharpness_high < 0.0 ? alpha + plan.sharpness_low * (square - alpha)
                                               : square + plan.sharpness_high * (square * square - square);
    return V{from} + shaped * (to - from);
}

// The field u and the mask field m, both unit heights, combined as plan.mask says.
template <class V>
V shape_mask(const ShapingPlan& plan, const V& u, const V& m) {
    switch (plan.mask) {
        case MaskMode::none:
            return u;
        case MaskMode::min:
            return min_of(u, m);
        case MaskMode::max:
            return max_of(u, m);
        case MaskMode::add:
            return u + m;
        case MaskMode::multiply:
            return u * m;
        case MaskMode::select: {
            // libnoise's Select: the weight of m rises along SCurve3 across [t - f, t + f].
            V a{};
            if (plan.select_inv_width > 0.0) {
                a = clamp01((u - V{plan.select_low}) * plan.select_inv_width);
                a = a * a * (3.0 - 2.0 * a);
            } else {
                a = V{value_of(u) >= plan.select_threshold ? 1.0 : 0.0};
            }
            return (1.0 - a) * u + a * m;
        }
    }
    return u;
}

// The whole stage on a raw value v and the mask field's raw value.
template <class V>
V shape(const ShapingPlan& plan, const V& v, const V& mask_v) {
    // Multiplications by the reciprocals, not divisions: a division costs a row as much as the
    // rest of the stage (exact for the powers of two of every nominal range: 2 and 1).
    V u = (v - V{plan.lo}) * plan.inv_span;
    if (!plan.knots.empty()) u = shape_curve(plan, u);
    if (plan.terraces > 0) u = shape_terraces(plan, u);
    if (plan.mask != MaskMode::none) u = shape_mask(plan, u, (mask_v - V{plan.mask_lo}) * plan.mask_inv_span);
    if (plan.invert) u = 1.0 - u;
    if (plan.scale != 1.0 || plan.bias != 0.0) u = u * plan.scale + V{plan.bias};
    if (plan.clamp) u = min_of(max_of(u, V{plan.clamp_min}), V{plan.clamp_max});
    return V{plan.lo} + u * plan.span;
}

}  // namespace noise::detail
