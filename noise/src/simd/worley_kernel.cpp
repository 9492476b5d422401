// Cellular (Worley) noise on SIMD lanes: worley.cpp's search for each Highway target, and the
// factory that picks the compiled function for a configuration (algorithms.hpp).
//
// Each lane is one pixel and does the reference's own steps: the same candidate list
// (worley_cells.hpp), the same integer hash (uint32 arithmetic held in 64-bit lanes), the same
// feature point and distance operations in the same order, and the two smallest distances kept
// by Min/Max, which pick exactly the doubles std::min/std::max pick. What differs is only which
// cells are measured: the 3^D cells around the pixel's own always (the reference may skip some),
// the shells beyond skipped (or the search stopped) only when every lane may, and worley.hpp
// shows that measuring more cells or skipping such cells never changes F1 or F2. An octave that
// returns F1 alone keeps F1 alone and skips by it. So every lane equals the reference bit for bit.
//
// Along a row only x changes: the hash links of y, z, w and the gaps to the candidate cells on
// those axes are worked out once per candidate and octave (lazily, as far down the list as some
// vector reads). Where the chunk has at most two cells per pixel, each cell's feature point is
// hashed once into a table that every lane in that cell reads (with no gather: a broadcast when
// the vector lies in one cell, a lane permute when in a few, a pick from two vectors when in up
// to twice as many cells as lanes); beyond, each lane hashes its own cells, two per 64-bit
// lane. FastNoise2 measures its 3^D cells per lane with float hashes; the table is what lets
// exact doubles keep up with it at low frequencies.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/worley_kernel.cpp"
#include <hwy/foreach_target.h>  // re-includes this file once per target
#include <hwy/highway.h>

#include <algorithm>
#include <limits>
#include <vector>

#include "point_kernel.hpp"
#include "simd/lattice_simd-inl.h"
#include "simd/point_sum-inl.h"
#include "worley_cells.hpp"

