// Cellular (Worley) noise: see worley.hpp.
#include "noise/worley.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "cell_blend.hpp"
#include "reference_trace.hpp"
#include "trace_recorder.hpp"
#include "worley_cells.hpp"

namespace noise {
namespace detail {
namespace {

// The metric's part of one axis, and how the parts add up. Euclidean works on squared
// distances (the square root, being monotonic, waits until F1 and F2 are known).
template <class V>
V axis_term(const V& delta, CellularDistance metric) {
    using std::abs;
    return metric == CellularDistance::euclidean ? delta * delta : abs(delta);
}
template <class V>
V combine(const V& a, const V& b, CellularDistance metric) {
    return metric == CellularDistance::chebyshev ? max_of(a, b) : a + b;
}

// The metric of per-axis terms, in the order both the reference and the kernel use:
// x's term joined last, to the others folded from y on: t0 + ((t1 + t2) + t3). Keeping this one
// order is what lets a lower bound, built the same way from smaller terms, never exceed the
// distance it bounds (see `below`).
template <class V, int D>
V distance_of(const std::array<V, D>& term, CellularDistance metric) {
    if constexpr (D == 1) {
        return term[0];
    } else {
        V rest = term[1];
        for (int axis = 2; axis < D; ++axis) rest = combine(rest, term[axis], metric);
        return combine(term[0], rest, metric);
    }
}

std::vector<WorleyCandidate> build_candidates(int dimension, CellularDistance metric) {
    // The proven bound on F2 (worley.hpp): a cell whose floor_bound exceeds it never matters.
    const double limit = metric == CellularDistance::euclidean   ? dimension + 1.0
                         : metric == CellularDistance::manhattan ? dimension
                                                                 : 1.0;
    const int radius   = dimension + 1;  // holds every offset within the limit, for every metric
    const int side     = 2 * radius + 1;
    int count          = 1;
    for (int axis = 0; axis < dimension; ++axis) count *= side;
    std::vector<WorleyCandidate> list;
    for (int n = 0; n < count; ++n) {
        WorleyCandidate c{{0, 0, 0, 0}, 0.0};
        for (int axis = 0, rest = n; axis < dimension; ++axis, rest /= side) {
            const int k          = rest % side - radius;
            c.offset[axis]       = k;
            const double outside = std::max(std::abs(k) - 1, 0);
            c.floor_bound        = metric == CellularDistance::euclidean   ? c.floor_bound + outside * outside
                                   : metric == CellularDistance::manhattan ? c.floor_bound + outside
                                                                           : std::max(c.floor_bound, outside);
        }
        if (c.floor_bound <= limit) list.push_back(c);
    }
    std::stable_sort(list.begin(), list.end(), [](const WorleyCandidate& a, const WorleyCandidate& b) {
        return a.floor_bound < b.floor_bound;
    });
    return list;
}

}  // namespace

std::span<const WorleyCandidate> worley_candidates(int dimension, CellularDistance metric) {
    // Built on first use, immutable after (thread-safe initialisation of function statics).
    static const std::array<std::array<std::vector<WorleyCandidate>, 3>, 4> lists = [] {
        std::array<std::array<std::vector<WorleyCandidate>, 3>, 4> all;
        for (int d = 1; d <= 4; ++d)
            for (int m = 0; m < 3; ++m) all[d - 1][m] = build_candidates(d, static_cast<CellularDistance>(m));
        return all;
    }();
    return lists[static_cast<std::size_t>(dimension - 1)][static_cast<std::size_t>(metric)];
}

double worley_scale(int dimension, CellularDistance metric, CellularReturn cellular_return) {
    // The cell's half-diagonal: the largest F1 of a regular grid (jitter 0) under the metric.
    const double half_diagonal = metric == CellularDistance::euclidean   ? 0.5 * std::sqrt(dimension)
                                 : metric == CellularDistance::manhattan ? 0.5 * dimension
                                                                         : 0.5;
    return (cellular_return == CellularReturn::f1 ? 1.0 : 0.5) / half_diagonal;
}

}  // namespace detail

namespace {

using detail::axis_term;
using detail::distance_of;
using detail::Offsets;

// The lower bound of a cell's distance along one axis, from the point's position f in its own
// cell: the gap to the cell's near side. It is computed so that it never exceeds the computed
// |delta| of any feature point in that cell: for k > 0, (k + o) rounds to >= k and so
// (k + o) - f to >= k - f; for k < 0, (k + o) rounds to <= k + 1, mirror-wise.
double axis_gap(int k, double f) {
    if (k > 0) return static_cast<double>(k) - f;
    if (k < 0) return f - static_cast<double>(k + 1);
    return 0.0;
}

template <int D, class V, class Recorder>
V worley_d(const Lattice& lattice, const Point& p, CellularReturn cellular_return, CellularDistance metric,
           double jitter, const Periods& period, Recorder& record) {
    const auto cell = detail::cells_of<D>(p);  // 1. FIND THE CELL
    if constexpr (Recorder::records) record.cell(cell, period);
    std::array<V, D> position;  // the point inside its cell, carrying d/dp = 1 along its own axis
    for (int axis = 0; axis < D; ++axis) position[axis] = detail::axis_position<V>(cell[axis].frac, axis);

    V f1{std::numeric_limits<double>::infinity()}, f2 = f1;  // nearest and second nearest so far
    for (const detail::WorleyCandidate& c : detail::worley_candidates(D, metric)) {
        if (c.floor_bound >= detail::value_of(f2)) break;  // 2. THE CELLS THAT CAN STILL MATTER
        std::array<double, D> gap;
        for (int axis = 0; axis < D; ++axis)
            gap[axis] = axis_term(axis_gap(c.offset[axis], cell[axis].frac), metric);
        if (distance_of<double, D>(gap, metric) >= detail::value_of(f2)) continue;

        std::uint32_t h = detail::worley_seed_hash(lattice.seed());  // 3. ITS FEATURE POINT
        for (int axis = D - 1; axis >= 0; --axis)
            h = detail::worley_link(h, wrap_index(cell[axis].index + c.offset[axis], period[axis]));
        const std::uint32_t word0 = detail::worley_word0(h);
        const std::uint32_t word1 = D > 2 ? detail::worley_word1(word0) : 0u;
        std::array<V, D> delta, term;  // from the point to the feature point, in cells
        for (int axis = 0; axis < D; ++axis) {
            const double feature =
                c.offset[axis] + detail::feature_offset(detail::worley_bits(word0, word1, axis), jitter);
            delta[axis] = feature - position[axis];
            term[axis]  = axis_term(delta[axis], metric);
        }
        const V d = distance_of<V, D>(term, metric);  // 4. KEEP THE TWO NEAREST
        if constexpr (Recorder::records) {
            std::array<double, D> offset_from_point;
            for (int axis = 0; axis < D; ++axis) offset_from_point[axis] = detail::value_of(delta[axis]);
            const double shown =
                metric == CellularDistance::euclidean ? std::sqrt(detail::value_of(d)) : detail::value_of(d);
            const int index = static_cast<int>(record.trace.corners.size());
            Offsets<D> offset;
            for (int axis = 0; axis < D; ++axis) offset[axis] = c.offset[axis];
            record.template corner<D>(offset, word0, {}, offset_from_point, shown);
            if (detail::value_of(d) < detail::value_of(f1)) {
                record.trace.second_nearest = record.trace.nearest;
                record.trace.nearest        = index;
            } else if (detail::value_of(d) < detail::value_of(f2)) {
                record.trace.second_nearest = index;
            }
        }
        f2 = detail::min_of(f2, detail::max_of(f1, d));
        f1 = detail::min_of(f1, d);
    }
    if (metric == CellularDistance::euclidean) {
        using std::sqrt;
        f1 = sqrt(f1);
        f2 = sqrt(f2);
    }
    const V value = cellular_return == CellularReturn::f1   ? f1
                    : cellular_return == CellularReturn::f2 ? f2
                                                            : f2 - f1;
    return value * detail::worley_scale(D, metric, cellular_return);
}

template <class V, class Recorder>
V worley_any(const Lattice& lattice, const Point& p, int dimension, CellularReturn cellular_return,
             CellularDistance metric, double jitter, const Periods& period, Recorder& record) {
    switch (dimension) {
        case 1:
            return worley_d<1, V>(lattice, p, cellular_return, metric, jitter, period, record);
        case 2:
            return worley_d<2, V>(lattice, p, cellular_return, metric, jitter, period, record);
        case 3:
            return worley_d<3, V>(lattice, p, cellular_return, metric, jitter, period, record);
        default:
            return worley_d<4, V>(lattice, p, cellular_return, metric, jitter, period, record);
    }
}

}  // namespace

double worley_noise(const Lattice& lattice, const Point& p, int dimension, CellularReturn cellular_return,
                    CellularDistance metric, double jitter, const Periods& period) {
    detail::NoRecord none;
    return worley_any<double>(lattice, p, dimension, cellular_return, metric, jitter, period, none);
}

detail::Dual worley_noise_gradient(const Lattice& lattice, const Point& p, int dimension,
                                   CellularReturn cellular_return, CellularDistance metric, double jitter,
                                   const Periods& period) {
    detail::NoRecord none;
    return worley_any<detail::Dual>(lattice, p, dimension, cellular_return, metric, jitter, period, none);
}

detail::Dual worley_noise_trace(const Lattice& lattice, const Point& p, int dimension,
                                CellularReturn cellular_return, CellularDistance metric, double jitter,
                                const Periods& period, OctaveTrace& trace) {
    detail::TraceRecorder record{trace};
    return worley_any<detail::Dual>(lattice, p, dimension, cellular_return, metric, jitter, period, record);
}

double worley_normalisation(int dimension, CellularDistance metric, CellularReturn cellular_return) {
    return detail::worley_scale(dimension, metric, cellular_return);
}

}  // namespace noise
