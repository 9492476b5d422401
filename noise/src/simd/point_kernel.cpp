// The point kernel (point_kernel.hpp) for each Highway target: gradient, value and white noise
// at arbitrary points, one point per lane, and the factories the algorithm table calls.
//
// Each lane takes the reference's steps for its own point (perlin.cpp, value.cpp, cell_blend.hpp):
//   1. cells: octave_coordinate, clamp, floor, frac and the curve's weight, on every axis;
//   2. hashing: every lattice point around the cell, wrapped as Lattice::wrap does (true modulo
//      in doubles while tiling: exact, since every quantity is a whole number below 2^53), then
//      hashed lane-wise (hash_simd-inl.h);
//   3. the values at the points: gradient . distance, or the hashed (and smoothed) value;
//   4. the blend along x, y, z, w with per-lane weights;
// then the fractal sum in FractalNoise::layer's order (point_sum-inl.h). The octave loop runs
// outside the point loop, as in the row kernels, so an octave's constants are read once per batch.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/point_kernel.cpp"
#include "point_kernel.hpp"

#include <hwy/foreach_target.h>  // re-includes this file once per target
#include <hwy/highway.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "simd/hash_simd-inl.h"
#include "simd/lattice_simd-inl.h"
#include "simd/point_sum-inl.h"

// An octave's work at a vector is inlined into FillPoints' loop: a call per vector was about
// 10 % slower (8 warped octaves). AddressSanitizer builds keep the call: with it inlined, GCC
// had not compiled this file with the instrumentation after twelve minutes.
#ifndef NOISE_POINT_OCTAVE_INLINE
#if defined(__SANITIZE_ADDRESS__)
#define NOISE_POINT_OCTAVE_INLINE
#else
#define NOISE_POINT_OCTAVE_INLINE HWY_INLINE
#endif
#endif