HWY_BEFORE_NAMESPACE();
namespace noise {
namespace HWY_NAMESPACE {

using DU = hn::RebindToUnsigned<DF>;
using VU = hn::Vec<DU>;

// detail::mix32 on uint32 values held in the low halves of 64-bit lanes (the high halves stay
// 0): the shifts and xors are those of 64-bit lanes, the multiplies those of 32-bit lanes,
// which wrap exactly as uint32_t does.
HWY_INLINE VU Mix32Lanes(VU h) {
    const DU du;
#if HWY_TARGET == HWY_SCALAR
    // One lane, which cannot be split into 32-bit halves: the scalar mixer itself.
    return hn::Set(du, detail::mix32(static_cast<std::uint32_t>(hn::GetLane(h))));
#else
    const hn::Repartition<std::uint32_t, DU> d32;
    h = hn::Xor(h, hn::ShiftRight<16>(h));
    h = hn::BitCast(du, hn::Mul(hn::BitCast(d32, h), hn::BitCast(d32, hn::Set(du, 0x7feb352du))));
    h = hn::Xor(h, hn::ShiftRight<15>(h));
    h = hn::BitCast(du, hn::Mul(hn::BitCast(d32, h), hn::BitCast(d32, hn::Set(du, 0x846ca68bu))));
    return hn::Xor(h, hn::ShiftRight<16>(h));
#endif
}

// mix32 on both 32-bit halves of every 64-bit lane: two cells' hashes per lane, so that the
// multiplies fill the vector (Mix32Lanes leaves the high halves idle).
HWY_INLINE VU Mix32Pairs(VU h) {
    const DU du;
#if HWY_TARGET == HWY_SCALAR
    const std::uint64_t both = hn::GetLane(h);
    return hn::Set(du, std::uint64_t{detail::mix32(static_cast<std::uint32_t>(both))} |
                           std::uint64_t{detail::mix32(static_cast<std::uint32_t>(both >> 32))} << 32);
#else
    const hn::Repartition<std::uint32_t, DU> d32;
    auto v = hn::BitCast(d32, h);
    v      = hn::Xor(v, hn::ShiftRight<16>(v));
    v      = hn::Mul(v, hn::Set(d32, 0x7feb352du));
    v      = hn::Xor(v, hn::ShiftRight<15>(v));
    v      = hn::Mul(v, hn::Set(d32, 0x846ca68bu));
    return hn::BitCast(du, hn::Xor(v, hn::ShiftRight<16>(v)));
#endif
}

// 1 + u, u = (bits + 0.5) 2^-16 of feature_offset, for the 16 bits of each lane from bit First
// (0, 16, 32, 48): they become the top of the mantissa of 1.0 and a 1 bit follows them, which is
// 1 + (2 bits + 1) 2^-17 exactly. Cheaper than converting integers (AVX2 has no int64 to double).
template <int First>
HWY_INLINE VF OnePlusU(VU word) {
    const DF d;
    const DU du;
    constexpr int to = 36;  // the mantissa's bits 36 .. 51 weigh 2^-16 .. 2^-1
    VU placed;
    if constexpr (First <= to)
        placed = hn::ShiftLeft<to - First>(word);
    else
        placed = hn::ShiftRight<First - to>(word);
    placed = hn::And(placed, hn::Set(du, std::uint64_t{0xffff} << to));
    return hn::BitCast(d, hn::Or(placed, hn::Set(du, 0x3ff0000800000000ull)));  // 1.0, and 2^-17
}

// detail::feature_offset, lane-wise: 0.5 + jitter ((bits + 0.5) 2^-16 - 0.5).
HWY_INLINE VF FeatureOffsetLanes(VU bits, VF jitter) {
    const DF d;
    const VF u =
        hn::Mul(hn::Add(hn::ConvertTo(d, hn::BitCast(DI(), bits)), hn::Set(d, 0.5)), hn::Set(d, 0x1.0p-16));
    return hn::Add(hn::Set(d, 0.5), hn::Mul(jitter, hn::Sub(u, hn::Set(d, 0.5))));
}

template <CellularDistance Metric>
HWY_INLINE VF TermLanes(VF delta) {
    if constexpr (Metric == CellularDistance::euclidean) return hn::Mul(delta, delta);
    return hn::Abs(delta);
}
template <CellularDistance Metric>
HWY_INLINE VF CombineLanes(VF a, VF b) {
    if constexpr (Metric == CellularDistance::chebyshev) return hn::Max(a, b);
    return hn::Add(a, b);
}
// worley.cpp's distance_of folds the axes' terms as t0 + ((t1 + t2) + t3) (max for chebyshev):
// FoldRest is the part after t0, FoldTerms the whole; the same operations in the same order, so
// the same bits as the reference.
template <int D, CellularDistance Metric>
HWY_INLINE VF FoldRest(const VF* term) {
    static_assert(D > 1, "one axis has no rest");
    VF rest = term[1];
    for (int axis = 2; axis < D; ++axis) rest = CombineLanes<Metric>(rest, term[axis]);
    return rest;
}
template <int D, CellularDistance Metric>
HWY_INLINE VF FoldTerms(const VF* term) {
    if constexpr (D == 1)
        return term[0];
    else
        return CombineLanes<Metric>(term[0], FoldRest<D, Metric>(term));
}
template <CellularDistance Metric>
double CombineScalar(double a, double b) {
    if constexpr (Metric == CellularDistance::chebyshev) return std::max(a, b);
    return a + b;
}
template <CellularDistance Metric>
double TermScalar(double delta) {
    if constexpr (Metric == CellularDistance::euclidean) return delta * delta;
    return std::abs(delta);
}

// The entries at columns `column` (0 .. 2 lanes - 1) of the two vectors from `entry`: the
// table read of lanes that span up to twice as many cells as there are lanes (a little over a
// cell per pixel). AVX-512 picks from two vectors in one instruction; elsewhere two permutes and
// a blend.
HWY_INLINE VF LookupTwoVectors(const double* entry, VI column) {
    const DF d;
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
    return VF{_mm512_permutex2var_pd(hn::LoadU(d, entry).raw, column.raw, hn::LoadU(d, entry + 8).raw)};
#else
    const DI di;
    const int lanes  = static_cast<int>(hn::Lanes(d));  // a power of two
    const auto index = hn::IndicesFromVec(d, hn::And(column, hn::Set(di, lanes - 1)));
    const VF low     = hn::TableLookupLanes(hn::LoadU(d, entry), index);
    const VF high    = hn::TableLookupLanes(hn::LoadU(d, entry + lanes), index);
    return hn::IfThenElse(hn::RebindMask(d, hn::Gt(column, hn::Set(di, lanes - 1))), high, low);
#endif
}

// The lanes' distance to the feature point of candidate `offset` whose hash words are the half
// Half (0: low 32 bits, 1: high) of w0 and w1 (Mix32Pairs): per axis feature_offset, the
// feature point, its delta to the lane's position and the metric's term, in the reference's
// operations, folded as distance_of folds them. 1 + u less 1.5 is u - 0.5 exactly (both lie in
// [1, 2)); at jitter 1 the offset is u itself (0.5 + (u - 0.5) is exact) and k + u is
// (1 + u) + (k - 1) exactly (both sums are representable), one operation instead of four.
template <int D, CellularDistance Metric, int Half>
HWY_INLINE VF PairedDistance(const int* offset, VU w0, VU w1, VF fx, const double* row_frac, VF jitter,
                             bool jitter_one) {
    const DF d;
    VF term[D];
    for (int axis = 0; axis < D; ++axis) {
        const VU word       = axis < 2 ? w0 : w1;
        const VF one_plus_u = axis & 1 ? OnePlusU<32 * Half + 16>(word) : OnePlusU<32 * Half>(word);
        const int k         = offset[axis];
        VF feature;
        if (jitter_one) {
            feature = k == 1 ? one_plus_u : hn::Add(one_plus_u, hn::Set(d, static_cast<double>(k - 1)));
        } else {
            const VF offset_in_cell =
                hn::Add(hn::Set(d, 0.5), hn::Mul(jitter, hn::Sub(one_plus_u, hn::Set(d, 1.5))));
            feature = k == 0 ? offset_in_cell : hn::Add(hn::Set(d, static_cast<double>(k)), offset_in_cell);
        }
        term[axis] = TermLanes<Metric>(hn::Sub(feature, axis == 0 ? fx : hn::Set(d, row_frac[axis])));
    }
    return FoldTerms<D, Metric>(term);
}

// worley.cpp's axis_gap.
inline double AxisGap(int k, double f) {
    if (k > 0) return static_cast<double>(k) - f;
    if (k < 0) return f - static_cast<double>(k + 1);
    return 0.0;
}

// What a candidate cell contributes that is the same for the whole row: its hash after the
// links of y, z, w, and its gap on those axes folded as distance_of folds them.
struct RowPart {
    std::uint32_t hash;
    double rest_gap;
};

// The two nearest distances of a vector of pixels, kept as the reference keeps them. When the
// octave returns F1 alone, only F1 is kept, and it also decides what is skipped: a cell whose
// bound is not below a lane's F1 cannot lower it, so F1 is the same minimum over fewer cells.
// (A run-time flag, not a template parameter: the branch is the same for a whole octave, and a
// second copy of every search would add a minute to the build on two cores.)
struct Nearest {
    VF f1, f2;
    bool only_f1;
    hn::Mask<DF> f1_limits;  // only_f1 in every lane
    Nearest(VF infinity, bool only_f1_)
        : f1(infinity),
          f2(infinity),
          only_f1(only_f1_),
          f1_limits(hn::Eq(hn::Set(DF(), only_f1_ ? 1.0 : 0.0), hn::Set(DF(), 1.0))) {}
    // What a cell must get below to matter. (A blend, not `only_f1 ? f1 : f2`, which compilers
    // may turn into a choice of addresses that keeps both vectors in memory.)
    VF limit() const { return hn::IfThenElse(f1_limits, f1, f2); }
    void add(VF distance) {
        if (!only_f1) f2 = hn::Min(f2, hn::Max(f1, distance));
        f1 = hn::Min(f1, distance);
    }
};

// One octave's search over a chunk of a row. Run picks one of two ways of finding the feature
// points: Tabulated while the chunk has at most two cells per pixel, PerLane beyond. Both walk
// the same candidate list with Walk, and read the rows' parts (RowPart) from one lazy cache.
template <int D, CellularDistance Metric>
struct WorleyOctave {
    static void Run(const OctaveInputs& inputs) {
        WorleyOctave octave(inputs);
        const std::int64_t spread =
            inputs.cell_x[inputs.padded - 1] - inputs.cell_x[0];  // cells ascend along the row
        if (spread <= 2 * static_cast<std::int64_t>(inputs.padded))
            octave.Tabulated(spread);
        else
            octave.PerLane();
    }

