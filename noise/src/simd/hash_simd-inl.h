// simd/hash_simd-inl.h (internal): the lattice's hash systems (lattice.hpp, hashes.hpp) on SIMD
// lanes, one lattice point per lane, with the reference's bits.
//
// The row kernels hash a table of the lattice points a chunk touches, and the point kernel
// (point_kernel.hpp) hashes every lane's own points; both did it point by point through
// Lattice::point_hash for the seeds' hashes. Here the same integer arithmetic runs lane-wise:
//   elias        32-bit wrap-around arithmetic, kept in the low halves of 64-bit lanes (the high
//                halves carry garbage that no low bit ever reads) and masked once at the end;
//   wide         SplitMix64's finalizer on 64-bit lanes;
//   prime_table  the index's low 10 bits from 32-bit products (only they reach the & 1023),
//                then the table byte, one lookup per lane;
//   permutation  Ken Perlin's chain, one lookup per link and lane, with the higher bytes of
//                tiling periods above 256 as extra masked links.
// Highway 1.0 has no 64-bit lane multiplication, so Mul64 builds it from three 32 x 32 -> 64
// products (MulEven), as a compiler does for uint64_t on 32-bit machines: exact modulo 2^64.
// Lookups in small tables read each lane's entry with a plain load: gathers cost as much as
// the loads they replace on the CPUs we measured (lattice_simd-inl.h), and byte tables cannot
// be gathered into 64-bit lanes. The exception is the permutation on AVX3_DL (the point kernel
// only): its 256 bytes fit in four registers and a byte permute reads every lane's entry, or
// one axis' links for every corner of eight lanes' cells at once (PermutationCodeBytes).
#if defined(NOISE_SIMD_HASH_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef NOISE_SIMD_HASH_INL_H_
#undef NOISE_SIMD_HASH_INL_H_
#else
#define NOISE_SIMD_HASH_INL_H_
#endif

#include <hwy/highway.h>

#include <array>
#include <cstdint>

#include "lattice_span.hpp"
#include "noise/hashes.hpp"
#include "noise/lattice.hpp"

