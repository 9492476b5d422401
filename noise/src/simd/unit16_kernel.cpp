// to_unit16 (params.hpp) on SIMD lanes: a 16-bit export's mapping for a row at once.
//
// The same IEEE operations in the same order as the scalar formula (promote to double, subtract,
// divide, clamp, multiply, add, truncate), so every target gives the scalar formula's bits. The
// division stays a division: a multiply by 1 / width would round differently unless the width
// is a power of two.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/unit16_kernel.cpp"
#include <hwy/foreach_target.h>  // re-includes this file once per target
#include <hwy/highway.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>

#include "noise/params.hpp"

HWY_BEFORE_NAMESPACE();
namespace noise {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

void ToUnit16(const float* in, std::size_t count, double lo, double hi, std::uint16_t* out) {
    const hn::ScalableTag<double> d;
    const hn::Rebind<float, decltype(d)> df;
    const hn::Rebind<std::int32_t, decltype(d)> di;
    const hn::Rebind<std::uint16_t, decltype(d)> du;
    const std::size_t lanes = hn::Lanes(d);
    const auto low = hn::Set(d, lo), span = hn::Set(d, hi - lo), zero = hn::Zero(d), one = hn::Set(d, 1.0);
    const auto top = hn::Set(d, 65535.0), half = hn::Set(d, 0.5);
    std::size_t i = 0;
    for (; i + lanes <= count; i += lanes) {
        const auto t = hn::Div(hn::Sub(hn::PromoteTo(d, hn::LoadU(df, in + i)), low), span);
        // Max then Min is the scalar clamp for every number (the inputs are never NaN); the
        // truncation is exact for the sums in [0.5, 65535.5].
        const auto unit = hn::Min(hn::Max(t, zero), one);
        hn::StoreU(hn::DemoteTo(du, hn::DemoteTo(di, hn::Add(hn::Mul(unit, top), half))), du, out + i);
    }
    for (; i < count; ++i)
        out[i] = static_cast<std::uint16_t>(static_cast<int>(to_unit(in[i], {lo, hi}) * 65535.0 + 0.5));
}

}  // namespace HWY_NAMESPACE
}  // namespace noise
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace noise {
HWY_EXPORT(ToUnit16);

void to_unit16(std::span<const float> in, Range range, std::span<std::uint16_t> out) {
    if (out.size() < in.size()) throw std::invalid_argument("to_unit16: output shorter than input");
    if (!(range.hi > range.lo)) throw std::invalid_argument("to_unit16: empty range");
    HWY_DYNAMIC_DISPATCH(ToUnit16)(in.data(), in.size(), range.lo, range.hi, out.data());
}
}  // namespace noise
#endif
