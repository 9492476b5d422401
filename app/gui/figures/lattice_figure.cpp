// The preview with its lattice as an SVG: see lattice_figure.hpp.
#include "gui/figures/lattice_figure.hpp"

#include <stb_image_write.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>

#include "gui/common/theme.hpp"
#include "gui/teaching/lattice_overlay.hpp"
#include "gui/teaching/probe_panel.hpp"
#include "noise/algorithms.hpp"

namespace app::gui {

namespace {

FigureColour ink(ImU32 c) {
    return {
        static_cast<std::uint8_t>(c >> IM_COL32_R_SHIFT), static_cast<std::uint8_t>(c >> IM_COL32_G_SHIFT),
        static_cast<std::uint8_t>(c >> IM_COL32_B_SHIFT), static_cast<std::uint8_t>(c >> IM_COL32_A_SHIFT)};
}

void append_bytes(void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data),
                                               static_cast<std::size_t>(size));
}

// The picture as an RGB PNG file in memory.
std::string png_of(const FigurePixels& picture) {
    std::vector<std::uint8_t> rgb(static_cast<std::size_t>(picture.width) * picture.height * 3);
    for (std::size_t i = 0, n = rgb.size() / 3; i < n; ++i)
        std::copy_n(picture.rgba.begin() + static_cast<std::ptrdiff_t>(4 * i), 3,
                    rgb.begin() + static_cast<std::ptrdiff_t>(3 * i));
    std::string png;
    if (!stbi_write_png_to_func(append_bytes, &png, picture.width, picture.height, 3, rgb.data(),
                                picture.width * 3))
        throw std::runtime_error("the picture could not be encoded as PNG for the SVG");
    return png;
}

FigureShape segment(FigurePoint a, FigurePoint b, FigureColour colour, double width) {
    return {FigureShape::Kind::polyline, {a, b}, width, false, colour, {}};
}

FigureShape dot(FigurePoint at, double radius, FigureColour colour) {
    return {FigureShape::Kind::circle, {at}, radius, true, colour, {}};
}

}  // namespace

std::string lattice_svg_problem(const FigureScene& scene) {
    const noise::Params& p = scene.settings.params;
    if (p.dimension < 2) return "dimension 1 shows a curve";
    if (!scene.lattice.lattice) return "the lattice is off (Teach > Lattice)";
    if (!noise::algorithm_info(p.algorithm).square_lattice() &&
        noise::algorithm_info(p.algorithm).lattice != noise::LatticeKind::cells)
        return "only the square lattice and cells are drawn as lines";
    if (scene.settings.view.repeat_3x3) return "the 3 x 3 repeat is on";
    return {};
}

