// simd/point_sum-inl.h (internal): the fractal sum over a batch of points (point_kernel.hpp), for
// every algorithm's point kernel (point_kernel.cpp: perlin, value, white; simplex_kernel.cpp).
//
// The octave loop runs outside the point loop, as in the row kernels: an algorithm's octave
// walks the batch's vectors and hands each vector's noise to `add`, which folds it into the
// points' sums in detail::sum_octaves' order (fbm, turbulence, ridged; or, with only_octave, that
// octave's weighted share alone). HandOver divides and rounds at the end. So every algorithm's
// points take the reference's sum, bit for bit, and only its octave differs.
//
// Compiled once per Highway target by the files that include it through hwy/foreach_target.h.
#if defined(NOISE_SIMD_POINT_SUM_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef NOISE_SIMD_POINT_SUM_INL_H_
#undef NOISE_SIMD_POINT_SUM_INL_H_
#else
#define NOISE_SIMD_POINT_SUM_INL_H_
#endif

#include <hwy/highway.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "point_kernel.hpp"
#include "simd/lattice_simd-inl.h"

HWY_BEFORE_NAMESPACE();
namespace noise {
namespace HWY_NAMESPACE {
namespace point_sum {

// The largest |coordinate| of the batch along each axis, over every entry an octave reads (the
// padding too); infinity where one is NaN or infinite (their sum is then not finite: so is a
// sum that overflows, which only costs the quick path).
template <int D>
std::array<double, D> BatchExtent(const detail::PointBatch& batch, int padded) {
    const DF d;
    std::array<double, D> extent{};
    for (int axis = 0; axis < D; ++axis) {
        VF largest = hn::Zero(d), sum = hn::Zero(d);
        for (int i = 0; i < padded; i += static_cast<int>(hn::Lanes(d))) {
            const VF v = hn::Load(d, batch.coordinate[axis] + i);
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
            largest = VF{_mm512_range_pd(largest.raw, v.raw, 0x0B)};  // max(|largest|, |v|), one instruction
#else
            largest = hn::Max(largest, hn::Abs(v));
#endif
            sum = hn::Add(sum, v);
        }
        extent[static_cast<std::size_t>(axis)] = std::isfinite(hn::GetLane(hn::SumOfLanes(d, sum)))
                                                     ? hn::GetLane(hn::MaxOfLanes(d, largest))
                                                     : std::numeric_limits<double>::infinity();
    }
    return extent;
}

// Whether every coordinate an octave computes from the batch (octave_coordinate) lies within
// +-2 limit: |c| scale + |shift|, rounded twice, stays below 2 limit when it is below limit.
// False for NaN and infinities.
template <int D>
bool OctaveWithin(const OctaveSetup& setup, const std::array<double, D>& extent, double limit) {
    for (int axis = 0; axis < D; ++axis) {
        const double reach = extent[static_cast<std::size_t>(axis)] * std::abs(setup.scale) +
                             std::abs(setup.shift[static_cast<std::size_t>(axis)]);
        if (!(reach < limit)) return false;
    }
    return true;
}

// The mean step between consecutive points of the batch (their largest axis difference), over
// its first 64 points: how far apart the lanes of a vector lie, before an octave's scale.
template <int D>
double MeanStep(const detail::PointBatch& batch) {
    const int steps = std::min(batch.count, 64) - 1;
    if (steps < 1) return 0.0;
    double sum = 0.0;
    for (int i = 0; i < steps; ++i) {
        double step = 0.0;
        for (int axis = 0; axis < D; ++axis)
            step = std::max(step, std::abs(batch.coordinate[axis][i + 1] - batch.coordinate[axis][i]));
        sum += step;
    }
    return sum / steps;
}

// FractalNoise::layer over a batch whose entries are padded to `padded`: run(o, setup, add) for
// each octave o the batch asks for, where the octave calls add(i, noise) with its noise at the
// vector of points i .. i + Lanes - 1, for every i below padded in steps of Lanes.
template <class RunOctave>
HWY_INLINE void SumOctaves(const detail::PointPlan& plan, const detail::PointBatch& batch, RunOctave&& run) {
    const DF d;
    HWY_ALIGN double total[detail::point_capacity];
    HWY_ALIGN double crest_weight[detail::point_capacity];
    const int octave_count = static_cast<int>(plan.octaves.size());
    const int first_octave = batch.only_octave >= 0 ? batch.only_octave : 0;
    const int end_octave   = batch.only_octave >= 0 ? batch.only_octave + 1 : octave_count;
    const VF zero          = hn::Zero(d);
    for (int o = first_octave; o < end_octave; ++o) {
        const OctaveSetup& setup = plan.octaves[static_cast<std::size_t>(o)];
        const VF amplitude       = hn::Set(d, setup.amplitude);
        const bool first         = o == first_octave;
        const auto add           = [&](int i, VF noise) {
            if (batch.only_octave >= 0) {  // FractalNoise::octave_weight
                hn::Store(hn::Mul(hn::Set(d, setup.amplitude / plan.divisor), noise), d, total + i);
                return;
            }
            const VF so_far = first ? zero : hn::Load(d, total + i);
            switch (plan.fractal) {
                case Fractal::fbm:
                    return hn::Store(hn::Add(so_far, hn::Mul(amplitude, noise)), d, total + i);
                case Fractal::turbulence:
                    return hn::Store(hn::Add(so_far, hn::Mul(amplitude, hn::Abs(noise))), d, total + i);
                case Fractal::ridged: {
                    const VF crest = first ? RidgedCrestLanes<true>(noise, crest_weight + i)
                                                     : RidgedCrestLanes<false>(noise, crest_weight + i);
                    return hn::Store(hn::Add(so_far, hn::Mul(amplitude, crest)), d, total + i);
                }
            }
        };
        run(o, setup, add);
    }
    HandOver(total, batch.count, batch.only_octave < 0 ? plan.divisor : 1.0, batch.out, batch.out_float);
}

}  // namespace point_sum
}  // namespace HWY_NAMESPACE
}  // namespace noise
HWY_AFTER_NAMESPACE();

#endif  // NOISE_SIMD_POINT_SUM_INL_H_
