// Simplex noise on SIMD lanes: simplex.cpp's steps for each Highway target, and the factory that
// picks the compiled function for a dimension (algorithms.hpp).
//
// Each lane is one pixel and walks its own simplex: the skew, the floor, the ranking of the
// axes, the choice of the 3D neighbour are lane masks choosing values; the vertex hash is uint32
// arithmetic in 64-bit lanes (or 32-bit ones, for two 2D vectors or a 3D grid's two vertices at
// once) (simplex_lattice.hpp), so no lane gathers from memory. Every operation is the one
// simplex.cpp does, in its order (no FMA), so each lane gives the reference's bits.
// In 2D (and 1D) at low frequencies the lanes of a vector usually lie in one or two cells, and
// the next vectors in the same ones: those cells' corners are then hashed once, not per lane and
// vector, and a row that ascends keeps the cell its last vector ended in (AscendingRow2).
// The fractal sum and the octave loop are lattice_simd-inl.h's FillChunk, shared with the other
// algorithms; the octave finds its own cells (FindsOwnCells) from the chunk's x, as
// octave_coordinate and simplex.cpp's coordinate() do.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/simplex_kernel.cpp"
#include <hwy/foreach_target.h>  // re-includes this file once per target
#include <hwy/highway.h>

#include <array>
#include <cmath>

#include "point_kernel.hpp"
#include "simd/lattice_simd-inl.h"
#include "simd/point_sum-inl.h"
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
// Whatever a's high half holds, the product's low half is (a * c) mod 2^32.
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
        h = hn::Xor(
            h, MulMod32(Low32(hn::BitCast(du, vertex[axis])), axis_prime[static_cast<std::size_t>(axis)]));
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

// 3D and 4D (2D: GradientDot2Lanes): zero axis (h * 3) >> 32 in 3D, h >> 30 in 4D; the others
// +-1 from bits 0 .. D-1.
template <int D>
HWY_INLINE void GradientLanes(VU h, VF* g) {
    static_assert(D == 3 || D == 4);
    const DF d;
    VU zero;
    if constexpr (D == 3)
        zero = hn::ShiftRight<32>(MulFull32(h, 3u));
    else
        zero = hn::ShiftRight<30>(h);
    const VF one = hn::Set(d, 1.0), minus_one = hn::Set(d, -1.0);
    for (int axis = 0; axis < D; ++axis) {
        const auto is_zero = hn::RebindMask(d, hn::Eq(zero, hn::Set(DU(), static_cast<std::uint64_t>(axis))));
        const VF sign      = hn::IfThenElse(BitSet(h, std::uint64_t{1} << axis), minus_one, one);
        g[axis]            = hn::IfThenZeroElse(is_zero, sign);
    }
}

// r^2 - |d|^2 where positive, else 0: then its fourth power is simplex.cpp's falloff, 0 outside
// the radius. One Max instead of a compare and a select: r^2 - |d|^2 is never -0 (an exact
// difference of equal doubles is +0), so no lane depends on which zero Max returns.
HWY_INLINE VF FalloffBaseLanes(VF length2) {
    const DF d;
    return hn::Max(hn::Sub(hn::Set(d, radius2), length2), hn::Zero(d));
}

// The lanes' sum over their vertices, with one more vertex's contribution. The first one becomes
// the sum: simplex.cpp starts its sum at 0.0, and 0 + c is c but for c = -0, so the lanes' sum
// may be -0 where the reference's is +0 (all of a lane's contributions zeros), and is the same
// otherwise. A fractal sum never shows the difference; SimplexOctave's Emit restores the +0 where
// an octave is stored on its own. It saves one addition in every vector.
HWY_INLINE VF Accumulate(int vertex, VF total, VF contribution) {
    return vertex == 0 ? contribution : hn::Add(total, contribution);
}

// A vertex's contribution, of hash h (the low 32 bits of each lane are read): the falloff
// (r^2 - |d|^2)^4 where positive, times g . d.
template <int D>
HWY_INLINE VF HashedContributionLanes(VU h, const VF* dist) {
    VF g[D];
    GradientLanes<D>(h, g);
    VF length2 = hn::Mul(dist[0], dist[0]);
    for (int axis = 1; axis < D; ++axis) length2 = hn::Add(length2, hn::Mul(dist[axis], dist[axis]));
    const VF a       = FalloffBaseLanes(length2);
    const VF a2      = hn::Mul(a, a);
    const VF falloff = hn::Mul(a2, a2);
    VF dot           = hn::Mul(g[0], dist[0]);
    for (int axis = 1; axis < D; ++axis) dot = hn::Add(dot, hn::Mul(g[axis], dist[axis]));
    return hn::Mul(falloff, dot);
}

template <int D>
HWY_INLINE VF ContributionLanes(std::uint32_t seed, const VI* vertex, const VF* dist) {
    return HashedContributionLanes<D>(HashLanes<D>(seed, vertex), dist);
}

#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
// floor(q) for |q| < 2^51, and in low32's low halves floor(q) mod 2^32: q + 1.5 * 2^52 rounded
// toward -infinity (the add's embedded rounding) is 1.5 * 2^52 + floor(q) exactly, as its last
// bit is worth 1; its low 32 bits are the index's, and minus 1.5 * 2^52 it is the floor. Two
// additions, where the floor instruction (vrndscalepd) takes two micro-ops on Intel and the
// conversion to an integer a third. The floor of -0 comes out +0, not -0, but no caller's q is
// -0. A sum is -0 only when both terms are, a difference a - b only when a is -0 and b is +0.
// 2D: the octave's x never is (x_at adds + 0 where x may be 0), nor a row's y (index + frac),
// so neither is x + s or y + s. 3D: z / sqrt(3) never is (z is a row's, and no nonzero double
// times 1 / sqrt(3) rounds to 0), and every rotated coordinate is a sum with it or it minus a
// sum, or that plus 0.5.
HWY_INLINE VF FloorWithLow32Lanes(VF q, VU& low32) {
    const DF d;
    const VF magic = hn::Set(d, 0x1.8p52);
    const VF whole = VF{_mm512_add_round_pd(q.raw, magic.raw, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC)};
    low32          = hn::BitCast(DU(), whole);
    return hn::Sub(whole, magic);
}
#endif

// The cell of q (clamped as cell_of does) and the position inside it. Quick: the chunk's
// coordinates are all within +-2^49, so q is within +-2^51: no clamp, and the quick conversion.
// On AVX-512 the quick index is FloorWithLow32Lanes': right in its low 32 bits only, which are
// all the hash reads (HashPair3Lanes), also after the neighbour's +-1.
template <bool Quick>
HWY_INLINE VF CellLanes(VF q, VI& index) {
    if constexpr (!Quick) q = ClampLanes(q);
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
    if constexpr (Quick) {
        VU low32;
        const VF fl = FloorWithLow32Lanes(q, low32);
        index       = hn::BitCast(DI(), low32);
        return hn::Sub(q, fl);
    }
#endif
    const VF fl = hn::Floor(q);
    index       = CellIndexLanes<Quick>(fl);
    return hn::Sub(q, fl);
}

