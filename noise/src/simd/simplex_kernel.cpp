// Simplex noise on SIMD lanes: simplex.cpp's steps for each Highway target, and the factory that
// picks the compiled function for a dimension (algorithms.hpp).
//
// Each lane is one pixel and walks its own simplex: the skew, the floor, the ranking of the
// axes, the choice of the 3D neighbour are lane masks choosing values; the vertex hash is uint32
// arithmetic in 64-bit lanes (simplex_lattice.hpp), so no lane reads a table. Every operation is
// the one simplex.cpp does, in its order (no FMA), so each lane gives the reference's bits.
// The fractal sum and the octave loop are lattice_simd-inl.h's FillChunk, shared with the other
// algorithms; a lane's coordinate is rebuilt there as floor(x) + (x - floor(x)), which is x
// exactly (and -0 as 0, as the reference's x + 0.0).
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/simplex_kernel.cpp"
#include <hwy/foreach_target.h>  // re-includes this file once per target
#include <hwy/highway.h>

#include "simd/lattice_simd-inl.h"
#include "simplex_lattice.hpp"

HWY_BEFORE_NAMESPACE();
namespace noise {
namespace HWY_NAMESPACE {
namespace simplex_lanes {

using namespace simplex_detail;
using DU   = hn::RebindToUnsigned<DF>;
using VU   = hn::Vec<DU>;
using DU32 = hn::Repartition<std::uint32_t, DU>;

// [SECTION] The vertex hash: uint32 values in uint64 lanes -------------------------------------

HWY_INLINE VU Low32(VU v) { return hn::And(v, hn::Set(DU(), 0xFFFFFFFFull)); }

// a * c for a < 2^32, exactly (< 2^64): the product of the low 32-bit halves (MulEven); Highway
// has no 64-bit lane multiply on x86. The one-lane SCALAR target multiplies its lane directly.
HWY_INLINE VU MulFull32(VU a, std::uint32_t c) {
#if HWY_TARGET == HWY_SCALAR
    return hn::Set(DU(), hn::GetLane(a) * c);
#else
    const DU32 d32;
    return hn::MulEven(hn::BitCast(d32, a), hn::Set(d32, c));
#endif
}

// (a * c) mod 2^32, as uint32 arithmetic wraps.
HWY_INLINE VU MulMod32(VU a, std::uint32_t c) { return Low32(MulFull32(a, c)); }

template <int D>
HWY_INLINE VU HashLanes(std::uint32_t seed, const VI* vertex) {
    const DU du;
    VU h = hn::Set(du, seed);
    for (int axis = 0; axis < D; ++axis)
        h = hn::Xor(h, MulMod32(Low32(hn::BitCast(du, vertex[axis])), axis_prime[static_cast<std::size_t>(axis)]));
    h = hn::Xor(h, hn::ShiftRight<16>(h));
    h = MulMod32(h, mix1);
    h = hn::Xor(h, hn::ShiftRight<13>(h));
    h = MulMod32(h, mix2);
    return hn::Xor(h, hn::ShiftRight<16>(h));
}

HWY_INLINE hn::Mask<DF> BitSet(VU h, std::uint64_t bit) {
    return hn::RebindMask(DF(), hn::TestBit(h, hn::Set(DU(), bit)));
}

// [SECTION] Gradients (simplex_lattice.hpp's sets, selected per lane) ---------------------------

template <int D>
HWY_INLINE void GradientLanes(VU h, VF* g) {
    const DF d;
    if constexpr (D == 2) {
        const auto swap = BitSet(h, 1);
        const VF lng = hn::Set(d, gradient2_long), shrt = hn::Set(d, gradient2_short);
        g[0] = hn::IfThenElse(swap, shrt, lng);
        g[1] = hn::IfThenElse(swap, lng, shrt);
        g[0] = hn::IfThenElse(BitSet(h, 2), hn::Neg(g[0]), g[0]);
        g[1] = hn::IfThenElse(BitSet(h, 4), hn::Neg(g[1]), g[1]);
    } else {
        // 3D: zero axis (h * 3) >> 32; 4D: h >> 30. The others +-1 from bits 0 .. D-1.
        VU zero;
        if constexpr (D == 3) zero = hn::ShiftRight<32>(MulFull32(h, 3u));
        else zero = hn::ShiftRight<30>(h);
        const VF one = hn::Set(d, 1.0), minus_one = hn::Set(d, -1.0);
        for (int axis = 0; axis < D; ++axis) {
            const auto is_zero = hn::RebindMask(d, hn::Eq(zero, hn::Set(DU(), static_cast<std::uint64_t>(axis))));
            const VF sign      = hn::IfThenElse(BitSet(h, std::uint64_t{1} << axis), minus_one, one);
            g[axis]            = hn::IfThenZeroElse(is_zero, sign);
        }
    }
}

// A vertex's contribution: the falloff (r^2 - |d|^2)^4 where positive, times g . d.
template <int D>
HWY_INLINE VF ContributionLanes(std::uint32_t seed, const VI* vertex, const VF* dist) {
    const DF d;
    VF g[D];
    GradientLanes<D>(HashLanes<D>(seed, vertex), g);
    VF length2 = hn::Mul(dist[0], dist[0]);
    for (int axis = 1; axis < D; ++axis) length2 = hn::Add(length2, hn::Mul(dist[axis], dist[axis]));
    const VF a       = hn::Sub(hn::Set(d, radius2), length2);
    const VF a2      = hn::Mul(a, a);
    const VF falloff = hn::IfThenElseZero(hn::Gt(a, hn::Zero(d)), hn::Mul(a2, a2));
    VF dot           = hn::Mul(g[0], dist[0]);
    for (int axis = 1; axis < D; ++axis) dot = hn::Add(dot, hn::Mul(g[axis], dist[axis]));
    return hn::Mul(falloff, dot);
}

// The cell of q (clamped as cell_of does) and the position inside it.
HWY_INLINE VF CellLanes(VF q, VI& index) {
    const DI di;
    q           = ClampLanes(q);
    const VF fl = hn::Floor(q);
    index       = hn::ConvertTo(di, fl);
    return hn::Sub(q, fl);
}

// [SECTION] 1D, 2D, 4D: the skewed lattice ---------------------------------------------------

template <int D>
HWY_INLINE VF SkewedLanes(std::uint32_t seed, const VF* x) {
    const DF d;
    const DI di;
    constexpr double skew = D == 2 ? skew2 : skew4, unskew = D == 2 ? unskew2 : unskew4;
    VF sum = x[0];                                                         // 1. skew
    for (int axis = 1; axis < D; ++axis) sum = hn::Add(sum, x[axis]);
    const VF s = hn::Mul(sum, hn::Set(d, skew));
    VI cell[D];
    VF f[D];
    for (int axis = 0; axis < D; ++axis) f[axis] = CellLanes(hn::Add(x[axis], s), cell[axis]);
    VF fsum = f[0];                                                        // 2. unskew
    for (int axis = 1; axis < D; ++axis) fsum = hn::Add(fsum, f[axis]);
    const VF t = hn::Mul(fsum, hn::Set(d, unskew));
    VF d0[D];
    for (int axis = 0; axis < D; ++axis) d0[axis] = hn::Sub(f[axis], t);

    VI rank[D];                                                            // 3. rank the axes
    for (int axis = 0; axis < D; ++axis) rank[axis] = hn::Zero(di);
    const VI one = hn::Set(di, 1);
    for (int a = 0; a < D; ++a)
        for (int b = a + 1; b < D; ++b) {
            const auto a_higher = hn::RebindMask(di, hn::Gt(d0[a], d0[b]));
            rank[a]             = hn::Add(rank[a], hn::IfThenElseZero(a_higher, one));
            rank[b]             = hn::Add(rank[b], hn::IfThenZeroElse(a_higher, one));
        }

    VF total = hn::Zero(d);                                                // 4. the D + 1 vertices
    for (int k = 0; k <= D; ++k) {
        VI index[D];
        VF dist[D];
        for (int axis = 0; axis < D; ++axis) {
            const auto offset = hn::Gt(rank[axis], hn::Set(di, D - k - 1));  // rank >= D - k
            index[axis]       = hn::Add(cell[axis], hn::IfThenElseZero(offset, one));
            dist[axis]        = k == 0 ? d0[axis]
                                       : hn::Add(hn::Sub(d0[axis], hn::IfThenElseZero(hn::RebindMask(d, offset),
                                                                                       hn::Set(d, 1.0))),
                                                 hn::Set(d, static_cast<double>(k) * unskew));
        }
        total = hn::Add(total, ContributionLanes<D>(seed, index, dist));
    }
    return hn::Mul(total, hn::Set(d, D == 2 ? norm2 : norm4));
}

// [SECTION] 3D: the body-centred cubic lattice -------------------------------------------------

HWY_INLINE VF BccLanes(std::uint32_t seed, VF x, VF y, VF z) {
    const DF d;
    const DI di;
    const VF zz = hn::Mul(z, hn::Set(d, one_over_root3));                // 1. rotate
    const VF xk = hn::Mul(x, hn::Set(d, one_over_root6)), yk = hn::Mul(y, hn::Set(d, one_over_root2));
    const VF r[3] = {hn::Add(hn::Mul(x, hn::Set(d, two_over_root6)), zz), hn::Add(hn::Sub(yk, xk), zz),
                     hn::Sub(zz, hn::Add(xk, yk))};
    const VF half = hn::Set(d, 0.5), one = hn::Set(d, 1.0), minus_one = hn::Set(d, -1.0), zero = hn::Zero(d);

    VF total = zero;
    for (int grid = 0; grid < 2; ++grid) {
        VI index[3];                                                        // 2. the nearest vertex
        VF dist[3];
        for (int axis = 0; axis < 3; ++axis)
            dist[axis] = hn::Sub(CellLanes(grid == 0 ? hn::Add(r[axis], half) : r[axis], index[axis]), half);
        const std::uint32_t grid_seed = grid == 0 ? seed : seed ^ second_grid_seed;
        total = hn::Add(total, ContributionLanes<3>(grid_seed, index, dist));

        const VF a0 = hn::Abs(dist[0]), a1 = hn::Abs(dist[1]), a2 = hn::Abs(dist[2]);  // 3. its neighbour
        const auto far0 = hn::And(hn::Ge(a0, a1), hn::Ge(a0, a2));
        const auto far1 = hn::AndNot(far0, hn::Ge(a1, a2));
        const hn::Mask<DF> far[3] = {far0, far1, hn::Not(hn::Or(far0, far1))};
        for (int axis = 0; axis < 3; ++axis) {
            const auto up   = hn::Ge(dist[axis], zero);
            const VF step   = hn::IfThenElse(up, one, minus_one);
            dist[axis]      = hn::IfThenElse(far[axis], hn::Sub(dist[axis], step), dist[axis]);
            const VI istep  = hn::IfThenElse(hn::RebindMask(di, up), hn::Set(di, 1), hn::Set(di, -1));
            index[axis]     = hn::IfThenElse(hn::RebindMask(di, far[axis]), hn::Add(index[axis], istep), index[axis]);
        }
        total = hn::Add(total, ContributionLanes<3>(grid_seed, index, dist));
    }
    return hn::Mul(total, hn::Set(d, norm3));
}

}  // namespace simplex_lanes

// One octave of simplex noise of dimension D (1 .. 4) over the chunk.
template <int D>
struct SimplexOctave {
    static void Run(const OctaveInputs& in) {
        const DF d;
        const DI di;
        const std::uint32_t seed = in.lattice->seed();
        // The row's coordinates, rebuilt from their cells as the lanes' x is (axes past D: 0).
        VF row[4];
        for (int axis = 1; axis < 4; ++axis) {
            const Cell& cell = in.row.cell[static_cast<std::size_t>(axis)];
            row[axis]        = hn::Set(d, static_cast<double>(cell.index) + cell.frac);
        }
        for (int i = 0; i < in.padded; i += static_cast<int>(hn::Lanes(d))) {
            const VF x = hn::Add(hn::ConvertTo(d, hn::Load(di, in.cell_x + i)), hn::Load(d, in.frac_x + i));
            VF n;
            if constexpr (D <= 2) {
                const VF p[2] = {x, row[1]};
                n = simplex_lanes::SkewedLanes<2>(seed, p);
            } else if constexpr (D == 3) {
                n = simplex_lanes::BccLanes(seed, x, row[1], row[2]);
            } else {
                const VF p[4] = {x, row[1], row[2], row[3]};
                n = simplex_lanes::SkewedLanes<4>(seed, p);
            }
            EmitLanes(in, i, n);
        }
    }
};

detail::ResolvedKernel ResolveSimplex(const Params& params) {
    return ForDimension(params.dimension, [](auto dim) -> detail::ChunkFn { return &FillChunk<SimplexOctave<dim()>>; });
}

}  // namespace HWY_NAMESPACE
}  // namespace noise
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace noise {
HWY_EXPORT(ResolveSimplex);

namespace detail {
ResolvedKernel make_simplex_kernel(const Params& params) { return HWY_DYNAMIC_DISPATCH(ResolveSimplex)(params); }
}  // namespace detail
}  // namespace noise
#endif