HWY_BEFORE_NAMESPACE();
namespace noise {
namespace HWY_NAMESPACE {

namespace points {

using hash_lanes::GradientByteLanes;
using hash_lanes::ValueLanes;

// [SECTION] Step 1: cells --------------------------------------------------------------------

template <int D>
struct PointCells {
    VF whole[D];   // floor of the clamped coordinate
    VI index[D];   // the same as an int64 (Cell::index)
    VF frac[D];    // Cell::frac
    VF weight[D];  // blend_weight(curve, frac), or frac itself for cubic
};

HWY_INLINE VF WeightLanes(Interpolation curve, VF frac) {
    switch (curve) {
        case Interpolation::linear:
            return CurveLanes<Interpolation::linear>(frac);
        case Interpolation::cosine:
            return CurveLanes<Interpolation::cosine>(frac);
        case Interpolation::cubic:
            return frac;
        case Interpolation::quintic:
            return CurveLanes<Interpolation::quintic>(frac);
        case Interpolation::smoothstep:
            break;
    }
    return CurveLanes<Interpolation::smoothstep>(frac);
}

// octave_coordinate then cell_of, per axis, for the points i .. i + Lanes - 1. `within_quick`:
// the octave's coordinates all lie within +-2^51 (point_sum::OctaveWithin), where the clamp
// changes nothing and a floor converts by an addition; else each vector clamps and looks.
template <int D>
HWY_INLINE void CellsOfPoints(const OctaveSetup& setup, Interpolation curve, bool within_quick,
                              const double* const* coordinate, int i, PointCells<D>& cells) {
    const DF d;
    const VF quick = hn::Set(d, quick_limit);
    for (int axis = 0; axis < D; ++axis) {
        VF q               = hn::Mul(hn::Load(d, coordinate[axis] + i), hn::Set(d, setup.scale));
        const double shift = setup.shift[static_cast<std::size_t>(axis)];
        if (shift != 0.0) q = hn::Add(q, hn::Set(d, shift));  // octave_coordinate adds no 0
        if (!within_quick) q = ClampLanes(q);
        const VF whole     = hn::Floor(q);
        cells.whole[axis]  = whole;
        cells.frac[axis]   = hn::Sub(q, whole);
        cells.weight[axis] = WeightLanes(curve, cells.frac[axis]);
        cells.index[axis]  = within_quick || hn::AllTrue(d, hn::Lt(hn::Abs(whole), quick))
                                 ? CellIndexLanes<true>(whole)
                                 : CellIndexLanes<false>(whole);
    }
}

// [SECTION] Step 2: wrapping and hashing -------------------------------------------------------

// One octave's lattice, as the lanes read it.
struct OctaveLattice {
    const Lattice* lattice;
    std::int64_t period;
    bool high_bytes;  // permutation indices may pass 255 (tiling periods above 256): longer chains
    bool nearby;      // a vector's lanes often share a cell at this octave (PointCodes)
};

// Whether every lane's point lies in the same cell (then the lanes share their lattice points).
template <int D>
HWY_INLINE bool OneCell(const PointCells<D>& cells) {
    const DI di;
    auto same = hn::Eq(cells.index[0], hn::Set(di, hn::GetLane(cells.index[0])));
    for (int axis = 1; axis < D; ++axis)
        same = hn::And(same, hn::Eq(cells.index[axis], hn::Set(di, hn::GetLane(cells.index[axis]))));
    return hn::AllTrue(di, same);
}

// The last cell whose lattice points a whole vector of lanes shared, and their hash codes: the
// next vectors of a warped or turned row usually lie in it too, and then take its codes without
// wrapping or hashing again. One per octave (its lattice, period and scale). When a vector's
// lanes straddle two cells, `cell` is the last lane's and `before` holds the first lane's codes.
template <int D, int Points>
struct SharedCell {
    bool valid                   = false;
    std::int64_t cell[D]         = {};
    std::uint64_t code[Points]   = {};
    std::uint64_t before[Points] = {};
};

// How a vector's lanes hold their codes (PointCodes).
enum class LaneCells { apart, one, two };

// Lattice::point_hash with the permutation (no higher bytes) for the Span^D lattice points of one
// lane, whose wrapped indices are first[axis][k]: BlockCodes' chain with one lane. The points
// sharing their first indices share those links, and the last link takes the zero links of 1D
// and 2D with it (perm_repeated).
template <int D, int Span>
HWY_INLINE void PermutationChain(const Lattice& lattice, const std::int64_t (&first)[D][Span], unsigned* h) {
    h[0]       = 0;
    int filled = 1;
    for (int axis = 0; axis < D; ++axis) {
        const std::uint8_t* perm = hash_lanes::ChainTable<D>(lattice, axis);
        for (int k = Span - 1; k >= 0; --k)
            for (int n = filled - 1; n >= 0; --n)
                h[k * filled + n] = perm[(h[n] + static_cast<unsigned>(first[axis][k])) & 255u];
        filled *= Span;
    }
}

// Lattice::point_hash in scalar code for the Span^D lattice points of one lane, lane `lane` of
// the wrapped indices.
template <int D, int Span>
HWY_INLINE void OneLaneCodes(const OctaveLattice& octave, const VI (&wrapped)[D][Span], std::size_t lane,
                             std::uint64_t* code) {
    const Lattice& lattice = *octave.lattice;
    std::int64_t first[D][Span];
    for (int axis = 0; axis < D; ++axis)
        for (int k = 0; k < Span; ++k)
            first[axis][k] =
                lane == 0 ? hn::GetLane(wrapped[axis][k]) : hn::ExtractLane(wrapped[axis][k], lane);
    if (lattice.hash() == Hash::permutation && !octave.high_bytes) {
        unsigned h[ipow(Span, D)];
        PermutationChain<D, Span>(lattice, first, h);
        std::copy(h, h + ipow(Span, D), code);
        return;
    }
    for (int n = 0; n < ipow(Span, D); ++n) {
        std::array<std::int64_t, D> point;
        for (int axis = 0, rest = n; axis < D; ++axis, rest /= Span)
            point[static_cast<std::size_t>(axis)] = first[axis][rest % Span];
        code[n] = lattice.point_hash<D>(point);
    }
}

// Lattice::wrap for the Span^D lattice points from offset `base` on every axis, per lane.
template <int D, int Span>
HWY_INLINE void WrapBlock(const OctaveLattice& octave, const PointCells<D>& cells, int base,
                          VI (&wrapped)[D][Span]) {
    const DF d;
    const DI di;
    for (int axis = 0; axis < D; ++axis)
        for (int k = 0; k < Span; ++k) {
            const int offset = base + k;
            const VF whole = offset == 0 ? cells.whole[axis] : hn::Add(cells.whole[axis], hn::Set(d, offset));
            const VI index =
                offset == 0 ? cells.index[axis] : hn::Add(cells.index[axis], hn::Set(di, offset));
            wrapped[axis][k] = hash_lanes::WrapLanes(*octave.lattice, octave.period, whole, index);
        }
}

// The hash codes of the Span^D lattice points from offset `base` on every axis, axis 0 fastest.
// Nearby points (a warped row, a turned one: several pixels per cell at all but the finest
// octaves) often fill a whole vector from one cell: then the first lane's points are hashed
// once, Lattice::point_hash in scalar code, and broadcast, where the lanes would look up the
// same table entries one by one (LaneCells::one: `shared` holds the codes as scalars too).
// Where an octave's lanes are not `nearby` (a vector reaches a quarter of a cell or more), that
// test and the branches it takes cost more than the few shared cells save: every vector is
// hashed lane by lane there (measured on warped rows: such octaves took about a fifth less).
// With `TwoCells`, lanes astride the line between their first and last lanes' cells get those
// two cells' codes the same way (LaneCells::two: `shared`, and `in_before` marks the first
// lane's cell; `code` is left unset). That pays where the lanes would read more tables lane by
// lane (the random unit vectors), at every octave, `nearby` or not; where the lanes' own
// compares pick a gradient, working out both cells' gradients costs more than the hashing saves.
template <int D, int Span, bool TwoCells>
HWY_INLINE LaneCells PointCodes(const OctaveLattice& octave, const PointCells<D>& cells, int base, VI* code,
                                SharedCell<D, ipow(Span, D)>& shared, hn::Mask<DI>& in_before) {
    const DI di;
    constexpr int points = ipow(Span, D);
    const bool one_cell  = (octave.nearby || TwoCells) && OneCell(cells);
    if (one_cell && shared.valid) {
        bool same = true;
        for (int axis = 0; axis < D; ++axis)
            same = same && hn::GetLane(cells.index[axis]) == shared.cell[axis];
        if (same) {
            for (int n = 0; n < points; ++n) code[n] = hn::Set(di, static_cast<std::int64_t>(shared.code[n]));
            return LaneCells::one;
        }
    }
    VI wrapped[D][Span];
    WrapBlock<D, Span>(octave, cells, base, wrapped);
    if (one_cell) {
        OneLaneCodes<D, Span>(octave, wrapped, 0, shared.code);
        shared.valid = true;
        for (int axis = 0; axis < D; ++axis) shared.cell[axis] = hn::GetLane(cells.index[axis]);
        for (int n = 0; n < points; ++n) code[n] = hn::Set(di, static_cast<std::int64_t>(shared.code[n]));
        return LaneCells::one;
    }
    if constexpr (TwoCells) {
        const std::size_t last = hn::Lanes(di) - 1;
        auto in_first = hn::FirstN(di, hn::Lanes(di)), in_last = in_first;
        std::int64_t last_cell[D];
        for (int axis = 0; axis < D; ++axis) {
            last_cell[axis] = hn::ExtractLane(cells.index[axis], last);
            in_first =
                hn::And(in_first, hn::Eq(cells.index[axis], hn::Set(di, hn::GetLane(cells.index[axis]))));
            in_last = hn::And(in_last, hn::Eq(cells.index[axis], hn::Set(di, last_cell[axis])));
        }
        if (hn::AllTrue(di, hn::Or(in_first, in_last))) {
            OneLaneCodes<D, Span>(octave, wrapped, 0, shared.before);
            OneLaneCodes<D, Span>(octave, wrapped, last, shared.code);
            shared.valid = true;
            std::copy(last_cell, last_cell + D, shared.cell);
            in_before = in_first;
            return LaneCells::two;
        }
    }
    hash_lanes::BlockCodes<D, Span>(*octave.lattice, wrapped, octave.high_bytes, code);
    return LaneCells::apart;
}

// The hash codes as PointCodes gives them where the lanes lie apart: each lane its own.
template <int D, int Span>
HWY_INLINE void EachLaneCodes(const OctaveLattice& octave, const PointCells<D>& cells, int base, VI* code) {
    VI wrapped[D][Span];
    WrapBlock<D, Span>(octave, cells, base, wrapped);
    hash_lanes::BlockCodes<D, Span>(*octave.lattice, wrapped, octave.high_bytes, code);
}

// [SECTION] Step 4: the blend ----------------------------------------------------------------

// detail::blend_points with per-lane positions on every axis.
template <int D, int PerAxis>
HWY_INLINE VF BlendPointLanes(VF* values, const PointCells<D>& cells) {
    int remaining = ipow(PerAxis, D);
    for (int axis = 0; axis < D; ++axis) {
        remaining /= PerAxis;
        for (int n = 0; n < remaining; ++n) {
            if constexpr (PerAxis == 4)
                values[n] = Cubic4(values[4 * n], values[4 * n + 1], values[4 * n + 2], values[4 * n + 3],
                                   cells.frac[axis]);
            else
                values[n] = Lerp(cells.weight[axis], values[2 * n], values[2 * n + 1]);
        }
    }
    return values[0];
}

// [SECTION] Step 3: gradients (perlin.cpp's, lane-wise) ----------------------------------------

// Each gradient set twice: per lane, and for one gradient byte h that lanes share (their cell's
// codes came from SharedCell), where the choices the lanes make by compares and blends are plain
// branches (fewer instructions: measured faster than the lanes' compares on a broadcast byte)
// and the random unit vectors are read once, not lane by lane; the arithmetic on the lanes'
// distances is the same.

// Ken Perlin's grad: improved_grad3 (2D as the z = 0 slice), improved_grad4, seed 002's slope.
template <int D>
struct ImprovedPoint {
    VF operator()(VI h, const VF* dist) const { return ImprovedGradientDot<D>(h, dist); }
    VF shared(unsigned h, const VF* dist) const {
        const DF d;
        const auto sign = [](unsigned bit_set, VF v) { return bit_set ? hn::Neg(v) : v; };
        if constexpr (D == 1) {
            return hn::Mul(hn::Set(d, static_cast<double>(h) / 127.5 - 1.0), dist[0]);
        } else if constexpr (D <= 3) {
            const VF z        = D == 3 ? dist[2] : hn::Zero(d);
            const unsigned hh = h & 15u;
            const VF u        = hh < 8 ? dist[0] : dist[1];
            const VF v        = hh < 4 ? dist[1] : (hh == 12 || hh == 14 ? dist[0] : z);
            return hn::Add(sign(hh & 1u, u), sign(hh & 2u, v));
        } else {
            const unsigned zero_axis = (h >> 3) & 3u;
            const VF a               = zero_axis < 1 ? dist[1] : dist[0];
            const VF b               = zero_axis < 2 ? dist[2] : dist[1];
            const VF c               = zero_axis < 3 ? dist[3] : dist[2];
            return hn::Add(hn::Add(sign(h & 1u, a), sign(h & 2u, b)), sign(h & 4u, c));
        }
    }
};

// +-e_k: the axis from (h >> 1) % D, the sign from the low bit.
template <int D>
struct AxesPoint {
    VF operator()(VI h, const VF* dist) const {
        const DF d;
        const DI di;
        const VI half = hn::ShiftRight<1>(h);
        VI axis;
        if constexpr (D == 3) {  // h < 256: exactly, in doubles
            const VF x = hn::ConvertTo(d, half), three = hn::Set(d, 3.0);
            axis = hn::ConvertTo(di, hn::Sub(x, hn::Mul(hn::Floor(hn::Div(x, three)), three)));
        } else {
            axis = hn::And(half, hn::Set(di, D - 1));
        }
        VF chosen = dist[0];
        for (int k = 1; k < D; ++k)
            chosen = hn::IfThenElse(hn::RebindMask(d, hn::Eq(axis, hn::Set(di, k))), dist[k], chosen);
        const auto positive = hn::RebindMask(d, hn::Eq(hn::And(h, hn::Set(di, 1)), hn::Zero(di)));
        return hn::IfThenElse(positive, chosen, hn::Neg(chosen));
    }
    VF shared(unsigned h, const VF* dist) const {
        const VF chosen = dist[(h >> 1) % D];
        return h & 1u ? hn::Neg(chosen) : chosen;
    }
};

// Perlin 1985: the seed's random unit vectors, dot = ((0 + g0 d0) + g1 d1) + ...
template <int D>
struct RandomPoint {
    const double* gradients;  // Lattice::random_gradient(D, 0)
    VF operator()(VI h, const VF* dist) const {
        const DF d;
        const DI di;
        HWY_ALIGN std::int64_t at[max_lanes];
        HWY_ALIGN double g[4][max_lanes];
        hn::Store(h, di, at);
        for (std::size_t lane = 0; lane < hn::Lanes(d); ++lane)
            for (int axis = 0; axis < D; ++axis) g[axis][lane] = gradients[at[lane] * D + axis];
        VF dot = hn::Zero(d);
        for (int axis = 0; axis < D; ++axis) dot = hn::Add(dot, hn::Mul(hn::Load(d, g[axis]), dist[axis]));
        return dot;
    }
    VF shared(unsigned h, const VF* dist) const {
        const DF d;
        VF dot = hn::Zero(d);
        for (int axis = 0; axis < D; ++axis)
            dot =
                hn::Add(dot, hn::Mul(hn::Set(d, gradients[h * D + static_cast<unsigned>(axis)]), dist[axis]));
        return dot;
    }
};

// [SECTION] One octave at the lanes' points -----------------------------------------------

struct OctaveContext {
    OctaveLattice lattice;
    const double* random_gradient;
};

// An octave's noise at the lanes' points, two ways: `At` for one vector, sharing a cell's codes
// where its lanes lie in one or two cells, and `Apart` for vectors whose lanes lie apart, each
// lane with its own codes (`FromCodes`). `pairs`: whether FillPoints hands such vectors to
// Apart two at a time.
template <int D, int PerAxis, template <int> class Gradient>
struct PerlinPoints {
    static constexpr int first  = first_lattice_offset<PerAxis>;
    static constexpr int points = ipow(PerAxis, D);
    using Shared                = SharedCell<D, points>;
    // The random unit vectors share two cells' codes at every octave (PointCodes' TwoCells).
    static constexpr bool random_vectors = std::is_same_v<Gradient<D>, RandomPoint<D>>;
    static constexpr bool pairs          = !random_vectors && PerAxis == 2;

