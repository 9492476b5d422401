// normal_map: value_gradient along each row (value_gradient_row), the chain rule of
// terrain_scale.hpp, 8-bit encoding.
#include "core/normal_map.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "noise/render.hpp"
#include "noise/trace.hpp"

namespace app {

std::array<std::uint8_t, 3> encode_normal(std::array<double, 2> slope, NormalConvention convention) {
    const double green  = convention == NormalConvention::opengl ? slope[1] : -slope[1];
    const double n[3]   = {-slope[0], green, 1.0};
    const double length = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    std::array<std::uint8_t, 3> rgb{};
    for (int c = 0; c < 3; ++c)
        rgb[c] = static_cast<std::uint8_t>(std::floor((n[c] / length * 0.5 + 0.5) * 255.0 + 0.5));
    return rgb;
}

bool normal_rows(const noise::FractalNoise& noise, const TerrainScale& scale, const noise::Region& window,
                 NormalConvention convention, unsigned threads, const std::atomic<bool>* cancel,
                 std::span<std::uint8_t> out) {
    if (out.size() < window.pixel_count() * 3) throw std::invalid_argument("normal_rows: output too small");
    const noise::Params& params = noise.params();
    // Finite differences (white noise only) over one pixel of this image: the slope a viewer sees.
    const double step = params.frequency / window.width;
    // A pixel's bytes do not depend on which thread made them.
    return noise::for_each_row(window.rows(), threads, [&](int r) {
        if (cancel && cancel->load()) return false;
        const int y       = window.y0 + r;
        std::uint8_t* row = out.data() + static_cast<std::size_t>(r) * window.columns() * 3;
        // The row's values and gradients at once (value_gradient at each pixel_point, bit for bit).
        const auto columns = static_cast<std::size_t>(window.columns());
        std::vector<double> value(columns), gx(columns), gy(columns);
        const noise::RowSpec spec{params.offset_x, params.frequency / window.width, window.x0,
                                  noise::pixel_point(params, window.width, 0, y)[1]};
        noise::value_gradient_row(noise, spec, step, value, gx, gy);
        for (std::size_t i = 0; i < columns; ++i) {
            const auto rgb = encode_normal(scale.slope(value[i], {gx[i], gy[i], 0.0, 0.0}), convention);
            std::copy(rgb.begin(), rgb.end(), row + i * 3);
        }
        return true;
    });
}

}  // namespace app
