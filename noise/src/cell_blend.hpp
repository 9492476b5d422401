// cell_blend.hpp (internal): step 4 of every lattice noise, shared by gradient and value noise.
//
// Hashes the lattice points around a point's cell, evaluates a value at each, and blends them
// along x, then y, then z, then w, like Ken Perlin's nested lerps:
//     lerp(v, lerp(u, c00, c10), lerp(u, c01, c11))
// The two-point curves use the 2^D corners at offsets {0, 1}; `cubic` uses the 4^D lattice points
// at offsets {-1, 0, 1, 2} (seed 004's point before, the cell's two ends, and the point after).
#pragma once

#include <array>
#include <type_traits>

#include "dual.hpp"
#include "lattice_span.hpp"
#include "noise/interpolate.hpp"
#include "noise/lattice.hpp"

namespace noise::detail {

template <int D>
using Offsets = std::array<int, D>;

// Step 2 for all the points at once: the hash codes of the PerAxis^D lattice points around the
// cell, in the order of blend_points (lattice.hpp: a code gives the value and the gradient byte). Like Ken
// Perlin's A, AA, AB, B, BA, BB, points that share their first indices share the first links of the chain: 2
// + 4 + 8 lookups for a 3D cell, not 24. The other hashes (hashes.hpp) are arithmetic on all the indices at
// once: one call per point.
template <int D, int PerAxis>
auto hash_points(const Lattice& lattice, const std::array<Cell, D>& cell, const Periods& period) {
    constexpr int first = first_lattice_offset<PerAxis>;
    constexpr int count = ipow(PerAxis, D);
    std::array<std::uint64_t, count> code{};
    if (lattice.hash() != Hash::permutation) {
        for (int n = 0; n < count; ++n) {
            std::array<std::int64_t, D> wrapped;
            for (int axis = 0, rest = n; axis < D; ++axis, rest /= PerAxis)
                wrapped[axis] = lattice.wrap(cell[axis].index + first + rest % PerAxis, period[axis]);
            code[n] = lattice.point_hash<D>(wrapped);
        }
        return code;
    }
    std::array<unsigned, count> hash{};
    int filled = 1;  // hash[0 .. filled) hold the chains over the axes done so far
    for (int axis = 0; axis < D; ++axis) {
        for (int k = PerAxis - 1; k >= 0; --k) {  // backwards, so hash[n] is read before it is overwritten
            const std::int64_t index = lattice.wrap(cell[axis].index + first + k, period[axis]);
            for (int n = filled - 1; n >= 0; --n) hash[k * filled + n] = lattice.chain(hash[n], index);
        }
        filled *= PerAxis;
    }
    for (int axis = D; axis < 3; ++axis)  // 1D and 2D: the slices at y = 0 and z = 0
        for (int n = 0; n < count; ++n) hash[n] = lattice.chain(hash[n], 0);
    for (int n = 0; n < count; ++n) code[n] = hash[n];
    return code;
}

// What blend_points and the corner functions tell a recorder: nothing, unless a trace is being
// taken (trace_recorder.hpp). `records` is false here, so the plain reference compiles as if
// the calls were not there.
struct NoRecord {
    static constexpr bool records = false;
};

// The blend position of a two-point curve along `axis`: s(t), as a plain number or, for value +
// gradient, with its derivative ds/dt along that axis (the chain rule's s'(t) t').
template <class V>
V curve_weight(Interpolation curve, double t, int axis) {
    if constexpr (std::is_same_v<V, double>) {
        (void)axis;
        return blend_weight(curve, t);
    } else {
        return V::along(axis, blend_weight(curve, t), blend_slope(curve, t));
    }
}
// The position t itself along `axis` (cubic blends with t, not with a weight).
template <class V>
V axis_position(double t, int axis) {
    if constexpr (std::is_same_v<V, double>) {
        (void)axis;
        return t;
    } else {
        return V::along(axis, t);
    }
}

// Step 4: blends the PerAxis^D lattice points around the point (PerAxis = 2 for the two-point
// curves, 4 for cubic); corner(offsets, n) returns the value of point n, at cell.index + offsets.
// PerAxis is a template parameter so that splitting n into offsets compiles to shifts.
// V is double for the value alone, or Dual for the value with its gradient (dual.hpp).
template <int D, int PerAxis, class V = double, class CornerValue, class Recorder = NoRecord>
V blend_points(const std::array<Cell, D>& cell, Interpolation curve, CornerValue corner,
               Recorder&& record = {}) {
    constexpr int first = first_lattice_offset<PerAxis>;
    constexpr int count = ipow(PerAxis, D);

    // Corner values, axis 0 varying fastest: values[i0 + PerAxis * (i1 + PerAxis * ...)].
    std::array<V, count> values;
    for (int n = 0; n < count; ++n) {
        Offsets<D> offsets;
        for (int axis = 0, rest = n; axis < D; ++axis, rest /= PerAxis)
            offsets[axis] = first + rest % PerAxis;
        values[n] = corner(offsets, n);
    }

    // Blend away one axis at a time: x first, as the innermost of Ken Perlin's lerps.
    int remaining = count;
    for (int axis = 0; axis < D; ++axis) {
        const double t = cell[axis].frac;
        remaining /= PerAxis;
        if constexpr (PerAxis == 4) {
            const V position = axis_position<V>(t, axis);
            for (int n = 0; n < remaining; ++n) {
                const V* v      = &values[n * 4];
                const V blended = cubic4_blend(v[0], v[1], v[2], v[3], position);
                if constexpr (std::remove_reference_t<Recorder>::records)
                    record.blend(axis, t, t, {value_of(v[0]), value_of(v[1]), value_of(v[2]), value_of(v[3])},
                                 value_of(blended));
                values[n] = blended;
            }
        } else {
            const V s = curve_weight<V>(curve, t, axis);
            for (int n = 0; n < remaining; ++n) {
                const V blended = lerp(s, values[2 * n], values[2 * n + 1]);
                if constexpr (std::remove_reference_t<Recorder>::records)
                    record.blend(axis, t, value_of(s), {value_of(values[2 * n]), value_of(values[2 * n + 1])},
                                 value_of(blended));
                values[n] = blended;
            }
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
std::array<std::int64_t, D> corner_indices(const Lattice& lattice, const std::array<Cell, D>& cell,
                                           const Offsets<D>& offsets, const Periods& period) {
    std::array<std::int64_t, D> wrapped;
    for (int axis = 0; axis < D; ++axis)
        wrapped[axis] = lattice.wrap(cell[axis].index + offsets[axis], period[axis]);
    return wrapped;
}

}  // namespace noise::detail
