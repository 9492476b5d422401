// noise/perlin.hpp: gradient noise (seeds 000, 001, 002), in 1, 2, 3 and 4 dimensions.
//
//     double n = perlin_noise(lattice, {x, y, z, w}, dimension, gradients, interpolation, period);
//
// The steps, as Ken Perlin's reference takes them:
//   1. find the unit cell that contains the point: i = floor(p), f = p - i   (lattice.hpp)
//   2. hash each corner of the cell to a byte:      h = p[p[p[X] + Y] + Z]   (lattice.hpp; with
//      another `hash`, the byte that hash gives the corner, hashes.hpp)
//   3. pick that corner's gradient g(h) and take its dot product with the distance vector from
//      the corner to the point: g . (f - corner)    -- zero at the corner itself, so gradient
//      noise is 0 at every lattice point
//   4. blend the corner contributions along x, then y, then z, then w with the chosen curve:
//      lerp(fade(u), ...) nested like a tree                                   (interpolate.hpp)
// With `cubic` the blend takes four contributions per axis (corners -1, 0, 1, 2), seed 004's
// four-point cubic applied to the gradient contributions.
//
// Gradients:
//   improved  1D: a slope in [-1, 1] from the hash (seed 002); 2D and 3D: Ken Perlin's 12 edge
//             vectors of the cube (his `grad`, 16 cases, 4 repeated), 2D being the z = 0 slice of
//             3D (4 corners evaluated, not 8); 4D: the 32 edge vectors of the 4-cube (one
//             coordinate 0, the others +-1)
//   axes      the 2D unit vectors (+-1, 0), (0, +-1) of seed 001, and likewise +-e_k in 1, 3, 4D
//   random    unit vectors drawn per seed (Perlin 1985), slopes in [-1, 1] in 1D
// Seed 0, dimension 3, improved, quintic equals Ken Perlin's 2002 reference at every point.
//
// Range: |g . d| <= |g| |d| bounds every corner contribution, and the two-point curves blend
// them with weights in [0, 1]: |n| <= |g| sqrt(D) in theory. In practice the field stays near
// [-1, 1]; max |n| measured over 10^6 / D^2 random points in [-128, 128]^D, seed 0, quintic:
//   improved  1D 0.45, 2D 0.90, 3D 0.94, 4D 1.03   (Ken Perlin's 3D noise can slightly exceed 1)
//   axes      1D 0.50, 2D 0.54, 3D 0.54, 4D 0.53
//   random    1D 0.48, 2D 0.68, 3D 0.62, 4D 0.59
// The other two-point curves differ by a few hundredths. `cubic` blends contributions up to two
// cells away with overshooting weights: 0.79 (1D) to 2.4 (improved 4D). The output mapping
// clamps to its range; "stretch" mapping shows the measured range instead.
#pragma once

#include <cstdint>

#include "noise/fractal.hpp"
#include "noise/lattice.hpp"
#include "noise/params.hpp"

namespace noise {

// period: 0 for Ken Perlin's 256-cell repeat, else the tiling period in cells (wrap_index).
double perlin_noise(const Lattice& lattice, const Point& p, int dimension, Gradients gradients,
                    Interpolation interpolation, const Periods& period);

// Step 3 on its own: gradient h of the given set, dotted with the distance vector d (teaching
// views draw the gradients and these dot products).
double gradient_dot(const Lattice& lattice, int dimension, Gradients gradients, std::uint8_t h,
                    const double* d);

}  // namespace noise
