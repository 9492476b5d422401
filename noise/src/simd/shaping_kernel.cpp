// The shaping stage (shaping.hpp) on SIMD lanes, one pixel per lane, for a row the kernels filled.
//
// The steps of shaping_stage.hpp, operation for operation: the same IEEE operations in the same
// order, and every choice the scalar code makes with a comparison made here with the same
// comparison and a blend (std::min(a, b) is "b < a ? b : a", so it is IfThenElse(Lt(b, a), b, a),
// never Highway's Min, whose choice for equal or unordered operands is the instruction's). So
// every target gives shape_value's bits. The curve's segment is found as the scalar code finds
// it (simd/curve_segment-inl.h).
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/shaping_kernel.cpp"
#include <hwy/foreach_target.h>  // re-includes this file once per target
#include <hwy/highway.h>

#include <algorithm>
#include <cstddef>
#include <span>
#include <stdexcept>

#include "noise/shaping.hpp"
#include "simd/curve_segment-inl.h"

HWY_BEFORE_NAMESPACE();
namespace noise {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

using D  = hn::ScalableTag<double>;
using VD = hn::Vec<D>;

// `knots` and `segments` are the row's local copies (ShapeRow): the compiler then knows the row's
// stores cannot change them, and keeps them in registers or loads them without reloading the plan.
VD Curve(const double* knots, std::size_t knot_count, const CurveSegment* segments, VD u) {
    const SegmentLanes<D> s = SegmentOfLanes(D(), knots, knot_count, segments, u);
    const VD t              = hn::Mul(hn::Sub(u, s.x0), s.inv_h);
    return hn::Add(hn::Mul(hn::Add(hn::Mul(hn::Add(hn::Mul(s.a, t), s.b), t), s.c), t), s.d);
}

VD Terraces(const ShapingPlan& plan, VD u) {
    const D d;
    const VD zero = hn::Zero(d), one = hn::Set(d, 1.0);
    const VD n = hn::Set(d, static_cast<double>(plan.terraces)), last = hn::Set(d, plan.terraces - 1.0);
    const VD scaled = hn::Mul(u, n);
    const VD floor  = hn::Floor(scaled);
    const VD k      = hn::IfThenElse(hn::Lt(last, floor), last, floor);
    VD alpha        = hn::Sub(scaled, k);
    const VD step   = hn::Set(d, plan.terrace_step);
    VD from = hn::Mul(k, step), to = hn::Mul(hn::Add(k, one), step);
    if (plan.terrace_invert) {
        alpha         = hn::Sub(one, alpha);
        const VD swap = from;
        from          = to;
        to            = swap;
    }
    const VD square = hn::Mul(alpha, alpha);
    const VD shaped = plan.sharpness_high < 0.0
                          ? hn::Add(alpha, hn::Mul(hn::Set(d, plan.sharpness_low), hn::Sub(square, alpha)))
                          : hn::Add(square, hn::Mul(hn::Set(d, plan.sharpness_high),
                                                    hn::Sub(hn::Mul(square, square), square)));
    VD result       = hn::Add(from, hn::Mul(shaped, hn::Sub(to, from)));
    result          = hn::IfThenElse(hn::Ge(u, one), one, result);
    return hn::IfThenElse(hn::Gt(u, zero), result, zero);  // also NaN -> 0, as !(u > 0)
}

VD Mask(const ShapingPlan& plan, VD u, VD m) {
    const D d;
    const VD zero = hn::Zero(d), one = hn::Set(d, 1.0);
    switch (plan.mask) {
        case MaskMode::none:
            return u;
        case MaskMode::min:
            return hn::IfThenElse(hn::Lt(m, u), m, u);
        case MaskMode::max:
            return hn::IfThenElse(hn::Lt(u, m), m, u);
        case MaskMode::add:
            return hn::Add(u, m);
        case MaskMode::multiply:
            return hn::Mul(u, m);
        case MaskMode::select: {
            VD a;
            if (plan.select_inv_width > 0.0) {
                a = hn::Mul(hn::Sub(u, hn::Set(d, plan.select_low)), hn::Set(d, plan.select_inv_width));
                a = hn::IfThenElse(hn::Lt(a, zero), zero, hn::IfThenElse(hn::Lt(one, a), one, a));  // clamp01
                a = hn::Mul(hn::Mul(a, a), hn::Sub(hn::Set(d, 3.0), hn::Mul(hn::Set(d, 2.0), a)));
            } else {
                a = hn::IfThenElse(hn::Ge(u, hn::Set(d, plan.select_threshold)), one, zero);
            }
            return hn::Add(hn::Mul(hn::Sub(one, a), u), hn::Mul(a, m));
        }
    }
    return u;
}

void ShapeRow(const ShapingPlan& plan, double* values, const double* mask, std::size_t count) {
    const D d;
    const std::size_t lanes = hn::Lanes(d);
    const VD lo = hn::Set(d, plan.lo), span = hn::Set(d, plan.span), one = hn::Set(d, 1.0);
    const VD inv_span = hn::Set(d, plan.inv_span);
    const VD mask_lo = hn::Set(d, plan.mask_lo), mask_inv_span = hn::Set(d, plan.mask_inv_span);
    double knots[curve_max_points];
    CurveSegment segments[curve_max_points + 1];
    const std::size_t knot_count = plan.knots.size();
    std::copy(plan.knots.begin(), plan.knots.end(), knots);
    std::copy(plan.segments.begin(), plan.segments.end(), segments);
    std::size_t i = 0;
    for (; i + lanes <= count; i += lanes) {
        VD u = hn::Mul(hn::Sub(hn::LoadU(d, values + i), lo), inv_span);
        if (knot_count > 0) u = Curve(knots, knot_count, segments, u);
        if (plan.terraces > 0) u = Terraces(plan, u);
        if (plan.mask != MaskMode::none)
            u = Mask(plan, u, hn::Mul(hn::Sub(hn::LoadU(d, mask + i), mask_lo), mask_inv_span));
        if (plan.invert) u = hn::Sub(one, u);
        if (plan.scale != 1.0 || plan.bias != 0.0)
            u = hn::Add(hn::Mul(u, hn::Set(d, plan.scale)), hn::Set(d, plan.bias));
        if (plan.clamp) {
            const VD low = hn::Set(d, plan.clamp_min), high = hn::Set(d, plan.clamp_max);
            u = hn::IfThenElse(hn::Lt(u, low), low, u);    // std::max(u, low)
            u = hn::IfThenElse(hn::Lt(high, u), high, u);  // std::min(u, high)
        }
        hn::StoreU(hn::Add(lo, hn::Mul(u, span)), d, values + i);
    }
    for (; i < count; ++i)
        values[i] = shape_value(plan, values[i], plan.mask != MaskMode::none ? mask[i] : 0.0);
}

}  // namespace HWY_NAMESPACE
}  // namespace noise
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace noise {
HWY_EXPORT(ShapeRow);

void shape_values(const ShapingPlan& plan, std::span<double> values, std::span<const double> mask) {
    if (!plan.active) return;
    if (plan.mask != MaskMode::none && mask.size() < values.size())
        throw std::invalid_argument("shape_values: the mask row is shorter than the row");
    HWY_DYNAMIC_DISPATCH(ShapeRow)(plan, values.data(), mask.data(), values.size());
}
}  // namespace noise
#endif