    // From the point to lattice point n of the cell's block, per axis.
    static HWY_INLINE void Distances(const PointCells<D>& cells, int n, VF* dist) {
        const DF d;
        for (int axis = 0, rest = n; axis < D; ++axis, rest /= PerAxis)
            dist[axis] = hn::Sub(cells.frac[axis], hn::Set(d, static_cast<double>(first + rest % PerAxis)));
    }

    static HWY_INLINE Gradient<D> GradientOf(const OctaveContext& octave) {
        Gradient<D> gradient{};
        if constexpr (random_vectors) gradient.gradients = octave.random_gradient;
        return gradient;
    }

    static HWY_INLINE VF FromCodes(const OctaveContext& octave, const PointCells<D>& cells, const VI* code) {
        const Gradient<D> gradient = GradientOf(octave);
        VF values[points];
        for (int n = 0; n < points; ++n) {
            VF dist[4];  // 3. FROM THE POINT TO THE CELL'S, DOTTED
            Distances(cells, n, dist);
            values[n] = gradient(GradientByteLanes(*octave.lattice.lattice, code[n]), dist);
        }
        return BlendPointLanes<D, PerAxis>(values, cells);  // 4. BLEND
    }

    static NOISE_POINT_OCTAVE_INLINE VF At(const OctaveContext& octave, const PointCells<D>& cells,
                                           Shared& shared) {
        const DF d;
        const Lattice& lattice = *octave.lattice.lattice;
        VI code[points];
        hn::Mask<DI> in_before;
        const LaneCells lanes = PointCodes<D, PerAxis, random_vectors>(octave.lattice, cells, first, code,
                                                                       shared, in_before);  // 2. HASH
        if (lanes == LaneCells::apart) return FromCodes(octave, cells, code);
        const Gradient<D> gradient = GradientOf(octave);
        VF values[points];
        for (int n = 0; n < points; ++n) {
            VF dist[4];
            Distances(cells, n, dist);
            values[n] = gradient.shared(lattice.gradient_byte(shared.code[n]), dist);
            if (lanes == LaneCells::two)
                values[n] =
                    hn::IfThenElse(hn::RebindMask(d, in_before),
                                   gradient.shared(lattice.gradient_byte(shared.before[n]), dist), values[n]);
        }
        return BlendPointLanes<D, PerAxis>(values, cells);
    }

