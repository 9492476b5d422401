// Value noise and white noise on SIMD lanes: value.cpp's steps for each Highway target, and the
// factories that pick the compiled function for a configuration (algorithms.hpp).
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/value_kernel.cpp"
#include <hwy/foreach_target.h>  // re-includes this file once per target
#include <hwy/highway.h>

#include "simd/gradient_nibbles-inl.h"
#include "simd/lattice_simd-inl.h"

HWY_BEFORE_NAMESPACE();
namespace noise {
namespace HWY_NAMESPACE {

// Seed 004's SmoothNoise at the points of a block: the 3^D neighbourhood of each point, weighted
// 1/4, 1/2, 1/4 along each axis, summed in value.cpp's order (axis 0 fastest). `lattice_values`
// holds the values of a block of Span points per axis; the point numbered `point` in a block of
// Inner points per axis sits one point in from its edges.
template <int D, int Inner>
HWY_INLINE VF SmoothedLanes(const VF* lattice_values, int point) {
    const DF d;
    constexpr int span         = Inner + 2;
    constexpr double weight[3] = {0.25, 0.5, 0.25};
    int inner[4]               = {};
    for (int axis = 0, rest = point; axis < D; ++axis, rest /= Inner) inner[axis] = rest % Inner;
    VF sum = hn::Zero(d);
    for (int n = 0; n < ipow(3, D); ++n) {
        double w  = 1.0;
        int index = 0;
        for (int axis = 0, rest = n, stride = 1; axis < D; ++axis, rest /= 3, stride *= span) {
            index += (inner[axis] + rest % 3) * stride;  // inner + 1 + (rest % 3 - 1)
            w *= weight[rest % 3];
        }
        sum = hn::Add(sum, hn::Mul(hn::Set(d, w), lattice_values[index]));
    }
    return sum;
}

// value.cpp's h / 127.5 - 1 for the permutation's bytes h (0..255), with the same bits. On the
// AVX-512 targets the quotient comes from the reciprocal and one correction step with fused
// operations, q = q0 + (h - q0 * 127.5) * (1 / 127.5), which is the correctly rounded quotient
// for each of the 256 bytes (the test ValueOfAByteFromTheReciprocalIsTheQuotient checks them one
// by one): a chunk's table at high frequency holds about 600 values per octave, and a division
// of 8 lanes costs about 16 cycles there. The other targets divide (ValueOfHash).
HWY_INLINE VF ValueOfByte(VI h) {
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
    const DF d;
    const VF x = hn::ConvertTo(d, h), divisor = hn::Set(d, 127.5), reciprocal = hn::Set(d, 1.0 / 127.5);
    const VF q0 = hn::Mul(x, reciprocal);
    const VF q  = hn::MulAdd(hn::NegMulAdd(q0, divisor, x), reciprocal, q0);  // fused on AVX-512
    return hn::Sub(q, hn::Set(d, 1.0));
#else
    return ValueOfHash(h);
#endif
}

// The lattice values of a block for the lanes of pixels i ..: from a table of the chunk's values
// when its points are tabulated, else from each lane's hashes. The permutation's bytes become
// values lane-wise (h / 127.5 - 1), and so do the other hashes' codes (hash_simd-inl.h's
// Lattice::value_of on lanes).
template <class Hasher>
class BlockValues {
  public:
    BlockValues(const Hasher& hasher, const Lattice& lattice, double* values)
        : hasher_(hasher), lattice_(lattice), values_(values) {
        if (!hasher.tabulated()) return;
        const DF d;
        const DI di;
        const std::int64_t entries = hasher.range() * Hasher::combos;
        if (lattice.hash() != Hash::permutation) {  // the seeds' hashes: hash_simd-inl.h
            for (std::int64_t k = 0; k < entries; k += static_cast<std::int64_t>(hn::Lanes(d)))
                hn::Store(hash_lanes::ValueLanes(lattice, hn::Load(di, hasher.table() + k)), d, values_ + k);
            return;
        }
        for (std::int64_t k = 0; k < entries; k += static_cast<std::int64_t>(hn::Lanes(d)))
            hn::Store(ValueOfByte(hn::Load(di, hasher.table() + k)), d, values_ + k);
    }

