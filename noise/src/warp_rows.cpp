// The warped and layered row: see warp_rows.hpp.
#include "warp_rows.hpp"

#include <array>

#include "kernel_plan.hpp"

namespace noise::detail {

std::unique_ptr<WarpPlan> make_warp_plan(const FractalNoise& noise) {
    auto plan   = std::make_unique<WarpPlan>();
    plan->noise = &noise;
    if (noise.has_warp())
        for (int k = 0; k < noise.params().dimension; ++k)
            plan->warp_rows.push_back(std::make_unique<RowKernel>(noise.warp_component(k)));
    return plan;
}

void fill_warped_chunk(const WarpPlan& warp, const KernelPlan& plain, const RowSpec& row, int only_octave,
                       std::span<double> out) {
    const FractalNoise& noise = *warp.noise;
    const Params& params      = noise.params();
    const int count           = static_cast<int>(out.size());  // <= max_chunk

    // The warp field along the row, component by component (SIMD rows).
    std::array<std::array<double, max_chunk>, 4> w;
    for (std::size_t k = 0; k < warp.warp_rows.size(); ++k)
        warp.warp_rows[k]->fill_row(row, std::span(w[k].data(), out.size()));

    // The points the field is read at: the pixel (as the kernels place it), moved by the warp.
    std::array<Point, max_chunk> q;
    for (int i = 0; i < count; ++i) {
        Point& point = q[static_cast<std::size_t>(i)];
        point = {row.x_origin + (static_cast<double>(row.first + i) + 0.5) * row.x_step, row.y, params.z, params.w};
        for (std::size_t k = 0; k < warp.warp_rows.size(); ++k)  // FractalNoise::warped
            point[k] = point[k] + params.warp_amplitude * w[k][static_cast<std::size_t>(i)];
    }

    if (only_octave >= 0) {
        if (!noise.has_warp()) {  // q is the pixel: the octave's own row
            plain.kernel.fill(plain, {row.x_origin, row.x_step, row.first, count, row.y, only_octave, out.data()});
            return;
        }
        const double weight = noise.octave_weight(only_octave);
        for (int i = 0; i < count; ++i)
            out[static_cast<std::size_t>(i)] = weight * noise.octave(only_octave, q[static_cast<std::size_t>(i)]);
        return;
    }

    // The first layer F(q): a plain row when nothing moved the pixels, else point by point.
    if (noise.has_warp()) {
        for (int i = 0; i < count; ++i) out[static_cast<std::size_t>(i)] = noise.layer(q[static_cast<std::size_t>(i)]);
    } else {
        plain.kernel.fill(plain, {row.x_origin, row.x_step, row.first, count, row.y, -1, out.data()});
    }
    // FractalNoise::layered: the turned copy, averaged in.
    if (noise.has_rotated_layer())
        for (int i = 0; i < count; ++i) {
            double& value = out[static_cast<std::size_t>(i)];
            value         = (value + noise.layer(noise.rotated(q[static_cast<std::size_t>(i)]))) * 0.5;
        }
}

}  // namespace noise::detail
