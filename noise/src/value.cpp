// Value noise and white noise: see value.hpp.
#include "noise/value.hpp"

#include "cell_blend.hpp"

namespace noise {
namespace {

// Seed 004's noise function: a fixed pseudo-random value in [-1, 1] per lattice point.
double value_of_hash(unsigned h) { return h / 127.5 - 1.0; }

template <int D>
double lattice_value(const Lattice& lattice, const std::array<std::int64_t, D>& wrapped) {
    return value_of_hash(lattice.hash_corner<D>(wrapped));
}

// Seed 004's SmoothNoise: the 3^D neighbourhood weighted 1/4, 1/2, 1/4 along each axis.
template <int D>
double smoothed_value(const Lattice& lattice, const std::array<std::int64_t, D>& point, std::int64_t period) {
    constexpr double weight[3] = {0.25, 0.5, 0.25};
    int count                  = 1;
    for (int axis = 0; axis < D; ++axis) count *= 3;
    double sum = 0.0;
    for (int n = 0; n < count; ++n) {
        std::array<std::int64_t, D> neighbour;
        double w = 1.0;
        for (int axis = 0, rest = n; axis < D; ++axis, rest /= 3) {
            neighbour[axis] = wrap_index(point[axis] + rest % 3 - 1, period);
            w *= weight[rest % 3];
        }
        sum += w * lattice_value<D>(lattice, neighbour);
    }
    return sum;
}

// The (optionally smoothed) value of the lattice point at unwrapped indices `point`.
template <int D>
double point_value(const Lattice& lattice, const std::array<std::int64_t, D>& point, bool smooth,
                   std::int64_t period) {
    if (smooth) return smoothed_value<D>(lattice, point, period);
    std::array<std::int64_t, D> wrapped;
    for (int axis = 0; axis < D; ++axis) wrapped[axis] = wrap_index(point[axis], period);
    return lattice_value<D>(lattice, wrapped);
}

template <int D, int PerAxis>
double value_d(const Lattice& lattice, const Point& p, Interpolation curve, bool smooth, std::int64_t period) {
    const auto cell = detail::cells_of<D>(p);                                     // 1. FIND THE CELL
    if (!smooth) {
        const auto hash = detail::hash_points<D, PerAxis>(lattice, cell, period); // 2. ITS POINTS' VALUES
        return detail::blend_points<D, PerAxis>(cell, curve,                      // 3. BLEND THEM
                                                [&](const detail::Offsets<D>&, int n) { return value_of_hash(hash[n]); });
    }
    return detail::blend_points<D, PerAxis>(cell, curve, [&](const detail::Offsets<D>& corner, int) {
        std::array<std::int64_t, D> point;
        for (int axis = 0; axis < D; ++axis) point[axis] = cell[axis].index + corner[axis];
        return smoothed_value<D>(lattice, point, period);
    });
}

template <int D>
double value_curve(const Lattice& lattice, const Point& p, Interpolation curve, bool smooth, std::int64_t period) {
    if (curve == Interpolation::cubic) return value_d<D, 4>(lattice, p, curve, smooth, period);
    return value_d<D, 2>(lattice, p, curve, smooth, period);
}

template <int D>
double white_d(const Lattice& lattice, const Point& p, bool smooth, std::int64_t period) {
    const auto cell = detail::cells_of<D>(p);
    std::array<std::int64_t, D> point;
    for (int axis = 0; axis < D; ++axis) point[axis] = cell[axis].index;
    return point_value<D>(lattice, point, smooth, period);
}

}  // namespace

double value_noise(const Lattice& lattice, const Point& p, int dimension, Interpolation interpolation, bool smooth,
                   std::int64_t period) {
    switch (dimension) {
        case 1: return value_curve<1>(lattice, p, interpolation, smooth, period);
        case 2: return value_curve<2>(lattice, p, interpolation, smooth, period);
        case 3: return value_curve<3>(lattice, p, interpolation, smooth, period);
        default: return value_curve<4>(lattice, p, interpolation, smooth, period);
    }
}

double white_noise(const Lattice& lattice, const Point& p, int dimension, bool smooth, std::int64_t period) {
    switch (dimension) {
        case 1: return white_d<1>(lattice, p, smooth, period);
        case 2: return white_d<2>(lattice, p, smooth, period);
        case 3: return white_d<3>(lattice, p, smooth, period);
        default: return white_d<4>(lattice, p, smooth, period);
    }
}

}  // namespace noise
