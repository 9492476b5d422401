// Figures as shapes, and their SVG: see vector_figure.hpp.
#include "gui/figures/vector_figure.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <stdexcept>

#include "gui/common/theme.hpp"
#include "gui/teaching/interpolation_view.hpp"
#include "noise/algorithms.hpp"

namespace app::gui {

namespace {

// The theme's colours (theme.hpp) as a figure's: the same numbers, so a slide matches the screen.
constexpr FigureColour figure_colour(ImU32 c) {
    return {
        static_cast<std::uint8_t>(c >> IM_COL32_R_SHIFT), static_cast<std::uint8_t>(c >> IM_COL32_G_SHIFT),
        static_cast<std::uint8_t>(c >> IM_COL32_B_SHIFT), static_cast<std::uint8_t>(c >> IM_COL32_A_SHIFT)};
}

// The window's colours (theme.hpp: the probe window's marks, the Interpolation tab's curves) on
// its plots' background: a slide matches the screen.
static_assert(std::size(colours::interpolation_curves) == curve_count, "one colour per interpolation curve");
constexpr FigurePalette dark_palette{
    figure_colour(colours::plot_background),
    figure_colour(colours::figure_text),
    {235, 235, 240, 255},
    figure_colour(colours::plot_frame),
    {255, 255, 255, 170},
    {200, 200, 210, 255},
    figure_colour(colours::gradient_mark),
    figure_colour(colours::distance_mark),
    figure_colour(colours::probe_point),
    {figure_colour(colours::interpolation_curves[0]), figure_colour(colours::interpolation_curves[1]),
     figure_colour(colours::interpolation_curves[2]), figure_colour(colours::interpolation_curves[3]),
     figure_colour(colours::interpolation_curves[4])}};
// Print: white paper, near-black text; the marks keep their hue in inks dark enough to read on
// white (the screen's pale yellow gradients become amber).
constexpr FigurePalette light_palette{
    {255, 255, 255, 255},
    {60, 62, 70, 255},
    {20, 20, 24, 255},
    {0, 0, 0, 60},
    {0, 0, 0, 170},
    {70, 70, 80, 255},
    {190, 120, 0, 255},
    {0, 110, 190, 255},
    {210, 30, 30, 255},
    {{{180, 30, 30, 255}, {170, 90, 0, 255}, {20, 120, 30, 255}, {10, 80, 190, 255}, {110, 40, 180, 255}}}};

FigureShape line(FigurePoint a, FigurePoint b, FigureColour colour, double width) {
    return {FigureShape::Kind::polyline, {a, b}, width, false, colour, {}};
}

FigureShape label(FigurePoint at, const std::string& text, FigureColour colour, double size) {
    return {FigureShape::Kind::text, {at}, size, false, colour, text};
}

std::string number(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", v);
    return text;
}

std::string signed_number(double v, int digits) {
    char text[32];
    std::snprintf(text, sizeof text, "%+.*f", digits, v);
    return text;
}

std::string svg_colour(const FigureColour& c) {
    char text[64];
    std::snprintf(text, sizeof text, "rgb(%d,%d,%d)", c.r, c.g, c.b);
    std::string out = text;
    if (c.a != 255) {
        std::snprintf(text, sizeof text, "\" opacity=\"%.3f", c.a / 255.0);
        out += text;
    }
    return out;
}

// RFC 4648 base64, for an image embedded as a data: URI.
std::string base64(const std::string& bytes) {
    static constexpr char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        std::uint32_t v = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i])) << 16;
        if (i + 1 < bytes.size())
            v |= static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8;
        if (i + 2 < bytes.size()) v |= static_cast<unsigned char>(bytes[i + 2]);
        out += digits[v >> 18 & 63];
        out += digits[v >> 12 & 63];
        out += i + 1 < bytes.size() ? digits[v >> 6 & 63] : '=';
        out += i + 2 < bytes.size() ? digits[v & 63] : '=';
    }
    return out;
}

std::string escaped_xml(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '&')
            out += "&amp;";
        else if (c == '<')
            out += "&lt;";
        else if (c == '>')
            out += "&gt;";
        else
            out += c;
    }
    return out;
}

}  // namespace

const FigurePalette& figure_palette(FigureTheme theme) {
    return theme == FigureTheme::light ? light_palette : dark_palette;
}

