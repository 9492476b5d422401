// noise/worley.hpp: cellular noise (Steven Worley, "A Cellular Texture Basis Function", 1996).
//
//     double n = worley_noise(lattice, {x, y, z, w}, dimension, CellularReturn::f1,
//                             CellularDistance::euclidean, jitter, period);
//
// Scatter one feature point in every lattice cell; at a point, measure the distance to the
// nearest feature point (F1) and to the second nearest (F2). F1 draws round cells, bright at
// their borders; F2 puffier cells; F2 - F1 is 0 exactly on the borders, where two feature points
// are equally near: a network of cracks. The steps, as in worley.cpp:
//   1. the point's cell c and its position f in it (floor, as lattice.hpp);
//   2. the cells around c that can still hold F1 or F2 (below);
//   3. each one's feature point: its cell index, wrapped with the octave's period, is hashed
//      with an integer mixer and the seed (worley_cells.hpp); 16 bits per axis give u in (0, 1),
//      and the feature point sits at 0.5 + jitter (u - 0.5) inside its cell;
//   4. its distance under the metric, |dx| + |dy| for manhattan, max(|dx|, |dy|) for chebyshev;
//      keep the two smallest. The octave's raw value is F1, F2 or F2 - F1 times worley_scale.
//
// The search is provably sufficient for F1 and F2 at every jitter <= 1 (feature points strictly
// inside their cells). Let m = min over the axes of min(f, 1 - f) <= 1/2. The feature point of
// c itself is less than 1 away on every axis; that of the neighbour across c's nearest side is
// less than 1 + m away on that axis and less than 1 on the others. So, for every point,
//     F2 < 1.5 (chebyshev),   F2^2 < 1.5^2 + (D - 1) (euclidean),   F2 < 1.5 + (D - 1) (manhattan).
// A cell k cells away on an axis (|k| >= 1) is at least |k| - 1 away along it, whatever f is;
// the metric of these per-axis floors is the cell's `floor_bound`. Every cell whose floor_bound is
// at or below the bound above is in the candidate list (0 for the 3^D neighbourhood, then shells:
// 25 cells in 2D euclidean, 81 + ... in 4D); no other can be nearer than F2. The search walks the
// list by increasing floor_bound, stops at the first cell whose floor_bound is not below the F2
// found so far, and skips a cell whose exact gap from the point (computed so that it never
// exceeds the distance computed for any feature point in that cell) is not below F2. Skipping
// and stopping only drop cells that cannot change the two smallest distances, so the result does
// not depend on the order of the search: the SIMD kernels, which skip only when all their lanes
// may, give the same bits. The tests compare with a search of the full 11^D box.
//
// Range of one octave (the raw value, which the fractal sums see): distances are >= 0, and
// worley_scale divides by the cell's half-diagonal (0.5 sqrt(D) euclidean, 0.5 D manhattan, 0.5
// chebyshev), and F2 and F2 - F1 by twice that; so at jitter 0 F1 spans exactly [0, 1]. The
// nominal range is [0, 1] (algorithms.hpp) for fbm, turbulence (|n| = n) and ridged alike
// (ridged's 1 - n crests at the feature points for F1, along the cracks for F2 - F1). Measured at
// jitter 1 over 10^6 random points per dimension, metric and return (worley_test prints them):
//                 F1 min .. max        F2 min .. max        F2 - F1 min .. max
//   1D (any)      0      .. 1.967      0.031 .. 1.466       0 .. 1.429
//   2D euclidean  0.0004 .. 1.637      0.030 .. 0.992       0 .. 0.934
//   2D manhattan  0.0004 .. 1.595      0.022 .. 0.895       0 .. 0.786
//   2D chebyshev  0.0006 .. 1.933      0.042 .. 1.339       0 .. 1.130
//   3D euclidean  0.007  .. 1.340      0.048 .. 0.722       0 .. 0.671
//   3D manhattan  0.006  .. 1.166      0.040 .. 0.638       0 .. 0.530
//   3D chebyshev  0.008  .. 1.935      0.076 .. 1.116       0 .. 0.938
//   4D euclidean  0.017  .. 1.151      0.075 .. 0.596       0 .. 0.463
//   4D manhattan  0.014  .. 0.992      0.064 .. 0.505       0 .. 0.391
//   4D chebyshev  0.030  .. 1.707      0.113 .. 0.904       0 .. 0.734
// (F1 < 2 and F2 below the bound above, times the scale, always.) Smaller jitter narrows them.
// Values above 1 are clamped by the output mapping, as other algorithms' overshoots are.
//
// Tiling: cell indices are wrapped with the octave's period before hashing, and neighbours
// across the wrap are measured where they lie (k cells away), so a tiled octave repeats
// exactly. Without tiling the cells repeat every 256, as Ken Perlin's lattice does. Coordinates
// are clamped to lattice_limit before the floor, as everywhere.
//
// Derivatives: d F / d p is minus the unit vector (under the metric) towards the feature point:
// -delta / |delta| (euclidean), -sign(delta) per axis (manhattan), -sign on the largest axis
// (chebyshev). F1 has kinks on the cell borders, F2 and F2 - F1 on more lines; there the
// one-sided derivative of whichever feature point the search kept is returned, and at a feature
// point itself 0.
//
// Typical values: frequency 4 to 16, f1 or f2_minus_f1, euclidean, jitter 1 (0.5 gives
// tidier, more uniform cells). fbm of f2_minus_f1 draws plates with dark cracks between them
// (the cracked-earth preset); ridged turns the cracks into a network of bright veins.
#pragma once

#include <cstdint>

#include "noise/fractal.hpp"
#include "noise/lattice.hpp"
#include "noise/params.hpp"

namespace noise {

double worley_noise(const Lattice& lattice, const Point& p, int dimension, CellularReturn cellular_return,
                    CellularDistance metric, double jitter, const Periods& period);

// The factor one octave's distance is multiplied by (the range above): 1 / the cell's
// half-diagonal for F1, half that for F2 and F2 - F1 (2D euclidean: 1 / 0.7071 = 1.4142 for F1).
// The probe's window writes it out, so a student sees F1 0.2987 become n 0.4224.
double worley_normalisation(int dimension, CellularDistance metric, CellularReturn cellular_return);

}  // namespace noise