    void read(int i, VF* out) const {
        if (hasher_.tabulated()) return hasher_.read(DF(), values_, i, out);
        VI hash[Hasher::points];
        hasher_.hashes(i, hash);
        if (lattice_.hash() == Hash::permutation) {
            for (int n = 0; n < Hasher::points; ++n) out[n] = ValueOfHash(hash[n]);
            return;
        }
        for (int n = 0; n < Hasher::points; ++n) out[n] = hash_lanes::ValueLanes(lattice_, hash[n]);
    }

  private:
    const Hasher& hasher_;
    const Lattice& lattice_;
    double* values_;
};

#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
// bytes[(s + 2 c) * stride + i]: the hash byte of pixel i's point s (0, 1 along x) of combination
// c, straight from Ken's chain in registers (ChainBytes: an untiled row, stride 1), 64 pixels to
// a lookup. Far-apart lanes then read their bytes as one vector per point, where the chunk's
// table took a tabulation and a scalar load per lane and point (FarLanes).
template <int D, int Combos>
NOISE_VBMI void ChainBytesOfPixels(const Lattice& lattice, const std::int64_t (*row_index)[2],
                                   const std::int64_t* cell_x, int padded, int stride, std::uint8_t* bytes) {
    __m512i hash[Combos][4];
    ChainBytes<D, Combos>(lattice, row_index, hash);
    for (int p = 0; p < padded; p += 64) {
        alignas(64) std::uint8_t x[64] = {};  // the cells' x indices, wrapped (& 255)
        for (int v = 0; v < 8 && p + 8 * v < padded; ++v)
            _mm_storel_epi64(reinterpret_cast<__m128i*>(x + 8 * v),
                             _mm512_cvtepi64_epi8(_mm512_loadu_si512(cell_x + p + 8 * v)));
        const __m512i first = _mm512_load_si512(x);
        for (int s = 0; s < 2; ++s) {
            const __m512i index = _mm512_add_epi8(first, _mm512_set1_epi8(static_cast<char>(s)));
            for (int c = 0; c < Combos; ++c)
                _mm512_store_si512(bytes + (s + 2 * c) * stride + p, PermuteBytes256(hash[c], index));
        }
    }
}

// The lanes' hash bytes at `from` as int64 lanes.
HWY_INLINE VI BytesAsLanes(const std::uint8_t* from) {
    return VI{_mm512_cvtepu8_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(from)))};
}
#endif

// One octave of value noise: the PerAxis^D lattice values around each point, optionally
// smoothed, blended along each axis.
//
// ByteTables: the CPU has AVX-512 VBMI's byte permutes, so far-apart lanes' bytes may come
// straight from the chain (ChainsInRegisters), chosen when the kernel is made as perlin's are.
template <int D, int PerAxis, bool Smooth, bool ByteTables = false>
struct ValueOctave {
    static constexpr bool starts_sum = true;  // EmitLanes<true>
    static constexpr bool by_chain =
        ByteTables && has_gradient_nibbles && !Smooth && PerAxis == 2 && (D == 2 || D == 3);

    static void Run(const OctaveInputs& in) {
        if constexpr (by_chain) {
            if (ChainsInRegisters(in)) return RunChainBytes(in);
        }
        const DF d;
        constexpr int first = first_lattice_offset<PerAxis>;
        constexpr int span  = Smooth ? PerAxis + 2 : PerAxis;  // smoothing reads one point more on each side
        using Hasher        = BlockHasher<D, span>;
        HWY_ALIGN std::int64_t table[Hasher::capacity];
        HWY_ALIGN double value_table[Hasher::capacity];
        const Hasher hasher(in, Smooth ? first - 1 : first, table);           // 2. THE POINTS' HASHES,
        const BlockValues<Hasher> lattice(hasher, *in.lattice, value_table);  //    AS VALUES
        if constexpr (Smooth && D <= 3) {
            if (hasher.tabulated()) return RunSmoothedTable(in, hasher, value_table);
        }
        const auto blend = [&](int i, VF* lattice_values) {  // 3. BLEND
            VF values[ipow(PerAxis, D)];
            for (int n = 0; n < ipow(PerAxis, D); ++n)
                values[n] = Smooth ? SmoothedLanes<D, PerAxis>(lattice_values, n) : lattice_values[n];
            EmitLanes<true>(in, i, BlendLanes<D, PerAxis>(values, hn::Load(d, in.weight_x + i), in.row));
        };
        if (hasher.tabulated()) {
            // Perlin's corner visit: how the lanes find their points is decided once per vector,
            // and the body is compiled once per way, so the values stay in registers.
            for (int i = 0; i < in.padded; i += static_cast<int>(hn::Lanes(d)))
                hasher.visit(i, [&](auto fetch) {
                    VF lattice_values[Hasher::points];
                    for (int c = 0; c < Hasher::combos; ++c)
                        for (int s = 0; s < span; ++s)
                            lattice_values[s + span * c] = fetch(value_table, c, s);
                    blend(i, lattice_values);
                });
            return;
        }
        VF lattice_values[Hasher::points];
        for (int i = 0; i < in.padded; i += static_cast<int>(hn::Lanes(d))) {
            lattice.read(i, lattice_values);
            blend(i, lattice_values);
        }
    }