    // At for K vectors whose lanes lie apart, stage by stage: each stage of one vector is a long
    // chain of dependent steps (the hash chain above all), and the processor overlaps the
    // vectors' chains only when their instructions come close together (8 warped octaves: about
    // 12 % faster than one vector at a time; four vectors were no faster than two).
    template <int K>
    static NOISE_POINT_OCTAVE_INLINE void Apart(const OctaveContext& octave, const PointCells<D> (&cells)[K],
                                                VF (&noise)[K]) {
        VI code[K][points];
        for (int k = 0; k < K; ++k) EachLaneCodes<D, PerAxis>(octave.lattice, cells[k], first, code[k]);
        for (int k = 0; k < K; ++k) noise[k] = FromCodes(octave, cells[k], code[k]);
    }
};

// value.cpp's smoothed_value at block point `point` (a block of Inner points per axis, inside
// a block of Inner + 2 whose values are given): the 3^D neighbourhood weighted 1/4, 1/2, 1/4.
template <int D, int Inner>
HWY_INLINE VF SmoothedPoint(const VF* lattice_values, int point) {
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
            index += (inner[axis] + rest % 3) * stride;
            w *= weight[rest % 3];
        }
        sum = hn::Add(sum, hn::Mul(hn::Set(d, w), lattice_values[index]));
    }
    return sum;
}

// Value noise (PerAxis 2 or 4) and white noise (PerAxis 1: the cell's own point, no blend).
template <int D, int PerAxis, bool Smooth>
struct ValuePoints {
    static constexpr int first  = first_lattice_offset<PerAxis>;
    static constexpr int span   = Smooth ? PerAxis + 2 : PerAxis;
    static constexpr int points = ipow(PerAxis, D);
    using Shared                = SharedCell<D, ipow(span, D)>;
    static constexpr bool pairs = false;  // measured no faster in pairs (PerlinPoints::Apart)

