// render_grid (render.hpp): windows of an unbounded grid of samples, each sample's point computed
// from its integer indices, so chunks agree wherever they are cut.
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "noise/kernel.hpp"
#include "noise/render.hpp"
#include "noise/simulated_field.hpp"
#include "worker_pool.hpp"

namespace noise {
namespace {

std::string number_text(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", value);
    return text;
}

}  // namespace

std::string validate(const GridWindow& window) {
    if (!std::isfinite(window.spacing) || !(window.spacing > 0.0))
        return "grid: spacing '" + number_text(window.spacing) +
               "' is not allowed: expected a finite number of noise units above 0";
    if (!std::isfinite(window.origin_x) || !std::isfinite(window.origin_y))
        return "grid: origin '" + number_text(window.origin_x) + ", " + number_text(window.origin_y) +
               "' is not allowed: expected finite numbers";
    if (window.columns < 1 || window.rows < 1)
        return "grid: size '" + std::to_string(window.columns) + "x" + std::to_string(window.rows) +
               "' is not allowed: expected at least 1 column and 1 row";
    constexpr long long top = std::numeric_limits<int>::max();
    if (static_cast<long long>(window.i0) + window.columns - 1 > top ||
        static_cast<long long>(window.j0) + window.rows - 1 > top)
        return "grid: window from sample " + std::to_string(window.i0) + ", " + std::to_string(window.j0) +
               " of " + std::to_string(window.columns) + "x" + std::to_string(window.rows) +
               " is not allowed: expected its last sample's indices within " + std::to_string(top);
    // The corners bound every sample: x grows with i.
    for (const long long i :
         {static_cast<long long>(window.i0), static_cast<long long>(window.i0) + window.columns - 1})
        for (const long long j :
             {static_cast<long long>(window.j0), static_cast<long long>(window.j0) + window.rows - 1}) {
            const double x = window.origin_x + (static_cast<double>(i) + 0.5) * window.spacing;
            const double y = window.origin_y + (static_cast<double>(j) + 0.5) * window.spacing;
            if (!(std::abs(x) <= grid_coordinate_limit) || !(std::abs(y) <= grid_coordinate_limit))
                return "grid: sample " + std::to_string(i) + ", " + std::to_string(j) + " lies at " +
                       number_text(x) + ", " + number_text(y) +
                       ": expected samples within +-1e12 noise units";
        }
    return {};
}

bool render_grid(const Params& params, const GridWindow& window, std::span<float> out,
                 const RenderOptions& options) {
    if (params.erosion_method == ErosionMethod::simulate)
        throw std::invalid_argument(simulation_needs_frame(params, "a grid"));
    const detail::DefaultFloatingPoint
        default_fp;  // FractalNoise's tables too, whatever the caller's rounding
    return render_grid(FractalNoise(params), window, out, options);
}

bool render_grid(const FractalNoise& noise, const GridWindow& window, std::span<float> out,
                 const RenderOptions& options) {
    const detail::DefaultFloatingPoint default_fp;  // the caller's rounding mode must change no value
    if (auto error = validate(window); !error.empty()) throw std::invalid_argument(error);
    if (out.size() != window.sample_count())
        throw std::invalid_argument("render_grid: output buffer has the wrong size");
    const RowKernel kernel(noise);
    return for_each_row(window.rows, options.threads, [&](int row) {
        if (options.cancel != nullptr && options.cancel->load(std::memory_order_relaxed)) return false;
        // The row's y from its integer index, as each x is (RowSpec: origin + (first + i + 0.5) * step).
        const double y = window.origin_y + (window.j0 + row + 0.5) * window.spacing;
        const auto line =
            out.subspan(static_cast<std::size_t>(row) * static_cast<std::size_t>(window.columns),
                        static_cast<std::size_t>(window.columns));
        kernel.fill_row({window.origin_x, window.spacing, window.i0, y}, line);
        if (options.rows_done != nullptr) ++*options.rows_done;
        return true;
    });
}

}  // namespace noise
