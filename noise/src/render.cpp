// Batch rendering over threads: see render.hpp.
#include "noise/render.hpp"

#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <vector>

#include "noise/kernel.hpp"

namespace noise {

std::string validate(const Region& region) {
    const auto describe = [&] {
        return std::to_string(region.x0) + "," + std::to_string(region.y0) + "," + std::to_string(region.x1) + "," +
               std::to_string(region.y1);
    };
    if (region.width < 1 || region.height < 1)
        return "size: '" + std::to_string(region.width) + "x" + std::to_string(region.height) +
               "' is not allowed: expected a positive width and height";
    if (region.x0 < 0 || region.y0 < 0 || region.x1 > region.width || region.y1 > region.height ||
        region.x0 >= region.x1 || region.y0 >= region.y1)
        return "region: '" + describe() + "' is not allowed: expected 0 <= X0 < X1 <= " +
               std::to_string(region.width) + " and 0 <= Y0 < Y1 <= " + std::to_string(region.height);
    return {};
}

Point pixel_point(const Params& params, int width, double px, double py) {
    const double cell = params.frequency / width;
    return {params.offset_x + (px + 0.5) * cell, params.offset_y + (py + 0.5) * cell, params.z, params.w};
}

bool render(const Params& params, const Region& region, std::span<float> out, const RenderOptions& options) {
    return render(FractalNoise(params), region, out, options);
}

bool render(const FractalNoise& noise, const Region& region, std::span<float> out, const RenderOptions& options) {
    if (auto error = validate(region); !error.empty()) throw std::invalid_argument(error);
    if (out.size() != region.pixel_count()) throw std::invalid_argument("render: output buffer has the wrong size");

    const RowKernel kernel(noise);  // the configuration and the CPU's SIMD target, resolved once
    const Params& params   = noise.params();
    const double cell      = params.frequency / region.width;  // pixel_point's step
    const int rows         = region.rows();
    // Rows are independent, so which thread computes a row never changes its values.
    return for_each_row(rows, options.threads, [&](int row) {
        if (options.cancel != nullptr && options.cancel->load(std::memory_order_relaxed)) return false;
        const int py = region.y0 + row;
        const auto line = out.subspan(static_cast<std::size_t>(row) * static_cast<std::size_t>(region.columns()),
                                      static_cast<std::size_t>(region.columns()));
        kernel.fill_row({params.offset_x, cell, region.x0, pixel_point(params, region.width, 0, py)[1]}, line);
        if (options.rows_done != nullptr) ++*options.rows_done;
        return true;
    });
}

bool for_each_row(int rows, unsigned threads, const std::function<bool(int row)>& row) {
    const unsigned wanted = threads != 0 ? threads : std::max(1u, std::thread::hardware_concurrency());
    const unsigned count  = std::min<unsigned>(wanted, static_cast<unsigned>(std::max(rows, 1)));
    std::atomic<int> next_row{0};
    std::atomic<bool> stopped{false};
    const auto work = [&] {
        for (int r = next_row++; r < rows && !stopped.load(std::memory_order_relaxed); r = next_row++) {
            if (!row(r)) {
                stopped = true;
                return;
            }
        }
    };
    std::vector<std::jthread> pool;
    pool.reserve(count);
    for (unsigned i = 1; i < count; ++i) {
        try {
            pool.emplace_back(work);
        } catch (const std::system_error&) {
            break;  // no room for another thread: fewer threads, same results
        }
    }
    work();
    pool.clear();  // joins
    return !stopped;
}

void sample_row(const FractalNoise& noise, double y, std::span<double> out, int octave) {
    const RowKernel kernel(noise);
    const RowSpec row{noise.params().offset_x, noise.params().frequency / static_cast<double>(out.size()), 0, y};
    if (octave < 0)
        kernel.fill_row(row, out);
    else
        kernel.fill_octave_row(octave, row, out);
}

}  // namespace noise
