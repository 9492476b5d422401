// gui/figures/vector_figure.hpp: a figure as a list of shapes, written as SVG or painted to pixels.
//
//     VectorFigure fig = interpolation_curves_figure(noise::Interpolation::quintic, 800, 500);
//     std::string svg  = to_svg(fig);        // for slides that scale
//     paint(fig, draw_list, scale);         // the same shapes into an ImDrawList (PNG export)
//
// The figures a teacher takes to class whose content is lines and labels are built once as
// shapes in figure units (one unit = one pixel at the figure's own size), so the SVG and the PNG
// of a figure are the same picture. Builders:
//   - interpolation_curves_figure: the five blend curves s(t) of interpolate.hpp (thick) with
//     their slopes ds/dt (thin), the selected one bright, as the Interpolation tab draws them;
//   - lattice_figure (lattice_figure.hpp): the preview's picture, embedded, with the lattice's
//     lines and gradient arrows over it as lines;
//   - probe_cell_figure: the probe's cell for gradient or value noise (noise/trace.hpp): the cell,
//     the corners with their gradients (arrows) and distance vectors (lines) to the point, each
//     corner's dot product g . d (or value), the point itself, and the fractional position.
// Colours are 8-bit RGBA, from a theme: dark (the window's own colours, for a projector) or light
// (a white page, for print: the same meanings in darker inks). Text is plain ASCII; to_svg
// escapes &, <, >.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "noise/enum_names.hpp"
#include "noise/interpolate.hpp"
#include "noise/params.hpp"
#include "noise/trace.hpp"

namespace app::gui {

struct FigureColour {
    std::uint8_t r = 0, g = 0, b = 0, a = 255;
};

// dark: the window's colours on its dark plots; light: a white background for print.
enum class FigureTheme { dark, light };
inline constexpr std::array<std::string_view, 2> figure_theme_names{"dark", "light"};
static_assert(noise::names_match_enum<FigureTheme>(figure_theme_names));

// Every colour a figure uses, by what it means.
struct FigurePalette {
    FigureColour background, text, label, grid, cell, corner, gradient, distance, point;
    std::array<FigureColour, 5> curves;  // the interpolation curves, by noise::Interpolation
};

const FigurePalette& figure_palette(FigureTheme theme);

struct FigurePoint {
    double x = 0.0, y = 0.0;
};

struct FigureShape {
    enum class Kind { rect, polyline, circle, text, arrow, image };
    Kind kind = Kind::polyline;
    std::vector<FigurePoint> points;  // rect: min, max; polyline: the points; circle: centre;
                                      // text: its top left; arrow: from, to; image: min, max
    double size = 1.0;                // line width; circle: radius; text: font height
    bool filled = false;              // rect, circle
    FigureColour colour;
    std::string text;     // text; image: the PNG file's bytes (embedded in the SVG; not painted)
    double stroke = 1.5;  // an unfilled circle's line width
};

struct VectorFigure {
    double width = 0.0, height = 0.0;
    FigureColour background{22, 24, 30, 255};
    std::vector<FigureShape> shapes;
};

// How much thicker than on screen a figure's lines, arrows and dots are drawn: 1 up to 540 pixels
// on the figure's short side, then in proportion, so that a 1920 x 1080 slide shown on a
// projector has lines as thick, for its size, as the window's (not hairlines).
double figure_line_scale(double width, double height);

// The length of an arrow's head for a shaft `stroke` wide (SVG and painted alike).
double arrow_head_length(double stroke);

// The SVG document (UTF-8, ends with a newline). Deterministic: the same figure gives the same bytes.
std::string to_svg(const VectorFigure& figure);

// The five curves s(t) and ds/dt on t in [0, 1], `selected` bright, a legend and the axes.
VectorFigure interpolation_curves_figure(noise::Interpolation selected, double width, double height,
                                         FigureTheme theme = FigureTheme::dark);

// The probe's cell at `octave` of `trace` (gradient or value noise with two-point corners: 4 in
// 2D; the cubic's 16 points too). Throws std::invalid_argument for a trace without square corners
// (simplex, cellular) or of dimension 1.
VectorFigure probe_cell_figure(const noise::Trace& trace, const noise::Params& params, int octave,
                               double width, double height, FigureTheme theme = FigureTheme::dark);

}  // namespace app::gui
