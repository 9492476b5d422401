// Value noise and white noise: see value.hpp.
#include "noise/value.hpp"

#include "cell_blend.hpp"

namespace noise {
namespace {

// Seed 004's noise function: a fixed pseudo-random value in [-1, 1] per lattice point.
template <int D>
double lattice_value(const Lattice& lattice, const std::array<std::int64_t, D>& wrapped) {
    return lattice.hash_corner<D>(wrapped) / 127.5 - 1.0;
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

template <int D>
double value_d(const Lattice& lattice, const Point& p, Interpolation interpolation, bool smooth,
               std::int64_t period) {
    const auto cell = detail::cells_of<D>(p);
    return detail::blend_cell<D>(cell, interpolation, [&](const detail::Offsets<D>& corner) {
        std::array<std::int64_t, D> point;
        for (int axis = 0; axis < D; ++axis) point[axis] = cell[axis].index + corner[axis];
        return point_value<D>(lattice, point, smooth, period);
    });
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
        case 1: return value_d<1>(lattice, p, interpolation, smooth, period);
        case 2: return value_d<2>(lattice, p, interpolation, smooth, period);
        case 3: return value_d<3>(lattice, p, interpolation, smooth, period);
        default: return value_d<4>(lattice, p, interpolation, smooth, period);
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