double figure_line_scale(double width, double height) {
    return std::max(1.0, std::min(width, height) / 540.0);
}

double arrow_head_length(double stroke) { return 4.5 * stroke; }

std::string to_svg(const VectorFigure& figure) {
    std::string svg;
    char buffer[256];
    std::snprintf(
        buffer, sizeof buffer,
        "<svg xmlns=\"http://www.w3.org/2000/svg\"%s width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f "
        "%.0f\" font-family=\"DejaVu Sans, sans-serif\">\n",
        // xlink:href for an image: SVG 1.1's, which LibreOffice and older viewers read.
        std::any_of(figure.shapes.begin(), figure.shapes.end(),
                    [](const FigureShape& s) { return s.kind == FigureShape::Kind::image; })
            ? " xmlns:xlink=\"http://www.w3.org/1999/xlink\""
            : "",
        figure.width, figure.height, figure.width, figure.height);
    svg += buffer;
    svg += "<rect width=\"100%\" height=\"100%\" fill=\"" + svg_colour(figure.background) + "\"/>\n";
    const auto xy = [&](const FigurePoint& p) {
        std::snprintf(buffer, sizeof buffer, "%.2f,%.2f", p.x, p.y);
        return std::string(buffer);
    };
    for (const FigureShape& s : figure.shapes) {
        const std::string colour = svg_colour(s.colour);
        switch (s.kind) {
            case FigureShape::Kind::rect: {
                const FigurePoint a = s.points[0], b = s.points[1];
                std::snprintf(buffer, sizeof buffer,
                              "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" ", a.x, a.y,
                              b.x - a.x, b.y - a.y);
                svg += buffer;
                svg += s.filled ? "fill=\"" + colour + "\"/>\n"
                                : "fill=\"none\" stroke=\"" + colour + "\" stroke-width=\"" + number(s.size) +
                                      "\"/>\n";
                break;
            }
            case FigureShape::Kind::polyline: {
                svg += "<polyline fill=\"none\" stroke=\"" + colour + "\" stroke-width=\"" + number(s.size) +
                       "\" stroke-linejoin=\"round\" points=\"";
                for (std::size_t i = 0; i < s.points.size(); ++i) svg += (i ? " " : "") + xy(s.points[i]);
                svg += "\"/>\n";
                break;
            }
            case FigureShape::Kind::circle:
                std::snprintf(buffer, sizeof buffer, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" ",
                              s.points[0].x, s.points[0].y, s.size);
                svg += buffer;
                svg += s.filled ? "fill=\"" + colour + "\"/>\n"
                                : "fill=\"none\" stroke=\"" + colour + "\" stroke-width=\"" +
                                      (s.stroke == 1.5 ? std::string("1.5") : number(s.stroke)) + "\"/>\n";
                break;
            case FigureShape::Kind::image: {
                const FigurePoint a = s.points[0], b = s.points[1];
                std::snprintf(buffer, sizeof buffer,
                              "<image x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
                              "preserveAspectRatio=\"none\" xlink:href=\"data:image/png;base64,",
                              a.x, a.y, b.x - a.x, b.y - a.y);
                svg += buffer;
                svg += base64(s.text) + "\"/>\n";
                break;
            }
            case FigureShape::Kind::text:
                // y is the top of the text, as ImGui's AddText has it: the baseline is ~0.8 em below.
                std::snprintf(buffer, sizeof buffer, "<text x=\"%.2f\" y=\"%.2f\" font-size=\"%.1f\" ",
                              s.points[0].x, s.points[0].y + 0.8 * s.size, s.size);
                svg += buffer;
                svg += "fill=\"" + colour + "\">" + escaped_xml(s.text) + "</text>\n";
                break;
            case FigureShape::Kind::arrow: {
                const FigurePoint a = s.points[0], b = s.points[1];
                const double dx = b.x - a.x, dy = b.y - a.y, length = std::hypot(dx, dy);
                svg += "<polyline fill=\"none\" stroke=\"" + colour + "\" stroke-width=\"" + number(s.size) +
                       "\" points=\"" + xy(a) + " " + xy(b) + "\"/>\n";
                if (length > 0.0) {
                    const double ux = dx / length, uy = dy / length, head = arrow_head_length(s.size);
                    const FigurePoint left{b.x - ux * head - uy * head * 0.5,
                                           b.y - uy * head + ux * head * 0.5};
                    const FigurePoint right{b.x - ux * head + uy * head * 0.5,
                                            b.y - uy * head - ux * head * 0.5};
                    svg += "<polygon fill=\"" + colour + "\" points=\"" + xy(b) + " " + xy(left) + " " +
                           xy(right) + "\"/>\n";
                }
                break;
            }
        }
    }
    svg += "</svg>\n";
    return svg;
}

