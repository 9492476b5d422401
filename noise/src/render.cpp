// Batch rendering over threads: see render.hpp.
#include "noise/render.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <tuple>
#include <utility>

#include "noise/kernel.hpp"
#include "noise/simulated_field.hpp"
#include "worker_pool.hpp"

namespace noise {

std::string validate(const Region& region) {
    const auto describe = [&] {
        return std::to_string(region.x0) + "," + std::to_string(region.y0) + "," + std::to_string(region.x1) +
               "," + std::to_string(region.y1);
    };
    if (region.width < 1 || region.height < 1)
        return "size: '" + std::to_string(region.width) + "x" + std::to_string(region.height) +
               "' is not allowed: expected a positive width and height";
    if (region.x0 < 0 || region.y0 < 0 || region.x1 > region.width || region.y1 > region.height ||
        region.x0 >= region.x1 || region.y0 >= region.y1)
        return "region: '" + describe() +
               "' is not allowed: expected 0 <= X0 < X1 <= " + std::to_string(region.width) +
               " and 0 <= Y0 < Y1 <= " + std::to_string(region.height);
    return {};
}

Point pixel_point(const Params& params, int width, double px, double py) {
    const double cell = params.frequency / width;
    return {params.offset_x + (px + 0.5) * cell, params.offset_y + (py + 0.5) * cell, params.z, params.w};
}

bool render(const Params& params, const Region& region, std::span<float> out, const RenderOptions& options) {
    const detail::DefaultFloatingPoint
        default_fp;  // FractalNoise's tables too, whatever the caller's rounding
    if (params.erosion_method != ErosionMethod::simulate)
        return render(FractalNoise(params), region, out, options);
    // The simulation needs the whole image: run it on the region's full image, then draw the
    // window from its result, as the program's exports do (simulated_field.hpp).
    if (auto error = validate(region); !error.empty()) throw std::invalid_argument(error);
    if (out.size() != region.pixel_count())
        throw std::invalid_argument("render: output buffer has the wrong size");
    SimulationControl control;
    control.threads  = options.threads;
    control.cancel   = options.cancel;
    const auto field = simulate_field(params, region.width, region.height, control);
    return field && render(FractalNoise(field->params), region, out, options);
}

bool render(const FractalNoise& noise, const Region& region, std::span<float> out,
            const RenderOptions& options) {
    const detail::DefaultFloatingPoint default_fp;  // the caller's rounding mode must change no value
    if (auto error = validate(region); !error.empty()) throw std::invalid_argument(error);
    if (out.size() != region.pixel_count())
        throw std::invalid_argument("render: output buffer has the wrong size");

    const RowKernel kernel(noise);  // the configuration and the CPU's SIMD target, resolved once
    const Params& params = noise.params();
    const int rows       = region.rows();
    // Rows are independent, so which thread computes a row never changes its values.
    return for_each_row(rows, options.threads, [&](int row) {
        if (options.cancel != nullptr && options.cancel->load(std::memory_order_relaxed)) return false;
        const int py = region.y0 + row;
        const auto line =
            out.subspan(static_cast<std::size_t>(row) * static_cast<std::size_t>(region.columns()),
                        static_cast<std::size_t>(region.columns()));
        kernel.fill_row(pixel_row(params, region.width, py, region.x0), line);
        if (options.rows_done != nullptr) ++*options.rows_done;
        return true;
    });
}

namespace {

// Rows are handed out in runs rather than one at a time: every claim moves the shared counter's
// cache line between cores (about 0.2 us on these machines, a fifth of a one-octave 1024-pixel
// row), which cost two threads a quarter of their speed. Runs shrink as the rows run out, so
// the threads finish together; at most max_run rows keep cancelling prompt.
constexpr int max_run = 16;

struct RowCounter {
    alignas(64) std::atomic<int> next{0};  // alone on its cache line: only claims touch it
    alignas(64) std::atomic<bool> stopped{false};

    // The next run [first, end) of rows, or an empty one when none are left.
    std::pair<int, int> claim(int rows, unsigned threads) {
        int first = next.load(std::memory_order_relaxed);
        while (first < rows) {
            const int run = std::clamp((rows - first) / static_cast<int>(2 * threads), 1, max_run);
            if (next.compare_exchange_weak(first, first + run, std::memory_order_relaxed))
                return {first, first + run};
        }
        return {rows, rows};
    }
};

}  // namespace

bool for_each_row(int rows, unsigned threads, const std::function<bool(int row)>& row) {
    detail::WorkerPool& pool = detail::WorkerPool::shared();
    const unsigned wanted    = threads != 0 ? threads : pool.hardware_threads();
    const unsigned count     = std::min<unsigned>(wanted, static_cast<unsigned>(std::max(rows, 1)));
    RowCounter counter;
    std::mutex failure_mutex;
    std::exception_ptr failure;  // the first exception from a row, on whichever thread
    pool.run(count - 1, [&] {
        for (auto [r, end]    = counter.claim(rows, count); r < end;
             std::tie(r, end) = counter.claim(rows, count)) {
            for (; r < end; ++r) {
                if (counter.stopped.load(std::memory_order_relaxed)) return;
                bool go_on = false;
                try {
                    go_on = row(r);
                } catch (...) {
                    const std::lock_guard lock(failure_mutex);
                    if (!failure) failure = std::current_exception();
                }
                if (!go_on) {
                    counter.stopped = true;
                    return;
                }
            }
        }
    });
    if (failure) std::rethrow_exception(failure);
    return !counter.stopped;
}

void sample_row(const FractalNoise& noise, double y, std::span<double> out, int octave) {
    const RowKernel kernel(noise);
    const RowSpec row = frame_row(noise.params(), static_cast<int>(out.size()), y);
    if (octave < 0)
        kernel.fill_row(row, out);
    else
        kernel.fill_octave_row(octave, row, out);
}

}  // namespace noise