// [SECTION] 2D (and 1D): hashes and gradients ------------------------------------------------
// The lanes of the 2D path keep each hash in the low 32 bits of its 64-bit lane and never clear
// the high halves: MulEven reads only the low halves, the right shifts run in 32-bit lanes (no
// high bit moves down), and the gradient reads bits 0-2 only. So a hash costs no masking.

// low32(v) >> k in the low half of each lane (the high half: anything).
template <int k>
HWY_INLINE VU ShiftLow32(VU v) {
#if HWY_TARGET == HWY_SCALAR
    return hn::ShiftRight<k>(Low32(v));
#else
    return hn::BitCast(DU(), hn::ShiftRight<k>(hn::BitCast(DU32(), v)));
#endif
}

// The cell index's low 32 bits (all the hash reads) in the low half of each lane. Within the
// quick limit the sum with 1.5 * 2^52 already holds them: the magic number's low half is 0, so
// CellIndexLanes' subtraction would not change them.
template <bool Quick>
HWY_INLINE VU CellLow32Lanes(VF whole) {
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
    return hn::BitCast(DU(), CellIndexLanes<Quick>(whole));
#else
    const DF d;
    if constexpr (!Quick) return hn::BitCast(DU(), CellIndexLanes<false>(whole));
    return hn::BitCast(DU(), hn::Add(whole, hn::Set(d, 0x1.8p52)));
#endif
}

// vertex_hash's finaliser (MurmurHash3's) on the low halves; its input is the seed xored with
// the axes' primed coordinates.
HWY_INLINE VU FinaliseLow32(VU h) {
    h = hn::Xor(h, ShiftLow32<16>(h));
    h = MulFull32(h, mix1);
    h = hn::Xor(h, ShiftLow32<13>(h));
    h = MulFull32(h, mix2);
    return hn::Xor(h, ShiftLow32<16>(h));
}

// yes where bit `bit` of h is set, else no. AVX2 and SSE4 blend on a lane's sign bit directly,
// so the bit goes there (the other bits do not matter); AVX-512 tests the bit into a mask in one
// instruction, and the portable targets test it too (their sign test would miss -0).
template <int bit>
HWY_INLINE VF PickIfBit(VU h, VF yes, VF no) {
#if HWY_TARGET == HWY_AVX2 || HWY_TARGET == HWY_SSE4
    return hn::IfNegativeThenElse(hn::BitCast(DF(), hn::ShiftLeft<63 - bit>(h)), yes, no);
#else
    return hn::IfThenElse(BitSet(h, std::uint64_t{1} << bit), yes, no);
#endif
}

#if HWY_TARGET != HWY_SCALAR
// The low 32-bit halves of two vectors' lanes side by side in one vector of 32-bit lanes: low's
// in the even lanes, high's in the odd ones, so each 64-bit lane holds low's half below high's.
HWY_INLINE hn::Vec<DU32> PairLow32(VU low, VU high) {
    const DU32 d32;
    return hn::OddEven(hn::BitCast(d32, hn::ShiftLeft<32>(high)), hn::BitCast(d32, low));
}

// vertex_hash's finaliser on every 32-bit lane.
HWY_INLINE hn::Vec<DU32> Finalise32(hn::Vec<DU32> h) {
    const DU32 d32;
    h = hn::Xor(h, hn::ShiftRight<16>(h));
    h = hn::Mul(h, hn::Set(d32, mix1));
    h = hn::Xor(h, hn::ShiftRight<13>(h));
    h = hn::Mul(h, hn::Set(d32, mix2));
    return hn::Xor(h, hn::ShiftRight<16>(h));
}
#endif

// gradient2's eight vectors by the low 3 bits of the hash, one array per component.
struct Gradient2Table {
    Gradient2Table() {
        for (std::uint32_t h = 0; h < 8; ++h) {
            const auto g = gradient2(h);
            x[h]         = g[0];
            y[h]         = g[1];
        }
    }
    HWY_ALIGN double x[8];
    HWY_ALIGN double y[8];
};

// gradient2(h) . (dx, dy) as simplex.cpp's contribution computes it, g_x dx + g_y dy.
// AVX-512: a vector holds all eight gradients' components, and vpermpd reads only the low 3 bits
// of each index lane, so each component is one permute of the table by the hash itself.
// Elsewhere the signs go onto the distances ((-g) d and g (-d) are the same double) and so does
// the swap of bit 0 (a + b is b + a): cos(pi/8) u + sin(pi/8) v, where bits 1 and 2 of h,
// shifted to the sign bit, flip dx and dy, and bit 0 picks which of them meets the long component.
HWY_INLINE VF GradientDot2Lanes(VU h, VF dx, VF dy, [[maybe_unused]] const Gradient2Table& table) {
    const DF d;
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
    const VF gx = VF{_mm512_permutexvar_pd(h.raw, hn::Load(d, table.x).raw)};
    const VF gy = VF{_mm512_permutexvar_pd(h.raw, hn::Load(d, table.y).raw)};
    return hn::Add(hn::Mul(gx, dx), hn::Mul(gy, dy));
#else
    const VF sign = hn::Set(d, -0.0);
    const VF x    = hn::Xor(dx, hn::And(hn::BitCast(d, hn::ShiftLeft<62>(h)), sign));
    const VF y    = hn::Xor(dy, hn::And(hn::BitCast(d, hn::ShiftLeft<61>(h)), sign));
    const VF u = PickIfBit<0>(h, y, x), v = PickIfBit<0>(h, x, y);
    return hn::Add(hn::Mul(hn::Set(d, gradient2_long), u), hn::Mul(hn::Set(d, gradient2_short), v));
#endif
}

// (r^2 - |d|^2)^4 where positive, else 0: simplex.cpp's falloff.
HWY_INLINE VF Falloff2Lanes(const VF* dist) {
    const VF a  = FalloffBaseLanes(hn::Add(hn::Mul(dist[0], dist[0]), hn::Mul(dist[1], dist[1])));
    const VF a2 = hn::Mul(a, a);
    return hn::Mul(a2, a2);
}

// [SECTION] 2D: lanes in one or two cells ----------------------------------------------------
// At low frequencies the lanes of a vector lie in one cell of the skewed lattice, or in two
// where the row crosses a cell edge, and the next vectors in the same ones. The gradients of
// those cells' four corners are then worked out once, with the reference's scalar functions,
// and each lane picks its three vertices' among them: its cell's (0, 0) and (1, 1), and the
// middle vertex its compare chooses.