    static NOISE_POINT_OCTAVE_INLINE VF At(const OctaveContext& octave, const PointCells<D>& cells,
                                           Shared& shared) {
        VI code[ipow(span, D)];
        hn::Mask<DI> unused;  // two cells only with TwoCells
        PointCodes<D, span, false>(octave.lattice, cells, Smooth ? first - 1 : first, code, shared,
                                   unused);  // 2. THE POINTS'
        VF lattice_values[ipow(span, D)];    //    VALUES
        for (int n = 0; n < ipow(span, D); ++n)
            lattice_values[n] = ValueLanes(*octave.lattice.lattice, code[n]);
        VF values[points];
        for (int n = 0; n < points; ++n)
            values[n] = Smooth ? SmoothedPoint<D, PerAxis>(lattice_values, n) : lattice_values[n];
        if constexpr (PerAxis == 1) return values[0];
        return BlendPointLanes<D, PerAxis>(values, cells);  // 3. BLEND
    }
};

// [SECTION] The batch: octaves, then the fractal sum ------------------------------------------

// FractalNoise::layer over a batch: point_sum::SumOctaves, each octave's vectors found and
// measured here.
template <int D, class Octave>
void FillPoints(const detail::PointPlan& plan, const detail::PointBatch& batch) {
    const DF d;
    const int lanes  = static_cast<int>(hn::Lanes(d));
    const int padded = (batch.count + lanes - 1) / lanes * lanes;
    // A vector's reach in the batch's units; an octave's cells are 1 / scale of them.
    const double vector_reach          = point_sum::MeanStep<D>(batch) * lanes;
    const std::array<double, D> extent = point_sum::BatchExtent<D>(batch, padded);
    point_sum::SumOctaves(plan, batch, [&](int o, const OctaveSetup& setup, const auto& add_octave) {
        const Lattice& lattice = *setup.lattice;
        const OctaveContext octave{{&lattice, setup.period,
                                    lattice.hash() == Hash::permutation && setup.period != 0 &&
                                        setup.period * lattice.stride() > 256,
                                    vector_reach * std::abs(setup.scale) < 0.25},
                                   plan.random_gradients[static_cast<std::size_t>(o)]};
        const bool within_quick = point_sum::OctaveWithin<D>(setup, extent, 0.5 * quick_limit);
        int i                   = 0;
        if constexpr (Octave::pairs) {
            if (!octave.lattice.nearby)  // At would hash lane by lane: pair the vectors
                for (; i + 2 * lanes <= padded; i += 2 * lanes) {
                    PointCells<D> cells[2];
                    CellsOfPoints<D>(setup, plan.curve, within_quick, batch.coordinate, i, cells[0]);
                    CellsOfPoints<D>(setup, plan.curve, within_quick, batch.coordinate, i + lanes, cells[1]);
                    VF noise[2];
                    Octave::Apart(octave, cells, noise);
                    add_octave(i, noise[0]);
                    add_octave(i + lanes, noise[1]);
                }
        }
        typename Octave::Shared shared;
        for (; i < padded; i += lanes) {
            PointCells<D> cells;
            CellsOfPoints<D>(setup, plan.curve, within_quick, batch.coordinate, i, cells);  // 1. THE CELLS
            add_octave(i, Octave::At(octave, cells, shared));
        }
    });
}

template <class Make>
detail::ResolvedPointKernel ForPointDimension(int dimension, Make make) {
    return {ForEachDimension(dimension, [&](auto d) -> detail::PointFn { return make(d); }), HWY_TARGET};
}

template <int D, template <int> class Gradient>
detail::PointFn PerlinPointsFor(bool cubic) {
    return cubic ? &FillPoints<D, PerlinPoints<D, 4, Gradient>>
                 : &FillPoints<D, PerlinPoints<D, 2, Gradient>>;
}

template <int D>
detail::PointFn PerlinPointsForDimension(Gradients gradients, bool cubic) {
    switch (gradients) {
        case Gradients::improved:
            return PerlinPointsFor<D, ImprovedPoint>(cubic);
        case Gradients::axes:
            return PerlinPointsFor<D, AxesPoint>(cubic);
        case Gradients::random:
            return PerlinPointsFor<D, RandomPoint>(cubic);
    }
    return nullptr;
}

template <int D>
detail::PointFn ValuePointsForDimension(bool cubic, bool smooth) {
    if (cubic)
        return smooth ? &FillPoints<D, ValuePoints<D, 4, true>> : &FillPoints<D, ValuePoints<D, 4, false>>;
    return smooth ? &FillPoints<D, ValuePoints<D, 2, true>> : &FillPoints<D, ValuePoints<D, 2, false>>;
}

}  // namespace points

