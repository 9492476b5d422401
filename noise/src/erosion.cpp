// The erosion filter's plan, its reference on one point, and its gradient: see erosion.hpp.
#include "noise/erosion.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <type_traits>

#include "erosion_filter.hpp"
#include "erosion_rows.hpp"
#include "erosion_stage.hpp"
#include "gradient_rows.hpp"

namespace noise {

ErosionPlan make_erosion_plan(const Params& params) {
    ErosionPlan plan;
    plan.active      = params.erosion_method == ErosionMethod::filter;
    const Range main = nominal_range(params);
    plan.lo          = main.lo;
    plan.span        = main.hi - main.lo;
    plan.inv_span    = 1.0 / plan.span;
    plan.crease      = params.erosion_crease_rounding * 0.5;
    plan.ridge       = params.erosion_ridge_rounding * 0.5;
    plan.peaks       = params.erosion_peaks;
    plan.valleys     = params.erosion_valleys;
    plan.joined      = params.erosion_gullies == ErosionGullies::joined;
    plan.drainage    = params.erosion_drainage;
    plan.two_d       = params.dimension >= 2;
    if (!plan.active) return plan;
    double spacing = params.erosion_scale, amplitude = 1.0;
    for (int k = 0; k < params.erosion_octaves; ++k) {
        ErosionOctave octave;
        octave.frequency = 1.0 / spacing;
        octave.depth     = params.erosion_strength * amplitude * spacing;
        // While tiling, tile / scale is whole (validated), so each octave has 2^k times as many
        // gullies across the tile: its cells wrap with that period.
        if (params.tile != 0) {
            const double across = std::ldexp(1.0, k) / params.erosion_scale;
            octave.period_x     = static_cast<std::int64_t>(std::floor(params.tile * across + 0.5));
            octave.period_y     = static_cast<std::int64_t>(std::floor(tile_period_y(params) * across + 0.5));
        }
        octave.seed = params.seed + 0x85EBCA6Bu * static_cast<std::uint32_t>(k + 1);  // wraps past 2^32 - 1
        plan.octaves.push_back(octave);
        spacing *= 0.5;
        amplitude *= params.erosion_detail;
    }
    return plan;
}

double erode_value(const ErosionPlan& plan, double x, double y, double v, double gx, double gy) {
    return detail::erode<double>(plan, x, y, v, gx, gy);
}

namespace detail {

double eroded_at(const FractalNoise& noise, const Point& p) {
    const ErosionPlan& plan   = noise.erosion();
    const ValueGradient field = shaped_value_gradient(noise, p, erosion_input_step);
    const double y            = plan.two_d ? p[1] : 0.0;
    const double gy           = plan.two_d ? field.gradient[1] : 0.0;
    return erode_value(plan, p[0], y, field.value, field.gradient[0], gy);
}

ValueGradient eroded_value_gradient(const FractalNoise& noise, const Point& p) {
    const ErosionPlan& plan   = noise.erosion();
    const ValueGradient field = shaped_value_gradient(noise, p, erosion_input_step);
    // How the gradient turns (the field's second derivatives): central differences of the analytic
    // gradient over h, a ten-thousandth of the finest feature the field or the gullies have.
    const double finest = std::min(1.0 / noise.octaves().back().scale,
                                   plan.octaves.empty() ? 1.0 : 1.0 / plan.octaves.back().frequency);
    const double h      = 1e-4 * finest;
    std::array<std::array<double, 4>, 2> turn{};  // turn[k][j] = d G_k / d p_j
    const int dimension = noise.params().dimension;
    for (int j = 0; j < dimension; ++j) {
        Point before = p, after = p;
        before[static_cast<std::size_t>(j)] -= h;
        after[static_cast<std::size_t>(j)] += h;
        const ValueGradient below = shaped_value_gradient(noise, before, erosion_input_step);
        const ValueGradient above = shaped_value_gradient(noise, after, erosion_input_step);
        for (std::size_t k = 0; k < 2; ++k)
            turn[k][static_cast<std::size_t>(j)] = (above.gradient[k] - below.gradient[k]) / (2.0 * h);
    }
    const Dual x = Dual::along(0, p[0]);
    const Dual y = plan.two_d ? Dual::along(1, p[1]) : Dual{0.0};
    const Dual v{field.value, field.gradient};
    const Dual gx{field.gradient[0], turn[0]};
    const Dual gy     = plan.two_d ? Dual{field.gradient[1], turn[1]} : Dual{0.0};
    const Dual eroded = erode<Dual>(plan, x, y, v, gx, gy);
    return {eroded.value, eroded.slope, field.method};
}

namespace {

// A row in pieces of this many pixels: the inputs of one piece (5 rows of doubles, 40 KB) stay
// in the second-level cache (the filter's lanes work through 256 pixels at a time), and its gully
// bands are a few hundred cells per octave. A 1024 preview's row is one piece: its bands are
// made once, not twice (at 512 a piece they were 6.7 % of `eroded-badlands`' render's CPU, at
// 1024 4.8 %, perf record).
constexpr std::size_t eroded_piece = 1024;

template <class Value>
void fill_eroded(const FractalNoise& noise, const RowSpec& row, std::span<Value> out) {
    if (!(row.x_step > 0.0)) throw std::invalid_argument("RowKernel: x_step must be positive");
    const ErosionPlan& plan = noise.erosion();
    const double y          = plan.two_d ? row.y : 0.0;
    for (std::size_t start = 0; start < out.size(); start += eroded_piece) {
        const std::size_t count = std::min(eroded_piece, out.size() - start);
        double x[eroded_piece], v[eroded_piece], gx[eroded_piece], gy[eroded_piece], eroded[eroded_piece];
        RowSpec part = row;
        part.first += static_cast<int>(start);
        // The input of eroded_at at each pixel's point: the shaped field's value and gradient.
        shaped_gradient_row(noise, part, erosion_input_step, std::span(v, count), std::span(gx, count),
                            std::span(gy, count));
        for (std::size_t i = 0; i < count; ++i) {
            x[i] = part.pixel_x(i);
            if (!plan.two_d) gy[i] = 0.0;
        }
        erode_row(plan, y, std::span(x, count), std::span(v, count), std::span(gx, count),
                  std::span(gy, count), std::span(eroded, count));
        for (std::size_t i = 0; i < count; ++i) out[start + i] = static_cast<Value>(eroded[i]);
    }
}

}  // namespace

void fill_eroded_row(const FractalNoise& noise, const RowSpec& row, std::span<double> out) {
    fill_eroded(noise, row, out);
}

void fill_eroded_row(const FractalNoise& noise, const RowSpec& row, std::span<float> out) {
    fill_eroded(noise, row, out);
}

}  // namespace detail
}  // namespace noise