    // The feature points of the cells within `reach` of the chunk's cells along x, per row of
    // candidates (their offsets on y, z, w), filled the first time a vector reads that row: for
    // each column (x cell) the feature point's offset inside its cell along x, and the folded
    // terms of the other axes (`rest` in distance_of), which do not depend on the pixel. Used
    // while the chunk has at most two cells per pixel: a cell's hash then serves every lane that
    // reads it (a hundred at the lowest frequencies) instead of being worked out per lane, and a
    // vector's lanes mostly lie in one cell (a broadcast) or a few neighbouring ones (one load and
    // one lane permute). Beyond two cells per pixel the columns between the pixels would be
    // hashed for nothing: each lane hashes its own cells.
    static constexpr int reach = D + 1;  // the candidates' largest |offset| on any axis
    static constexpr int side  = 2 * reach + 1;
    static constexpr int keys  = ipow(side, D - 1);  // rows of candidates, by their offsets on y, z, w
    // The first shell: the list's first 3^D cells (floor_bound 0 exactly when |k| <= 1 on every axis).
    static constexpr std::size_t first_shell = ipow(3, D);

    static int row_key(const detail::WorleyCandidate& c) {
        int key = 0;
        for (int axis = D - 1; axis >= 1; --axis) key = key * side + (c.offset[axis] + reach);
        return key;
    }

    // [SECTION] What both ways share -------------------------------------------------------------

    const DF d;
    const DI di;
    const DU du;
    const OctaveInputs& in;
    const int lanes;
    const detail::KernelPlan& plan;
    const std::span<const detail::WorleyCandidate> candidates;
    const std::uint32_t seed_hash;
    const std::int64_t period;
    const std::int64_t wrap;  // wrap_index's modulus
    const double scale;
    const VF jitter;
    const VF infinity;
    const bool only_f1;
    std::vector<RowPart> row;
    std::vector<char> row_done;

    explicit WorleyOctave(const OctaveInputs& in_)
        : in(in_),
          lanes(static_cast<int>(hn::Lanes(d))),
          plan(*in_.plan),
          candidates(detail::worley_candidates(D, Metric)),
          seed_hash(detail::worley_seed_hash(in_.lattice->seed())),
          period(in_.period),
          wrap(period != 0 ? period : 256),
          scale(detail::worley_scale(D, Metric, plan.cellular_return)),
          jitter(hn::Set(d, plan.cellular_jitter)),
          infinity(hn::Set(d, std::numeric_limits<double>::infinity())),
          only_f1(plan.cellular_return == CellularReturn::f1),
          row(candidates.size()),
          row_done(candidates.size(), 0) {}

    // Candidate j's part that is the same for the whole row, worked out the first time it is read.
    const RowPart& row_part(std::size_t j) {
        if (!row_done[j]) {
            const detail::WorleyCandidate& c = candidates[j];
            std::uint32_t h                  = seed_hash;
            for (int axis = D - 1; axis >= 1; --axis)
                h = detail::worley_link(h, wrap_index(in.row.cell[axis].index + c.offset[axis], period));
            double rest = 0.0;
            if constexpr (D > 1) {
                rest = TermScalar<Metric>(AxisGap(c.offset[1], in.row.cell[1].frac));
                for (int axis = 2; axis < D; ++axis)
                    rest = CombineScalar<Metric>(
                        rest, TermScalar<Metric>(AxisGap(c.offset[axis], in.row.cell[axis].frac)));
            }
            row[j]      = {h, rest};
            row_done[j] = 1;
        }
        return row[j];
    }

    // The per-candidate walk shared by both ways of finding the feature points. The list opens
    // with the 3^D cells around the pixel's own (floor bound 0), which nearly every lane needs:
    // they are measured without bound tests, near(j) giving the lanes' distances to the
    // feature points of candidate j. The shells beyond follow only while some lane's limit
    // exceeds their bound (rare for F1), with worley.cpp's tests and stop, vector-wide;
    // far(j, c, part) gives their distances. Measuring a cell the reference skips cannot
    // change the two smallest distances, so the bits are the reference's.
    template <typename Near, typename Far>
    HWY_INLINE void Walk(int i, VF fx, Near&& near, Far&& far) {
        Nearest nearest = near(Nearest(infinity, only_f1));
        double shell = 0.0, widest = 0.0;
        for (std::size_t j = first_shell; j < candidates.size(); ++j) {
            const detail::WorleyCandidate& c = candidates[j];
            if (c.floor_bound != shell) {  // a new shell: are any lanes still looking?
                shell  = c.floor_bound;
                widest = hn::GetLane(hn::MaxOfLanes(d, nearest.limit()));
            }
            if (c.floor_bound >= widest) break;
            const RowPart& part = row_part(j);
            const int kx        = c.offset[0];
            VF gap              = hn::Zero(d);
            if (kx > 0) gap = hn::Sub(hn::Set(d, static_cast<double>(kx)), fx);
            if (kx < 0) gap = hn::Sub(fx, hn::Set(d, static_cast<double>(kx + 1)));
            VF bound = TermLanes<Metric>(gap);
            if constexpr (D > 1) bound = CombineLanes<Metric>(bound, hn::Set(d, part.rest_gap));
            if (hn::AllTrue(d, hn::Ge(bound, nearest.limit()))) continue;
            nearest.add(far(j, c, part));
        }
        VF f1 = nearest.f1, f2 = nearest.f2;
        if constexpr (Metric == CellularDistance::euclidean) {
            f1 = hn::Sqrt(f1);
            if (!only_f1) f2 = hn::Sqrt(f2);
        }
        const VF value = plan.cellular_return == CellularReturn::f1   ? f1
                         : plan.cellular_return == CellularReturn::f2 ? f2
                                                                      : hn::Sub(f2, f1);
        EmitLanes(in, i, hn::Mul(value, hn::Set(d, scale)));
    }