// The gradients of the corners (0, 0), (1, 0), (0, 1), (1, 1) of one cell.
struct CellCorners {
    double cell[2]{};  // the cell's floored skewed coordinates
    double gradient[4][2]{};
};

// The corners of the last two cells met. A row meets its cells in order, so a vector's second
// cell is usually the next vector's first.
class CornerCache {
  public:
    CornerCache(std::uint32_t seed, const Gradient2Table& gradients) : seed_(seed), gradients_(gradients) {}

    // Replaces the entry not used last when (cx, cy) is new: the two cells of one vector, looked
    // up one after the other, never evict each other.
    const CellCorners& Of(double cx, double cy) {
        for (int k = 0; k < 2; ++k)
            if (valid_[k] && entry_[k].cell[0] == cx && entry_[k].cell[1] == cy) {
                recent_ = k;
                return entry_[k];
            }
        const int last = recent_;
        recent_        = 1 - recent_;
        Fill(entry_[recent_], valid_[last] ? &entry_[last] : nullptr, cx, cy);
        valid_[recent_] = true;
        return entry_[recent_];
    }

  private:
    // The row's next cell mostly borders the last one, to the right, above or past its far
    // corner: its corner (0, 0) is then one of the last cell's, copied, and only the other three
    // are hashed. (Copying the one or two more that the cells share took a branch on which way
    // the row went, mispredicted often enough to cost more than the hash it saved.) Each gradient
    // is gradient2 of the hash, read from the table: the same doubles, and no branch on the hash.
    void Fill(CellCorners& corners, const CellCorners* last, double cx, double cy) const {
        // The cell index as CellIndexLanes converts it (cx, cy are floored, within 2^52).
        const auto ix = static_cast<std::int64_t>(cx), iy = static_cast<std::int64_t>(cy);
        int hashed_from = 0;
        if (last != nullptr) {
            const double dx = cx - last->cell[0], dy = cy - last->cell[1];  // exact
            if ((dx == 0.0 || dx == 1.0) && (dy == 0.0 || dy == 1.0)) {
                const int j            = static_cast<int>(dx) + 2 * static_cast<int>(dy);
                corners.gradient[0][0] = last->gradient[j][0];
                corners.gradient[0][1] = last->gradient[j][1];
                hashed_from            = 1;
            }
        }
        for (int k = hashed_from; k < 4; ++k) {
            const std::uint32_t h =
                vertex_hash(seed_, std::array<std::int64_t, 2>{ix + (k & 1), iy + (k >> 1)}) & 7u;
            corners.gradient[k][0] = gradients_.x[h];
            corners.gradient[k][1] = gradients_.y[h];
        }
        corners.cell[0] = cx;
        corners.cell[1] = cy;
    }

    std::uint32_t seed_;
    const Gradient2Table& gradients_;
    CellCorners entry_[2];
    bool valid_[2] = {false, false};
    int recent_    = 1;
};

// Component `axis` of the gradient at corner `corner` of each lane's cell: a's, or b's where
// in_b (TwoCells).
template <bool TwoCells>
HWY_INLINE VF CornerGradientLanes(const CellCorners& a, const CellCorners& b, hn::Mask<DF> in_b, int corner,
                                  int axis) {
    const DF d;
    const VF from_a = hn::Set(d, a.gradient[corner][axis]);
    if constexpr (!TwoCells) return from_a;
    return hn::IfThenElse(in_b, hn::Set(d, b.gradient[corner][axis]), from_a);
}

// Vertex k's term of the lanes' sum ((0, 0), the middle vertex, (1, 1)), at distance dist: its
// falloff times g . dist, g picked from the corners of cell a, or of cell b where in_b (TwoCells).
template <bool TwoCells>
HWY_INLINE VF CornerTermLanes(int k, const VF* dist, hn::Mask<DF> x_higher, const CellCorners& a,
                              const CellCorners& b, hn::Mask<DF> in_b) {
    const auto corner = [&](int n, int axis) { return CornerGradientLanes<TwoCells>(a, b, in_b, n, axis); };
    VF g[2];
    for (int axis = 0; axis < 2; ++axis)
        g[axis] = k == 1 ? hn::IfThenElse(x_higher, corner(1, axis), corner(2, axis))
                         : corner(k == 0 ? 0 : 3, axis);
    const VF dot = hn::Add(hn::Mul(g[0], dist[0]), hn::Mul(g[1], dist[1]));
    return hn::Mul(Falloff2Lanes(dist), dot);
}

// The lanes' sum over their three vertices (CornerTermLanes).
template <bool TwoCells>
HWY_INLINE VF FewCellsLanes(const VF (*dist)[2], hn::Mask<DF> x_higher, const CellCorners& a,
                            const CellCorners& b, hn::Mask<DF> in_b) {
    const DF d;
    VF total = hn::Zero(d);
    for (int k = 0; k < 3; ++k)
        total = Accumulate(k, total, CornerTermLanes<TwoCells>(k, dist[k], x_higher, a, b, in_b));
    return hn::Mul(total, hn::Set(d, norm2));
}

// [SECTION] 2D (and 1D): the lanes' simplices -------------------------------------------------

// One vector's simplices: the lanes' cells (floored skewed coordinates), which of their two
// middle vertices each takes, and the distances to their three vertices.
struct Simplex2 {
    VF cell[2];
    VU cell_low32[2];  // the cells' indices mod 2^32 in the low halves, for the hash (SimplexOfSkewedLanes)
    hn::Mask<DF> x_higher;
    VF dist[3][2];  // (0, 0), the middle vertex, (1, 1)
};

// simplex.cpp's simplex_skewed<2>, step 1: the skewed coordinates q of the lanes' points.
template <bool Quick>
HWY_INLINE void SkewLanes(VF x, VF y, VF* q) {
    const DF d;
    const VF s = hn::Mul(hn::Add(x, y), hn::Set(d, skew2));
    q[0]       = hn::Add(x, s);
    q[1]       = hn::Add(y, s);
    if constexpr (!Quick) q[0] = ClampLanes(q[0]), q[1] = ClampLanes(q[1]);
}

