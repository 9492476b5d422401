// The vector figures: what their SVG holds, and that it follows the noise.
#include "gui/figures/vector_figure.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "noise/fractal.hpp"

namespace app::gui {
namespace {

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

TEST(VectorFigure, CurvesFigureHasFiveCurvesAndTheirSlopes) {
    const std::string svg = to_svg(interpolation_curves_figure(noise::Interpolation::quintic, 800, 500));
    EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"800\" height=\"500\"", 0), 0u);
    EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
    // 5 curves x (s(t), ds/dt) of 201 points, plus the 5 grid lines.
    EXPECT_EQ(count(svg, "<polyline"), 15u);
    for (const char* name : {"linear", "cosine", "cubic", "quintic", "smoothstep"})
        EXPECT_NE(svg.find(std::string(">") + name + "<"), std::string::npos) << name;
    // The selection shows: another selected curve gives another picture.
    EXPECT_NE(svg, to_svg(interpolation_curves_figure(noise::Interpolation::linear, 800, 500)));
}

TEST(VectorFigure, ProbeCellFigureShowsTheTracesNumbers) {
    noise::Params params;
    params.octaves = 1;
    const noise::FractalNoise noise(params);
    const noise::Trace trace = noise::trace_point(noise, {1.3, 0.6, 0.0, 0.0});
    const std::string svg    = to_svg(probe_cell_figure(trace, params, 0, 600, 600));
    // Four gradient arrows (a line and a head each), four distance vectors, the dot products.
    EXPECT_EQ(count(svg, "<polygon"), 4u);
    char dot[32];
    for (const noise::CornerTrace& c : trace.octaves[0].corners) {
        std::snprintf(dot, sizeof dot, ">%+.3f<", c.value);
        EXPECT_NE(svg.find(dot), std::string::npos) << dot;
    }
    EXPECT_NE(svg.find("cell (1, 0)"), std::string::npos);
    // Another point, another figure.
    const noise::Trace other = noise::trace_point(noise, {1.7, 0.2, 0.0, 0.0});
    EXPECT_NE(svg, to_svg(probe_cell_figure(other, params, 0, 600, 600)));
}

TEST(VectorFigure, ProbeCellFigureRefusesCellsItCannotDraw) {
    noise::Params params;
    params.algorithm = noise::Algorithm::simplex;
    const noise::FractalNoise noise(params);
    EXPECT_THROW(probe_cell_figure(noise::trace_point(noise, {0.5, 0.5, 0, 0}), params, 0, 100, 100),
                 std::invalid_argument);
}

// A slide-sized figure has lines, arrowheads and labels in proportion to its size, as on screen.
TEST(VectorFigure, StrokesArrowsAndLabelsGrowWithTheFigure) {
    const auto widest = [](const VectorFigure& figure, FigureShape::Kind kind) {
        double most = 0.0;
        for (const FigureShape& s : figure.shapes)
            if (s.kind == kind) most = std::max(most, s.size);
        return most;
    };
    const VectorFigure small = interpolation_curves_figure(noise::Interpolation::quintic, 800, 500);
    const VectorFigure large = interpolation_curves_figure(noise::Interpolation::quintic, 1920, 1080);
    EXPECT_NEAR(widest(large, FigureShape::Kind::polyline) / widest(small, FigureShape::Kind::polyline), 2.0,
                1e-9);
    EXPECT_GT(widest(large, FigureShape::Kind::text), 2.0 * widest(small, FigureShape::Kind::text) - 1.0);
    // Every curve, the ones not selected too, is at least 2.5 screen pixels wide and mostly opaque.
    for (const FigureShape& s : small.shapes) {
        if (s.kind == FigureShape::Kind::polyline && s.points.size() > 2 && s.size > 2.0) {
            EXPECT_GE(s.colour.a, 200);
        }
    }
    std::size_t curves = 0;
    for (const FigureShape& s : small.shapes)
        curves += s.kind == FigureShape::Kind::polyline && s.size >= 2.5;
    EXPECT_EQ(curves, 5u);

    noise::Params params;
    params.octaves           = 1;
    const noise::Trace trace = noise::trace_point(noise::FractalNoise(params), {1.3, 0.6, 0.0, 0.0});
    const VectorFigure cell  = probe_cell_figure(trace, params, 0, 500, 500);
    const VectorFigure slide = probe_cell_figure(trace, params, 0, 2000, 2000);
    EXPECT_NEAR(widest(slide, FigureShape::Kind::arrow), 2.0 * 2000.0 / 540.0, 1e-9);
    EXPECT_EQ(widest(cell, FigureShape::Kind::arrow), 2.0);  // at most 540 pixels: as on screen
    EXPECT_GT(arrow_head_length(widest(slide, FigureShape::Kind::arrow)), 3.0 * arrow_head_length(2.0));
}

