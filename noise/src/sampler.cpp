// noise::Sampler (sampler.hpp): the stable face of the row kernels and the point kernel, resolved
// once per field.
#include "noise/sampler.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "noise/kernel.hpp"
#include "noise/simulated_field.hpp"
#include "worker_pool.hpp"

namespace noise {

// The field and its kernels, which keep references into it: one allocation, never moved.
struct Sampler::Resolved {
    explicit Resolved(const Params& params) : field(params), rows(field), points(field) {}
    FractalNoise field;
    RowKernel rows;
    PointSampler points;
};

namespace {

const Params& refusing_simulation(const Params& params) {
    if (params.erosion_method == ErosionMethod::simulate)
        throw std::invalid_argument(simulation_needs_frame(params, "a Sampler"));
    return params;
}

template <class T>
void fill_grid(const RowKernel& rows, const GridWindow& window, std::span<T> out) {
    const detail::DefaultFloatingPoint default_fp;  // the caller's rounding mode must change no value
    if (auto error = validate(window); !error.empty()) throw std::invalid_argument(error);
    if (out.size() != window.sample_count())
        throw std::invalid_argument("Sampler::grid: the buffer holds " + std::to_string(out.size()) +
                                    " values: expected the window's " +
                                    std::to_string(window.sample_count()));
    const auto columns = static_cast<std::size_t>(window.columns);
    for (int row = 0; row < window.rows; ++row) {
        // render_grid's row: y from the row's integer index, x from each column's (RowSpec).
        const double y = window.origin_y + (window.j0 + row + 0.5) * window.spacing;
        rows.fill_row({window.origin_x, window.spacing, window.i0, y},
                      out.subspan(static_cast<std::size_t>(row) * columns, columns));
    }
}

void check_sizes(std::size_t points, std::size_t out) {
    if (points != out)
        throw std::invalid_argument("Sampler::points: " + std::to_string(points) + " points and " +
                                    std::to_string(out) + " values: expected as many values as points");
}

}  // namespace

Sampler::Sampler(const Params& params) {
    const detail::DefaultFloatingPoint default_fp;  // the octaves' tables too
    resolved_ = std::make_unique<const Resolved>(refusing_simulation(params));
}

Sampler::~Sampler()                             = default;
Sampler::Sampler(Sampler&&) noexcept            = default;
Sampler& Sampler::operator=(Sampler&&) noexcept = default;

void Sampler::grid(const GridWindow& window, std::span<float> out) const {
    fill_grid(resolved_->rows, window, out);
}

void Sampler::grid(const GridWindow& window, std::span<double> out) const {
    fill_grid(resolved_->rows, window, out);
}

void Sampler::points(std::span<const Point> points, std::span<double> out) const {
    check_sizes(points.size(), out.size());
    const detail::DefaultFloatingPoint default_fp;
    resolved_->points.at(points, out);
}

void Sampler::points(std::span<const Point> points, std::span<float> out) const {
    check_sizes(points.size(), out.size());
    const detail::DefaultFloatingPoint default_fp;
    constexpr std::size_t block = 1024;  // the point kernel's batch; the doubles stay in cache
    double values[block];
    for (std::size_t first = 0; first < points.size(); first += block) {
        const std::size_t count = std::min(block, points.size() - first);
        resolved_->points.at(points.subspan(first, count), std::span<double>(values, count));
        std::transform(values, values + count, out.begin() + static_cast<std::ptrdiff_t>(first),
                       [](double v) { return static_cast<float>(v); });
    }
}

Point Sampler::grid_point(const GridWindow& window, int i, int j) const {
    const Params& params = resolved_->field.params();
    // RowSpec::pixel_x's operations, so a point equals the grid's sample bit for bit.
    return {window.origin_x + (i + 0.5) * window.spacing, window.origin_y + (j + 0.5) * window.spacing,
            params.z, params.w};
}

const FractalNoise& Sampler::field() const { return resolved_->field; }

std::string_view Sampler::point_target() const { return resolved_->points.target(); }

}  // namespace noise
