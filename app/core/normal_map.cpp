// normal_map: the field along each row with its exact gradient (field_row.hpp), the chain rule
// of terrain_scale.hpp, 8-bit encoding.
#include "core/normal_map.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/field_row.hpp"
#include "noise/render.hpp"

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
    // A pixel's bytes do not depend on which thread made them.
    return noise::for_each_row(window.rows(), threads, [&](int r) {
        if (cancel && cancel->load()) return false;
        const int y       = window.y0 + r;
        std::uint8_t* row = out.data() + static_cast<std::size_t>(r) * window.columns() * 3;
        FieldRow field;
        field.read(noise, window.width, window.x0, window.columns(), y);
        for (std::size_t i = 0; i < field.value.size(); ++i) {
            const auto rgb = encode_normal(field.slope(scale, i), convention);
            std::copy(rgb.begin(), rgb.end(), row + i * 3);
        }
        return true;
    });
}

}  // namespace app