    // [SECTION] The tabulated way ----------------------------------------------------------------

    // The lanes' distance to a feature point, from the offset along x of the feature point
    // inside its cell and the folded terms of the other axes: (kx + offset) - fx, its term,
    // joined to `rest` last, as distance_of does.
    HWY_INLINE VF DistanceFrom(int kx, VF offset_x, VF fx, VF rest) const {
        const VF term =
            TermLanes<Metric>(hn::Sub(hn::Add(hn::Set(d, static_cast<double>(kx)), offset_x), fx));
        if constexpr (D == 1)
            return term;
        else
            return CombineLanes<Metric>(term, rest);
    }

    // Columns 0 .. count: cells first_cell - reach ... One row of the table holds, for candidate
    // rows (offsets on y, z, w), each column's feature offset along x, then (stride later) its
    // folded rest.
    void Tabulated(std::int64_t spread) {
        const std::int64_t first_cell = in.cell_x[0];
        const int count               = static_cast<int>(spread) + 2 * reach + 1;
        const int stride = (count + 2 * max_lanes) / lanes * lanes;  // room for whole-vector reads
        HWY_ALIGN std::int64_t wrapped[2 * padded_capacity + 4 * max_lanes];
        // The wrapped index repeats every `wrap` columns: hash one period, copy the rest.
        const int distinct = static_cast<int>(std::min<std::int64_t>(count, wrap));
        for (int k = 0; k < distinct; ++k) wrapped[k] = wrap_index(first_cell - reach + k, period);
        for (int k = distinct; k < distinct + lanes; ++k) wrapped[k] = 0;  // the last vector's tail
        std::vector<int> slot(static_cast<std::size_t>(keys), -1);         // a row's place in `table`
        std::vector<double> table;
        // Room for every row: pointers into the table stay valid while rows are added.
        table.reserve(static_cast<std::size_t>(keys) * 2 * static_cast<std::size_t>(stride));
        const auto row_of = [&](const detail::WorleyCandidate& c, const RowPart& part) {
            int& at = slot[static_cast<std::size_t>(row_key(c))];
            if (at < 0) {
                at = static_cast<int>(table.size());
                table.resize(table.size() + 2 * static_cast<std::size_t>(stride));
                FillRow(c, part, wrapped, distinct, count, table.data() + at, table.data() + at + stride);
            }
            return table.data() + at;
        };

        // A candidate's entries for a lane whose cell is first_cell + k: entry[k], entry[k + stride].
        const auto entry_of = [&](const detail::WorleyCandidate& c, const RowPart& part) {
            return row_of(c, part) + reach + c.offset[0];
        };
        const double* near_entry[first_shell];
        for (std::size_t j = 0; j < first_shell; ++j) near_entry[j] = entry_of(candidates[j], row_part(j));

            // The table's reads are few and cheap next to the search: on AVX-512 a search of its own
            // keeps each way's vectors in registers (inlined into one function, they were spilled).
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
        const auto table_search = [&](int i, VF fx, auto&& near, auto&& far)
                                      HWY_NOINLINE { Walk(i, fx, near, far); };
#else  // measured: on AVX2 inlining is the faster
        const auto table_search = [&](int i, VF fx, auto&& near, auto&& far) { Walk(i, fx, near, far); };
#endif
        // The search for the lanes from i, with `at(entry, kx)` reading a candidate's distance
        // from its table entries in one of the ways below.
        const auto search_with = [&](int i, VF fx, const auto& at) {
            table_search(
                i, fx,
                [&](Nearest nearest) {
                    for (std::size_t j = 0; j < first_shell; ++j)
                        nearest.add(at(near_entry[j], candidates[j].offset[0]));
                    return nearest;
                },
                [&](std::size_t, const detail::WorleyCandidate& c, const RowPart& part) {
                    return at(entry_of(c, part), c.offset[0]);
                });
        };

        for (int i = 0; i < in.padded; i += lanes) {
            const VF fx              = hn::Load(d, in.frac_x + i);
            const std::int64_t lo    = in.cell_x[i];
            const std::int64_t apart = in.cell_x[i + lanes - 1] - lo;
            const auto k             = static_cast<std::size_t>(lo - first_cell);  // the lanes' first column
            if (apart == 0) {
                // One cell for all lanes (the usual case at low frequencies): scalars.
                const auto at = [&](const double* entry, int kx) {
                    return DistanceFrom(kx, hn::Set(d, entry[k]), fx,
                                        hn::Set(d, entry[k + static_cast<std::size_t>(stride)]));
                };
                search_with(i, fx, at);
            } else if (apart < lanes) {
                // A few neighbouring cells: one permute of one vector of the table.
                const VI local   = hn::Sub(hn::Load(di, in.cell_x + i), hn::Set(di, lo));
                const auto index = hn::IndicesFromVec(d, local);
                const auto at    = [&](const double* entry, int kx) {
                    return DistanceFrom(kx, hn::TableLookupLanes(hn::LoadU(d, entry + k), index), fx,
                                           hn::TableLookupLanes(hn::LoadU(d, entry + k + stride), index));
                };
                search_with(i, fx, at);
            } else if (apart < 2 * lanes) {
                // A little over a cell per pixel: a pick from two vectors of the table.
                const VI local = hn::Sub(hn::Load(di, in.cell_x + i), hn::Set(di, lo));
                const auto at  = [&](const double* entry, int kx) {
                    return DistanceFrom(kx, LookupTwoVectors(entry + k, local), fx,
                                         LookupTwoVectors(entry + k + stride, local));
                };
                search_with(i, fx, at);
            } else {
                HWY_ALIGN double lane_offset[max_lanes], lane_rest[max_lanes];
                const auto at = [&](const double* entry, int kx) {
                    for (int lane = 0; lane < lanes; ++lane) {
                        const auto col    = static_cast<std::size_t>(in.cell_x[i + lane] - first_cell);
                        lane_offset[lane] = entry[col];
                        lane_rest[lane]   = entry[col + static_cast<std::size_t>(stride)];
                    }
                    return DistanceFrom(kx, hn::Load(d, lane_offset), fx, hn::Load(d, lane_rest));
                };
                search_with(i, fx, at);
            }
        }
    }