// The rest of simplex_skewed<2> up to the vertices' distances, given the skewed coordinates q
// and their cells (floor(q), per lane or the lanes' common one). The ranking of two axes is one
// compare, x_higher, which picks the middle vertex ((1, 0), else (0, 1)) and its distance.
HWY_INLINE Simplex2 SimplexInCellLanes(const VF* q, VF cell_x, VF cell_y) {
    const DF d;
    Simplex2 out;
    out.cell[0] = cell_x;
    out.cell[1] = cell_y;
    const VF fx = hn::Sub(q[0], cell_x), fy = hn::Sub(q[1], cell_y);
    const VF t     = hn::Mul(hn::Add(fx, fy), hn::Set(d, unskew2));  // 2. unskew
    const VF d0[2] = {hn::Sub(fx, t), hn::Sub(fy, t)};

    out.x_higher = hn::Gt(d0[0], d0[1]);  // 3. which simplex (ties: y)
    // 4. its vertices' distances, (d0 - offset) + k unskew (with d0 - 0 = d0)
    const VF one = hn::Set(d, 1.0), unskew_1 = hn::Set(d, unskew2), unskew_2 = hn::Set(d, 2.0 * unskew2);
    const VF ax = hn::Sub(d0[0], one), ay = hn::Sub(d0[1], one);
    out.dist[0][0] = d0[0];
    out.dist[0][1] = d0[1];
    out.dist[1][0] = hn::Add(hn::IfThenElse(out.x_higher, ax, d0[0]), unskew_1);
    out.dist[1][1] = hn::Add(hn::IfThenElse(out.x_higher, d0[1], ay), unskew_1);
    out.dist[2][0] = hn::Add(ax, unskew_2);
    out.dist[2][1] = hn::Add(ay, unskew_2);
    return out;
}

// FewCellsLanes for two vectors whose lanes all lie in one cell, c, stage by stage: a vector's
// steps are one long chain of dependent operations, and the processor overlaps two vectors'
// chains only when their instructions come close together (measured: one octave on the
// low-frequency grid about 9 % faster than vector after vector). Each vector's sum is
// FewCellsLanes' own.
HWY_INLINE void OneCellPairLanes(const Simplex2* simplex, const CellCorners& c, VF* noise) {
    const DF d;
    const auto none = hn::FirstN(d, 0);
    VF total[2];
    for (int k = 0; k < 3; ++k) {
        VF term[2];
        for (int v = 0; v < 2; ++v)
            term[v] = CornerTermLanes<false>(k, simplex[v].dist[k], simplex[v].x_higher, c, c, none);
        for (int v = 0; v < 2; ++v) total[v] = Accumulate(k, total[v], term[v]);
    }
    for (int v = 0; v < 2; ++v) noise[v] = hn::Mul(total[v], hn::Set(d, norm2));
}

// Each lane's cell of skewed coordinates q: simplex.cpp's floor per axis, and the cell indices'
// low 32 bits for the hash (FloorWithLow32Lanes on AVX-512's quick path).
template <bool Quick>
HWY_INLINE Simplex2 SimplexOfSkewedLanes(const VF* q) {
    VF cell[2];
    VU low32[2];
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
    if constexpr (Quick) {
        for (int axis = 0; axis < 2; ++axis) cell[axis] = FloorWithLow32Lanes(q[axis], low32[axis]);
    } else
#endif
    {
        for (int axis = 0; axis < 2; ++axis) {
            cell[axis]  = hn::Floor(q[axis]);
            low32[axis] = CellLow32Lanes<Quick>(cell[axis]);
        }
    }
    Simplex2 simplex      = SimplexInCellLanes(q, cell[0], cell[1]);
    simplex.cell_low32[0] = low32[0];
    simplex.cell_low32[1] = low32[1];
    return simplex;
}

// simplex.cpp's simplex_skewed<2> up to the vertices' distances: 1. skew, then each lane's cell.
template <bool Quick>
HWY_INLINE Simplex2 Skew2Lanes(VF x, VF y) {
    VF q[2];
    SkewLanes<Quick>(x, y, q);
    return SimplexOfSkewedLanes<Quick>(q);
}

// vertex_hash's input for the three vertices, seed ^ x P_x ^ y P_y, in the low halves. The
// vertices' primed coordinates are the cell's plus a constant (x P + P is (x + 1) P in uint32),
// so each axis is multiplied once.
HWY_INLINE void VertexKeysLanes(std::uint32_t seed, const Simplex2& simplex, VU* key) {
    const DU du;
    const VU px  = MulFull32(simplex.cell_low32[0], axis_prime[0]),
             py  = MulFull32(simplex.cell_low32[1], axis_prime[1]);
    const VU px1 = hn::Add(px, hn::Set(du, axis_prime[0])), py1 = hn::Add(py, hn::Set(du, axis_prime[1]));
    const VU sx = hn::Xor(hn::Set(du, seed), px), sx1 = hn::Xor(hn::Set(du, seed), px1);
    key[0] = hn::Xor(sx, py);
    key[1] = hn::IfThenElse(hn::RebindMask(du, simplex.x_higher), hn::Xor(sx1, py), hn::Xor(sx, py1));
    key[2] = hn::Xor(sx1, py1);
}

#if HWY_TARGET != HWY_SCALAR
// VertexKeysLanes for two vectors at once, in PairLow32's layout (first's keys in the even 32-bit
// lanes, second's in the odd): the cells are paired before the primes multiply them, so each
// step of the keys runs once for sixteen lanes, where pairing the keys took a shift and a blend
// per vertex after two passes of eight. The middle vertex's choice is a bitwise select by the
// lanes' x_higher, widened to all-ones and paired the same way.
HWY_INLINE void VertexKeysPairLanes(std::uint32_t seed, const Simplex2& first, const Simplex2& second,
                                    hn::Vec<DU32>* key) {
    const DU du;
    const DU32 d32;
    const auto px =
        hn::Mul(PairLow32(first.cell_low32[0], second.cell_low32[0]), hn::Set(d32, axis_prime[0]));
    const auto py =
        hn::Mul(PairLow32(first.cell_low32[1], second.cell_low32[1]), hn::Set(d32, axis_prime[1]));
    const auto px1 = hn::Add(px, hn::Set(d32, axis_prime[0])), py1 = hn::Add(py, hn::Set(d32, axis_prime[1]));
    const auto x_higher =
        hn::OddEven(hn::BitCast(d32, hn::VecFromMask(du, hn::RebindMask(du, second.x_higher))),
                    hn::BitCast(d32, hn::VecFromMask(du, hn::RebindMask(du, first.x_higher))));
    const auto s = hn::Set(d32, seed);
    key[0]       = hn::Xor3(s, px, py);
    key[1]       = hn::Xor3(s, hn::IfVecThenElse(x_higher, px1, px), hn::IfVecThenElse(x_higher, py, py1));
    key[2]       = hn::Xor3(s, px1, py1);
}
#endif

// The lanes' noise: the sum over their three vertices, of hashes h (low 3 bits).
HWY_INLINE VF HashedSumLanes(const Simplex2& simplex, const VU* h, const Gradient2Table& gradients) {
    const DF d;
    VF total = hn::Zero(d);
    for (int k = 0; k < 3; ++k) {
        const VF* dist = simplex.dist[k];
        total          = Accumulate(
                     k, total, hn::Mul(Falloff2Lanes(dist), GradientDot2Lanes(h[k], dist[0], dist[1], gradients)));
    }
    return hn::Mul(total, hn::Set(d, norm2));
}

