// Cellular (Worley) noise on SIMD lanes: worley.cpp's search for each Highway target, and the
// factory that picks the compiled function for a configuration (algorithms.hpp).
//
// Each lane is one pixel and does the reference's own steps: the same candidate list
// (worley_cells.hpp), the same integer hash (uint32 arithmetic held in 64-bit lanes: no table,
// no gather), the same feature point and distance operations in the same order, and the two
// smallest distances kept by Min/Max, which pick exactly the doubles std::min/std::max pick. What
// differs is only which cells are skipped: a vector skips a cell (or stops) only when every lane
// may, and worley.hpp shows that skipping such cells never changes F1 or F2. So every lane equals
// the reference bit for bit.
//
// Along a row only x changes: the hash links of y, z, w and the gaps to the candidate cells on
// those axes are worked out once per candidate and octave (lazily, as far down the list as some
// vector reads), and the wrapped x index of each pixel once per octave.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/worley_kernel.cpp"
#include <hwy/foreach_target.h>  // re-includes this file once per target
#include <hwy/highway.h>

#include <limits>
#include <vector>

#include "simd/lattice_simd-inl.h"
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

// detail::feature_offset, lane-wise: 0.5 + jitter ((bits + 0.5) 2^-16 - 0.5).
HWY_INLINE VF FeatureOffsetLanes(VU bits, VF jitter) {
    const DF d;
    const VF u = hn::Mul(hn::Add(hn::ConvertTo(d, hn::BitCast(DI(), bits)), hn::Set(d, 0.5)), hn::Set(d, 0x1.0p-16));
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

template <int D, CellularDistance Metric>
struct WorleyOctave {
    static void Run(const OctaveInputs& in) {
        const DF d;
        const DI di;
        const DU du;
        const int lanes                    = static_cast<int>(hn::Lanes(d));
        const detail::KernelPlan& plan     = *in.plan;
        const auto candidates              = detail::worley_candidates(D, Metric);
        const std::uint32_t seed_hash      = detail::worley_seed_hash(in.lattice->seed());
        const std::int64_t period          = in.period;
        const std::int64_t wrap            = period != 0 ? period : 256;  // wrap_index's modulus
        const double scale                 = detail::worley_scale(D, Metric, plan.cellular_return);
        const VF jitter                    = hn::Set(d, plan.cellular_jitter);
        const VF infinity                  = hn::Set(d, std::numeric_limits<double>::infinity());

        // The wrapped x index of each pixel's cell.
        HWY_ALIGN std::int64_t wrapped_x[padded_capacity];
        for (int i = 0; i < in.padded; ++i) wrapped_x[i] = wrap_index(in.cell_x[i], period);

        std::vector<RowPart> row(candidates.size());
        std::size_t row_done = 0;
        const auto row_part  = [&](std::size_t j) -> const RowPart& {
            for (; row_done <= j; ++row_done) {
                const detail::WorleyCandidate& c = candidates[row_done];
                std::uint32_t h                  = seed_hash;
                for (int axis = D - 1; axis >= 1; --axis)
                    h = detail::worley_link(h, wrap_index(in.row.cell[axis].index + c.offset[axis], period));
                double rest = 0.0;
                if constexpr (D > 1) {
                    rest = TermScalar<Metric>(AxisGap(c.offset[1], in.row.cell[1].frac));
                    for (int axis = 2; axis < D; ++axis)
                        rest = CombineScalar<Metric>(rest, TermScalar<Metric>(AxisGap(c.offset[axis], in.row.cell[axis].frac)));
                }
                row[row_done] = {h, rest};
            }
            return row[j];
        };

        HWY_ALIGN std::int64_t lane_index[max_lanes];
        for (int i = 0; i < in.padded; i += lanes) {
            const VF fx         = hn::Load(d, in.frac_x + i);
            const VI base_index = hn::Load(di, wrapped_x + i);
            VF f1 = infinity, f2 = infinity;
            double shell = -1.0, widest_f2 = std::numeric_limits<double>::infinity();
            for (std::size_t j = 0; j < candidates.size(); ++j) {
                const detail::WorleyCandidate& c = candidates[j];
                if (c.floor_bound != shell) {  // a new shell: are any lanes still looking?
                    shell     = c.floor_bound;
                    widest_f2 = hn::GetLane(hn::MaxOfLanes(d, f2));
                }
                if (c.floor_bound >= widest_f2) break;
                const RowPart& part = row_part(j);
                const int kx        = c.offset[0];
                VF gap              = hn::Zero(d);
                if (kx > 0) gap = hn::Sub(hn::Set(d, static_cast<double>(kx)), fx);
                if (kx < 0) gap = hn::Sub(fx, hn::Set(d, static_cast<double>(kx + 1)));
                VF bound = TermLanes<Metric>(gap);
                if constexpr (D > 1) bound = CombineLanes<Metric>(bound, hn::Set(d, part.rest_gap));
                if (hn::AllTrue(d, hn::Ge(bound, f2))) continue;

                // The x link: the wrapped index of cell + kx, one correction while |kx| <= period.
                VI index;
                if (kx <= wrap && -kx <= wrap) {
                    const VI modulus = hn::Set(di, wrap);
                    index            = hn::Add(base_index, hn::Set(di, kx));
                    index            = hn::IfThenElse(hn::Lt(index, hn::Zero(di)), hn::Add(index, modulus), index);
                    index            = hn::IfThenElse(hn::Lt(index, modulus), index, hn::Sub(index, modulus));
                } else {  // tiny periods (a tile of 1 or 2 cells)
                    for (int lane = 0; lane < lanes; ++lane) lane_index[lane] = wrap_index(in.cell_x[i + lane] + kx, period);
                    index = hn::Load(di, lane_index);
                }
                const VU bits  = hn::BitCast(du, index);
                VU h           = hn::Xor(hn::Set(du, part.hash), hn::And(bits, hn::Set(du, 0xffffffffu)));
                h              = hn::Xor(Mix32Lanes(h), hn::ShiftRight<32>(bits));
                const VU word0 = Mix32Lanes(h);
                VU word1       = word0;
                if constexpr (D > 2) word1 = Mix32Lanes(hn::Xor(word0, hn::Set(du, 0x68e31da4u)));

                VF term[D];
                for (int axis = 0; axis < D; ++axis) {
                    const VU word    = axis < 2 ? word0 : word1;
                    const VU field   = hn::And(axis & 1 ? hn::ShiftRight<16>(word) : word, hn::Set(du, 0xffffu));
                    const VF feature = hn::Add(hn::Set(d, static_cast<double>(c.offset[axis])), FeatureOffsetLanes(field, jitter));
                    const VF f       = axis == 0 ? fx : hn::Set(d, in.row.cell[axis].frac);
                    term[axis]       = TermLanes<Metric>(hn::Sub(feature, f));
                }
                VF distance = term[0];
                if constexpr (D > 1) {
                    VF rest = term[1];
                    for (int axis = 2; axis < D; ++axis) rest = CombineLanes<Metric>(rest, term[axis]);
                    distance = CombineLanes<Metric>(term[0], rest);
                }
                f2 = hn::Min(f2, hn::Max(f1, distance));
                f1 = hn::Min(f1, distance);
            }
            if constexpr (Metric == CellularDistance::euclidean) {
                f1 = hn::Sqrt(f1);
                f2 = hn::Sqrt(f2);
            }
            const VF value = plan.cellular_return == CellularReturn::f1   ? f1
                             : plan.cellular_return == CellularReturn::f2 ? f2
                                                                          : hn::Sub(f2, f1);
            EmitLanes(in, i, hn::Mul(value, hn::Set(d, scale)));
        }
    }
};

template <int D>
detail::ChunkFn WorleyForDimension(CellularDistance metric) {
    switch (metric) {
        case CellularDistance::euclidean: return &FillChunk<WorleyOctave<D, CellularDistance::euclidean>>;
        case CellularDistance::manhattan: return &FillChunk<WorleyOctave<D, CellularDistance::manhattan>>;
        case CellularDistance::chebyshev: break;
    }
    return &FillChunk<WorleyOctave<D, CellularDistance::chebyshev>>;
}

detail::ResolvedKernel ResolveWorley(const Params& params) {
    return ForDimension(params.dimension, [&](auto d) { return WorleyForDimension<d()>(params.cellular_distance); });
}

}  // namespace HWY_NAMESPACE
}  // namespace noise
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace noise {
HWY_EXPORT(ResolveWorley);

namespace detail {
ResolvedKernel make_worley_kernel(const Params& params) { return HWY_DYNAMIC_DISPATCH(ResolveWorley)(params); }
}  // namespace detail
}  // namespace noise
#endif