    // One row of the table: the feature points of candidate row c (part: its hash after the links
    // of y, z, w) at the columns' wrapped x indices, hashed for one period and copied beyond.
    void FillRow(const detail::WorleyCandidate& c, const RowPart& part, const std::int64_t* wrapped,
                 int distinct, int count, double* offset_x, double* rest) const {
        const VU row_hash = hn::Set(du, part.hash);
        for (int k = 0; k < distinct; k += lanes) {
            const VU bits  = hn::BitCast(du, hn::LoadU(di, wrapped + k));
            VU h           = hn::Xor(row_hash, hn::And(bits, hn::Set(du, 0xffffffffu)));
            h              = hn::Xor(Mix32Lanes(h), hn::ShiftRight<32>(bits));
            const VU word0 = Mix32Lanes(h);
            VU word1       = word0;
            if constexpr (D > 2) word1 = Mix32Lanes(hn::Xor(word0, hn::Set(du, 0x68e31da4u)));
            VF term[D];
            for (int axis = 0; axis < D; ++axis) {
                const VU word  = axis < 2 ? word0 : word1;
                const VU field = hn::And(axis & 1 ? hn::ShiftRight<16>(word) : word, hn::Set(du, 0xffffu));
                const VF feature_offset = FeatureOffsetLanes(field, jitter);
                if (axis == 0) {
                    hn::StoreU(feature_offset, d, offset_x + k);
                    continue;
                }
                const VF feature = hn::Add(hn::Set(d, static_cast<double>(c.offset[axis])), feature_offset);
                term[axis]       = TermLanes<Metric>(hn::Sub(feature, hn::Set(d, in.row.cell[axis].frac)));
            }
            if constexpr (D > 1) hn::StoreU(FoldRest<D, Metric>(term), d, rest + k);
        }
        for (int k = distinct; k < count; k += distinct) {  // whole periods at a time
            const int n = std::min(distinct, count - k);
            std::copy_n(offset_x + k - distinct, n, offset_x + k);
            std::copy_n(rest + k - distinct, n, rest + k);
        }
    }

    // [SECTION] The per-lane way -----------------------------------------------------------------