VectorFigure interpolation_curves_figure(noise::Interpolation selected, double width, double height,
                                         FigureTheme theme) {
    const FigurePalette& ink       = figure_palette(theme);
    const FigureColour text_colour = ink.text, grid_colour = ink.grid;
    VectorFigure figure{width, height, ink.background, {}};
    const double font   = std::clamp(height / 28.0, 11.0, 200.0);
    const double stroke = figure_line_scale(width, height);
    const double left = 3.0 * font, right = width - font, top = 2.2 * font, bottom = height - 2.0 * font;
    // y from -0.25 to 2, as the tab: the cubic's far weight dips below 0, quintic's slope reaches 1.875.
    const double y_lo = -0.25, y_hi = 2.0;
    const auto at = [&](double t, double v) {
        return FigurePoint{left + t * (right - left), bottom - (v - y_lo) / (y_hi - y_lo) * (bottom - top)};
    };
    for (double v : {0.0, 1.0, 2.0}) {
        figure.shapes.push_back(line(at(0, v), at(1, v), grid_colour, stroke));
        figure.shapes.push_back(
            label({left - 1.6 * font, at(0, v).y - 0.5 * font}, number(v).substr(0, 1), text_colour, font));
    }
    figure.shapes.push_back(line(at(0, y_lo), at(0, y_hi), grid_colour, stroke));
    figure.shapes.push_back(line(at(1, y_lo), at(1, y_hi), grid_colour, stroke));
    figure.shapes.push_back(label({left - 0.3 * font, bottom + 0.3 * font}, "t = 0", text_colour, font));
    figure.shapes.push_back(label({right - 2.6 * font, bottom + 0.3 * font}, "t = 1", text_colour, font));
    // The legend along the top, each name in its curve's colour.
    double x = left;
    for (std::size_t c = 0; c < curve_count; ++c) {
        const auto curve = static_cast<noise::Interpolation>(c);
        const std::string name(noise::interpolation_names[c]);
        FigureColour colour = ink.curves[c];
        // On the dark plot the others' names are a little dimmer; on paper dimming would make
        // them too faint to read, and the thick curve already says which is selected.
        if (curve != selected && theme == FigureTheme::dark) colour.a = 220;
        figure.shapes.push_back(label({x, 0.5 * font}, name, colour, font));
        x += (static_cast<double>(name.size()) * 0.62 + 1.5) * font;
    }
    figure.shapes.push_back(label({x, 0.5 * font}, "(s(t) thick, ds/dt thin)", text_colour, font));
    constexpr int steps = 200;
    // The selected curve last, on top.
    for (int pass = 0; pass < 2; ++pass)
        for (std::size_t c = 0; c < curve_count; ++c) {
            const auto curve = static_cast<noise::Interpolation>(c);
            if ((curve == selected) != (pass == 1)) continue;
            FigureColour colour = ink.curves[c];
            // The others a little dimmer and thinner, but as readable from the back of a room.
            if (curve != selected) colour.a = 200;
            const double thick = (curve == selected ? 4.0 : 2.5) * stroke;
            FigureShape weight{FigureShape::Kind::polyline, {}, thick, false, colour, {}};
            FigureShape slope{FigureShape::Kind::polyline, {}, 0.6 * thick, false, colour, {}};
            for (int i = 0; i <= steps; ++i) {
                const double t = static_cast<double>(i) / steps;
                weight.points.push_back(at(t, shown_weight(curve, t)));
                slope.points.push_back(at(t, std::clamp(shown_slope(curve, t), y_lo, y_hi)));
            }
            figure.shapes.push_back(std::move(weight));
            figure.shapes.push_back(std::move(slope));
        }
    return figure;
}

