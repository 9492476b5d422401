// Value noise and white noise: see value.hpp.
#include "noise/value.hpp"

#include "cell_blend.hpp"
#include "trace_recorder.hpp"

namespace noise {
namespace {

// Seed 004's noise function: a fixed pseudo-random value in [-1, 1] per lattice point, from its
// hash code (lattice.hpp: h / 127.5 - 1 for the permutation's byte, Elias' own double, ...).
template <int D>
double lattice_value(const Lattice& lattice, const std::array<std::int64_t, D>& wrapped) {
    return lattice.value_of(lattice.point_hash<D>(wrapped));
}

// The byte a trace shows for a lattice point (trace.hpp, CornerTrace::hash).
template <int D>
unsigned trace_byte(const Lattice& lattice, const std::array<std::int64_t, D>& wrapped) {
    return lattice.gradient_byte(lattice.point_hash<D>(wrapped));
}

// Seed 004's SmoothNoise: the 3^D neighbourhood weighted 1/4, 1/2, 1/4 along each axis.
template <int D>
double smoothed_value(const Lattice& lattice, const std::array<std::int64_t, D>& point,
                      const Periods& period) {
    constexpr double weight[3] = {0.25, 0.5, 0.25};
    int count                  = 1;
    for (int axis = 0; axis < D; ++axis) count *= 3;
    double sum = 0.0;
    for (int n = 0; n < count; ++n) {
        std::array<std::int64_t, D> neighbour;
        double w = 1.0;
        for (int axis = 0, rest = n; axis < D; ++axis, rest /= 3) {
            neighbour[axis] = lattice.wrap(point[axis] + rest % 3 - 1, period[axis]);
            w *= weight[rest % 3];
        }
        sum += w * lattice_value<D>(lattice, neighbour);
    }
    return sum;
}

// The (optionally smoothed) value of the lattice point at unwrapped indices `point`.
template <int D>
double point_value(const Lattice& lattice, const std::array<std::int64_t, D>& point, bool smooth,
                   const Periods& period) {
    if (smooth) return smoothed_value<D>(lattice, point, period);
    std::array<std::int64_t, D> wrapped;
    for (int axis = 0; axis < D; ++axis) wrapped[axis] = lattice.wrap(point[axis], period[axis]);
    return lattice_value<D>(lattice, wrapped);
}

// A lattice value is constant over the cell, so as a Dual its slope is 0.
template <class V>
V constant(double value) {
    return V{value};
}

template <int D, int PerAxis, class V, class Recorder>
V value_d(const Lattice& lattice, const Point& p, Interpolation curve, bool smooth, const Periods& period,
          Recorder& record) {
    const auto cell = detail::cells_of<D>(p);  // 1. FIND THE CELL
    if constexpr (Recorder::records) record.cell(cell, period);
    if (!smooth) {
        const auto hash = detail::hash_points<D, PerAxis>(lattice, cell, period);  // 2. ITS POINTS' VALUES
        return detail::blend_points<D, PerAxis, V>(
            cell, curve,
            [&](const detail::Offsets<D>& corner, int n) {
                const double value = lattice.value_of(hash[n]);
                if constexpr (Recorder::records)
                    record.lattice_value(corner, lattice.gradient_byte(hash[n]), value);
                return constant<V>(value);
            },
            record);  // 3. BLEND THEM
    }
    return detail::blend_points<D, PerAxis, V>(
        cell, curve,
        [&](const detail::Offsets<D>& corner, int) {
            std::array<std::int64_t, D> point;
            for (int axis = 0; axis < D; ++axis) point[axis] = cell[axis].index + corner[axis];
            const double value = smoothed_value<D>(lattice, point, period);
            if constexpr (Recorder::records)
                record.lattice_value(
                    corner, trace_byte<D>(lattice, detail::corner_indices<D>(lattice, cell, corner, period)),
                    value);
            return constant<V>(value);
        },
        record);
}

template <int D, class V, class Recorder>
V value_curve(const Lattice& lattice, const Point& p, Interpolation curve, bool smooth, const Periods& period,
              Recorder& record) {
    if (curve == Interpolation::cubic) return value_d<D, 4, V>(lattice, p, curve, smooth, period, record);
    return value_d<D, 2, V>(lattice, p, curve, smooth, period, record);
}

template <class V, class Recorder>
V value_any(const Lattice& lattice, const Point& p, int dimension, Interpolation interpolation, bool smooth,
            const Periods& period, Recorder& record) {
    switch (dimension) {
        case 1:
            return value_curve<1, V>(lattice, p, interpolation, smooth, period, record);
        case 2:
            return value_curve<2, V>(lattice, p, interpolation, smooth, period, record);
        case 3:
            return value_curve<3, V>(lattice, p, interpolation, smooth, period, record);
        default:
            return value_curve<4, V>(lattice, p, interpolation, smooth, period, record);
    }
}

// White noise is the cell's own lattice point's value: one "corner", no blend.
template <int D, class Recorder>
double white_d(const Lattice& lattice, const Point& p, bool smooth, const Periods& period, Recorder& record) {
    const auto cell = detail::cells_of<D>(p);
    std::array<std::int64_t, D> point;
    for (int axis = 0; axis < D; ++axis) point[axis] = cell[axis].index;
    const double value = point_value<D>(lattice, point, smooth, period);
    if constexpr (Recorder::records) {
        record.cell(cell, period);
        const detail::Offsets<D> origin{};
        record.lattice_value(
            origin, trace_byte<D>(lattice, detail::corner_indices<D>(lattice, cell, origin, period)), value);
    }
    return value;
}

template <class Recorder>
double white_any(const Lattice& lattice, const Point& p, int dimension, bool smooth, const Periods& period,
                 Recorder& record) {
    switch (dimension) {
        case 1:
            return white_d<1>(lattice, p, smooth, period, record);
        case 2:
            return white_d<2>(lattice, p, smooth, period, record);
        case 3:
            return white_d<3>(lattice, p, smooth, period, record);
        default:
            return white_d<4>(lattice, p, smooth, period, record);
    }
}

}  // namespace

double value_noise(const Lattice& lattice, const Point& p, int dimension, Interpolation interpolation,
                   bool smooth, const Periods& period) {
    detail::NoRecord none;
    return value_any<double>(lattice, p, dimension, interpolation, smooth, period, none);
}

detail::Dual value_noise_gradient(const Lattice& lattice, const Point& p, int dimension,
                                  Interpolation interpolation, bool smooth, const Periods& period) {
    detail::NoRecord none;
    return value_any<detail::Dual>(lattice, p, dimension, interpolation, smooth, period, none);
}

detail::Dual value_noise_trace(const Lattice& lattice, const Point& p, int dimension,
                               Interpolation interpolation, bool smooth, const Periods& period,
                               OctaveTrace& trace) {
    detail::TraceRecorder record{trace};
    return value_any<detail::Dual>(lattice, p, dimension, interpolation, smooth, period, record);
}

double white_noise(const Lattice& lattice, const Point& p, int dimension, bool smooth,
                   const Periods& period) {
    detail::NoRecord none;
    return white_any(lattice, p, dimension, smooth, period, none);
}

detail::Dual white_noise_trace(const Lattice& lattice, const Point& p, int dimension, bool smooth,
                               const Periods& period, OctaveTrace& trace) {
    detail::TraceRecorder record{trace};
    return detail::Dual{white_any(lattice, p, dimension, smooth, period, record)};
}

}  // namespace noise