    // More than two cells per pixel: each lane hashes its own cells, two candidates at a time
    // (Mix32Pairs), and builds each feature point from its hash bits (OnePlusU) rather than
    // converting them.
    void PerLane() {
        HWY_ALIGN std::int64_t wrapped_x[padded_capacity];
        for (int i = 0; i < in.padded; ++i) wrapped_x[i] = wrap_index(in.cell_x[i], period);
        HWY_ALIGN std::int64_t lane_index[max_lanes];
        const bool wide       = wrap > (std::int64_t{1} << 32);  // indices with a high word
        const bool jitter_one = plan.cellular_jitter == 1.0;
        std::array<double, 4> row_frac{};  // the row's position in its cell on y, z, w
        for (int axis = 1; axis < D; ++axis)
            row_frac[static_cast<std::size_t>(axis)] = in.row.cell[axis].frac;
        // The two hash words of candidates a and b (the halves of each lane) at the lanes' wrapped
        // x indices xa and xb: worley_link's x link, worley_word0, worley_word1.
        const auto pair_words = [&](VU xa, VU xb, std::uint32_t hash_a, std::uint32_t hash_b, VU& w0,
                                    VU& w1) {
            const VU rows = hn::Set(du, std::uint64_t{hash_a} | std::uint64_t{hash_b} << 32);
            if (!wide) {
                w0 = Mix32Pairs(Mix32Pairs(hn::Xor(hn::Or(xa, hn::ShiftLeft<32>(xb)), rows)));
            } else {
                const VU low_word = hn::Set(du, 0xffffffffu);
                const VU low      = hn::Or(hn::And(xa, low_word), hn::ShiftLeft<32>(xb));
                const VU high     = hn::Or(hn::ShiftRight<32>(xa), hn::AndNot(low_word, xb));
                w0                = Mix32Pairs(hn::Xor(Mix32Pairs(hn::Xor(low, rows)), high));
            }
            w1 = w0;
            if constexpr (D > 2) w1 = Mix32Pairs(hn::Xor(w0, hn::Set(du, 0x68e31da468e31da4ull)));
        };
        // The lanes' wrapped x index of their cell + kx: one correction while |kx| <= period.
        const auto x_index = [&](int i, VI base_index, int kx) -> VU {
            if (kx == 0) return hn::BitCast(du, base_index);
            if (kx <= wrap && -kx <= wrap) {
                const VI modulus = hn::Set(di, wrap);
                VI index         = hn::Add(base_index, hn::Set(di, kx));
                index = hn::IfThenElse(hn::Lt(index, hn::Zero(di)), hn::Add(index, modulus), index);
                index = hn::IfThenElse(hn::Lt(index, modulus), index, hn::Sub(index, modulus));
                return hn::BitCast(du, index);
            }
            for (int lane = 0; lane < lanes; ++lane)  // tiny periods (a tile of 1 or 2 cells)
                lane_index[lane] = wrap_index(in.cell_x[i + lane] + kx, period);
            return hn::BitCast(du, hn::Load(di, lane_index));
        };
        const auto distance = [&](auto half, const detail::WorleyCandidate& c, VU w0, VU w1, VF fx) {
            return PairedDistance<D, Metric, decltype(half)::value>(c.offset.data(), w0, w1, fx,
                                                                    row_frac.data(), jitter, jitter_one);
        };

        std::uint32_t near_hash[first_shell];
        for (std::size_t j = 0; j < first_shell; ++j) near_hash[j] = row_part(j).hash;
        const std::integral_constant<int, 0> low_half;
        const std::integral_constant<int, 1> high_half;
        // The near cells go two to a hash (Mix32Pairs), and there are 3^D of them, an odd number:
        // the last one of a vector shares its hash with the last one of the next vector. (F1 and
        // F2 are the two smallest distances whatever order they come in.)
        constexpr std::size_t last               = first_shell - 1;
        const detail::WorleyCandidate& last_cell = candidates[last];
        for (int i = 0; i < in.padded; i += 2 * lanes) {
            const int vectors = i + lanes < in.padded ? 2 : 1;
            VF fx[2];
            VI base_index[2];
            VU near_x[2][3];
            for (int v = 0; v < vectors; ++v) {
                fx[v]         = hn::Load(d, in.frac_x + i + v * lanes);
                base_index[v] = hn::Load(di, wrapped_x + i + v * lanes);
                for (int kx = -1; kx <= 1; ++kx)
                    near_x[v][kx + 1] = x_index(i + v * lanes, base_index[v], kx);
            }
            const int other = vectors - 1;  // the next vector, or this one again at the row's end
            VU w0, w1;
            pair_words(near_x[0][last_cell.offset[0] + 1], near_x[other][last_cell.offset[0] + 1],
                       near_hash[last], near_hash[last], w0, w1);
            const VF last_distance[2] = {distance(low_half, last_cell, w0, w1, fx[0]),
                                         distance(high_half, last_cell, w0, w1, fx[other])};
            for (int v = 0; v < vectors; ++v) {
                const int at    = i + v * lanes;
                const auto near = [&](Nearest nearest) {
                    for (std::size_t a = 0; a < last; a += 2) {  // pairs in list order
                        const detail::WorleyCandidate &ca = candidates[a], &cb = candidates[a + 1];
                        VU pair0, pair1;
                        pair_words(near_x[v][ca.offset[0] + 1], near_x[v][cb.offset[0] + 1], near_hash[a],
                                   near_hash[a + 1], pair0, pair1);
                        nearest.add(distance(low_half, ca, pair0, pair1, fx[v]));
                        nearest.add(distance(high_half, cb, pair0, pair1, fx[v]));
                    }
                    nearest.add(last_distance[v]);
                    return nearest;
                };
                Walk(at, fx[v], near,
                     [&](std::size_t, const detail::WorleyCandidate& c, const RowPart& part) {
                         const VU x = x_index(at, base_index[v], c.offset[0]);
                         VU far0, far1;
                         pair_words(x, x, part.hash, part.hash, far0, far1);
                         return distance(low_half, c, far0, far1, fx[v]);
                     });
            }
        }
    }
};

template <int D>
detail::ChunkFn WorleyForDimension(CellularDistance metric) {
    switch (metric) {
        case CellularDistance::euclidean:
            return &FillChunk<WorleyOctave<D, CellularDistance::euclidean>>;
        case CellularDistance::manhattan:
            return &FillChunk<WorleyOctave<D, CellularDistance::manhattan>>;
        case CellularDistance::chebyshev:
            break;
    }
    return &FillChunk<WorleyOctave<D, CellularDistance::chebyshev>>;
}

detail::ResolvedKernel ResolveWorley(const Params& params) {
    return ForDimension(params.dimension,
                        [&](auto d) { return WorleyForDimension<d()>(params.cellular_distance); });
}

// [SECTION] Points: one point per lane (point_kernel.hpp) ----------------------------------------

// One link of worley.cpp's hash chain: the lanes' hash so far mixed with their cell index plus
// `offset` on one axis, wrapped to 0 .. 255 (the high word is 0).
HWY_INLINE VU Link(VU h, VI index, int offset) {
    const DI di;
    const DU du;
    const VI wrapped = hn::And(hn::Add(index, hn::Set(di, offset)), hn::Set(di, 255));
    return Mix32Lanes(hn::Xor(h, hn::BitCast(du, wrapped)));
}

// The chain's links over every axis but x for the cells offset by -1, 0 or 1 on each of them,
// computed once a vector (3^(D-1) of them, numbered with the highest axis's offset + 1 as the
// leading base-3 digit): the candidates within them then add only their x link, two mixes fewer
// in 3D, and those links, independent of each other, overlap where a candidate's chain waits on
// each multiply in turn.
template <int D>
struct NearLinks {
    static constexpr int count = D == 1 ? 1 : D == 2 ? 3 : D == 3 ? 9 : 27;
    VU links[count];
    NearLinks(VU first, const VI* index) {
        links[0]   = first;
        int filled = 1;
        for (int axis = D - 1; axis >= 1; --axis, filled *= 3)
            for (int j = filled - 1; j >= 0; --j) {  // from the end: slot j is read before 3j.. are written
                const VU base = links[j];
                for (int k = -1; k <= 1; ++k) links[3 * j + k + 1] = Link(base, index[axis], k);
            }
    }
};

// worley.cpp's search with each lane at its own point on every axis (no row to share, no table):
// the lane's cell (octave_coordinate, clamp, floor), the candidate list in its order, each cell's
// hash chained over its wrapped indices (& 255: the factory compiles untiled octaves only), its
// feature point and distance in the reference's operations, F1 and F2 kept by Min and Max, which
// pick the two smallest distances whatever the order the cells come in. So the cells come in
// PointSearchOrder's order, the point's own cell first and its faces before its corners, which
// finds a small F2 early; every cell but the own one is skipped (or the search stopped) only when
// every lane may: worley.hpp shows that measuring more cells never changes F1 or F2 (and a cell
// whose bound reaches F1 never changes F1: with F1 alone the search stops there). Quick: every
// coordinate within +-2^51 (the exact quick conversion).
template <int D, CellularDistance Metric, bool Quick>
HWY_INLINE VF WorleyPointLanes(const OctaveSetup& setup, const detail::PointBatch& batch, int i,
                               std::span<const detail::WorleyCandidate> candidates, VF jitter,
                               CellularReturn cellular_return, double normalisation) {
    const DF d;
    const DU du;
    VF frac[D];
    VI index[D];
    for (int axis = 0; axis < D; ++axis) {  // 1. THE CELL
        VF q               = hn::Mul(hn::Load(d, batch.coordinate[axis] + i), hn::Set(d, setup.scale));
        const double shift = setup.shift[static_cast<std::size_t>(axis)];
        if (shift != 0.0) q = hn::Add(q, hn::Set(d, shift));  // octave_coordinate adds no 0
        if constexpr (!Quick) q = ClampLanes(q);
        const VF whole = hn::Floor(q);
        frac[axis]     = hn::Sub(q, whole);
        index[axis]    = CellIndexLanes<Quick>(whole);
    }
    const VF zero = hn::Zero(d), half = hn::Set(d, 0.5), one_and_half = hn::Set(d, 1.5);
    VF f1 = hn::Set(d, std::numeric_limits<double>::infinity()), f2 = f1;
    const VU first = hn::Set(du, detail::worley_seed_hash(setup.lattice->seed()));
    const NearLinks<D> above(first, index);
    // F1 alone: the search stops at the nearest distance so far, not the second (the same minimum).
    const bool needs_f2 = cellular_return != CellularReturn::f1;
    for (const detail::WorleyCandidate& c : candidates) {
        const VF limit = needs_f2 ? f2 : f1;  // 2. THE CELLS THAT CAN STILL MATTER (a bound of 0, the
        // 3^D cells', stops nothing the gap's test below would not skip)
        if (c.floor_bound > 0.0 && hn::AllFalse(d, hn::Lt(hn::Set(d, c.floor_bound), limit))) break;
        if (&c != candidates.data()) {  // all but the own cell, which comes first
            VF gap[D];
            for (int axis = 0; axis < D; ++axis) {  // worley.cpp's axis_gap
                const int k = c.offset[static_cast<std::size_t>(axis)];
                gap[axis]   = TermLanes<Metric>(k > 0   ? hn::Sub(hn::Set(d, k), frac[axis])
                                                : k < 0 ? hn::Sub(frac[axis], hn::Set(d, k + 1))
                                                        : zero);
            }
            if (hn::AllFalse(d, hn::Lt(FoldTerms<D, Metric>(gap), limit))) continue;
        }
        // 3. ITS FEATURE POINT: the links over w, z, y (NearLinks' when the cell lies within one
        // of the point's on each), then x's
        int near    = 0;
        bool within = true;
        for (int axis = D - 1; axis >= 1 && within; --axis) {
            const int k = c.offset[static_cast<std::size_t>(axis)];
            within      = k >= -1 && k <= 1;
            near        = near * 3 + k + 1;
        }
        VU h = within ? above.links[near] : first;
        for (int axis = within ? 0 : D - 1; axis >= 0; --axis)
            h = Link(h, index[axis], c.offset[static_cast<std::size_t>(axis)]);
        const VU word0 = Mix32Lanes(h);
        const VU word1 = D > 2 ? Mix32Lanes(hn::Xor(word0, hn::Set(du, 0x68e31da4u))) : hn::Zero(du);
        VF term[D];
        for (int axis = 0; axis < D; ++axis) {
            // feature_offset's 0.5 + jitter (u - 0.5), u - 0.5 taken as (1 + u) - 1.5, exactly the
            // same double (OnePlusU), without AVX2's missing conversion of int64 lanes to doubles.
            const VU word         = axis < 2 ? word0 : word1;
            const VF one_plus_u   = axis % 2 == 0 ? OnePlusU<0>(word) : OnePlusU<16>(word);
            const VF offset_in_it = hn::Add(half, hn::Mul(jitter, hn::Sub(one_plus_u, one_and_half)));
            const VF feature = hn::Add(hn::Set(d, c.offset[static_cast<std::size_t>(axis)]), offset_in_it);
            term[axis]       = TermLanes<Metric>(hn::Sub(feature, frac[axis]));
        }
        const VF dist = FoldTerms<D, Metric>(term);  // 4. KEEP THE TWO NEAREST
        f2            = hn::Min(f2, hn::Max(f1, dist));
        f1            = hn::Min(f1, dist);
    }
    if constexpr (Metric == CellularDistance::euclidean) {  // the square roots, correctly rounded
        f1 = hn::Sqrt(f1);
        f2 = hn::Sqrt(f2);
    }
    const VF value = cellular_return == CellularReturn::f1   ? f1
                     : cellular_return == CellularReturn::f2 ? f2
                                                             : hn::Sub(f2, f1);
    return hn::Mul(value, hn::Set(d, normalisation));
}

// The candidate list (worley_candidates) for the points' search: still by bound, the search's
// stop needs that, and among equal bounds by the number of axes the cell is offset along, so the
// own cell (no offset) comes first, then the cells sharing a face with it, then the others.
template <int D, CellularDistance Metric>
std::span<const detail::WorleyCandidate> PointSearchOrder() {
    static const std::vector<detail::WorleyCandidate> order = [] {
        const auto list = detail::worley_candidates(D, Metric);
        std::vector<detail::WorleyCandidate> sorted(list.begin(), list.end());
        const auto offset_axes = [](const detail::WorleyCandidate& c) {
            return std::count_if(c.offset.begin(), c.offset.end(), [](int k) { return k != 0; });
        };
        std::stable_sort(sorted.begin(), sorted.end(), [&](const auto& a, const auto& b) {
            return a.floor_bound < b.floor_bound ||
                   (a.floor_bound == b.floor_bound && offset_axes(a) < offset_axes(b));
        });
        return sorted;
    }();
    return order;
}

// The batch's points grouped by the corner of its cell each lies in at an octave (the half of the
// cell along each axis): a vector's lanes then need about the same neighbours, and the search,
// which goes on while any lane needs a cell, stops about where one lane's would (scattered points
// otherwise keep a vector searching for its slowest lane). A lane's value never depends on the
// other lanes', so the order changes the time, not the bits. The padding stays where it is.
template <int D>
class CornerGroups {
  public:
    CornerGroups(const detail::PointBatch& batch, int padded) : batch_(batch), padded_(padded) {
        for (int axis = 0; axis < D; ++axis) grouped_.coordinate[axis] = coordinate_[axis];
        grouped_.count       = batch.count;
        grouped_.only_octave = batch.only_octave;
        grouped_.out         = nullptr;
    }