// 2D (and 1D, along y = 0): simplex.cpp's simplex_skewed<2> on lanes, after the skew. TryShared:
// lanes in one or two cells take their gradients from the cells' corners (FewCellsLanes), and
// last_cell gets the last lane's; the others hash (and leave last_cell as it is).
template <bool Quick, bool TryShared>
HWY_INLINE VF Simplex2Lanes(std::uint32_t seed, const Simplex2& simplex, CornerCache& cache,
                            const Gradient2Table& gradients, const CellCorners** last_cell = nullptr) {
    const DF d;
    if constexpr (TryShared) {
        const VF* fl    = simplex.cell;
        const double ax = hn::GetLane(fl[0]), ay = hn::GetLane(fl[1]);
        const auto in_a = hn::And(hn::Eq(fl[0], hn::Set(d, ax)), hn::Eq(fl[1], hn::Set(d, ay)));
        if (hn::AllTrue(d, in_a)) {
            const CellCorners& a = cache.Of(ax, ay);
            if (last_cell != nullptr) *last_cell = &a;
            return FewCellsLanes<false>(simplex.dist, simplex.x_higher, a, a, in_a);
        }
        // The row meets cells in order: the last lane's is the other one, if there are two.
        const double bx = hn::GetLane(hn::Reverse(d, fl[0])), by = hn::GetLane(hn::Reverse(d, fl[1]));
        const auto in_b = hn::And(hn::Eq(fl[0], hn::Set(d, bx)), hn::Eq(fl[1], hn::Set(d, by)));
        if (hn::AllTrue(d, hn::Or(in_a, in_b))) {
            const CellCorners& a = cache.Of(ax, ay);
            const CellCorners& b = cache.Of(bx, by);
            if (last_cell != nullptr) *last_cell = &b;
            return FewCellsLanes<true>(simplex.dist, simplex.x_higher, a, b, in_b);
        }
    }
    VU key[3], h[3];
    VertexKeysLanes(seed, simplex, key);
    for (int k = 0; k < 3; ++k) h[k] = FinaliseLow32(key[k]);
    return HashedSumLanes(simplex, h, gradients);
}

// A row of 2D simplex noise whose x ascend, vector after vector, trying to share cells. The
// skewed coordinates q_x = x + s and q_y = y + s, with s = (x + y) F2, never decrease along such a
// row (each step rounds a non-decreasing sum or product), and neither do their floors. So once a
// vector's last lane lies in cell c, every lane of the next vector lies in c or past it, and
// wholly in c when its q are below c + (1, 1): two vector compares, where finding each lane's
// cell takes two floors, two compares and a look in the cache. Only a vector that leaves the cell
// takes the whole way. q - c is then the very subtraction q - floor(q) (the floor is c), so the
// bits stay the same.
template <bool Quick>
class AscendingRow2 {
  public:
    AscendingRow2(std::uint32_t seed, CornerCache& cache, const Gradient2Table& gradients)
        : seed_(seed), cache_(cache), gradients_(gradients) {
        const DF d;
        kept_cell_[0] = kept_cell_[1] = kept_end_[0] = kept_end_[1] = hn::Zero(d);  // unread without kept_
    }

    // The noise of two vectors, the second's x after the first's: in the kept cell both at once
    // (OneCellPairLanes), else one after the other, as Noise.
    HWY_INLINE void NoisePair(VF x0, VF x1, VF y, VF* noise) {
        VF q[2][2];
        SkewLanes<Quick>(x0, y, q[0]);
        SkewLanes<Quick>(x1, y, q[1]);
        if (InKeptCell(q[0]) && InKeptCell(q[1])) {
            const Simplex2 simplex[2] = {SimplexInCellLanes(q[0], kept_cell_[0], kept_cell_[1]),
                                         SimplexInCellLanes(q[1], kept_cell_[0], kept_cell_[1])};
            return OneCellPairLanes(simplex, *kept_, noise);
        }
        noise[0] = NoiseOfSkewed(q[0]);
        noise[1] = NoiseOfSkewed(q[1]);
    }

    HWY_INLINE VF Noise(VF x, VF y) {
        VF q[2];
        SkewLanes<Quick>(x, y, q);
        return NoiseOfSkewed(q);
    }

  private:
    // Whether every lane of skewed coordinates q lies in the kept cell.
    HWY_INLINE bool InKeptCell(const VF* q) const {
        const DF d;
        return kept_ != nullptr &&
               hn::AllTrue(d, hn::And(hn::Lt(q[0], kept_end_[0]), hn::Lt(q[1], kept_end_[1])));
    }

    // The noise of one vector's lanes, of skewed coordinates q.
    HWY_INLINE VF NoiseOfSkewed(const VF* q) {
        const DF d;
        if (InKeptCell(q)) {
            const Simplex2 simplex = SimplexInCellLanes(q, kept_cell_[0], kept_cell_[1]);
            return FewCellsLanes<false>(simplex.dist, simplex.x_higher, *kept_, *kept_, hn::FirstN(d, 0));
        }
        const Simplex2 simplex = SimplexOfSkewedLanes<Quick>(q);
        kept_                  = nullptr;  // hashed lanes keep no cell
        const VF noise         = Simplex2Lanes<Quick, true>(seed_, simplex, cache_, gradients_, &kept_);
        if (kept_ != nullptr) {
            const double cx = kept_->cell[0], cy = kept_->cell[1];
            kept_cell_[0] = hn::Set(d, cx), kept_cell_[1] = hn::Set(d, cy);
            kept_end_[0] = hn::Set(d, cx + 1.0), kept_end_[1] = hn::Set(d, cy + 1.0);
        }
        return noise;
    }

    std::uint32_t seed_;
    CornerCache& cache_;
    const Gradient2Table& gradients_;
    const CellCorners* kept_ = nullptr;  // the last lane's cell's corners, valid until the cache fills again
    VF kept_cell_[2], kept_end_[2];
};

// Two vectors of lanes, each on its own: as Simplex2Lanes without TryShared, but the two
// vectors' hashes share their 32-bit lanes (the first's in the low halves, the second's in the
// high), so three finalisers serve six vertices. The portable one-lane target has no 32-bit
// lanes to share and hashes each vector as Simplex2Lanes does. The points (x0, y0) and (x1, y1):
// a row's share their y, a batch of points does not.
template <bool Quick>
HWY_INLINE void Simplex2PairLanes(std::uint32_t seed, VF x0, VF y0, VF x1, VF y1,
                                  const Gradient2Table& gradients, VF& n0, VF& n1) {
    const Simplex2 first = Skew2Lanes<Quick>(x0, y0), second = Skew2Lanes<Quick>(x1, y1);
    VU h0[3], h1[3];
#if HWY_TARGET == HWY_SCALAR
    VU key0[3], key1[3];
    VertexKeysLanes(seed, first, key0);
    VertexKeysLanes(seed, second, key1);
    for (int k = 0; k < 3; ++k) {
        h0[k] = FinaliseLow32(key0[k]);
        h1[k] = FinaliseLow32(key1[k]);
    }
#else
    hn::Vec<DU32> key[3];
    VertexKeysPairLanes(seed, first, second, key);
    for (int k = 0; k < 3; ++k) {
        h0[k] = hn::BitCast(DU(), Finalise32(key[k]));
        h1[k] = hn::ShiftRight<32>(h0[k]);
    }
#endif
    n0 = HashedSumLanes(first, h0, gradients);
    n1 = HashedSumLanes(second, h1, gradients);
}

