// noise/voronoi.hpp: Voronoi cells, each filled with one random value ("cell value" noise).
//
//     double n = voronoi_noise(lattice, {x, y, z, w}, dimension, CellularDistance::euclidean,
//                              jitter, period);
//
// The mosaic that cellular noise (worley.hpp) outlines: the same feature points, one scattered
// in every lattice cell, and at a point the value of the cell whose feature point is nearest.
// Flat patches with sharp borders: paving stones, dried mud, crystal grains, biome or region
// maps; its fbm sets smaller patches inside the large ones, its ridged mode bright rims. The
// steps, as in voronoi.cpp:
//   1. the point's cell c and its position f in it (floor, as lattice.hpp);
//   2. the cells that can still hold the nearest feature point: worley.hpp's candidate list,
//      which is sufficient for F2 and so for F1; the search stops at the first cell whose
//      floor_bound is not below the nearest distance found, and skips a cell whose gap from
//      the point is not below it;
//   3. each one's feature point, placed exactly as worley.hpp places it (the same hash of the
//      wrapped cell index and seed, the same jitter), so the patches' borders are the cracks of
//      worley's f2_minus_f1;
//   4. its distance under the metric; the nearest wins (on an exact tie the first found in the
//      list's order). The octave's raw value is that cell's value: its feature point's hash
//      word mixed once more (worley_cells.hpp's mix32), the top 24 bits spread over (-1, 1).
//
// Range of one octave: (-1, 1), the cells' values uniform in it; the nominal range is [-1, 1].
// Limits, stated plainly:
// - A step function: its gradient is 0 inside a cell and does not exist on the borders, so
//   value_gradient takes finite differences (as for white noise), and the erosion filter,
//   which follows the slope, finds none inside a patch.
// - No compiled (SIMD) kernel: rows and warped points go through this reference, pixel by
//   pixel, with the same values (RowKernel::target() says "reference"). A 512 x 512 export of 4
//   octaves on one thread took 0.94 s against worley's 0.17 s on its AVX2 kernel (medians of 3,
//   AMD EPYC under a load of 10: `export --size 512x512 --format r32 --threads 1 --set
//   algorithm=voronoi --set octaves=4`): about 5.5 times slower until it has a kernel.
// - Tiling, the 256-cell repeat without tiling and the clamping of coordinates are worley's.
//
// Typical values: frequency 4 to 16, euclidean, jitter 1; manhattan or chebyshev give angular
// patches, jitter 0 a board of random squares. One octave for a clean mosaic; fbm with 3
// octaves for stone with smaller grains inside.
#pragma once

#include "noise/fractal.hpp"
#include "noise/lattice.hpp"
#include "noise/params.hpp"

namespace noise {

double voronoi_noise(const Lattice& lattice, const Point& p, int dimension, CellularDistance metric,
                     double jitter, const Periods& period);

}  // namespace noise
