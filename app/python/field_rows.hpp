// app/python/field_rows.hpp: the field into caller-owned double buffers, over the library's threads,
// with no Python object in sight (these run with the GIL released).
//
//     fill_grid(noise, region, out, threads, cancel);      // out[r * columns + c], the pixel model
//     fill_points(noise, points, count, stride, out, threads, cancel);
//
// fill_grid is noise::render's loop (render.cpp) with doubles instead of floats: one RowKernel,
// rows over noise::for_each_row, pixel (px, py) at noise::pixel_point(params, width, px, py).
// So each value is FractalNoise::at at that point, what `noise-explorer sample` prints for it,
// and static_cast<float> of it is the r32 export's raw sample (the library rounds its float
// rows the same way).
//
// fill_points reads the point kernel (noise::PointSampler) in runs of `points_per_task` points;
// out[i] == noise.at(point i), the coordinates in noise space (frequency and offsets not applied,
// as `sample` reads them). A point has `stride` coordinates (1 to 4); missing ones are 0.
//
// The gradient variants run the reference on dual numbers (noise::value_gradient, trace.hpp):
// values equal to the above bit for bit, gradients d value / d point in noise space, `dimension`
// numbers per point; white noise takes central differences over `step`.
//
// Every function returns false when `cancel` was seen (the buffers are then partly filled).
#pragma once

#include <atomic>
#include <cstddef>

#include "noise/fractal.hpp"
#include "noise/render.hpp"

namespace noise_python {

inline constexpr std::size_t points_per_task = 4096;

bool fill_grid(const noise::FractalNoise& noise, const noise::Region& region, double* out, unsigned threads,
               const std::atomic<bool>& cancel);
// The same rounded to float: the library's float rows, noise::render's (and the r32 export's) samples.
bool fill_grid(const noise::FractalNoise& noise, const noise::Region& region, float* out, unsigned threads,
               const std::atomic<bool>& cancel);

bool fill_grid_gradient(const noise::FractalNoise& noise, const noise::Region& region, double* values,
                        double* gradient, unsigned threads, const std::atomic<bool>& cancel);

bool fill_points(const noise::FractalNoise& noise, const double* points, std::size_t count, int stride,
                 double* out, unsigned threads, const std::atomic<bool>& cancel);

bool fill_points_gradient(const noise::FractalNoise& noise, const double* points, std::size_t count,
                          int stride, double step, double* values, double* gradient, unsigned threads,
                          const std::atomic<bool>& cancel);

}  // namespace noise_python
