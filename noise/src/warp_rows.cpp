// The warped and layered row: see warp_rows.hpp.
#include "warp_rows.hpp"

#include <algorithm>
#include <array>

#include "kernel_plan.hpp"

namespace noise::detail {

namespace {

// render.hpp's pixel model: x = x_origin + (first + i + 0.5) x_step, as the kernels place it.
NOISE_VECTOR_CLONES void pixel_xs(double x_origin, double x_step, int first, int count, double* x) {
    for (int i = 0; i < count; ++i) x[i] = x_origin + (static_cast<double>(first + i) + 0.5) * x_step;
}

// FractalNoise::warped on one axis: at[i] = from[i] + amplitude w[i] (`from` may be `at`).
NOISE_VECTOR_CLONES void displace(const double* from, double amplitude, const double* w, int count,
                                  double* at) {
    for (int i = 0; i < count; ++i) at[i] = from[i] + amplitude * w[i];
}

// The same from a coordinate the row shares (y, z, w).
NOISE_VECTOR_CLONES void displace_from(double from, double amplitude, const double* w, int count,
                                       double* at) {
    for (int i = 0; i < count; ++i) at[i] = from + amplitude * w[i];
}

}  // namespace

std::unique_ptr<WarpPlan> make_warp_plan(const FractalNoise& noise) {
    auto plan    = std::make_unique<WarpPlan>();
    plan->noise  = &noise;
    plan->points = std::make_unique<PointKernel>(noise);
    if (noise.has_warp())
        for (int k = 0; k < noise.params().dimension; ++k)
            plan->warp_rows.push_back(make_kernel_plan(noise.warp_component(k)));
    const auto& rows         = plan->warp_rows;
    plan->warp_rows_together = rows.size() >= 2 && rows[0].kernel.fill_fields != nullptr &&
                               std::all_of(rows.begin() + 1, rows.end(), [&](const KernelPlan& row) {
                                   return differ_only_in_lattices(rows[0], row);
                               });
    plan->unmoved[0].fill(noise.params().z);
    plan->unmoved[1].fill(noise.params().w);
    return plan;
}

void fill_warped_chunk(const WarpPlan& warp, const KernelPlan& plain, const RowSpec& row, int only_octave,
                       int count, double* out, float* out_float) {
    const FractalNoise& noise = *warp.noise;
    const Params& params      = noise.params();
    // The point kernel reads whole vectors: the arrays run on to a whole number of them, the
    // extra entries repeating the last point.
    const int padded = (count + point_lanes_max - 1) / point_lanes_max * point_lanes_max;

    // The warp field along the row (SIMD rows): its components together, or one by one.
    std::array<std::array<double, max_chunk>, 4> w;
    std::array<Chunk, 4> chunks;
    std::array<const KernelPlan*, 4> plans;
    for (std::size_t k = 0; k < warp.warp_rows.size(); ++k) {
        chunks[k] = {row.x_origin, row.x_step, row.first, count, row.y, -1, w[k].data()};
        plans[k]  = &warp.warp_rows[k];
    }
    if (warp.warp_rows_together)
        warp.warp_rows[0].kernel.fill_fields(plans.data(), chunks.data());
    else
        for (std::size_t k = 0; k < warp.warp_rows.size(); ++k) plans[k]->kernel.fill(*plans[k], chunks[k]);

    // The points the field is read at, axis by axis: the pixel (as the kernels place it), moved
    // by the warp as FractalNoise::warped moves it. Each axis is one simple pass, which the
    // compiler vectorises (one loop doing it all per point was a sixth of a one-octave warp).
    // The axes past y that the warp does not move (z and w of a 2D field) are the same at every
    // point: the plan holds them.
    alignas(64) std::array<std::array<double, point_capacity>, 4> q;
    const double* axis_at[4] = {q[0].data(), q[1].data(), warp.unmoved[0].data(), warp.unmoved[1].data()};
    const std::size_t moved  = warp.warp_rows.size();  // the field's dimension, or 0 without a warp
    const double amplitude   = params.warp_amplitude;
    const double fixed[4]    = {0.0, row.y, params.z, params.w};
    pixel_xs(row.x_origin, row.x_step, row.first, count, q[0].data());
    if (moved > 0) displace(q[0].data(), amplitude, w[0].data(), count, q[0].data());
    const std::size_t formed = std::max<std::size_t>(moved, 2);  // x and y at least
    for (std::size_t axis = 1; axis < formed; ++axis) {
        axis_at[axis] = q[axis].data();
        if (axis >= moved) {
            std::fill_n(q[axis].begin(), count, fixed[axis]);
            continue;
        }
        displace_from(fixed[axis], amplitude, w[axis].data(), count, q[axis].data());
    }
    for (std::size_t axis = 0; axis < formed; ++axis)  // on to whole vectors
        std::fill(q[axis].begin() + count, q[axis].begin() + padded,
                  q[axis][static_cast<std::size_t>(count - 1)]);

    // The first layer F(q), or with only_octave >= 0 its octave's weighted share
    // (octave_weight(o) * octave(o, q)): a plain row when nothing moved the pixels, else the
    // point kernel. Both hand their values over as this chunk's, unless a turned copy is still to
    // be averaged in: then as doubles, here.
    const bool averaged = only_octave < 0 && noise.has_rotated_layer();
    alignas(64) std::array<double, max_chunk> first_layer;
    double* const first_out  = averaged ? first_layer.data() : out;
    float* const first_float = averaged ? nullptr : out_float;
    if (noise.has_warp())
        warp.points->fill(
            {{axis_at[0], axis_at[1], axis_at[2], axis_at[3]}, count, only_octave, first_out, first_float});
    else
        plain.kernel.fill(
            plain, {row.x_origin, row.x_step, row.first, count, row.y, only_octave, first_out, first_float});
    if (!averaged) return;

    // FractalNoise::layered: the turned copy R q (FractalNoise::rotated's operations), averaged in.
    alignas(64) std::array<std::array<double, point_capacity>, 2> turned;
    turn_points(params, q[0].data(), q[1].data(), padded, turned[0].data(), turned[1].data());
    std::array<double, max_chunk> second;
    warp.points->fill(
        {{turned[0].data(), turned[1].data(), axis_at[2], axis_at[3]}, count, -1, second.data()});
    for (int i = 0; i < count; ++i) {
        const auto at = static_cast<std::size_t>(i);
        hand_over_value((first_layer[at] + second[at]) * 0.5, i, out, out_float);
    }
}

}  // namespace noise::detail
