// Voronoi cells of random values: see voronoi.hpp.
#include "noise/voronoi.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "cell_blend.hpp"
#include "reference_trace.hpp"
#include "trace_recorder.hpp"
#include "worley_cells.hpp"

namespace noise {
namespace {

// The metric's share of one axis, and how the shares join (euclidean on squared distances: the
// nearest is the same, and the square root is taken only for the trace).
double axis_term(double delta, CellularDistance metric) {
    return metric == CellularDistance::euclidean ? delta * delta : std::abs(delta);
}
double combine(double a, double b, CellularDistance metric) {
    return metric == CellularDistance::chebyshev ? std::max(a, b) : a + b;
}

// The gap from the point, at f in its own cell, to the near side of the cell k cells away along
// one axis: no feature point of that cell is nearer along this axis (worley.hpp, step 2).
double axis_gap(int k, double f) {
    if (k > 0) return static_cast<double>(k) - f;
    if (k < 0) return f - static_cast<double>(k + 1);
    return 0.0;
}

// Step 4's value: the nearest feature point's hash word mixed once more, its top 24 bits spread
// over (-1, 1), never reaching either end.
double cell_value(std::uint32_t word0) {
    const std::uint32_t bits = detail::mix32(word0 ^ 0x5bd1e995u) >> 8;
    return (static_cast<double>(bits) + 0.5) * 0x1.0p-23 - 1.0;
}

template <int D, class Recorder>
double voronoi_d(const Lattice& lattice, const Point& p, CellularDistance metric, double jitter,
                 const Periods& period, Recorder& record) {
    const auto cell = detail::cells_of<D>(p);  // 1. FIND THE CELL
    if constexpr (Recorder::records) record.cell(cell, period);

    double nearest = std::numeric_limits<double>::infinity();  // under the metric (squared: euclidean)
    double value   = 0.0;
    for (const detail::WorleyCandidate& c : detail::worley_candidates(D, metric)) {
        if (c.floor_bound >= nearest) break;  // 2. THE CELLS THAT CAN STILL BE NEARER
        double gap = axis_term(axis_gap(c.offset[0], cell[0].frac), metric);
        for (int axis = 1; axis < D; ++axis)
            gap = combine(gap, axis_term(axis_gap(c.offset[axis], cell[axis].frac), metric), metric);
        if (gap >= nearest) continue;

        std::uint32_t h = detail::worley_seed_hash(lattice.seed());  // 3. ITS FEATURE POINT
        for (int axis = D - 1; axis >= 0; --axis)
            h = detail::worley_link(h, wrap_index(cell[axis].index + c.offset[axis], period[axis]));
        const std::uint32_t word0 = detail::worley_word0(h);
        const std::uint32_t word1 = D > 2 ? detail::worley_word1(word0) : 0u;
        std::array<double, D> delta;  // from the point to the feature point, in cells
        double d = 0.0;
        for (int axis = 0; axis < D; ++axis) {
            delta[axis] = c.offset[axis] +
                          detail::feature_offset(detail::worley_bits(word0, word1, axis), jitter) -
                          cell[axis].frac;
            const double term = axis_term(delta[axis], metric);
            d                 = axis == 0 ? term : combine(d, term, metric);
        }
        const bool nearer = d < nearest;  // 4. KEEP THE NEAREST, AND ITS CELL'S VALUE
        if constexpr (Recorder::records) {
            std::array<int, D> offset;
            for (int axis = 0; axis < D; ++axis) offset[axis] = c.offset[axis];
            if (nearer) record.trace.nearest = static_cast<int>(record.trace.corners.size());
            record.template corner<D>(offset, word0, {}, delta,
                                      metric == CellularDistance::euclidean ? std::sqrt(d) : d);
        }
        if (nearer) {
            nearest = d;
            value   = cell_value(word0);
        }
    }
    return value;
}

template <class Recorder>
double voronoi_any(const Lattice& lattice, const Point& p, int dimension, CellularDistance metric,
                   double jitter, const Periods& period, Recorder& record) {
    switch (dimension) {
        case 1:
            return voronoi_d<1>(lattice, p, metric, jitter, period, record);
        case 2:
            return voronoi_d<2>(lattice, p, metric, jitter, period, record);
        case 3:
            return voronoi_d<3>(lattice, p, metric, jitter, period, record);
        default:
            return voronoi_d<4>(lattice, p, metric, jitter, period, record);
    }
}

}  // namespace

double voronoi_noise(const Lattice& lattice, const Point& p, int dimension, CellularDistance metric,
                     double jitter, const Periods& period) {
    detail::NoRecord none;
    return voronoi_any(lattice, p, dimension, metric, jitter, period, none);
}

detail::Dual voronoi_noise_trace(const Lattice& lattice, const Point& p, int dimension,
                                 CellularDistance metric, double jitter, const Periods& period,
                                 OctaveTrace& trace) {
    detail::TraceRecorder record{trace};
    return detail::Dual{voronoi_any(lattice, p, dimension, metric, jitter, period, record)};
}

}  // namespace noise
