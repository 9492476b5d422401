// Gradient noise: see perlin.hpp for the steps and the gradient sets.
#include "noise/perlin.hpp"

#include "cell_blend.hpp"
#include "trace_recorder.hpp"

namespace noise {
namespace {

// Ken Perlin's grad (2002), as he wrote it: the low 4 bits of the hash pick one of the 12 edge
// vectors of the cube (4 of them twice, so that & 15 suffices), and the dot product with
// (x, y, z) is the sum of two signed coordinates. The SIMD kernels compute the same selections
// with lane masks, so both give the same bits.
double improved_grad3(unsigned hash, double x, double y, double z) {
    const unsigned h = hash & 15;
    const double u = h < 8 ? x : y, v = h < 4 ? y : h == 12 || h == 14 ? x : z;
    return ((h & 1) == 0 ? u : -u) + ((h & 2) == 0 ? v : -v);
}

// The 32 edge vectors of the 4-cube, by the same rule one dimension up: bits 3-4 of the hash
// choose the axis that is 0, bits 0-2 the signs of the other three, taken in axis order.
double improved_grad4(unsigned hash, const double* d) {
    const unsigned zero_axis = (hash >> 3) & 3;
    const double a           = zero_axis == 0 ? d[1] : d[0];  // the first axis that is not zero_axis
    const double b           = zero_axis <= 1 ? d[2] : d[1];  // the second
    const double c           = zero_axis <= 2 ? d[3] : d[2];  // the third
    return (((hash & 1) == 0 ? a : -a) + ((hash & 2) == 0 ? b : -b)) + ((hash & 4) == 0 ? c : -c);
}

// Each gradient set as a small function object: g(h) . d for a corner's hash h.
template <int D>
struct ImprovedGradient {
    double operator()(unsigned h, const double* d) const {
        if constexpr (D == 1) return (h / 127.5 - 1.0) * d[0];  // seed 002: a slope in [-1, 1]
        if constexpr (D == 2) return improved_grad3(h, d[0], d[1], 0.0);
        if constexpr (D == 3) return improved_grad3(h, d[0], d[1], d[2]);
        if constexpr (D == 4) return improved_grad4(h, d);
    }
};

// +-e_k: the axis from h / 2, the sign from the low bit (seed 001's four vectors in 2D).
template <int D>
struct AxisGradient {
    double operator()(unsigned h, const double* d) const {
        const unsigned axis = (h >> 1) % D;
        return (h & 1) ? -d[axis] : d[axis];
    }
};

template <int D>
struct RandomGradient {
    const Lattice& lattice;
    double operator()(unsigned h, const double* d) const {
        const double* g = lattice.random_gradient(D, static_cast<std::uint8_t>(h));
        double dot      = 0.0;
        for (int axis = 0; axis < D; ++axis) dot += g[axis] * d[axis];
        return dot;
    }
};

// The gradient vector of hash h itself: g . e_k for each axis k, by the same dot product.
template <int D, class Gradient>
std::array<double, 4> gradient_vector(const Gradient& gradient, unsigned h) {
    std::array<double, 4> g{};
    for (int axis = 0; axis < D; ++axis) {
        std::array<double, D> unit{};
        unit[axis] = 1.0;
        g[axis]    = gradient(h, unit.data());
    }
    return g;
}

// V = double: the value; V = Dual: the value with its gradient, which for one corner's
// contribution g . (f - corner) is g itself (f moves with the point, the corner does not).
template <int D, int PerAxis, class V, class Gradient, class Recorder>
V perlin_d(const Lattice& lattice, const Point& p, Interpolation curve, const Periods& period,
           const Gradient& gradient, Recorder& record) {
    const auto cell = detail::cells_of<D>(p);                                  // 1. FIND THE UNIT CELL
    const auto hash = detail::hash_points<D, PerAxis>(lattice, cell, period);  // 2. HASH ITS CORNERS
    if constexpr (Recorder::records) record.cell(cell, period);
    return detail::blend_points<D, PerAxis, V>(
        cell, curve,
        [&](const detail::Offsets<D>& corner, int n) {
            std::array<double, D> distance;  // 3. FROM THE CORNER TO
            for (int axis = 0; axis < D; ++axis)
                distance[axis] = cell[axis].frac - corner[axis];  // THE POINT,
            const unsigned h = lattice.gradient_byte(hash[n]);    //    (THE HASH'S BYTE PICKS
            const double dot = gradient(h, distance.data());      //    IT), DOTTED WITH ITS GRADIENT
            if constexpr (std::is_same_v<V, double> && !Recorder::records) {
                return dot;
            } else {
                const auto g = gradient_vector<D>(gradient, h);
                if constexpr (Recorder::records) record.corner(corner, h, g, distance, dot);
                V contribution{dot};
                if constexpr (!std::is_same_v<V, double>) contribution.slope = g;
                return contribution;
            }
        },
        record);  // 4. BLEND ALONG EACH AXIS
}

template <int D, class V, class Gradient, class Recorder>
V perlin_curve(const Lattice& lattice, const Point& p, Interpolation curve, const Periods& period,
               const Gradient& gradient, Recorder& record) {
    if (curve == Interpolation::cubic) return perlin_d<D, 4, V>(lattice, p, curve, period, gradient, record);
    return perlin_d<D, 2, V>(lattice, p, curve, period, gradient, record);
}

template <int D, class V, class Recorder>
V perlin_gradients(const Lattice& lattice, const Point& p, Gradients gradients, Interpolation curve,
                   const Periods& period, Recorder& record) {
    switch (gradients) {
        case Gradients::improved:
            return perlin_curve<D, V>(lattice, p, curve, period, ImprovedGradient<D>{}, record);
        case Gradients::axes:
            return perlin_curve<D, V>(lattice, p, curve, period, AxisGradient<D>{}, record);
        case Gradients::random:
            return perlin_curve<D, V>(lattice, p, curve, period, RandomGradient<D>{lattice}, record);
    }
    return V{};
}

template <class V, class Recorder>
V perlin_any(const Lattice& lattice, const Point& p, int dimension, Gradients gradients,
             Interpolation interpolation, const Periods& period, Recorder& record) {
    switch (dimension) {
        case 1:
            return perlin_gradients<1, V>(lattice, p, gradients, interpolation, period, record);
        case 2:
            return perlin_gradients<2, V>(lattice, p, gradients, interpolation, period, record);
        case 3:
            return perlin_gradients<3, V>(lattice, p, gradients, interpolation, period, record);
        default:
            return perlin_gradients<4, V>(lattice, p, gradients, interpolation, period, record);
    }
}

template <int D>
double dot_gradient(const Lattice& lattice, Gradients gradients, unsigned h, const double* d) {
    switch (gradients) {
        case Gradients::improved:
            return ImprovedGradient<D>{}(h, d);
        case Gradients::axes:
            return AxisGradient<D>{}(h, d);
        case Gradients::random:
            return RandomGradient<D>{lattice}(h, d);
    }
    return 0.0;
}

}  // namespace

double gradient_dot(const Lattice& lattice, int dimension, Gradients gradients, std::uint8_t h,
                    const double* d) {
    switch (dimension) {
        case 1:
            return dot_gradient<1>(lattice, gradients, h, d);
        case 2:
            return dot_gradient<2>(lattice, gradients, h, d);
        case 3:
            return dot_gradient<3>(lattice, gradients, h, d);
        default:
            return dot_gradient<4>(lattice, gradients, h, d);
    }
}

double perlin_noise(const Lattice& lattice, const Point& p, int dimension, Gradients gradients,
                    Interpolation interpolation, const Periods& period) {
    detail::NoRecord none;
    return perlin_any<double>(lattice, p, dimension, gradients, interpolation, period, none);
}

detail::Dual perlin_noise_gradient(const Lattice& lattice, const Point& p, int dimension, Gradients gradients,
                                   Interpolation interpolation, const Periods& period) {
    detail::NoRecord none;
    return perlin_any<detail::Dual>(lattice, p, dimension, gradients, interpolation, period, none);
}

detail::Dual perlin_noise_trace(const Lattice& lattice, const Point& p, int dimension, Gradients gradients,
                                Interpolation interpolation, const Periods& period, OctaveTrace& trace) {
    detail::TraceRecorder record{trace};
    return perlin_any<detail::Dual>(lattice, p, dimension, gradients, interpolation, period, record);
}

}  // namespace noise
