#include "gui/preview/curve_plot.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "gui/common/theme.hpp"
#include "gui/preview/octave_legend.hpp"
#include "gui/preview/view_transform.hpp"

namespace app::gui {

namespace {

constexpr float margin_left   = 52.0f;
constexpr float margin_bottom = 22.0f;
constexpr float margin_top    = 6.0f;
constexpr float margin_right  = 10.0f;

// Pixels between axis labels: 40 down and 90 across at the usual text, more with presenter
// mode's larger text (on a 4K screen labels every 40 pixels overlapped each other).
double label_gap_y() { return std::max(40.0, 2.6 * static_cast<double>(ImGui::GetFontSize())); }
double label_gap_x() { return std::max(90.0, 6.0 * static_cast<double>(ImGui::GetFontSize())); }

// A step of 1, 2 or 5 times a power of ten giving about `target` divisions over `span`.
double nice_step(double span, double target) {
    const double raw   = span / target;
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    const double m     = raw / power;
    return (m < 1.5 ? 1.0 : m < 3.5 ? 2.0 : m < 7.5 ? 5.0 : 10.0) * power;
}

// Where the plot maps noise x and values to screen: the plotting area p0 .. p1 and the ranges
// it shows.
struct PlotAxes {
    ImVec2 p0, p1;
    double x_lo = 0.0, x_hi = 1.0, y_lo = 0.0, y_hi = 1.0;
    float sx(double x) const { return p0.x + static_cast<float>((x - x_lo) / (x_hi - x_lo)) * (p1.x - p0.x); }
    float sy(double y) const { return p1.y - static_cast<float>((y - y_lo) / (y_hi - y_lo)) * (p1.y - p0.y); }
};

// [1] Ranges: x is the preview's width in noise space. y is either the nominal range (the values
// that map to black and white, widened if the curve leaves it) or fitted to the curve and its
// octaves: many octaves of fBm stay well inside +-1 and look flat otherwise.
PlotAxes axes_for(const CurveResult& curve, bool show_octaves, bool fit_y, ImVec2 p0, ImVec2 p1) {
    PlotAxes axes{p0, p1};
    const ViewTransform view   = ViewTransform::of(curve.params, static_cast<int>(curve.sum.size()), 1);
    axes.x_lo                  = view.left();
    axes.x_hi                  = view.right();
    const noise::Range nominal = noise::nominal_range(curve.params);
    double y_lo = fit_y ? 0.0 : nominal.lo, y_hi = fit_y ? 0.0 : nominal.hi;
    const auto widen = [&](const std::vector<double>& values) {
        for (double v : values) {
            y_lo = std::min(y_lo, v);
            y_hi = std::max(y_hi, v);
        }
    };
    widen(curve.sum);
    widen(curve.before);
    if (fit_y && show_octaves)
        for (const auto& row : curve.octaves) widen(row);
    if (y_hi - y_lo < 1e-9) {
        y_lo -= 0.5;
        y_hi += 0.5;
    }
    const double pad = (y_hi - y_lo) * 0.08;
    axes.y_lo        = y_lo - pad;
    axes.y_hi        = y_hi + pad;
    return axes;
}

// [2] y axis: round values about every 40 px, zero brighter.
void draw_y_axis(ImDrawList* draw, const PlotAxes& axes) {
    const ImVec2 p0 = axes.p0, p1 = axes.p1;
    char label[48];
    const double y_step =
        nice_step(axes.y_hi - axes.y_lo, std::max(2.0, static_cast<double>(p1.y - p0.y) / label_gap_y()));
    for (double y = std::ceil(axes.y_lo / y_step) * y_step; y <= axes.y_hi; y += y_step) {
        const bool zero = std::abs(y) < y_step * 1e-6;
        draw->AddLine(ImVec2(p0.x, axes.sy(y)), ImVec2(p1.x, axes.sy(y)),
                      colours::with_alpha(colours::light, zero ? 60 : 22));
        std::snprintf(label, sizeof label,
                      y_step >= 0.1    ? "%+.1f"
                      : y_step >= 0.01 ? "%+.2f"
                                       : "%+.3f",
                      zero ? 0.0 : y);
        const ImVec2 size = ImGui::CalcTextSize(label);
        draw->AddText(ImVec2(p0.x - size.x - 6, axes.sy(y) - size.y * 0.5f), colours::plot_text, label);
    }
}

// [3] x axis: lattice positions (integers of noise space), labelled where there is room; with
// tiling every period's boundary brighter.
void draw_x_axis(ImDrawList* draw, const PlotAxes& axes, unsigned tile) {
    const ImVec2 p0 = axes.p0, p1 = axes.p1;
    const ImU32 text = colours::plot_text;
    char label[48];
    const double span            = axes.x_hi - axes.x_lo;
    const double pixels_per_cell = (p1.x - p0.x) / span;
    const double label_step = std::max(1.0, nice_step(span, std::max(2.0, (p1.x - p0.x) / label_gap_x())));
    if (pixels_per_cell >= 4.0) {
        for (double x = std::ceil(axes.x_lo); x <= axes.x_hi; x += 1.0) {
            const bool period = tile > 0 && std::fmod(std::abs(x), static_cast<double>(tile)) == 0.0;
            draw->AddLine(ImVec2(axes.sx(x), p0.y), ImVec2(axes.sx(x), p1.y),
                          period ? colours::period_line : colours::with_alpha(colours::light, 30));
            draw->AddLine(ImVec2(axes.sx(x), p1.y), ImVec2(axes.sx(x), p1.y + 4), text);  // lattice tick
        }
    }
    const double step = pixels_per_cell >= 4.0 ? label_step : nice_step(span, (p1.x - p0.x) / label_gap_x());
    for (double x = std::ceil(axes.x_lo / step) * step; x <= axes.x_hi; x += step) {
        std::snprintf(label, sizeof label, "%g", std::abs(x) < step * 1e-9 ? 0.0 : x);
        const ImVec2 size = ImGui::CalcTextSize(label);
        draw->AddLine(ImVec2(axes.sx(x), p1.y), ImVec2(axes.sx(x), p1.y + 6), text);
        draw->AddText(ImVec2(axes.sx(x) - size.x * 0.5f, p1.y + 6), text, label);
    }
}

// The noise x of sample i: the middle of its pixel.
double x_of(const PlotAxes& axes, std::size_t i, std::size_t n) {
    return axes.x_lo + (static_cast<double>(i) + 0.5) * (axes.x_hi - axes.x_lo) / static_cast<double>(n);
}

// [4] The octaves' weighted contributions (thin) under the sum (thick).
void draw_curves(ImDrawList* draw, const PlotAxes& axes, const CurveResult& curve, bool show_octaves,
                 const OctaveChoice& chosen) {
    const auto n = curve.sum.size();
    std::vector<ImVec2> points(n);
    if (show_octaves) {
        const int count = static_cast<int>(curve.octaves.size());
        for (int o = 0; o < count; ++o) {
            const auto& row = curve.octaves[static_cast<std::size_t>(o)];
            for (std::size_t i = 0; i < n && i < row.size(); ++i)
                points[i] = ImVec2(axes.sx(x_of(axes, i, n)), axes.sy(row[i]));
            // Muted octaves stay in view, faint: the sum above is made without them.
            draw->AddPolyline(points.data(), static_cast<int>(std::min(n, row.size())),
                              octave_colour(o, count, chosen.shows(o) ? 0.75f : 0.18f), 0, 1.0f);
        }
    }
    // The field before the shaping stage (noise/shaping.hpp), thin and amber, under the shaped one.
    if (curve.before.size() == n) {
        for (std::size_t i = 0; i < n; ++i)
            points[i] = ImVec2(axes.sx(x_of(axes, i, n)), axes.sy(curve.before[i]));
        draw->AddPolyline(points.data(), static_cast<int>(n),
                          colours::with_alpha(colours::before_shaping, 200), 0, 1.0f);
    }
    for (std::size_t i = 0; i < n; ++i) points[i] = ImVec2(axes.sx(x_of(axes, i, n)), axes.sy(curve.sum[i]));
    draw->AddPolyline(points.data(), static_cast<int>(n), colours::plot_curve, 0, 2.0f);
}

// [5] Hover: the value under the cursor.
void draw_hover(ImDrawList* draw, const PlotAxes& axes, const CurveResult& curve) {
    const ImVec2 p0 = axes.p0, p1 = axes.p1;
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    if (mouse.x < p0.x || mouse.x >= p1.x) return;
    const auto n = curve.sum.size();
    const auto i =
        std::min(n - 1, static_cast<std::size_t>((mouse.x - p0.x) / (p1.x - p0.x) * static_cast<float>(n)));
    const double x = x_of(axes, i, n);
    draw->AddLine(ImVec2(axes.sx(x), p0.y), ImVec2(axes.sx(x), p1.y),
                  colours::with_alpha(colours::accent, 120));
    draw->AddCircleFilled(ImVec2(axes.sx(x), axes.sy(curve.sum[i])), 3.5f, colours::accent);
    char label[48];
    std::snprintf(label, sizeof label, "x %.4f  value %+.4f", x, curve.sum[i]);
    draw->AddText(ImVec2(p0.x + 8, p0.y + 4), colours::accent_label, label);
}

}  // namespace

int curve_samples_for_width(float plot_width) {
    return std::clamp(static_cast<int>(plot_width - margin_left - margin_right), 64, 2048);
}

CurvePlotArea draw_curve_plot(const std::optional<CurveResult>& curve, bool show_octaves, bool fit_y,
                              const char* report_key, const OctaveChoice& chosen) {
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 avail(std::max(ImGui::GetContentRegionAvail().x, 100.0f),
                       std::max(ImGui::GetContentRegionAvail().y, 60.0f));
    ImGui::InvisibleButton(report_key, avail);
    report_item(report_key);
    const bool hovered = ImGui::IsItemHovered();
    CurvePlotArea area{{}, {}, hovered, ImGui::IsItemActivated(), ImGui::IsItemActive()};

    ImDrawList* draw = ImGui::GetWindowDrawList();
    // The labels' margins grow with the font (presenter mode): "-0.16" keeps its sign, the x
    // labels their line. The samples stay as many as at the usual font (curve_samples).
    const float em = ImGui::GetFontSize();
    const ImVec2 p0(origin.x + std::max(margin_left, 3.6f * em), origin.y + margin_top);
    const ImVec2 p1(origin.x + avail.x - margin_right,
                    origin.y + avail.y - std::max(margin_bottom, 1.5f * em));
    area.min = p0;
    area.max = p1;
    draw->AddRectFilled(p0, p1, colours::plot_background);
    if (!curve || curve->sum.empty()) {
        draw->AddText(ImVec2(p0.x + 10, p0.y + 10), colours::plot_waiting, "sampling ...");
        return area;
    }
    const PlotAxes axes = axes_for(*curve, show_octaves, fit_y, p0, p1);
    draw->PushClipRect(origin, ImVec2(origin.x + avail.x, origin.y + avail.y), true);
    draw_y_axis(draw, axes);
    draw_x_axis(draw, axes, curve->params.tile);
    draw_curves(draw, axes, *curve, show_octaves, chosen);
    if (hovered) draw_hover(draw, axes, *curve);
    if (show_octaves && !curve->octaves.empty())
        draw_octave_legend(draw, ImVec2(p1.x - 6.0f, p0.y + 4.0f), static_cast<int>(curve->octaves.size()),
                           chosen, p1.x - p0.x - 12.0f);
    draw->PopClipRect();
    draw->AddRect(p0, p1, colours::with_alpha(colours::light, 40));
    return area;
}

}  // namespace app::gui