// [SECTION] 4D: the skewed lattice, its axes ranked ------------------------------------------

// simplex.cpp's simplex_skewed<4>: each lane ranks its axes, then hashes its D + 1 vertices.
template <int D, bool Quick>
HWY_INLINE VF SkewedLanes(std::uint32_t seed, const VF* x) {
    static_assert(D == 4, "2D and 1D take Simplex2Lanes");
    const DF d;
    const DI di;
    constexpr double skew = skew4, unskew = unskew4;
    VF sum = x[0];  // 1. skew
    for (int axis = 1; axis < D; ++axis) sum = hn::Add(sum, x[axis]);
    const VF s = hn::Mul(sum, hn::Set(d, skew));
    VF fl[D], f[D];
    for (int axis = 0; axis < D; ++axis) {
        VF q = hn::Add(x[axis], s);
        if constexpr (!Quick) q = ClampLanes(q);
        fl[axis] = hn::Floor(q);
        f[axis]  = hn::Sub(q, fl[axis]);
    }
    VF fsum = f[0];  // 2. unskew
    for (int axis = 1; axis < D; ++axis) fsum = hn::Add(fsum, f[axis]);
    const VF t = hn::Mul(fsum, hn::Set(d, unskew));
    VF d0[D];
    for (int axis = 0; axis < D; ++axis) d0[axis] = hn::Sub(f[axis], t);
    VI cell[D];
    for (int axis = 0; axis < D; ++axis) cell[axis] = CellIndexLanes<Quick>(fl[axis]);

    VI rank[D];  // 3. rank the axes
    for (int axis = 0; axis < D; ++axis) rank[axis] = hn::Zero(di);
    const VI one = hn::Set(di, 1);
    for (int a = 0; a < D; ++a)
        for (int b = a + 1; b < D; ++b) {
            const auto a_higher = hn::RebindMask(di, hn::Gt(d0[a], d0[b]));
            rank[a]             = hn::Add(rank[a], hn::IfThenElseZero(a_higher, one));
            rank[b]             = hn::Add(rank[b], hn::IfThenZeroElse(a_higher, one));
        }

    VF total = hn::Zero(d);  // 4. the D + 1 vertices
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
        total = Accumulate(k, total, ContributionLanes<D>(seed, index, dist));
    }
    return hn::Mul(total, hn::Set(d, norm4));
}

// [SECTION] 3D: the body-centred cubic lattice -------------------------------------------------

// The hashes of two vertices per lane, a's and b's, on one grid (vertex_hash with the grid's
// seed): a's in the low 32 bits of each lane, b's in the low bits of hash_b. The two share the
// 32-bit lanes of one vector (a in the low halves, b in the high), so one pass of uint32
// arithmetic, sixteen lanes wide, hashes both: the multiplications are half as many as
// HashLanes twice would do. The portable one-lane target has no 32-bit lanes and hashes each.
HWY_INLINE VU HashPair3Lanes(std::uint32_t seed, const VI* a, const VI* b, VU& hash_b) {
#if HWY_TARGET == HWY_SCALAR
    hash_b = HashLanes<3>(seed, b);
    return HashLanes<3>(seed, a);
#else
    const DU du;
    const DU32 d32;
    auto h = hn::Set(d32, seed);
    for (int axis = 0; axis < 3; ++axis) {
        const auto both = PairLow32(hn::BitCast(du, a[axis]), hn::BitCast(du, b[axis]));
        h               = hn::Xor(h, hn::Mul(both, hn::Set(d32, axis_prime[static_cast<std::size_t>(axis)])));
    }
    const VU hashes = hn::BitCast(du, Finalise32(h));
    hash_b          = hn::ShiftRight<32>(hashes);
    return hashes;
#endif
}

template <bool Quick>
HWY_INLINE VF BccLanes(std::uint32_t seed, VF x, VF y, VF z) {
    const DF d;
    const DI di;
    const VF zz = hn::Mul(z, hn::Set(d, one_over_root3));  // 1. rotate
    const VF xk = hn::Mul(x, hn::Set(d, one_over_root6)), yk = hn::Mul(y, hn::Set(d, one_over_root2));
    const VF r[3] = {hn::Add(hn::Mul(x, hn::Set(d, two_over_root6)), zz), hn::Add(hn::Sub(yk, xk), zz),
                     hn::Sub(zz, hn::Add(xk, yk))};
    const VF half = hn::Set(d, 0.5), one = hn::Set(d, 1.0), minus_one = hn::Set(d, -1.0), zero = hn::Zero(d);

    VF total = zero;
    for (int grid = 0; grid < 2; ++grid) {
        VI index[3];  // 2. the nearest vertex
        VF dist[3];
        for (int axis = 0; axis < 3; ++axis)
            dist[axis] =
                hn::Sub(CellLanes<Quick>(grid == 0 ? hn::Add(r[axis], half) : r[axis], index[axis]), half);

        VI next_index[3];  // 3. its neighbour
        VF next_dist[3];
        const VF a0 = hn::Abs(dist[0]), a1 = hn::Abs(dist[1]), a2 = hn::Abs(dist[2]);
        const auto far0           = hn::And(hn::Ge(a0, a1), hn::Ge(a0, a2));
        const auto far1           = hn::AndNot(far0, hn::Ge(a1, a2));
        const hn::Mask<DF> far[3] = {far0, far1, hn::Not(hn::Or(far0, far1))};
        for (int axis = 0; axis < 3; ++axis) {
            const auto up   = hn::Ge(dist[axis], zero);
            const VF step   = hn::IfThenElse(up, one, minus_one);
            next_dist[axis] = hn::IfThenElse(far[axis], hn::Sub(dist[axis], step), dist[axis]);
            const VI istep  = hn::IfThenElse(hn::RebindMask(di, up), hn::Set(di, 1), hn::Set(di, -1));
            next_index[axis] =
                hn::IfThenElse(hn::RebindMask(di, far[axis]), hn::Add(index[axis], istep), index[axis]);
        }

        const std::uint32_t grid_seed = grid == 0 ? seed : seed ^ second_grid_seed;
        VU next_hash;
        const VU hash = HashPair3Lanes(grid_seed, index, next_index, next_hash);
        total         = Accumulate(2 * grid, total, HashedContributionLanes<3>(hash, dist));
        total         = Accumulate(2 * grid + 1, total, HashedContributionLanes<3>(next_hash, next_dist));
    }
    return hn::Mul(total, hn::Set(d, norm3));
}

}  // namespace simplex_lanes

