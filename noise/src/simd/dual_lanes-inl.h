// dual_lanes-inl.h (internal): dual.hpp's numbers on SIMD lanes, one pixel per lane.
//
// A DualLanes is each lane's value and its slopes along x and y (dual.hpp's slope[0] and [1]; the
// slopes along z and w never enter those two, so the rows that need only x and y drop them). Every
// operation here is dual.hpp's, on the same operands in the same order: the products by a zero
// slope too (0 * v is -0 for a negative v, and a -0 can survive a sum), and a constant's +0 slopes
// are added, not skipped (-0 + +0 is +0). Choices are comparisons and blends as the scalar code
// makes them, never Highway's Min and Max. No fused multiply-adds (the kernels build with
// -ffp-contract=off). So a lane gives the scalar Dual's bits on every target.
// simd/gradient_kernel.cpp (the field and its shaping) and simd/stack_dual_kernel.cpp (the layer
// stack) use them.
#if defined(NOISE_SIMD_DUAL_LANES_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef NOISE_SIMD_DUAL_LANES_INL_H_
#undef NOISE_SIMD_DUAL_LANES_INL_H_
#else
#define NOISE_SIMD_DUAL_LANES_INL_H_
#endif

#include <hwy/highway.h>

#include <cstddef>

#include "noise/shaping.hpp"
#include "simd/curve_segment-inl.h"
#include "simd/lattice_simd-inl.h"

HWY_BEFORE_NAMESPACE();
namespace noise {
namespace HWY_NAMESPACE {

// [SECTION] Dual numbers on lanes (dual.hpp's operations) ----------------------------------

struct DualLanes {
    VF value, dx, dy;
};

HWY_INLINE DualLanes Plus(const DualLanes& a, const DualLanes& b) {
    return {hn::Add(a.value, b.value), hn::Add(a.dx, b.dx), hn::Add(a.dy, b.dy)};
}
HWY_INLINE DualLanes Minus(const DualLanes& a, const DualLanes& b) {
    return {hn::Sub(a.value, b.value), hn::Sub(a.dx, b.dx), hn::Sub(a.dy, b.dy)};
}
HWY_INLINE DualLanes Times(const DualLanes& a, const DualLanes& b) {  // (ab)' = a'b + ab'
    return {hn::Mul(a.value, b.value), hn::Add(hn::Mul(a.dx, b.value), hn::Mul(a.value, b.dx)),
            hn::Add(hn::Mul(a.dy, b.value), hn::Mul(a.value, b.dy))};
}
HWY_INLINE DualLanes Scaled(VF c, const DualLanes& a) {  // c * a (a * c alike: IEEE products commute)
    return {hn::Mul(c, a.value), hn::Mul(c, a.dx), hn::Mul(c, a.dy)};
}
HWY_INLINE DualLanes OneMinus(const DualLanes& a) {  // 1.0 - a: the slopes negated
    const DF d;
    return {hn::Sub(hn::Set(d, 1.0), a.value), hn::Neg(a.dx), hn::Neg(a.dy)};
}
HWY_INLINE DualLanes Absolute(const DualLanes& a) {  // abs: the slopes flip where a < 0
    const DF d;
    const auto negative = hn::Lt(a.value, hn::Zero(d));
    return {hn::Abs(a.value), hn::IfThenElse(negative, hn::Neg(a.dx), a.dx),
            hn::IfThenElse(negative, hn::Neg(a.dy), a.dy)};
}
HWY_INLINE DualLanes Clamped01(const DualLanes& a) {  // std::clamp(a, 0, 1); flat where it clamps
    const DF d;
    const VF zero = hn::Zero(d), one = hn::Set(d, 1.0);
    const auto inside = hn::And(hn::Ge(a.value, zero), hn::Le(a.value, one));
    return {hn::IfThenElse(hn::Lt(a.value, zero), zero, hn::IfThenElse(hn::Lt(one, a.value), one, a.value)),
            hn::IfThenElseZero(inside, a.dx), hn::IfThenElseZero(inside, a.dy)};
}
HWY_INLINE DualLanes LerpDual(const DualLanes& s, const DualLanes& a, const DualLanes& b) {
    return Plus(a, Times(s, Minus(b, a)));  // interpolate.hpp's lerp: a + s (b - a)
}

// a / c, c a double on every lane (dual.hpp's Dual / double: the slopes divided too).
HWY_INLINE DualLanes Divided(const DualLanes& a, VF c) {
    return {hn::Div(a.value, c), hn::Div(a.dx, c), hn::Div(a.dy, c)};
}
// c - a for a double c: the slopes negated (dual.hpp's double - Dual; -(+0) is -0, not 0 - 0).
HWY_INLINE DualLanes ConstantMinus(double c, const DualLanes& a) {
    const DF d;
    return {hn::Sub(hn::Set(d, c), a.value), hn::Neg(a.dx), hn::Neg(a.dy)};
}
// dual.hpp's sqrt: the slopes a' / (2 sqrt a) where a > 0, else +0.
HWY_INLINE DualLanes SqrtDual(const DualLanes& a) {
    const DF d;
    const VF root        = hn::Sqrt(a.value);
    const VF twice       = hn::Mul(hn::Set(d, 2.0), root);
    const auto has_slope = hn::Gt(a.value, hn::Zero(d));
    return {root, hn::IfThenElseZero(has_slope, hn::Div(a.dx, twice)),
            hn::IfThenElseZero(has_slope, hn::Div(a.dy, twice))};
}
// stack_stage.hpp's smooth_step: c c (3 - 2 c) of c = clamp01(t).
HWY_INLINE DualLanes SmoothStepDual(const DualLanes& t) {
    const DF d;
    const DualLanes c = Clamped01(t);
    return Times(Times(c, c), ConstantMinus(3.0, Scaled(hn::Set(d, 2.0), c)));
}

// V{c}: a constant, its slopes +0.
HWY_INLINE DualLanes Constant(double c) {
    const DF d;
    return {hn::Set(d, c), hn::Zero(d), hn::Zero(d)};
}

// min_of and max_of pick one operand whole, the first at a tie (dual.hpp).
HWY_INLINE DualLanes Pick(hn::Mask<DF> second, const DualLanes& a, const DualLanes& b) {
    return {hn::IfThenElse(second, b.value, a.value), hn::IfThenElse(second, b.dx, a.dx),
            hn::IfThenElse(second, b.dy, a.dy)};
}

// shape_curve on dual numbers: the segment of each lane's value (simd/curve_segment-inl.h), then
// the cubic with dual.hpp's operations in shape_curve's order: t = (u - V{x0}) * inv_h,
// ((a t + V{b}) t + V{c}) t + V{d}.
// The constants' +0 slopes are added, not skipped: -0 + +0 is +0.
HWY_INLINE DualLanes CurveDual(const ShapingPlan& plan, const DualLanes& u) {
    const DF d;
    const SegmentLanes<DF> s =
        SegmentOfLanes(d, plan.knots.data(), plan.knots.size(), plan.segments.data(), u.value);
    const VF zero     = hn::Zero(d);
    const DualLanes t = Scaled(s.inv_h, Minus(u, {s.x0, zero, zero}));
    DualLanes cubic   = Plus(Scaled(s.a, t), {s.b, zero, zero});
    cubic             = Plus(Times(cubic, t), {s.c, zero, zero});
    return Plus(Times(cubic, t), {s.d, zero, zero});
}

}  // namespace HWY_NAMESPACE
}  // namespace noise
HWY_AFTER_NAMESPACE();

#endif  // NOISE_SIMD_DUAL_LANES_INL_H_
