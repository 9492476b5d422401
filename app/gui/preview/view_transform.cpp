// noise <-> pixels <-> screen (see view_transform.hpp).
#include "gui/preview/view_transform.hpp"

#include <algorithm>
#include <cmath>

namespace app::gui {

NoisePoint ViewTransform::image_fraction(ImVec2 screen, bool fold) const {
    double u = (screen.x - screen_min.x) / screen_width;
    double v = (screen.y - screen_min.y) / screen_width;
    if (fold) {
        const double v_period = static_cast<double>(screen_height) / screen_width;  // one image's height in u units
        u -= std::floor(u);
        v -= std::floor(v / v_period) * v_period;
    }
    return {u, v};
}

NoisePoint ViewTransform::noise_at(ImVec2 screen, bool fold) const {
    const NoisePoint f = image_fraction(screen, fold);
    return {params.offset_x + f.x * params.frequency, params.offset_y + f.y * params.frequency};
}

ImVec2 ViewTransform::screen_at(NoisePoint point) const {
    const double scale = screen_pixels_per_unit();
    return {static_cast<float>(screen_min.x + (point.x - params.offset_x) * scale),
            static_cast<float>(screen_min.y + (point.y - params.offset_y) * scale)};
}

int ViewTransform::pixel_x(ImVec2 screen, bool fold) const {
    return static_cast<int>(std::floor(image_fraction(screen, fold).x * image_width));
}

int ViewTransform::pixel_y(ImVec2 screen, bool fold) const {
    return static_cast<int>(std::floor(image_fraction(screen, fold).y * image_width));
}

int ViewTransform::row_at(double fraction_of_height) const {
    return std::clamp(static_cast<int>(fraction_of_height * image_height), 0, image_height - 1);
}

// The renderer's own pixel model, so the curve samples exactly the row the preview shows.
double ViewTransform::row_y(int row) const { return noise::pixel_point(params, image_width, 0.0, row)[1]; }

NoisePoint ViewTransform::panned(NoisePoint start, ImVec2 delta) const {
    return {start.x - delta.x * noise_per_screen_pixel(), start.y - delta.y * noise_per_screen_pixel()};
}

NoisePoint ViewTransform::offsets_for_zoom(ImVec2 screen, double new_frequency, bool fold) const {
    const NoisePoint f = image_fraction(screen, fold);
    const NoisePoint at = noise_at(screen, fold);
    return {at.x - f.x * new_frequency, at.y - f.y * new_frequency};
}

}  // namespace app::gui
