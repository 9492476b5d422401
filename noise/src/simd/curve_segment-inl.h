// simd/curve_segment-inl.h (internal): which segment of a shaping curve each lane's u falls in.
//
// As the scalar code finds it (shaping.hpp: segment j when exactly j knots are <= u), by counting
// the knots passed: with knots in rising order, each knot at or below u hands the lanes that
// passed it the next segment's coefficients (no gathers; a curve has at most 16 knots; a NaN
// passes none). simd/shaping_kernel.cpp's values and dual_lanes-inl.h's dual numbers both use it.
#if defined(NOISE_SIMD_CURVE_SEGMENT_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef NOISE_SIMD_CURVE_SEGMENT_INL_H_
#undef NOISE_SIMD_CURVE_SEGMENT_INL_H_
#else
#define NOISE_SIMD_CURVE_SEGMENT_INL_H_
#endif

#include <hwy/highway.h>

#include <cstddef>

#include "noise/shaping.hpp"

HWY_BEFORE_NAMESPACE();
namespace noise {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// A CurveSegment's coefficients, each lane its own segment's.
template <class D>
struct SegmentLanes {
    hn::Vec<D> x0, inv_h, a, b, c, d;
};

template <class D>
HWY_INLINE SegmentLanes<D> SegmentOfLanes(D d, const double* knots, std::size_t knot_count,
                                          const CurveSegment* segments, hn::Vec<D> u) {
    const CurveSegment& first = segments[0];
    SegmentLanes<D> s{hn::Set(d, first.x0), hn::Set(d, first.inv_h), hn::Set(d, first.a),
                      hn::Set(d, first.b),  hn::Set(d, first.c),     hn::Set(d, first.d)};
    for (std::size_t j = 0; j < knot_count; ++j) {
        const auto passed        = hn::Ge(u, hn::Set(d, knots[j]));
        const CurveSegment& next = segments[j + 1];
        s.x0                     = hn::IfThenElse(passed, hn::Set(d, next.x0), s.x0);
        s.inv_h                  = hn::IfThenElse(passed, hn::Set(d, next.inv_h), s.inv_h);
        s.a                      = hn::IfThenElse(passed, hn::Set(d, next.a), s.a);
        s.b                      = hn::IfThenElse(passed, hn::Set(d, next.b), s.b);
        s.c                      = hn::IfThenElse(passed, hn::Set(d, next.c), s.c);
        s.d                      = hn::IfThenElse(passed, hn::Set(d, next.d), s.d);
    }
    return s;
}

}  // namespace HWY_NAMESPACE
}  // namespace noise
HWY_AFTER_NAMESPACE();

#endif  // NOISE_SIMD_CURVE_SEGMENT_INL_H_