    // Regroups the points for `setup`'s octave; returns the batch in that order.
    const detail::PointBatch& regroup(const OctaveSetup& setup) {
        std::array<int, (1 << D) + 1> start{};
        for (int i = 0; i < batch_.count; ++i) {
            corner_[i] = CornerOf(setup, i);
            ++start[static_cast<std::size_t>(corner_[i]) + 1];
        }
        for (std::size_t k = 1; k < start.size(); ++k) start[k] += start[k - 1];
        for (int i = 0; i < padded_; ++i) {
            const int at = i < batch_.count ? start[static_cast<std::size_t>(corner_[i])]++ : i;
            origin_[at]  = i;
            for (int axis = 0; axis < D; ++axis) coordinate_[axis][at] = batch_.coordinate[axis][i];
        }
        return grouped_;
    }

    // Puts the values computed in the grouped order back in the batch's.
    void restore(const double* grouped_values, double* values) const {
        for (int at = 0; at < padded_; ++at) values[origin_[at]] = grouped_values[at];
    }

  private:
    // Which half of its cell the point lies in along each axis, one bit an axis (NaN: 0).
    int CornerOf(const OctaveSetup& setup, int i) const {
        int corner = 0;
        for (int axis = 0; axis < D; ++axis) {
            const double q =
                batch_.coordinate[axis][i] * setup.scale + setup.shift[static_cast<std::size_t>(axis)];
            if (q - std::floor(q) >= 0.5) corner |= 1 << axis;
        }
        return corner;
    }