    // Whether the chunk's bytes come from the chain (ChainBytesOfPixels): the permutation untiled
    // at stride 1 (the lattice wraps with & 255), lanes beyond one vector's width apart.
    static bool ChainsInRegisters(const OctaveInputs& in) {
        const auto lanes = static_cast<std::int64_t>(hn::Lanes(DF()));
        return in.lattice->hash() == Hash::permutation && in.period == 0 && in.lattice->stride() == 1 &&
               in.cell_x[lanes - 1] - in.cell_x[0] + PerAxis > lanes;
    }

    static void RunChainBytes(const OctaveInputs& in) {
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
        const DF d;
        constexpr int first          = first_lattice_offset<PerAxis>;
        constexpr int combos         = ipow(2, D - 1);
        std::int64_t row_index[3][2] = {};  // the other axes' wrapped indices (Lattice::wrap)
        for (int axis = 1; axis < D; ++axis)
            for (int k = 0; k < 2; ++k) row_index[axis - 1][k] = (in.row.cell[axis].index + first + k) & 255;
        constexpr int most = (padded_capacity + 63) / 64 * 64;
        const int stride   = (in.padded + 63) / 64 * 64;
        alignas(64) std::uint8_t bytes[2 * combos * most];
        ChainBytesOfPixels<D, combos>(*in.lattice, row_index, in.cell_x, in.padded, stride, bytes);
        for (int i = 0; i < in.padded; i += static_cast<int>(hn::Lanes(d))) {
            VF values[2 * combos];
            for (int n = 0; n < 2 * combos; ++n)
                values[n] = ValueOfByte(BytesAsLanes(bytes + n * stride + i));
            EmitLanes<true>(in, i, BlendLanes<D, PerAxis>(values, hn::Load(d, in.weight_x + i), in.row));
        }
#else
        (void)in;
#endif
    }

    // Seed 004's smoothing belongs to a lattice point, not to a pixel: with the chunk's values in
    // a table, each point's smoothed value is summed once per table entry (SmoothedLanes' sum,
    // same terms in the same order, so the same bits), and the lanes read the smoothed values as
    // plainly as unsmoothed ones. At low frequencies a lattice point serves many pixels: the
    // 3^D-term sums per pixel and blended point (144 for 2D cubic) were most of the octave.
    // Only the inner rows of the block (other-axis offsets 1 .. PerAxis) are read, and along x
    // only entries 1 .. range - 2, which never reach past the table's ends (an inner point of a
    // block lies one entry in). In 4D the extra table would double a stack of about 1 MB, so 4D
    // smooths per pixel.
    static constexpr int span = PerAxis + 2;
    using SmoothHasher        = BlockHasher<D, span>;