VectorFigure probe_cell_figure(const noise::Trace& trace, const noise::Params& params, int octave,
                               double width, double height, FigureTheme theme) {
    if (trace.octaves.empty()) throw std::invalid_argument("the probe has no trace");
    const noise::OctaveTrace& o      = trace.octaves[static_cast<std::size_t>(
        std::clamp(octave, 0, static_cast<int>(trace.octaves.size()) - 1))];
    const noise::AlgorithmInfo& info = noise::algorithm_info(params.algorithm);
    if (!info.square_lattice() || params.dimension < 2 || o.corners.empty())
        throw std::invalid_argument(
            "the cell figure draws the square cells of gradient and value noise in 2D and up");
    const bool gradients           = info.corner == noise::CornerKind::gradient;
    const FigurePalette& ink       = figure_palette(theme);
    const FigureColour text_colour = ink.text, grid_colour = ink.grid;
    VectorFigure figure{width, height, ink.background, {}};
    const double font   = std::clamp(std::min(width, height) / 26.0, 11.0, 200.0);
    const double stroke = figure_line_scale(width, height);
    // Offsets span 0..1 (two-point curves) or -1..2 (the cubic's 4 x 4 points).
    int lo = 0, hi = 1;
    for (const noise::CornerTrace& c : o.corners) {
        lo = std::min({lo, c.offset[0], c.offset[1]});
        hi = std::max({hi, c.offset[0], c.offset[1]});
    }
    // Room around the points for the labels and for an arrow (0.3 of a cell) pointing outwards.
    const double span = hi - lo, title = 2.0 * font, footer = 1.8 * font;
    const double side =
        std::min(width - 8.0 * font, height - title - footer - 2.0 * font) / (1.0 + 0.7 / span);
    const double x0 = (width - side) / 2.0, y0 = title + (height - title - side) / 2.0;
    const auto at = [&](double u, double v) {
        return FigurePoint{x0 + (u - lo) / span * side, y0 + (v - lo) / span * side};
    };
    for (int k = lo; k <= hi; ++k) {
        figure.shapes.push_back(line(at(k, lo), at(k, hi), grid_colour, stroke));
        figure.shapes.push_back(line(at(lo, k), at(hi, k), grid_colour, stroke));
    }
    figure.shapes.push_back(
        {FigureShape::Kind::rect, {at(0, 0), at(1, 1)}, 2.0 * stroke, false, ink.cell, {}});
    const FigurePoint point = at(o.frac[0], o.frac[1]);
    // The arrows: a unit gradient is 0.3 of a cell long, as in the probe window.
    for (const noise::CornerTrace& c : o.corners) {
        const FigurePoint corner = at(c.offset[0], c.offset[1]);
        const bool near = c.offset[0] >= 0 && c.offset[0] <= 1 && c.offset[1] >= 0 && c.offset[1] <= 1;
        if (gradients && near) figure.shapes.push_back(line(corner, point, ink.distance, 1.5 * stroke));
        if (gradients) {
            const FigurePoint tip{corner.x + c.gradient[0] * 0.3 * side / span,
                                  corner.y + c.gradient[1] * 0.3 * side / span};
            figure.shapes.push_back(
                {FigureShape::Kind::arrow, {corner, tip}, 2.0 * stroke, false, ink.gradient, {}});
        }
        figure.shapes.push_back({FigureShape::Kind::circle, {corner}, 0.22 * font, true, ink.corner, {}});
        if (near || !gradients) {
            const double dx = c.offset[0] <= 0 ? -3.6 * font : 0.4 * font;
            const double dy = c.offset[1] <= 0 ? -1.3 * font : 0.3 * font;
            figure.shapes.push_back(
                label({corner.x + dx, corner.y + dy}, signed_number(c.value, 3), ink.label, 0.9 * font));
        }
    }
    figure.shapes.push_back({FigureShape::Kind::circle, {point}, 0.3 * font, true, ink.point, {}});
    char heading[160];
    std::snprintf(heading, sizeof heading, "cell (%lld, %lld), point at (%.3f, %.3f) inside it: %s %+.4f",
                  static_cast<long long>(o.cell[0]), static_cast<long long>(o.cell[1]), o.frac[0], o.frac[1],
                  gradients ? "n =" : "value", o.value);
    figure.shapes.push_back(label({0.6 * font, 0.5 * font}, heading, text_colour, font));
    figure.shapes.push_back(label({0.6 * font, height - 1.5 * font},
                                  gradients ? "arrows: gradients g   lines: distances d   numbers: g . d"
                                            : "dots: lattice values, blended by the interpolation curve",
                                  text_colour, 0.85 * font));
    return figure;
}

}  // namespace app::gui