VectorFigure lattice_figure(const FigureRequest& request, const FigurePixels& picture) {
    const FigureScene& scene = request.scene;
    if (const std::string problem = lattice_svg_problem(scene); !problem.empty())
        throw std::runtime_error("the preview is written as SVG with its lattice only: " + problem);
    const double w = request.width, h = request.height;
    VectorFigure figure{w, h, {0, 0, 0, 255}, {}};
    figure.shapes.push_back({FigureShape::Kind::image, {{0, 0}, {w, h}}, 1.0, false, {}, png_of(picture)});

    // As LatticeOverlay::draw, in figure units, `scale` times the screen's lines.
    const ViewTransform view =
        ViewTransform::of(scene.settings.params, picture.width, picture.height)
            .on_screen(ImVec2(0.0f, 0.0f), static_cast<float>(w), static_cast<float>(h));
    const double scale = figure_line_scale(w, h);
    const double cell  = view.screen_pixels_per_unit();
    const auto at      = [&](double x, double y) {
        const ImVec2 p = view.screen_at({x, y});
        return FigurePoint{p.x, p.y};
    };
    int step = 1;
    while (step * cell < lattice_min_line_gap * scale && step < (1 << 20)) step *= 2;
    const double x0 = view.left(), x1 = view.right(), y0 = view.top(), y1 = view.top() + h / cell;
    const auto first_line = [&](double from) {
        return static_cast<std::int64_t>(std::ceil(from / step)) * step;
    };
    const FigureColour line = ink(colours::lattice_line), shade = ink(colours::lattice_line_shadow);
    for (std::int64_t i = first_line(x0); static_cast<double>(i) <= x1; i += step) {
        const double x = at(static_cast<double>(i), y0).x;
        figure.shapes.push_back(segment({x + scale, 0}, {x + scale, h}, shade, scale));
        figure.shapes.push_back(segment({x, 0}, {x, h}, line, scale));
    }
    for (std::int64_t j = first_line(y0); static_cast<double>(j) <= y1; j += step) {
        const double y = at(x0, static_cast<double>(j)).y;
        figure.shapes.push_back(segment({0, y + scale}, {w, y + scale}, shade, scale));
        figure.shapes.push_back(segment({0, y}, {w, y}, line, scale));
    }

    const auto i0 = static_cast<std::int64_t>(std::ceil(x0)), i1 = static_cast<std::int64_t>(std::floor(x1));
    const auto j0 = static_cast<std::int64_t>(std::ceil(y0)), j1 = static_cast<std::int64_t>(std::floor(y1));
    const double count             = static_cast<double>(i1 - i0 + 1) * static_cast<double>(j1 - j0 + 1);
    const noise::CornerKind corner = noise::algorithm_info(scene.settings.params.algorithm).corner;
    const FigureColour mark        = ink(colours::gradient_mark);
    if (cell >= lattice_mark_cell * scale && count <= lattice_max_marks)
        for (const LatticeMark& m : lattice_marks(scene.settings.params, i0, i1, j0, j1)) {
            const FigurePoint p = at(static_cast<double>(m.i), static_cast<double>(m.j));
            if (corner == noise::CornerKind::feature) {
                const double radius = std::min(5.0 * scale, cell * 0.12);
                figure.shapes.push_back(
                    dot(at(m.fx, m.fy), radius + 1.5 * scale, ink(IM_COL32(0, 0, 0, 190))));
                figure.shapes.push_back(dot(at(m.fx, m.fy), radius, mark));
            } else if (corner == noise::CornerKind::gradient) {
                const FigurePoint tip{p.x + m.gx * cell * 0.35, p.y + m.gy * cell * 0.35};
                figure.shapes.push_back(segment(p, tip, ink(IM_COL32(0, 0, 0, 150)), 3.5 * scale));
                figure.shapes.push_back({FigureShape::Kind::arrow, {p, tip}, 1.8 * scale, false, mark, {}});
                figure.shapes.push_back(dot(p, 2.5 * scale, mark));
            } else {
                const double radius = std::min(7.0 * scale, cell * 0.15);
                figure.shapes.push_back(dot(p, radius + 1.5 * scale, ink(IM_COL32(0, 0, 0, 170))));
                figure.shapes.push_back(dot(p, radius, ink(lattice_value_colour(m.value))));
            }
        }

    // The pinned probe, as ProbePanel::draw_marker draws it.
    const LatticeViewSettings& lattice = scene.lattice;
    if (lattice.probe_pinned) {
        const FigurePoint p = at(lattice.probe_x, lattice.probe_y);
        if (cell >= lattice_mark_cell * scale)
            for (const NoisePoint& c :
                 probe_distance_corners(scene.settings.params, lattice.probe_x, lattice.probe_y))
                figure.shapes.push_back(segment(at(c.x, c.y), p, ink(colours::distance_mark), 1.2 * scale));
        FigureShape ring{FigureShape::Kind::circle, {p}, 8.0 * scale, false, ink(IM_COL32(0, 0, 0, 200)), {}};
        ring.stroke = 3.0 * scale;
        figure.shapes.push_back(ring);
        ring.colour = ink(colours::probe_point);
        ring.stroke = 1.8 * scale;
        figure.shapes.push_back(ring);
        figure.shapes.push_back(dot(p, 2.5 * scale, ink(colours::probe_point)));
    }
    return figure;
}

}  // namespace app::gui