    static void RunSmoothedTable(const OctaveInputs& in, const SmoothHasher& hasher, const double* values) {
        const DF d;
        const auto lanes         = static_cast<std::int64_t>(hn::Lanes(d));
        const std::int64_t range = hasher.range();
        HWY_ALIGN double smoothed[SmoothHasher::capacity];
        constexpr double weight[3] = {0.25, 0.5, 0.25};
        for (int c = 0; c < SmoothHasher::combos; ++c) {
            int offset[4] = {};  // the row's offsets on axes 1 .. D-1, from the block's first point
            for (int axis = 1, rest = c; axis < D; ++axis, rest /= span) offset[axis] = rest % span;
            bool inner = true;
            for (int axis = 1; axis < D; ++axis)
                inner = inner && offset[axis] >= 1 && offset[axis] <= PerAxis;
            if (!inner) continue;
            // Rows in increasing c: a row's last vector may spill into the next row's first
            // entries, which that row then writes itself (or, past the inner rows, nobody reads).
            for (std::int64_t k = 1; k < range - 1; k += lanes) {
                VF sum = hn::Zero(d);
                for (int n = 0; n < ipow(3, D); ++n) {
                    double w           = weight[n % 3];
                    std::int64_t entry = k + n % 3 - 1;
                    int row            = 0;
                    for (int axis = 1, rest = n / 3, stride = 1; axis < D;
                         ++axis, rest /= 3, stride *= span) {
                        w *= weight[rest % 3];
                        row += (offset[axis] + rest % 3 - 1) * stride;
                    }
                    sum = hn::Add(sum, hn::Mul(hn::Set(d, w), hn::LoadU(d, values + row * range + entry)));
                }
                hn::StoreU(sum, d, smoothed + c * range + k);
            }
        }
        for (int i = 0; i < in.padded; i += static_cast<int>(lanes)) {
            hasher.visit(i, [&](auto fetch) {
                VF blended[ipow(PerAxis, D)];
                for (int n = 0; n < ipow(PerAxis, D); ++n) {
                    int c = 0;
                    for (int axis = 1, rest = n / PerAxis, stride = 1; axis < D;
                         ++axis, rest /= PerAxis, stride *= span)
                        c += (rest % PerAxis + 1) * stride;
                    blended[n] = fetch(smoothed, c, n % PerAxis + 1);
                }
                EmitLanes<true>(
                    in, i,
                    BlendLanes<D, PerAxis>(blended, hn::Load(d, in.weight_x + i), in.row));  // 3. BLEND
            });
        }
    }
};

// White noise: the (optionally smoothed) value of the cell's own lattice point, no blend.
template <int D, bool Smooth>
struct WhiteOctave {
    static constexpr bool starts_sum = true;  // EmitLanes<true>

    static void Run(const OctaveInputs& in) {
        const DF d;
        using Hasher = BlockHasher<D, Smooth ? 3 : 1>;
        HWY_ALIGN std::int64_t table[Hasher::capacity];
        HWY_ALIGN double value_table[Hasher::capacity];
        const Hasher hasher(in, Smooth ? -1 : 0, table);
        const BlockValues<Hasher> lattice(hasher, *in.lattice, value_table);
        VF lattice_values[Hasher::points];
        for (int i = 0; i < in.padded; i += static_cast<int>(hn::Lanes(d))) {
            lattice.read(i, lattice_values);
            EmitLanes<true>(in, i, Smooth ? SmoothedLanes<D, 1>(lattice_values, 0) : lattice_values[0]);
        }
    }
};

template <int D>
detail::ChunkFn ValueForDimension(bool cubic, bool smooth) {
    // Asked once here, not per chunk: in a VM each answer is a CPUID, which traps (perlin_kernel.cpp).
    if constexpr (D == 2 || D == 3)
        if (!cubic && !smooth && HasByteTables()) return &FillChunk<ValueOctave<D, 2, false, true>>;
    if (cubic) return smooth ? &FillChunk<ValueOctave<D, 4, true>> : &FillChunk<ValueOctave<D, 4, false>>;
    return smooth ? &FillChunk<ValueOctave<D, 2, true>> : &FillChunk<ValueOctave<D, 2, false>>;
}

detail::ResolvedKernel ResolveValue(const Params& params) {
    const bool cubic = params.interpolation == Interpolation::cubic;
    return ForDimension(params.dimension,
                        [&](auto d) { return ValueForDimension<d()>(cubic, params.smooth); });
}

template <int D>
detail::ChunkFn WhiteForDimension(bool smooth) {
    return smooth ? &FillChunk<WhiteOctave<D, true>> : &FillChunk<WhiteOctave<D, false>>;
}

detail::ResolvedKernel ResolveWhite(const Params& params) {
    return ForDimension(params.dimension, [&](auto d) { return WhiteForDimension<d()>(params.smooth); });
}

}  // namespace HWY_NAMESPACE
}  // namespace noise
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace noise {
HWY_EXPORT(ResolveValue);
HWY_EXPORT(ResolveWhite);

namespace detail {
ResolvedKernel make_value_kernel(const Params& params) { return HWY_DYNAMIC_DISPATCH(ResolveValue)(params); }
ResolvedKernel make_white_kernel(const Params& params) { return HWY_DYNAMIC_DISPATCH(ResolveWhite)(params); }
}  // namespace detail
}  // namespace noise
#endif