detail::ResolvedPointKernel ResolvePerlinPoints(const Params& params) {
    const bool cubic = params.interpolation == Interpolation::cubic;
    return points::ForPointDimension(params.dimension, [&](auto d) {
        return points::PerlinPointsForDimension<d()>(params.gradients, cubic);
    });
}

detail::ResolvedPointKernel ResolveValuePoints(const Params& params) {
    const bool cubic = params.interpolation == Interpolation::cubic;
    return points::ForPointDimension(
        params.dimension, [&](auto d) { return points::ValuePointsForDimension<d()>(cubic, params.smooth); });
}

detail::ResolvedPointKernel ResolveWhitePoints(const Params& params) {
    return points::ForPointDimension(params.dimension, [&](auto d) -> detail::PointFn {
        constexpr int D = d();
        return params.smooth ? &points::FillPoints<D, points::ValuePoints<D, 1, true>>
                             : &points::FillPoints<D, points::ValuePoints<D, 1, false>>;
    });
}

}  // namespace HWY_NAMESPACE
}  // namespace noise
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace noise {
HWY_EXPORT(ResolvePerlinPoints);
HWY_EXPORT(ResolveValuePoints);
HWY_EXPORT(ResolveWhitePoints);

namespace detail {
ResolvedPointKernel make_perlin_point_kernel(const Params& params) {
    return HWY_DYNAMIC_DISPATCH(ResolvePerlinPoints)(params);
}
ResolvedPointKernel make_value_point_kernel(const Params& params) {
    return HWY_DYNAMIC_DISPATCH(ResolveValuePoints)(params);
}
ResolvedPointKernel make_white_point_kernel(const Params& params) {
    return HWY_DYNAMIC_DISPATCH(ResolveWhitePoints)(params);
}
}  // namespace detail
}  // namespace noise
#endif
