// erosion_rows.hpp (internal): the erosion filter (erosion.hpp) over a row of pixels at once.
//
// erode_row gives, for every pixel i, erode_value(plan, x[i], y, v[i], gx[i], gy[i]) bit for bit:
// simd/erosion_kernel.cpp runs erosion_filter.hpp's steps on SIMD lanes, one pixel per lane, the
// same IEEE operations in the same order, every branch of the scalar code a comparison and a blend.
// What a row shares is worked out once: along a row y is fixed, so each octave's gully cells lie
// in one band of 3 cell rows, and their points (step 2's wide hash, the costly part of the
// reference) are hashed once per cell, not 9 times per pixel and octave.
//
// fill_eroded_row is the eroded field's row: the shaped field's value and gradient at each pixel
// (gradient_rows.hpp: on lanes for 2D gradient noise, else the call eroded_at makes), then
// erode_row over the row.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "noise/erosion.hpp"
#include "noise/fractal.hpp"
#include "noise/kernel.hpp"

namespace noise::detail {

// One octave's gully cells for a row: the cells ix_lo - reach .. ix_hi + (span - 1 - reach) of the
// rows iy - reach .. iy + (span - 1 - reach) around the row's cells, cell (ix_lo - reach + j,
// iy - reach + r) at [r * columns + j]; span x span cells around each pixel's cell: 3 x 3 around
// floor(q) (reach 1) for the cells layout, 4 x 4 around the nearest corner floor(q + 1/2) (reach
// 2) for the joined one. What of erode's steps 2 and 4 depends on the cell and the row alone is
// worked out here, once per cell, with erode's own operations: for the cell's point (px, py) and
// the row's fy,
//   shifted[c][r * columns + j]  (c - reach) + px  the point seen from the cell c - reach columns over
//   dy[...], dy2[...]            fy - ((r - reach) + py) and dy * dy
// so a pixel's dx = fx - shifted and r^2 = dx * dx + dy2 are the reference's bits.
// The arrays lie in GullyBands' storage, each padded past its last row.
struct GullyBand {
    double ix_lo        = 0.0;  // the leftmost cell a pixel of the row is in (as erode finds it)
    std::size_t columns = 0;
    std::size_t span    = 3;  // cells a side: 3 (cells) or 4 (joined)
    double *shifted[4]{}, *dy = nullptr, *dy2 = nullptr;
};

// Every octave's band of a row, in one allocation (a row's pieces each make one).
struct GullyBands {
    std::unique_ptr<double[]> storage;
    std::vector<GullyBand> octaves;
};

// The bands of every octave for the points x (any order) on the row y, or no octaves when some
// octave's band would be much wider than the row (a row far zoomed out: hashing each pixel's own
// cells is then cheaper than a band).
GullyBands gully_bands(const ErosionPlan& plan, double y, std::span<const double> x);

// out[i] = erode_value(plan, x[i], y, v[i], gx[i], gy[i]) for every i, bit for bit; all the spans
// have out's size. In 1D (plan.two_d false) pass y = 0 and gy = 0, as eroded_at does.
void erode_row(const ErosionPlan& plan, double y, std::span<const double> x, std::span<const double> v,
               std::span<const double> gx, std::span<const double> gy, std::span<double> out);

// The eroded field's row (noise.erosion() active): out[i] == noise.at(p_i) bit for bit, p_i the
// point RowKernel reads for pixel i of `row`.
void fill_eroded_row(const FractalNoise& noise, const RowSpec& row, std::span<double> out);
void fill_eroded_row(const FractalNoise& noise, const RowSpec& row, std::span<float> out);

}  // namespace noise::detail