    const detail::PointBatch& batch_;
    int padded_;
    detail::PointBatch grouped_{};
    HWY_ALIGN double coordinate_[D][detail::point_capacity];
    int origin_[detail::point_capacity];
    int corner_[detail::point_capacity];
};

// FractalNoise::layer of cellular noise over a batch (point_sum-inl.h's octave loop and sum).
template <int D, CellularDistance Metric>
void FillWorleyPoints(const detail::PointPlan& plan, const detail::PointBatch& batch) {
    const DF d;
    const int lanes                    = static_cast<int>(hn::Lanes(d));
    const int padded                   = (batch.count + lanes - 1) / lanes * lanes;
    const std::array<double, D> extent = point_sum::BatchExtent<D>(batch, padded);
    const auto candidates              = PointSearchOrder<D, Metric>();
    const VF jitter                    = hn::Set(d, plan.cellular_jitter);
    const double normalisation         = detail::worley_scale(D, Metric, plan.cellular_return);
    // A vector's reach in the batch's units (an octave's cells are 1 / scale of them): lanes a
    // cell or more apart are grouped by corner; nearby lanes share their cells as they come.
    const double vector_reach = point_sum::MeanStep<D>(batch) * lanes;
    CornerGroups<D> groups(batch, padded);
    HWY_ALIGN double grouped_values[detail::point_capacity];
    HWY_ALIGN double values[detail::point_capacity];
    point_sum::SumOctaves(plan, batch, [&](int, const OctaveSetup& setup, const auto& add) {
        const bool quick    = point_sum::OctaveWithin<D>(setup, extent, 0.5 * quick_limit);  // any order
        const auto lanes_at = [&](const detail::PointBatch& points, int i) {
            return quick ? WorleyPointLanes<D, Metric, true>(setup, points, i, candidates, jitter,
                                                             plan.cellular_return, normalisation)
                         : WorleyPointLanes<D, Metric, false>(setup, points, i, candidates, jitter,
                                                              plan.cellular_return, normalisation);
        };
        if (!(vector_reach * std::abs(setup.scale) >= 1.0)) {
            for (int i = 0; i < padded; i += lanes) add(i, lanes_at(batch, i));
            return;
        }
        const detail::PointBatch& grouped = groups.regroup(setup);
        for (int i = 0; i < padded; i += lanes) hn::Store(lanes_at(grouped, i), d, grouped_values + i);
        groups.restore(grouped_values, values);
        for (int i = 0; i < padded; i += lanes) add(i, hn::Load(d, values + i));
    });
}

template <int D>
detail::PointFn WorleyPointsForDimension(CellularDistance metric) {
    switch (metric) {
        case CellularDistance::euclidean:
            return &FillWorleyPoints<D, CellularDistance::euclidean>;
        case CellularDistance::manhattan:
            return &FillWorleyPoints<D, CellularDistance::manhattan>;
        case CellularDistance::chebyshev:
            break;
    }
    return &FillWorleyPoints<D, CellularDistance::chebyshev>;
}

// Untiled configurations only: a tiled octave's true modulo per lane is left to the reference.
detail::ResolvedPointKernel ResolveWorleyPoints(const Params& params) {
    if (params.tile != 0 || params.tile_y != 0) return {nullptr, 0};
    return {
        ForEachDimension(params.dimension,
                         [&](auto dim) { return WorleyPointsForDimension<dim()>(params.cellular_distance); }),
        HWY_TARGET};
}

}  // namespace HWY_NAMESPACE
}  // namespace noise
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace noise {
HWY_EXPORT(ResolveWorley);
HWY_EXPORT(ResolveWorleyPoints);

namespace detail {
ResolvedKernel make_worley_kernel(const Params& params) {
    return HWY_DYNAMIC_DISPATCH(ResolveWorley)(params);
}
ResolvedPointKernel make_worley_point_kernel(const Params& params) {
    return HWY_DYNAMIC_DISPATCH(ResolveWorleyPoints)(params);
}
}  // namespace detail
}  // namespace noise
#endif
