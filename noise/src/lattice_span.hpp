// lattice_span.hpp (internal): which lattice points a cell's blend reads, said once for the
// reference (cell_blend.hpp) and the SIMD kernels (simd/*).
//
// A curve reads PerAxis points on each axis: 2 for the two-point curves (the cell's two ends,
// offsets 0 and 1), 4 for `cubic` (offsets -1, 0, 1, 2: the point before the cell and the point
// after). So a D-dimensional cell reads PerAxis^D points, starting at offset
// first_lattice_offset<PerAxis> on every axis.
#pragma once

namespace noise::detail {

// base^exponent for the small compile-time counts above (array sizes, loop bounds).
constexpr int ipow(int base, int exponent) { return exponent == 0 ? 1 : base * ipow(base, exponent - 1); }

// The offset, from the cell's own index, of the first lattice point a curve reads on an axis.
template <int PerAxis>
inline constexpr int first_lattice_offset = PerAxis == 4 ? -1 : 0;

}  // namespace noise::detail
