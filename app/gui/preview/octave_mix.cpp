#include "gui/preview/octave_mix.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace app::gui {

bool OctaveChoice::all(int count) const {
    for (int i = 0; i < count; ++i)
        if (!shows(i)) return false;
    return true;
}

void add_octave_share(noise::Fractal fractal, std::span<const double> share, std::span<double> total) {
    const bool absolute = fractal == noise::Fractal::turbulence;
    for (std::size_t i = 0; i < total.size() && i < share.size(); ++i)
        total[i] += absolute ? std::abs(share[i]) : share[i];
}

void fill_chosen_row(const noise::RowKernel& kernel, const noise::FractalNoise& noise, OctaveChoice choice,
                     const noise::RowSpec& row, std::span<double> scratch, std::span<double> out) {
    std::fill(out.begin(), out.end(), 0.0);
    for (int o = 0; o < noise.params().octaves; ++o) {
        if (!choice.shows(o)) continue;
        kernel.fill_octave_row(o, row, scratch);
        add_octave_share(noise.params().fractal, scratch, out);
    }
}

bool render_chosen(const noise::FractalNoise& noise, OctaveChoice choice, const noise::Region& region,
                   std::span<float> out, const std::atomic<bool>* cancel, std::atomic<int>* rows_done) {
    const noise::RowKernel kernel(noise);
    const noise::Params& params = noise.params();
    const auto columns          = static_cast<std::size_t>(region.columns());
    std::vector<double> scratch(columns), line(columns);
    for (int py = region.y0; py < region.y1; ++py) {
        if (cancel != nullptr && cancel->load()) return false;
        // The row's y from the library's pixel model, as noise::render does.
        const double y = noise::pixel_point(params, region.width, 0, py)[1];
        fill_chosen_row(kernel, noise, choice,
                        {params.offset_x, params.frequency / region.width, region.x0, y}, scratch, line);
        float* dst = out.data() + static_cast<std::size_t>(py - region.y0) * columns;
        for (std::size_t i = 0; i < columns; ++i) dst[i] = static_cast<float>(line[i]);
        if (rows_done != nullptr) ++*rows_done;
    }
    return true;
}

void sample_chosen(const noise::FractalNoise& noise, OctaveChoice choice, double y, std::span<double> out) {
    const noise::RowKernel kernel(noise);
    std::vector<double> scratch(out.size());
    const noise::RowSpec row = noise::frame_row(noise.params(), static_cast<int>(out.size()), y);
    fill_chosen_row(kernel, noise, choice, row, scratch, out);
}

}  // namespace app::gui
