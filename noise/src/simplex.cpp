// Simplex noise: see simplex.hpp for the steps, the lattices and the range.
#include "noise/simplex.hpp"

#include <cmath>
#include <type_traits>

#include "dual.hpp"
#include "reference_trace.hpp"
#include "simplex_lattice.hpp"

namespace noise {
namespace {

using namespace simplex_detail;
using detail::value_of;

// [SECTION] Numbers: plain, or with their slopes (dual.hpp) ----------------------------------

// The coordinate of one axis as the lattice reads it: clamped to lattice_limit (lattice.hpp),
// and + 0.0, which turns -0 into 0 as the kernel's floor(x) + (x - floor(x)) does.
template <class V>
V coordinate(const Point& p, int axis) {
    const double x = p[static_cast<std::size_t>(axis)];
    const double c = clamp_to_lattice(x) + 0.0;
    if constexpr (std::is_same_v<V, double>)
        return c;
    else
        return V::along(axis, c, c == x ? 1.0 : 0.0);  // flat where the clamp holds it
}

// q's position inside its cell, keeping q's slopes (the cell's index is a constant).
template <class V>
V frac_of(const V& q, const Cell& cell) {
    if constexpr (std::is_same_v<V, double>) {
        return cell.frac;
    } else {
        V r     = q;
        r.value = cell.frac;
        return r;
    }
}

// [SECTION] One vertex ------------------------------------------------------------------------

// A vertex's contribution at distance d from it: (r^2 - |d|^2)^4 (g . d) inside its radius, else
// 0. Written as the kernel computes it: the falloff, then times the dot product, always added.
template <std::size_t D, class V>
V contribution(const std::array<double, D>& g, const std::array<V, D>& d) {
    V length2 = d[0] * d[0];
    for (std::size_t axis = 1; axis < D; ++axis) length2 = length2 + d[axis] * d[axis];
    const V a = V{radius2} - length2;
    V falloff{0.0};
    if (value_of(a) > 0.0) {
        const V a2 = a * a;
        falloff    = a2 * a2;
    }
    V dot = g[0] * d[0];
    for (std::size_t axis = 1; axis < D; ++axis) dot = dot + g[axis] * d[axis];
    return falloff * dot;
}

template <std::size_t D>
std::array<double, D> gradient_of(std::uint32_t h) {
    if constexpr (D == 2) return gradient2(h);
    if constexpr (D == 3) return gradient3(h);
    if constexpr (D == 4) return gradient4(h);
}

// The vertex's contribution, written down in `trace` when there is one (offsets from the
// trace's cell).
template <std::size_t D, class V>
V vertex(std::uint32_t seed, const std::array<std::int64_t, D>& index, const std::array<V, D>& d,
         OctaveTrace* trace) {
    const std::uint32_t h = vertex_hash(seed, index);
    const auto g          = gradient_of<D>(h);
    const V c             = contribution(g, d);
    if (trace != nullptr) {
        CornerTrace& corner = trace->corners.emplace_back();
        for (std::size_t axis = 0; axis < D; ++axis) {
            corner.offset[axis]   = static_cast<int>(index[axis] - trace->cell[axis]);
            corner.index[axis]    = index[axis];
            corner.gradient[axis] = g[axis];
            corner.distance[axis] = value_of(d[axis]);
        }
        corner.hash  = h;
        corner.value = value_of(c);
    }
    return c;
}

// [SECTION] 1D, 2D, 4D: the skewed lattice of simplices ----------------------------------------

template <std::size_t D, class V>
V simplex_skewed(std::uint32_t seed, const std::array<V, D>& x, OctaveTrace* trace) {
    constexpr double skew = D == 2 ? skew2 : skew4, unskew = D == 2 ? unskew2 : unskew4;
    V sum = x[0];  // 1. SKEW: FIND THE CELL
    for (std::size_t axis = 1; axis < D; ++axis) sum = sum + x[axis];
    const V s = sum * skew;
    std::array<Cell, D> cell;
    std::array<V, D> f;
    for (std::size_t axis = 0; axis < D; ++axis) {
        const V q  = x[axis] + s;
        cell[axis] = cell_of(value_of(q));
        f[axis]    = frac_of(q, cell[axis]);
    }
    V fsum = f[0];                                                       // 2. UNSKEW: THE DISTANCE
    for (std::size_t axis = 1; axis < D; ++axis) fsum = fsum + f[axis];  // FROM THE CELL'S ORIGIN
    const V t = fsum * unskew;
    std::array<V, D> d0;
    for (std::size_t axis = 0; axis < D; ++axis) d0[axis] = f[axis] - t;
    if (trace != nullptr)
        for (std::size_t axis = 0; axis < D; ++axis) {
            trace->cell[axis] = cell[axis].index;
            trace->frac[axis] = value_of(f[axis]);
        }

    std::array<int, D> rank{};           // 3. WHICH SIMPLEX: RANK THE
    for (std::size_t a = 0; a < D; ++a)  //    AXES (TIES TO THE LATER)
        for (std::size_t b = a + 1; b < D; ++b) ++rank[value_of(d0[a]) > value_of(d0[b]) ? a : b];

    V total{0.0};                                     // 4. ITS D + 1 VERTICES:
    for (int k = 0; k <= static_cast<int>(D); ++k) {  //    VERTEX k IS 1 ON THE k
        std::array<std::int64_t, D> index;            //    AXES OF HIGHEST RANK
        std::array<V, D> d;
        for (std::size_t axis = 0; axis < D; ++axis) {
            const int offset = rank[axis] >= static_cast<int>(D) - k ? 1 : 0;
            index[axis]      = cell[axis].index + offset;
            d[axis] = k == 0 ? d0[axis] : (d0[axis] - V{static_cast<double>(offset)}) + V{k * unskew};
        }
        total = total + vertex(seed, index, d, trace);
    }
    return total * (D == 2 ? norm2 : norm4);
}

// [SECTION] 3D: the body-centred cubic lattice ------------------------------------------------

template <class V>
V simplex_bcc(std::uint32_t seed, const V& x, const V& y, const V& z, OctaveTrace* trace) {
    const V zz = z * one_over_root3;                           // 1. ROTATE: z ALONG THE
    const V xk = x * one_over_root6, yk = y * one_over_root2;  //    LATTICE'S DIAGONAL
    const std::array<V, 3> r{x * two_over_root6 + zz, (yk - xk) + zz, zz - (xk + yk)};

    V total{0.0};
    for (int grid = 0; grid < 2; ++grid) {  // grid 0: vertices at integers; grid 1: at integers + 1/2
        std::array<std::int64_t, 3> index;  // 2. THE NEAREST VERTEX
        std::array<V, 3> d;                 //    OF THE GRID
        for (std::size_t axis = 0; axis < 3; ++axis) {
            const V q       = grid == 0 ? r[axis] + V{0.5} : r[axis];
            const Cell cell = cell_of(value_of(q));
            index[axis]     = cell.index;
            d[axis]         = frac_of(q, cell) - V{0.5};
        }
        if (trace != nullptr && grid == 0)
            for (std::size_t axis = 0; axis < 3; ++axis) {
                trace->cell[axis] = index[axis];
                trace->frac[axis] = value_of(d[axis]);
            }
        const std::uint32_t grid_seed = grid == 0 ? seed : seed ^ second_grid_seed;
        total                         = total + vertex(grid_seed, index, d, trace);

        const double a0 = std::abs(value_of(d[0])), a1 = std::abs(value_of(d[1])),
                     a2       = std::abs(value_of(d[2]));
        const std::size_t far = a0 >= a1 && a0 >= a2 ? 0 : (a1 >= a2 ? 1 : 2);  // 3. ITS NEIGHBOUR ON
        const int step        = value_of(d[far]) >= 0.0 ? 1 : -1;               //    THE AXIS WHERE THE
        index[far] += step;                                                     //    POINT IS FARTHEST
        d[far] = d[far] - V{static_cast<double>(step)};
        total  = total + vertex(grid_seed, index, d, trace);
    }
    return total * norm3;
}

template <class V>
V simplex_any(const Lattice& lattice, const Point& p, int dimension, OctaveTrace* trace) {
    const std::uint32_t seed = lattice.seed();
    switch (dimension) {
        case 1:
            return simplex_skewed<2, V>(seed, {coordinate<V>(p, 0), V{0.0}}, trace);
        case 2:
            return simplex_skewed<2, V>(seed, {coordinate<V>(p, 0), coordinate<V>(p, 1)}, trace);
        case 3:
            return simplex_bcc<V>(seed, coordinate<V>(p, 0), coordinate<V>(p, 1), coordinate<V>(p, 2), trace);
        default:
            return simplex_skewed<4, V>(
                seed, {coordinate<V>(p, 0), coordinate<V>(p, 1), coordinate<V>(p, 2), coordinate<V>(p, 3)},
                trace);
    }
}

}  // namespace

SimplexFacts simplex_facts(int dimension) {
    switch (dimension) {
        case 1:
        case 2:
            return {radius2, norm2, skew2, unskew2};
        case 3:
            return {radius2, norm3, 0.0, 0.0};
        default:
            return {radius2, norm4, skew4, unskew4};
    }
}

double simplex_noise(const Lattice& lattice, const Point& p, int dimension) {
    return simplex_any<double>(lattice, p, dimension, nullptr);
}

detail::Dual simplex_noise_gradient(const Lattice& lattice, const Point& p, int dimension) {
    return simplex_any<detail::Dual>(lattice, p, dimension, nullptr);
}

detail::Dual simplex_noise_trace(const Lattice& lattice, const Point& p, int dimension, OctaveTrace& trace) {
    return simplex_any<detail::Dual>(lattice, p, dimension, &trace);
}

}  // namespace noise