TEST(VectorFigure, TextIsEscaped) {
    VectorFigure figure{10, 10, {}, {}};
    figure.shapes.push_back({FigureShape::Kind::text, {{0, 0}}, 10, false, {}, "a < b & c"});
    EXPECT_NE(to_svg(figure).find(">a &lt; b &amp; c<"), std::string::npos);
}

// WCAG's contrast ratio between a shape's colour (blended over the background by its alpha) and
// the background: 4.5 is the least for text to read, 3 for lines and marks.
double contrast(FigureColour ink, FigureColour paper) {
    const auto linear = [](double c) {
        c /= 255.0;
        return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    };
    const auto luminance = [&](double r, double g, double b) {
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const double a  = ink.a / 255.0;
    const double l1 = luminance(a * ink.r + (1 - a) * paper.r, a * ink.g + (1 - a) * paper.g,
                                a * ink.b + (1 - a) * paper.b);
    const double l2 = luminance(paper.r, paper.g, paper.b);
    return (std::max(l1, l2) + 0.05) / (std::min(l1, l2) + 0.05);
}

// Both themes: every label reads on its background, every curve, arrow and dot stands out of it;
// the light theme is a white page, the dark one the window's plots.
TEST(VectorFigure, EveryThemeKeepsEveryShapeReadable) {
    noise::Params params;
    params.octaves = 1;
    const noise::FractalNoise noise(params);
    const noise::Trace trace = noise::trace_point(noise, {1.3, 0.6, 0.0, 0.0});
    for (FigureTheme theme : {FigureTheme::dark, FigureTheme::light}) {
        for (const VectorFigure& figure :
             {interpolation_curves_figure(noise::Interpolation::quintic, 800, 500, theme),
              probe_cell_figure(trace, params, 0, 600, 600, theme)}) {
            EXPECT_EQ(figure.background.r, figure_palette(theme).background.r);
            for (const FigureShape& shape : figure.shapes) {
                const bool grid = shape.kind == FigureShape::Kind::polyline && shape.points.size() == 2 &&
                                  shape.colour.a < 100;
                if (shape.kind == FigureShape::Kind::rect || grid) continue;  // the grid: faint on purpose
                const double least = shape.kind == FigureShape::Kind::text ? 4.5 : 3.0;
                EXPECT_GE(contrast(shape.colour, figure.background), least)
                    << figure_theme_names[static_cast<std::size_t>(theme)] << " " << shape.text << " "
                    << static_cast<int>(shape.kind);
            }
        }
    }
    const std::string light =
        to_svg(interpolation_curves_figure(noise::Interpolation::quintic, 800, 500, FigureTheme::light));
    EXPECT_NE(light.find("<rect width=\"100%\" height=\"100%\" fill=\"rgb(255,255,255)\"/>"),
              std::string::npos);
    EXPECT_NE(light, to_svg(interpolation_curves_figure(noise::Interpolation::quintic, 800, 500)));
}

}  // namespace
}  // namespace app::gui