// One octave of simplex noise of dimension D (1 .. 4) over the chunk.
template <int D>
struct SimplexOctave {
    static constexpr bool finds_own_cells = true;  // FillChunk hands over x, not cells
    static constexpr bool starts_sum      = true;  // EmitLanes<true>

    // Chunks whose coordinates all lie within +-2^49 (every real view) take the quick path:
    // then every skewed or rotated coordinate is within +-2^51, where the clamp changes nothing
    // and a floor converts to an integer by an addition (CellIndexLanes). x ascends along the
    // chunk (and so does its octave coordinate), so its first and last pixels decide for all.
    static void Run(const OctaveInputs& in) {
        constexpr double quick   = 0x1.0p49;
        const auto within        = [&](double v) { return v > -quick && v < quick; };
        const auto [first, last] = EndsOf(in);
        bool inside              = within(first) && within(last);
        for (int axis = 1; axis < D; ++axis) {
            const Cell& cell = in.row.cell[static_cast<std::size_t>(axis)];
            inside           = inside && within(static_cast<double>(cell.index) + cell.frac);
        }
        if constexpr (D <= 2) {
            switch (SharingOf(first, last, in.padded)) {
                case Sharing::kept_cell:
                    return inside ? Octave<true, Sharing::kept_cell>(in)
                                  : Octave<false, Sharing::kept_cell>(in);
                case Sharing::few_cells:
                    return inside ? Octave<true, Sharing::few_cells>(in)
                                  : Octave<false, Sharing::few_cells>(in);
                case Sharing::none:
                    break;
            }
        }
        if (inside) return Octave<true, Sharing::none>(in);
        Octave<false, Sharing::none>(in);
    }

    // The octave coordinates of the chunk's first and last pixels: x runs one way along the
    // chunk, and so do they.
    static std::array<double, 2> EndsOf(const OctaveInputs& in) {
        return {octave_coordinate(*in.setup, 0, in.x[0]),
                octave_coordinate(*in.setup, 0, in.x[in.padded - 1])};
    }

    // An octave's noise to EmitLanes. The lanes' sums may be -0 where simplex.cpp's are +0
    // (Accumulate). A fractal sum erases a zero's sign (it starts as 0 + the first octave's term,
    // so it is never -0, and adding a zero to it leaves it as it is), so only an octave stored on
    // its own takes the + 0.
    static HWY_INLINE void Emit(const OctaveInputs& in, int i, VF noise) {
        if (in.sum == nullptr) noise = hn::Add(noise, hn::Zero(DF()));
        EmitLanes<true>(in, i, noise);
    }

    // 2D: how a row's vectors look for the cells they share. none: each lane hashes its own
    // vertices. few_cells: each vector tests whether its lanes lie in one or two cells
    // (Simplex2Lanes). kept_cell: as few_cells, but the row ascends and a vector first tests
    // whether it lies wholly in the cell it has kept (AscendingRow2).
    enum class Sharing { none, few_cells, kept_cell };

    // A row crosses about three simplex edges per cell. Where a vector spans a quarter of a cell
    // or more, the vectors that fail the test cost more than those that pass save (measured).
    // The kept cell is for vectors of at most an eighth of a cell, which mostly stay in it: with
    // it, one octave on the low-frequency grid was 4-10 % faster, while eight octaves, whose
    // second spans a quarter, were about 2 % slower when that octave took it too. Not so for NaN
    // or infinite coordinates.
    static Sharing SharingOf(double first, double last, int padded) {
        const double cells   = std::floor(last) - std::floor(first) + 1.0;
        const double vectors = static_cast<double>(padded) / static_cast<double>(hn::Lanes(DF()));
        if (cells * 8.0 <= vectors && first <= last) return Sharing::kept_cell;
        if (cells * 4.0 <= vectors) return Sharing::few_cells;
        return Sharing::none;
    }

    template <bool Quick, Sharing sharing>
    static void Octave(const OctaveInputs& in) {
        const DF d;
        const std::uint32_t seed = in.lattice->seed();
        const simplex_lanes::Gradient2Table gradients;
        simplex_lanes::CornerCache corners(seed, gradients);
        // The row's coordinates, as simplex.cpp's coordinate() gives them: index + frac of the
        // clamped coordinate's cell is the clamped coordinate, -0 as 0 (axes past D: 0).
        VF row[4];
        for (int axis = 1; axis < 4; ++axis) {
            const Cell& cell = in.row.cell[static_cast<std::size_t>(axis)];
            row[axis]        = hn::Set(d, static_cast<double>(cell.index) + cell.frac);
        }
        // The lanes' x: octave_coordinate (x * scale, then + shift only where there is one, as
        // two roundings), then simplex.cpp's coordinate(): clamp_to_lattice, + 0.0. That
        // addition only turns -0 into +0: where the first and last pixels' values are nonzero
        // and of one sign, no pixel's is 0 (EndsOf), and the addition is left out.
        const VF scale = hn::Set(d, in.setup->scale), shift = hn::Set(d, in.setup->shift[0]);
        const bool shifted           = in.setup->shift[0] != 0.0;
        const auto [first_x, last_x] = EndsOf(in);
        const bool may_be_zero       = !((first_x > 0.0 && last_x > 0.0) || (first_x < 0.0 && last_x < 0.0));
        const auto x_at              = [&](int i) {
            VF q = hn::Mul(hn::Load(d, in.x + i), scale);
            if (shifted) q = hn::Add(q, shift);
            if constexpr (!Quick) q = ClampLanes(q);
            return may_be_zero ? hn::Add(q, hn::Zero(d)) : q;
        };
        const int lanes = static_cast<int>(hn::Lanes(d));
        if constexpr (D <= 2 && sharing == Sharing::kept_cell) {
            simplex_lanes::AscendingRow2<Quick> ascending(seed, corners, gradients);
            int i = 0;
            for (; i + 2 * lanes <= in.padded; i += 2 * lanes) {
                VF noise[2];
                ascending.NoisePair(x_at(i), x_at(i + lanes), row[1], noise);
                Emit(in, i, noise[0]);
                Emit(in, i + lanes, noise[1]);
            }
            for (; i < in.padded; i += lanes) Emit(in, i, ascending.Noise(x_at(i), row[1]));
            return;
        }
        const auto noise_at = [&](VF x) {
            if constexpr (D <= 2) {
                return simplex_lanes::Simplex2Lanes<Quick, sharing == Sharing::few_cells>(
                    seed, simplex_lanes::Skew2Lanes<Quick>(x, row[1]), corners, gradients);
            } else if constexpr (D == 3) {
                return simplex_lanes::BccLanes<Quick>(seed, x, row[1], row[2]);
            } else {
                const VF p[4] = {x, row[1], row[2], row[3]};
                return simplex_lanes::SkewedLanes<4, Quick>(seed, p);
            }
        };
        int i = 0;
        // 2D lanes on their own: two vectors a step, which share their hashes' finalisers
        // (Simplex2PairLanes). 3D and 4D keep one: two of their vectors at once need more
        // registers than there are (measured slower in 3D); 3D pairs each grid's two vertices
        // within the vector instead (HashPair3Lanes).
        if constexpr (D <= 2 && sharing == Sharing::none)
            for (; i + 2 * lanes <= in.padded; i += 2 * lanes) {
                VF first, second;
                simplex_lanes::Simplex2PairLanes<Quick>(seed, x_at(i), row[1], x_at(i + lanes), row[1],
                                                        gradients, first, second);
                Emit(in, i, first);
                Emit(in, i + lanes, second);
            }
        for (; i < in.padded; i += lanes) Emit(in, i, noise_at(x_at(i)));
    }
};