HWY_BEFORE_NAMESPACE();
namespace noise {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

namespace hash_lanes {

using DF = hn::ScalableTag<double>;
using DI = hn::RebindToSigned<DF>;
using DU = hn::RebindToUnsigned<DF>;
using VI = hn::Vec<DI>;
using VU = hn::Vec<DU>;
#if HWY_TARGET != HWY_SCALAR
using D32 = hn::Repartition<std::uint32_t, DU>;
#endif

inline constexpr int max_hash_lanes = 16;

using detail::ipow;

#if HWY_TARGET == HWY_SCALAR
// One lane: the plain uint64_t product (32-bit halves cannot be had from a one-lane vector).
HWY_INLINE VU Mul64(VU a, VU b) {
    const DU du;
    return hn::Set(du, hn::GetLane(a) * hn::GetLane(b));
}
HWY_INLINE VU Mul32(VU a, VU b) { return Mul64(a, b); }
#else
// The low 64 bits of a * b.
HWY_INLINE VU Mul64(VU a, VU b) {
    const D32 d32;
    const VU low   = hn::MulEven(hn::BitCast(d32, a), hn::BitCast(d32, b));
    const VU cross = hn::Add(hn::MulEven(hn::BitCast(d32, hn::ShiftRight<32>(a)), hn::BitCast(d32, b)),
                             hn::MulEven(hn::BitCast(d32, a), hn::BitCast(d32, hn::ShiftRight<32>(b))));
    return hn::Add(low, hn::ShiftLeft<32>(cross));
}

// The low 32 bits of a * b are those of this product (the high 32 bits of the lanes differ).
HWY_INLINE VU Mul32(VU a, VU b) {
    const D32 d32;
    return hn::MulEven(hn::BitCast(d32, a), hn::BitCast(d32, b));
}
#endif

// table[index] per lane, index in range.
template <class T>
HWY_INLINE VI LookupLanes(const T* table, VI index) {
    const DI di;
    HWY_ALIGN std::int64_t at[max_hash_lanes];
    hn::Store(index, di, at);
    for (std::size_t lane = 0; lane < hn::Lanes(di); ++lane)
        at[lane] = static_cast<std::int64_t>(table[at[lane]]);
    return hn::Load(di, at);
}

// [SECTION] elias -------------------------------------------------------------------------

// One axis' term of n = x + 57 y + 131 z + 2039 w (+ seed, added by the caller), for the
// wrapped index (only its low 32 bits matter, as the reference's cast to uint32_t keeps).
HWY_INLINE VU EliasTerm(int axis, VI wrapped) {
    const DU du;
    const VU index = hn::BitCast(du, wrapped);
    if (axis == 0) return index;  // the factor is 1
    return Mul32(index, hn::Set(du, elias_axis_factor[static_cast<std::size_t>(axis)]));
}

// elias_int_noise(n, primes) for the low 32 bits of n, masked to 32 bits.
HWY_INLINE VU EliasIntNoise(VU n, const EliasPrimes& primes) {
    const DU du;
    n            = hn::Xor(hn::ShiftLeft<13>(n), n);
    const VU n2  = Mul32(n, n);
    const VU sum = hn::Add(Mul32(n2, hn::Set(du, primes[0])), hn::Set(du, primes[1]));
    return hn::And(hn::Add(Mul32(n, sum), hn::Set(du, primes[2])), hn::Set(du, 0xFFFFFFFFull));
}

// [SECTION] wide --------------------------------------------------------------------------

HWY_INLINE VU Mix64(VU z) {
    const DU du;
    z = Mul64(hn::Xor(z, hn::ShiftRight<30>(z)), hn::Set(du, 0xBF58476D1CE4E5B9ull));
    z = Mul64(hn::Xor(z, hn::ShiftRight<27>(z)), hn::Set(du, 0x94D049BB133111EBull));
    return hn::Xor(z, hn::ShiftRight<31>(z));
}

// wide_link: mix64(h + index * K_axis).
HWY_INLINE VU WideLink(VU h, int axis, VI wrapped) {
    const DU du;
    const VU factor = hn::Set(du, wide_axis_factor[static_cast<std::size_t>(axis)]);
    return Mix64(hn::Add(h, Mul64(hn::BitCast(du, wrapped), factor)));
}

// [SECTION] prime_table -------------------------------------------------------------------

// One axis' term of prime_table_index, in its low 32 bits (the caller XORs the terms and keeps
// the low 10 bits): x * 1836311903, y * 2971215073 + 4807526976, z * 2246822519, w * 3266489917.
HWY_INLINE VU PrimeTerm(int axis, VI wrapped) {
    const DU du;
    constexpr std::uint64_t factor[4] = {1836311903u, 2971215073u, 2246822519u, 3266489917u};
    const VU term                     = Mul32(hn::BitCast(du, wrapped), hn::Set(du, factor[axis]));
    return axis == 1 ? hn::Add(term, hn::Set(du, 4807526976ull & 0xFFFFFFFFull)) : term;
}

// The 2D and 1D terms of an absent axis: index 0.
HWY_INLINE VU PrimeTermOfZero(int axis) {
    const DU du;
    return hn::Set(du, axis == 1 ? (4807526976ull & 0xFFFFFFFFull) : 0u);
}

// [SECTION] permutation -------------------------------------------------------------------

#if HWY_TARGET == HWY_AVX3_DL
// AVX-512 VBMI: perm[index] for each of the 64 index bytes, the table's 256 bytes in four
// registers (vpermi2b picks a byte of the lower or upper 128 by the index's low 7 bits, a blend
// by its top bit).
HWY_INLINE __m512i PermuteBytes(const std::uint8_t* perm, __m512i index) {
    const __m512i low =
        _mm512_permutex2var_epi8(_mm512_loadu_si512(perm), index, _mm512_loadu_si512(perm + 64));
    const __m512i high =
        _mm512_permutex2var_epi8(_mm512_loadu_si512(perm + 128), index, _mm512_loadu_si512(perm + 192));
    return _mm512_mask_blend_epi8(_mm512_movepi8_mask(index), low, high);
}
#endif

// The table that the permutation chain's link along `axis` reads when no index passes 255: p,
// and for the last axis p applied 1 + the zero links of 1D and 2D, which ride along with it
// (Lattice::perm_repeated: the slices at y = 0 and z = 0).
template <int D>
HWY_INLINE const std::uint8_t* ChainTable(const Lattice& lattice, int axis) {
    constexpr int zero_links = D < 3 ? 3 - D : 0;
    return lattice.permutation_table(axis == D - 1 ? 1 + zero_links : 1);
}

// perm[index] per lane for a 256-byte table, index in 0..255.
HWY_INLINE VI PermutationLanes(const std::uint8_t* perm, VI index) {
#if HWY_TARGET == HWY_AVX3_DL
    // Only the lowest byte of each 64-bit lane carries an index; the other bytes of the result
    // are masked off.
    return VI{_mm512_and_si512(PermuteBytes(perm, index.raw), _mm512_set1_epi64(255))};
#else
    return LookupLanes(perm, index);
#endif
}

#if HWY_TARGET == HWY_AVX3_DL
// BlockCodes' chain for the permutation, 2^D points (D <= 3: at most 8) of 8 lanes, when every
// wrapped index is below 256. Lane-wise, each link is a byte lookup in a 64-bit lane, 14 of them
// for the cube. Here the links of one axis share one lookup: the 64 bytes of a register hold 8
// groups of 8 lanes, group g the partial code of point g, so the byte adds wrap as the chain's
// & 255 does and one PermuteBytes advances every point at once (3 lookups for the cube).
template <int D>
HWY_INLINE void PermutationCodeBytes(const Lattice& lattice, const VI (*wrapped)[2], VI* code) {
    static_assert(D >= 1 && D <= 3, "8 points of 8 bytes fill the register");
    __m512i partial = _mm512_setzero_si512();
    int filled      = 1;  // groups 0 .. filled hold the partial codes over the axes done
    for (int axis = 0; axis < D; ++axis) {
        // Group g of the next codes: partial code g % filled plus the axis' index g / filled.
        HWY_ALIGN std::int64_t repeat[8];
        for (int g = 0; g < 8; ++g) repeat[g] = g % filled;
        const __m512i before = _mm512_permutexvar_epi64(_mm512_load_si512(repeat), partial);
        const __m512i index0 = _mm512_broadcastq_epi64(_mm512_cvtepi64_epi8(wrapped[axis][0].raw));
        const __m512i index1 = _mm512_broadcastq_epi64(_mm512_cvtepi64_epi8(wrapped[axis][1].raw));
        const auto second    = static_cast<__mmask8>(((1u << (2 * filled)) - 1u) & ~((1u << filled) - 1u));
        const __m512i link   = _mm512_add_epi8(before, _mm512_mask_blend_epi64(second, index0, index1));
        partial              = PermuteBytes(ChainTable<D>(lattice, axis), link);
        filled *= 2;
    }
    // Group n's 8 bytes, each to the low byte of its 64-bit lane, the other bytes zeroed.
    for (int n = 0; n < filled; ++n) {
        HWY_ALIGN std::uint8_t spread[64];
        for (int b = 0; b < 64; ++b) spread[b] = static_cast<std::uint8_t>(8 * n + b / 8);
        code[n] =
            VI{_mm512_maskz_permutexvar_epi8(0x0101010101010101ull, _mm512_load_si512(spread), partial)};
    }
}
#endif

// Lattice::chain per lane: the link of the low byte, then (tiling periods above 256 only, when
// `high_bytes`) one masked link per higher byte.
HWY_INLINE VI ChainLanes(const std::uint8_t* perm, VI h, VI c, bool high_bytes) {
    const DI di;
    const VI low_byte = hn::Set(di, 255);
    h                 = PermutationLanes(perm, hn::And(hn::Add(h, hn::And(c, low_byte)), low_byte));
    if (!high_bytes) return h;
    for (VI high = hn::ShiftRight<8>(c);; high = hn::ShiftRight<8>(high)) {
        const auto more = hn::Ne(high, hn::Zero(di));
        if (hn::AllFalse(di, more)) return h;
        const VI next = PermutationLanes(
            perm, hn::And(hn::Add(hn::Add(h, hn::Set(di, 1)), hn::And(high, low_byte)), low_byte));
        h = hn::IfThenElse(more, next, h);
    }
}

// [SECTION] Wrapping, gradient bytes and values ------------------------------------------------

using DF = hn::ScalableTag<double>;
using VF = hn::Vec<DF>;

// A whole double in [0, 2^51) as an int64: adding 1.5 * 2^52 puts it in the low bits exactly.
HWY_INLINE VI SmallWholeToInt(VF whole) {
    const DF d;
    const DI di;
    const VF magic = hn::Set(d, 0x1.8p52);
    return hn::Sub(hn::BitCast(di, hn::Add(whole, magic)), hn::BitCast(di, magic));
}

// Lattice::wrap(index, period) per lane, given the index both as a whole double and as an int64.
// Untiled elias reads only the low 32 bits, which are the reference's; the other hashes get the
// whole value.
HWY_INLINE VI WrapLanes(const Lattice& lattice, std::int64_t period, VF whole, VI index) {
    const DF d;
    const DI di;
    const DU du;
    const std::int64_t stride = lattice.stride();
    if (period != 0) {
        // (i mod P) * stride in doubles: i, P and the product are whole numbers below 2^53, so
        // every step is exact; the quotient's rounding can leave r one period off, corrected.
        const VF p = hn::Set(d, static_cast<double>(period));
        VF r       = hn::Sub(whole, hn::Mul(hn::Floor(hn::Div(whole, p)), p));
        r          = hn::IfThenElse(hn::Lt(r, hn::Zero(d)), hn::Add(r, p), r);
        r          = hn::IfThenElse(hn::Ge(r, p), hn::Sub(r, p), r);
        if (stride != 1) r = hn::Mul(r, hn::Set(d, static_cast<double>(stride)));  // < 2^46 (fractal.cpp)
        return SmallWholeToInt(r);
    }
    switch (lattice.hash()) {
        case Hash::permutation:
        case Hash::prime_table: {
            // Only the low bits survive the mask: (i * stride) & m == ((i & m) * (stride & m)) & m.
            const std::int64_t mask = lattice.hash() == Hash::permutation ? 255 : 1023;
            VI i                    = hn::And(index, hn::Set(di, mask));
            if (stride != 1)
                i = hn::And(hn::BitCast(di, Mul32(hn::BitCast(du, i),
                                                  hn::Set(du, static_cast<std::uint64_t>(stride & mask)))),
                            hn::Set(di, mask));
            return i;
        }
        case Hash::elias:
            if (stride == 1) return index;
            return hn::BitCast(
                di, Mul32(hn::BitCast(du, index), hn::Set(du, static_cast<std::uint64_t>(stride))));
        case Hash::wide:
            break;
    }
    if (stride == 1) return index;
    return hn::BitCast(di, Mul64(hn::BitCast(du, index), hn::Set(du, static_cast<std::uint64_t>(stride))));
}

// Lattice::gradient_byte per lane.
HWY_INLINE VI GradientByteLanes(const Lattice& lattice, VI code) {
    const DI di;
    const DU du;
    switch (lattice.hash()) {
        case Hash::permutation:
        case Hash::prime_table:
            return code;
        case Hash::elias:
            return hn::And(hn::ShiftRight<23>(code), hn::Set(di, 255));
        case Hash::wide:
            break;
    }
    return hn::BitCast(di, hn::ShiftRight<56>(hn::BitCast(du, code)));
}

// Lattice::value_of per lane. Every integer converted is below 2^53, so ConvertTo is exact.
HWY_INLINE VF ValueLanes(const Lattice& lattice, VI code) {
    const DF d;
    const DI di;
    const DU du;
    switch (lattice.hash()) {
        case Hash::permutation:
        case Hash::prime_table:
            return hn::Sub(hn::Div(hn::ConvertTo(d, code), hn::Set(d, 127.5)), hn::Set(d, 1.0));
        case Hash::elias:
            return hn::Sub(hn::Set(d, 1.0), hn::Div(hn::ConvertTo(d, hn::And(code, hn::Set(di, 0x7fffffff))),
                                                    hn::Set(d, 1073741824.0)));
        case Hash::wide:
            break;
    }
    const VF top = hn::ConvertTo(d, hn::BitCast(di, hn::ShiftRight<11>(hn::BitCast(du, code))));
    return hn::Sub(hn::Mul(top, hn::Set(d, 0x1.0p-52)), hn::Set(d, 1.0));
}

// [SECTION] A block of points ---------------------------------------------------------------

// The hash codes (Lattice::point_hash) of the SpanX * Span^(D-1) points whose wrapped indices
// along axis a are wrapped[a][0 .. Span) (along x, wrapped[0][0 .. SpanX)), axis 0 fastest
// (cell_blend.hpp's order): points that share their first indices share the work on them, as
// detail::hash_points shares Ken's first links. high_bytes: some wrapped index may exceed 255
// (permutation with a tiling period above 256).
template <int D, int Span, int SpanX = Span>
HWY_INLINE void BlockCodes(const Lattice& lattice, VI (*wrapped)[Span], bool high_bytes, VI* code) {
    const DI di;
    const DU du;
    int filled         = 1;  // code[0 .. filled) hold the partial codes over the axes done so far
    const auto span_of = [](int axis) { return axis == 0 ? SpanX : Span; };
    switch (lattice.hash()) {
        case Hash::permutation: {
#if HWY_TARGET == HWY_AVX3_DL
            if constexpr (Span == 2 && SpanX == 2 && D <= 3) {
                if (!high_bytes) return PermutationCodeBytes<D>(lattice, wrapped, code);
            }
#endif
            // Without higher bytes the last true link and the zero links of 1D and 2D are one
            // lookup (ChainTable); with them, the zero links follow on their own.
            code[0] = hn::Zero(di);
            for (int axis = 0; axis < D; ++axis) {
                const std::uint8_t* perm =
                    high_bytes ? lattice.permutation_table(1) : ChainTable<D>(lattice, axis);
                for (int k = span_of(axis) - 1; k >= 0;
                     --k)  // backwards: code[n] is read before it is overwritten
                    for (int n = filled - 1; n >= 0; --n)
                        code[k * filled + n] = ChainLanes(perm, code[n], wrapped[axis][k], high_bytes);
                filled *= span_of(axis);
            }
            if (high_bytes)
                for (int axis = D; axis < 3; ++axis)  // 1D and 2D: the slices at y = 0 and z = 0
                    for (int n = 0; n < filled; ++n)
                        code[n] = ChainLanes(lattice.permutation_table(1), code[n], hn::Zero(di), false);
            return;
        }
        case Hash::elias: {
            VU n[SpanX * ipow(Span, D - 1)];
            n[0] = hn::Set(du, lattice.seed());
            for (int axis = 0; axis < D; ++axis) {
                for (int k = span_of(axis) - 1; k >= 0; --k) {
                    const VU term = EliasTerm(axis, wrapped[axis][k]);
                    for (int m = filled - 1; m >= 0; --m) n[k * filled + m] = hn::Add(n[m], term);
                }
                filled *= span_of(axis);
            }
            for (int m = 0; m < filled; ++m)
                code[m] = hn::BitCast(di, EliasIntNoise(n[m], lattice.elias_primes()));
            return;
        }
        case Hash::wide: {
            VU h[SpanX * ipow(Span, D - 1)];
            h[0] = hn::Set(du, wide_start(lattice.seed()));
            for (int axis = 0; axis < D; ++axis) {
                for (int k = span_of(axis) - 1; k >= 0; --k)
                    for (int m = filled - 1; m >= 0; --m)
                        h[k * filled + m] = WideLink(h[m], axis, wrapped[axis][k]);
                filled *= span_of(axis);
            }
            for (int m = 0; m < filled; ++m) code[m] = hn::BitCast(di, h[m]);
            return;
        }
        case Hash::prime_table: {
            VU x[SpanX * ipow(Span, D - 1)];
            x[0] = hn::Zero(du);
            for (int axis = 0; axis < 4; ++axis) {
                if (axis >= D) {  // the absent axes' fixed terms
                    const VU term = PrimeTermOfZero(axis);
                    for (int m = 0; m < filled; ++m) x[m] = hn::Xor(x[m], term);
                    continue;
                }
                for (int k = span_of(axis) - 1; k >= 0; --k) {
                    const VU term = PrimeTerm(axis, wrapped[axis][k]);
                    for (int m = filled - 1; m >= 0; --m) x[k * filled + m] = hn::Xor(x[m], term);
                }
                filled *= span_of(axis);
            }
            const std::uint8_t* table = lattice.prime_table_bytes();
            for (int m = 0; m < filled; ++m)
                code[m] = LookupLanes(table, hn::BitCast(di, hn::And(x[m], hn::Set(du, 1023u))));
            return;
        }
    }
    for (int m = 0; m < SpanX * ipow(Span, D - 1); ++m) code[m] = hn::Zero(di);  // no other Hash
}

}  // namespace hash_lanes
}  // namespace HWY_NAMESPACE
}  // namespace noise
HWY_AFTER_NAMESPACE();

#endif  // NOISE_SIMD_HASH_INL_H_
