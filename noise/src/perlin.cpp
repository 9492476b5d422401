// Gradient noise: see perlin.hpp for the steps and the gradient sets.
#include "noise/perlin.hpp"

#include "cell_blend.hpp"

namespace noise {
namespace {

// Ken Perlin's grad (2002): the low 4 bits of the hash pick one of the 12 edge vectors of the
// cube (+-1, +-1, 0) ... (4 of them twice, so that & 15 suffices), dotted with (x, y, z).
double improved_grad3(std::uint8_t hash, double x, double y, double z) {
    const int h    = hash & 15;                                   // CONVERT LO 4 BITS OF HASH CODE
    const double u = h < 8 ? x : y;                               // INTO 12 GRADIENT DIRECTIONS.
    const double v = h < 4 ? y : (h == 12 || h == 14 ? x : z);
    return ((h & 1) == 0 ? u : -u) + ((h & 2) == 0 ? v : -v);
}

// The 32 edge vectors of the 4-cube: bits 3-4 choose the axis that is 0, bits 0-2 the signs of
// the other three.
double improved_grad4(std::uint8_t hash, const double* d) {
    const int zero_axis = (hash >> 3) & 3;
    double sum          = 0.0;
    for (int axis = 0, sign_bit = 0; axis < 4; ++axis) {
        if (axis == zero_axis) continue;
        sum += ((hash >> sign_bit++) & 1) ? -d[axis] : d[axis];
    }
    return sum;
}

// +-e_k: the axis from hash / 2, the sign from the low bit (seed 001's four vectors in 2D).
double axis_grad(std::uint8_t hash, int dimension, const double* d) {
    const int axis = (hash >> 1) % dimension;
    return (hash & 1) ? -d[axis] : d[axis];
}

template <int D>
double perlin_d(const Lattice& lattice, const Point& p, Gradients gradients, Interpolation interpolation,
                std::int64_t period) {
    const auto cell = detail::cells_of<D>(p);                     // FIND UNIT CELL THAT CONTAINS POINT
    return detail::blend_cell<D>(cell, interpolation, [&](const detail::Offsets<D>& corner) {
        const auto h = lattice.hash_corner<D>(detail::corner_indices<D>(cell, corner, period));
        std::array<double, D> distance;                           // FROM THE CORNER TO THE POINT
        for (int axis = 0; axis < D; ++axis) distance[axis] = cell[axis].frac - corner[axis];
        return gradient_dot(lattice, D, gradients, h, distance.data());
    });
}

}  // namespace

double gradient_dot(const Lattice& lattice, int dimension, Gradients gradients, std::uint8_t h, const double* d) {
    switch (gradients) {
        case Gradients::improved:
            switch (dimension) {
                case 1: return (h / 127.5 - 1.0) * d[0];   // seed 002: a slope in [-1, 1]
                case 2: return improved_grad3(h, d[0], d[1], 0.0);
                case 3: return improved_grad3(h, d[0], d[1], d[2]);
                default: return improved_grad4(h, d);
            }
        case Gradients::axes: return axis_grad(h, dimension, d);
        case Gradients::random: {
            const double* g = lattice.random_gradient(dimension, h);
            double dot      = 0.0;
            for (int axis = 0; axis < dimension; ++axis) dot += g[axis] * d[axis];
            return dot;
        }
    }
    return 0.0;
}

double perlin_noise(const Lattice& lattice, const Point& p, int dimension, Gradients gradients,
                    Interpolation interpolation, std::int64_t period) {
    switch (dimension) {
        case 1: return perlin_d<1>(lattice, p, gradients, interpolation, period);
        case 2: return perlin_d<2>(lattice, p, gradients, interpolation, period);
        case 3: return perlin_d<3>(lattice, p, gradients, interpolation, period);
        default: return perlin_d<4>(lattice, p, gradients, interpolation, period);
    }
}

}  // namespace noise
