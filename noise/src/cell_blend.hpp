// cell_blend.hpp (internal): step 4 of every lattice noise, shared by gradient and value noise.
//
// Hashes the lattice points around a point's cell, evaluates a value at each, and blends them
// along x, then y, then z, then w, like Ken Perlin's nested lerps:
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

constexpr int power(int base, int exponent) { return exponent == 0 ? 1 : base * power(base, exponent - 1); }

// Step 2 for all the points at once: the hashes of the PerAxis^D lattice points around the cell,
// in the order of blend_points. Like Ken Perlin's A, AA, AB, B, BA, BB, points that share their
// first indices share the first links of the chain: 2 + 4 + 8 lookups for a 3D cell, not 24.
template <int D, int PerAxis>
auto hash_points(const Lattice& lattice, const std::array<Cell, D>& cell, std::int64_t period) {
    constexpr int first = PerAxis == 4 ? -1 : 0;
    constexpr int count = power(PerAxis, D);
    std::array<unsigned, count> hash{};
    int filled = 1;  // hash[0 .. filled) hold the chains over the axes done so far
    for (int axis = 0; axis < D; ++axis) {
        for (int k = PerAxis - 1; k >= 0; --k) {  // backwards, so hash[n] is read before it is overwritten
            const std::int64_t index = wrap_index(cell[axis].index + first + k, period);
            for (int n = filled - 1; n >= 0; --n) hash[k * filled + n] = lattice.chain(hash[n], index);
        }
        filled *= PerAxis;
    }
    for (int axis = D; axis < 3; ++axis)  // 1D and 2D: the slices at y = 0 and z = 0
        for (int n = 0; n < count; ++n) hash[n] = lattice.chain(hash[n], 0);
    return hash;
}

// Step 4: blends the PerAxis^D lattice points around the point (PerAxis = 2 for the two-point
// curves, 4 for cubic); corner(offsets, n) returns the value of point n, at cell.index + offsets.
// PerAxis is a template parameter so that splitting n into offsets compiles to shifts.
template <int D, int PerAxis, class CornerValue>
double blend_points(const std::array<Cell, D>& cell, Interpolation curve, CornerValue corner) {
    constexpr int first = PerAxis == 4 ? -1 : 0;
    constexpr int count = power(PerAxis, D);

    // Corner values, axis 0 varying fastest: values[i0 + PerAxis * (i1 + PerAxis * ...)].
    std::array<double, count> values;
    for (int n = 0; n < count; ++n) {
        Offsets<D> offsets;
        for (int axis = 0, rest = n; axis < D; ++axis, rest /= PerAxis) offsets[axis] = first + rest % PerAxis;
        values[n] = corner(offsets, n);
    }

    // Blend away one axis at a time: x first, as the innermost of Ken Perlin's lerps.
    int remaining = count;
    for (int axis = 0; axis < D; ++axis) {
        const double t = cell[axis].frac;
        remaining /= PerAxis;
        if constexpr (PerAxis == 4) {
            for (int n = 0; n < remaining; ++n) {
                const double* v = &values[n * 4];
                values[n]       = cubic4(v[0], v[1], v[2], v[3], t);
            }
        } else {
            const double s = blend_weight(curve, t);
            for (int n = 0; n < remaining; ++n) values[n] = lerp(s, values[2 * n], values[2 * n + 1]);
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