detail::ResolvedKernel ResolveSimplex(const Params& params) {
    return ForDimension(params.dimension,
                        [](auto dim) -> detail::ChunkFn { return &FillChunk<SimplexOctave<dim()>>; });
}

// [SECTION] Points: one point per lane (point_kernel.hpp) ----------------------------------------

// One octave of simplex noise at a batch's points, each lane its own point on every axis: the
// octave's coordinates as simplex.cpp's coordinate() reads them (octave_coordinate, the clamp, +
// 0.0), then the row path's lane functions. Quick: every coordinate within +-2^49, as the row
// path's quick chunks. `nearby`: a vector's points usually share one or two cells at this octave
// (a terrain mesh at a low frequency), so 2D looks for the cells' corners first (Simplex2Lanes).
template <int D, bool Quick, class Add>
HWY_INLINE void SimplexPointsOctave(const OctaveSetup& setup, const detail::PointBatch& batch, int padded,
                                    bool nearby, bool alone, const simplex_lanes::Gradient2Table& gradients,
                                    const Add& add) {
    const DF d;
    const std::uint32_t seed = setup.lattice->seed();
    const VF scale           = hn::Set(d, setup.scale);
    const auto coordinate    = [&](int axis, int i) {
        VF q               = hn::Mul(hn::Load(d, batch.coordinate[axis] + i), scale);
        const double shift = setup.shift[static_cast<std::size_t>(axis)];
        if (shift != 0.0) q = hn::Add(q, hn::Set(d, shift));  // octave_coordinate adds no 0
        if constexpr (!Quick) q = ClampLanes(q);
        return hn::Add(q, hn::Zero(d));
    };
    // The lanes' sums may be -0 where simplex.cpp's are +0 (Accumulate): a fractal sum erases the
    // sign, an octave's share alone (`alone`) takes the + 0, as SimplexOctave::Emit does.
    const auto hand = [&](int i, VF noise) { add(i, alone ? hn::Add(noise, hn::Zero(d)) : noise); };
    const int lanes = static_cast<int>(hn::Lanes(d));
    int i           = 0;
    if constexpr (D <= 2) {
        const auto y_at = [&](int at) { return D == 1 ? hn::Zero(d) : coordinate(1, at); };
        if (nearby) {
            simplex_lanes::CornerCache corners(seed, gradients);
            for (; i < padded; i += lanes)
                hand(i, simplex_lanes::Simplex2Lanes<Quick, true>(
                            seed, simplex_lanes::Skew2Lanes<Quick>(coordinate(0, i), y_at(i)), corners,
                            gradients));
            return;
        }
        for (; i + 2 * lanes <= padded; i += 2 * lanes) {
            VF first, second;
            simplex_lanes::Simplex2PairLanes<Quick>(seed, coordinate(0, i), y_at(i), coordinate(0, i + lanes),
                                                    y_at(i + lanes), gradients, first, second);
            hand(i, first);
            hand(i + lanes, second);
        }
        simplex_lanes::CornerCache unused(seed, gradients);
        for (; i < padded; i += lanes)
            hand(i,
                 simplex_lanes::Simplex2Lanes<Quick, false>(
                     seed, simplex_lanes::Skew2Lanes<Quick>(coordinate(0, i), y_at(i)), unused, gradients));
    } else if constexpr (D == 3) {
        for (; i < padded; i += lanes)
            hand(i,
                 simplex_lanes::BccLanes<Quick>(seed, coordinate(0, i), coordinate(1, i), coordinate(2, i)));
    } else {
        for (; i < padded; i += lanes) {
            const VF p[4] = {coordinate(0, i), coordinate(1, i), coordinate(2, i), coordinate(3, i)};
            hand(i, simplex_lanes::SkewedLanes<4, Quick>(seed, p));
        }
    }
}

// FractalNoise::layer of simplex noise over a batch (point_sum-inl.h's octave loop and sum).
template <int D>
void FillSimplexPoints(const detail::PointPlan& plan, const detail::PointBatch& batch) {
    const DF d;
    const int lanes  = static_cast<int>(hn::Lanes(d));
    const int padded = (batch.count + lanes - 1) / lanes * lanes;
    const simplex_lanes::Gradient2Table gradients;
    const double vector_reach          = point_sum::MeanStep<D>(batch) * lanes;
    const std::array<double, D> extent = point_sum::BatchExtent<D>(batch, padded);
    const bool alone                   = batch.only_octave >= 0;
    point_sum::SumOctaves(plan, batch, [&](int, const OctaveSetup& setup, const auto& add) {
        // As the row path's: a quarter of a cell or less per vector pays for looking (SharingOf).
        const bool nearby = vector_reach * std::abs(setup.scale) < 0.25;
        if (point_sum::OctaveWithin<D>(setup, extent, 0x1.0p48))  // within 2^49 after two roundings
            return SimplexPointsOctave<D, true>(setup, batch, padded, nearby, alone, gradients, add);
        SimplexPointsOctave<D, false>(setup, batch, padded, nearby, alone, gradients, add);
    });
}

detail::ResolvedPointKernel ResolveSimplexPoints(const Params& params) {
    return {ForEachDimension(params.dimension,
                             [](auto dim) -> detail::PointFn { return &FillSimplexPoints<dim()>; }),
            HWY_TARGET};
}

}  // namespace HWY_NAMESPACE
}  // namespace noise
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace noise {
HWY_EXPORT(ResolveSimplex);
HWY_EXPORT(ResolveSimplexPoints);

namespace detail {
ResolvedKernel make_simplex_kernel(const Params& params) {
    return HWY_DYNAMIC_DISPATCH(ResolveSimplex)(params);
}
ResolvedPointKernel make_simplex_point_kernel(const Params& params) {
    return HWY_DYNAMIC_DISPATCH(ResolveSimplexPoints)(params);
}
}  // namespace detail
}  // namespace noise
#endif
