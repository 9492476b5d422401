// noise/simplex.hpp: simplex-type gradient noise (OpenSimplex2 style), in 1, 2, 3 and 4 dimensions.
//
//     double n = simplex_noise(lattice, {x, y, z, w}, dimension);   // in [-1, 1]
//
// Perlin's 1985 noise blends the 2^D corners of a square cell; simplex-type noise instead sums
// radial bumps: every vertex v of a lattice whose points are spread evenly in every direction
// adds
//     (r^2 - |d|^2)^4 (g_v . d)      while |d|^2 < r^2, else 0,      d = p - v,
// a gradient ramp g_v . d (0 at the vertex, as in Perlin's noise) faded out by a smooth falloff.
// Only the few vertices near p can be inside their radius, so only those are evaluated: D + 1
// in 2D and 4D, 4 in 3D, fewer than the 2^D corners of a cell, and no axis-aligned cell edges
// to show in the picture. The lattices are those of KdotJPG's OpenSimplex2 (fast variant),
// written here from the geometry, not from its code:
//
// 2D (and 4D): the triangular lattice, the square lattice skewed along its main diagonal.
//   1. skew: s = (x + y) * (sqrt 3 - 1) / 2; the cell (i, j) = floor(x + s, y + s), with
//      fractional position f; unskew: d0 = f - (fx + fy) * (3 - sqrt 3) / 6, the distance in
//      noise space from the vertex (i, j);
//   2. which triangle: the lower one (vertex (i + 1, j)) when d0x > d0y, else the upper one;
//   3. sum the contributions of its three vertices.
//   4D does the same with skew (sqrt 5 - 1) / 4 and unskew (5 - sqrt 5) / 20; its cells hold 24
//   simplices, and the ranking of d0's four coordinates says which: vertex k (k = 0 .. 4) adds
//   1 on the k axes of highest rank. (Ken Perlin's 2001 simplex noise uses this lattice too; his
//   US patent 6,867,776 on it expired in January 2022.)
// 3D: the body-centred cubic lattice, two cubic grids, the second shifted by (1/2, 1/2, 1/2).
//   1. rotate (orthonormal): the noise's z axis runs along the grids' main diagonal, so every
//      slice at constant z, as the 2D preview shows, cuts the lattice alike and shows no cubic
//      axes;
//   2. in each grid, the nearest vertex (rounding), and
//   3. its neighbour along the axis where p is farthest from it: 2 vertices per grid, 4 in all.
// 1D: the 2D noise along y = 0.
//
// Radius: r^2 = 1/2. In 2D and 4D every simplex's height is exactly sqrt(1/2), so a vertex's
// bump ends before the point leaves the simplices around it. In 3D, with e the point's offset
// from its nearest vertex in a grid (|e_i| <= 1/2), every other vertex of that grid but the
// neighbour on the farthest axis is at |d|^2 >= 1/2: a neighbour on another axis j towards the
// point at |e|^2 + 1 - 2|e_j| >= 2 e_j^2 + 1 - 2|e_j| >= 1/2 (|e|^2 >= e_far^2 + e_j^2 >= 2 e_j^2);
// a vertex two axes away at >= (1/2)^2 + (1/2)^2; all others farther. So the two vertices
// evaluated per grid are all that can contribute, also where the choice of neighbour flips (both
// candidates are then at |d|^2 >= 1/2). So the noise is continuous, and, the bump being (.)^4,
// so are its first and second derivatives (tests: simplex_test.cpp).
//
// Hashing: a vertex's integer coordinates (the low 32 bits) times one odd constant per axis,
// xored together with the seed, mixed by MurmurHash3's finaliser (simplex_lattice.hpp): pure
// uint32 arithmetic, so SIMD lanes need no table lookups. Octave seeds (fractal.hpp) use the
// octave's lattice seed. The lattice repeats only every 2^32 vertices.
// Gradients: 2D 8 unit vectors at 22.5 + 45k degrees; 3D Ken Perlin's 12 cube edges; 4D the 32
// edges of the 4-cube.
//
// Range: the raw sum is scaled (simplex_lattice.hpp, norm2 .. norm4) so that one octave stays
// within [-1, 1]. Max |n| measured over 2 * 10^6 random points in [-1000, 1000]^D per dimension
// (seeds 0 .. 9), every tenth refined by hill climbing towards a local maximum:
//   1D 0.990, 2D 0.990, 3D 0.989, 4D 0.988      (the normalisation's own bound: 1.0)
// The field is symmetric about 0 (negating a gradient negates its bump). simplex_test.cpp checks
// |n| <= 1 and max |n| > 0.8 over 10^6 kernel samples per dimension. Spread (standard deviation
// over 10^6 samples): 2D 0.54, 3D 0.39, 4D 0.20 (Perlin's 2D noise: 0.25). 4D is the flattest:
// the centre of each of its simplices is sqrt(0.4) from all five vertices, so the bumps there
// are at most (0.5 - 0.4)^4 high and leave low, flat patches (16 % of samples within 0.02 of 0,
// against 2 % in 2D). A larger radius would need the vertices of the neighbouring simplices too.
// Limits, stated plainly:
// - No tiling: the skewed (2D, 4D) and rotated (3D) lattices are not mapped onto themselves by a
//   shift of a whole number of cells along each axis, so no square period exists; `validate`
//   rejects tile != 0 for this algorithm. The `gradients`, `interpolation` and `smooth` settings
//   do not apply.
// - Coordinates are clamped to +-2^52 first (lattice.hpp), and the skewed ones again before
//   their floor, so any double input is defined.
// - Its teaching views are those of the value and the gradient; the views that draw a square
//   lattice cell do not apply (AlgorithmInfo::lattice).
#pragma once

#include "noise/fractal.hpp"
#include "noise/lattice.hpp"

namespace noise {

// The lattice supplies the seed only (Lattice::seed). dimension 1 .. 4.
double simplex_noise(const Lattice& lattice, const Point& p, int dimension);

// The numbers the teaching views write out (the probe's table, the lattice over the picture),
// the reference's own constants, so the window cannot drift from them.
struct SimplexFacts {
    double radius2       = 0.0;  // r^2: a vertex adds (r^2 - |d|^2)^4 (g . d) while |d|^2 < r^2
    double normalisation = 0.0;  // the octave's value is the vertices' sum times this (2D: 99)
    double skew          = 0.0;  // 1D, 2D, 4D: a point's skewed coordinates are x_k + (sum x) skew
    double unskew        = 0.0;  // ... and vertex v sits at v_k - (sum v) unskew in noise space
};                               // (3D: the rotated body-centred lattice; skew and unskew are 0)
SimplexFacts simplex_facts(int dimension);

}  // namespace noise
