// simd/exact_quotient-inl.h (internal): a / b for one divisor b and many lanes a, correctly
// rounded (the bits of IEEE division) without the divider, where that is proven to hold.
//
// The fractal sum of every chunk and batch is divided by FractalNoise::divisor (HandOver). A
// 512-bit vdivpd issues once every 16 cycles on the Intel Xeon of docs/performance.md (Hosts):
// a warp's two components at 3 octaves spent a tenth of the one-octave warp there. With a
// fused multiply-add the same quotient takes one product and four FMAs:
//   y  = RN(1 / b)                        once, by a division
//   q0 = RN(a y)                          within 2 ulps of a / b
//   q1 = RN(q0 + RN(a - b q0) y)          within 1 ulp (faithful)
//   q2 = RN(q1 + (a - b q1) y)            a - b q1 is exact (q1 is faithful), q2 = RN(a / b)
// Why q2 is the correctly rounded quotient: q1 + r y = a / b + r (y - 1/b), and with q1 faithful
// and y within half an ulp of 1 / b, that error is below 2^-53 ulp(a / b). The quotient a / b lies
// further than that from every rounding midpoint m when b has k <= 51 significant bits: a - b m
// is a nonzero multiple of 2^(e_b + E - k - 52) (E the exponent of a / b), so |a / b - m| >
// 2^(-k - 1) ulp(a / b). So rounding a / b + error and a / b give the same double. That needs
// every quantity normal and no overflow: b within 2^+-20 with at most 32 significant bits (every
// amplitude sum of the usual gains: 1.75, 1.9921875, ...), and each vector's |a| within
// 2^+-500 (not 0, which would lose -0's sign, nor NaN or infinite): other vectors divide.
// Targets without a native FMA (SSE4, scalar) divide: Highway's MulAdd rounds twice there.
//
// (lattice_simd-inl.h's rule, no FMA, is about the reference's own Mul then Add; here the FMAs
// are the proof's, and the result is the reference's quotient bit for bit.)
#if defined(NOISE_SIMD_EXACT_QUOTIENT_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef NOISE_SIMD_EXACT_QUOTIENT_INL_H_
#undef NOISE_SIMD_EXACT_QUOTIENT_INL_H_
#else
#define NOISE_SIMD_EXACT_QUOTIENT_INL_H_
#endif

#include <hwy/highway.h>

#include <cmath>

HWY_BEFORE_NAMESPACE();
namespace noise {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Whether FMA steps give divisor b's correctly rounded quotients (see above): b normal, within
// 2^+-20, with at most 32 significant bits.
inline bool QuotientByReciprocal(double b) {
    if (!(std::abs(b) >= 0x1p-20 && std::abs(b) <= 0x1p20)) return false;
    int exponent             = 0;
    const double significand = std::ldexp(std::frexp(std::abs(b), &exponent), 32);
    return significand == std::floor(significand);
}

// a / b lane-wise for one divisor b, the same bits as hn::Div.
template <class D>
class QuotientLanes {
  public:
    using V = hn::Vec<D>;

    explicit QuotientLanes(double divisor)
        : by_(hn::Set(D(), divisor)),
          reciprocal_(hn::Set(D(), 1.0 / divisor)),
          fused_(HWY_NATIVE_FMA && QuotientByReciprocal(divisor)) {}

    HWY_INLINE V operator()(V a) const {
        const D d;
        if (!fused_) return hn::Div(a, by_);
        const V size = hn::Abs(a);  // NaN fails both compares: it divides
        if (!hn::AllTrue(d, hn::And(hn::Ge(size, hn::Set(d, 0x1p-500)), hn::Le(size, hn::Set(d, 0x1p500)))))
            return hn::Div(a, by_);
        const V q0 = hn::Mul(a, reciprocal_);
        const V q1 = hn::MulAdd(hn::NegMulAdd(by_, q0, a), reciprocal_, q0);
        return hn::MulAdd(hn::NegMulAdd(by_, q1, a), reciprocal_, q1);
    }

  private:
    V by_;
    V reciprocal_;
    bool fused_;
};

}  // namespace HWY_NAMESPACE
}  // namespace noise
HWY_AFTER_NAMESPACE();

#endif  // NOISE_SIMD_EXACT_QUOTIENT_INL_H_
