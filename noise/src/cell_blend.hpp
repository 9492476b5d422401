// cell_blend.hpp (internal): step 4 of every lattice noise, shared by gradient and value noise.
//
// Evaluates a value at each corner of the cell around a point and blends the corners along x,
// then y, then z, then w, like Ken Perlin's nested lerps:
//     lerp(v, lerp(u, c00, c10), lerp(u, c01, c11))
// The two-point curves use the 2^D corners at offsets {0, 1}; `cubic` uses the 4^D lattice points
// at offsets {-1, 0, 1, 2} (seed 004's point before, the cell's two ends, and the point after).
#pragma once

#include <array>

#include "noise/interpolate.hpp"
#include "noise/lattice.hpp"

namespace noise::detail {

template <int D>
using Offsets = std::array<int, D>;

// corner(offsets) returns the value of the lattice point cell.index + offsets.
template <int D, class CornerValue>
double blend_cell(const std::array<Cell, D>& cell, Interpolation curve, CornerValue corner) {
    const bool four_point = curve == Interpolation::cubic;
    const int per_axis    = four_point ? 4 : 2;
    const int first       = four_point ? -1 : 0;

    // Corner values, axis 0 varying fastest: values[i0 + per_axis * (i1 + per_axis * ...)].
    constexpr int most = D == 1 ? 4 : D == 2 ? 16 : D == 3 ? 64 : 256;
    std::array<double, most> values;
    int count = 1;
    for (int axis = 0; axis < D; ++axis) count *= per_axis;
    for (int n = 0; n < count; ++n) {
        Offsets<D> offsets;
        for (int axis = 0, rest = n; axis < D; ++axis, rest /= per_axis) offsets[axis] = first + rest % per_axis;
        values[n] = corner(offsets);
    }

    // Blend away one axis at a time; each pass shrinks the array by per_axis.
    for (int axis = 0; axis < D; ++axis) {
        const double t = cell[axis].frac;
        const double s = four_point ? 0.0 : blend_weight(curve, t);
        count /= per_axis;
        for (int n = 0; n < count; ++n) {
            const double* v = &values[n * per_axis];
            values[n] = four_point ? cubic4(v[0], v[1], v[2], v[3], t) : lerp(s, v[0], v[1]);
        }
    }
    return values[0];
}

// The cells containing the first D coordinates of p.
template <int D>
std::array<Cell, D> cells_of(const std::array<double, 4>& p) {
    std::array<Cell, D> cell;
    for (int axis = 0; axis < D; ++axis) cell[axis] = cell_of(p[axis]);
    return cell;
}

// The wrapped indices of the lattice point cell.index + offsets.
template <int D>
std::array<std::int64_t, D> corner_indices(const std::array<Cell, D>& cell, const Offsets<D>& offsets,
                                           std::int64_t period) {
    std::array<std::int64_t, D> wrapped;
    for (int axis = 0; axis < D; ++axis) wrapped[axis] = wrap_index(cell[axis].index + offsets[axis], period);
    return wrapped;
}

}  // namespace noise::detail
