// The field into double buffers off the GIL: see field_rows.hpp.
#include "field_rows.hpp"

#include <algorithm>
#include <span>
#include <vector>

#include "noise/kernel.hpp"
#include "noise/trace.hpp"

namespace noise_python {
namespace {

std::size_t row_start(const noise::Region& region, int row) {
    return static_cast<std::size_t>(row) * static_cast<std::size_t>(region.columns());
}

noise::Point point_at(const double* points, std::size_t i, int stride) {
    noise::Point point{0.0, 0.0, 0.0, 0.0};
    for (int axis = 0; axis < stride; ++axis)
        point[static_cast<std::size_t>(axis)] =
            points[i * static_cast<std::size_t>(stride) + static_cast<std::size_t>(axis)];
    return point;
}

int task_count(std::size_t count) {
    return static_cast<int>((count + points_per_task - 1) / points_per_task);
}

}  // namespace

template <class Sample>
bool fill_grid_of(const noise::FractalNoise& noise, const noise::Region& region, Sample* out,
                  unsigned threads, const std::atomic<bool>& cancel) {
    const noise::RowKernel kernel(noise);
    const noise::Params& params = noise.params();
    const double cell           = params.frequency / region.width;  // pixel_point's step, as render.cpp
    return noise::for_each_row(region.rows(), threads, [&](int row) {
        if (cancel.load(std::memory_order_relaxed)) return false;
        const double y = noise::pixel_point(params, region.width, 0, region.y0 + row)[1];
        kernel.fill_row(
            {params.offset_x, cell, region.x0, y},
            std::span<Sample>(out + row_start(region, row), static_cast<std::size_t>(region.columns())));
        return true;
    });
}

bool fill_grid(const noise::FractalNoise& noise, const noise::Region& region, double* out, unsigned threads,
               const std::atomic<bool>& cancel) {
    return fill_grid_of(noise, region, out, threads, cancel);
}

bool fill_grid(const noise::FractalNoise& noise, const noise::Region& region, float* out, unsigned threads,
               const std::atomic<bool>& cancel) {
    return fill_grid_of(noise, region, out, threads, cancel);
}

bool fill_grid_gradient(const noise::FractalNoise& noise, const noise::Region& region, double* values,
                        double* gradient, unsigned threads, const std::atomic<bool>& cancel) {
    const noise::Params& params = noise.params();
    const auto dimension        = static_cast<std::size_t>(params.dimension);
    const double step           = params.frequency / region.width;  // white noise: one pixel
    return noise::for_each_row(region.rows(), threads, [&](int row) {
        if (cancel.load(std::memory_order_relaxed)) return false;
        for (int column = 0; column < region.columns(); ++column) {
            const std::size_t i = row_start(region, row) + static_cast<std::size_t>(column);
            const auto result   = noise::value_gradient(
                  noise, noise::pixel_point(params, region.width, region.x0 + column, region.y0 + row), step);
            values[i] = result.value;
            std::copy_n(result.gradient.begin(), dimension, gradient + i * dimension);
        }
        return true;
    });
}

bool fill_points(const noise::FractalNoise& noise, const double* points, std::size_t count, int stride,
                 double* out, unsigned threads, const std::atomic<bool>& cancel) {
    const noise::PointSampler sampler(noise);
    return noise::for_each_row(task_count(count), threads, [&](int task) {
        if (cancel.load(std::memory_order_relaxed)) return false;
        const std::size_t first = static_cast<std::size_t>(task) * points_per_task;
        const std::size_t size  = std::min(points_per_task, count - first);
        std::vector<noise::Point> batch(size);
        for (std::size_t i = 0; i < size; ++i) batch[i] = point_at(points, first + i, stride);
        sampler.at(batch, std::span<double>(out + first, size));
        return true;
    });
}

bool fill_points_gradient(const noise::FractalNoise& noise, const double* points, std::size_t count,
                          int stride, double step, double* values, double* gradient, unsigned threads,
                          const std::atomic<bool>& cancel) {
    const auto dimension = static_cast<std::size_t>(noise.params().dimension);
    return noise::for_each_row(task_count(count), threads, [&](int task) {
        if (cancel.load(std::memory_order_relaxed)) return false;
        const std::size_t first = static_cast<std::size_t>(task) * points_per_task;
        const std::size_t end   = std::min(first + points_per_task, count);
        for (std::size_t i = first; i < end; ++i) {
            const auto result = noise::value_gradient(noise, point_at(points, i, stride), step);
            values[i]         = result.value;
            std::copy_n(result.gradient.begin(), dimension, gradient + i * dimension);
        }
        return true;
    });
}

}  // namespace noise_python
