// gui/editing/curve_editor.cpp: the remap curve by hand: see curve_editor.hpp.
#include "gui/editing/curve_editor.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "gui/common/theme.hpp"
#include "noise/shaping.hpp"

namespace app::gui {
namespace {

constexpr float point_radius = 5.0f;
constexpr float grab_radius  = 9.0f;  // a point is grabbed this close to its centre
constexpr double min_gap     = 0.01;  // x between neighbours, so the curve stays a function

// The curve as the library draws it: unit height out for unit height in.
double curve_at(const noise::ShapingPlan& plan, double u) {
    return (noise::shape_value(plan, plan.lo + u * plan.span, 0.0) - plan.lo) / plan.span;
}

}  // namespace

bool draw_curve_editor(std::vector<noise::CurvePoint>& curve, CurveEditorState& state,
                       std::span<const float> input_histogram, std::string_view report_prefix) {
    const std::string prefix(report_prefix);
    // The plot, inset by a grab's radius inside the button: the end points sit on its edges.
    const float side    = std::min(ImGui::GetContentRegionAvail().x - 2.0f * grab_radius, 220.0f);
    const ImVec2 corner = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("curve_editor", ImVec2(side + 2.0f * grab_radius, side + 2.0f * grab_radius),
                           ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
    const ImVec2 p0(corner.x + grab_radius, corner.y + grab_radius);
    const ImVec2 p1(p0.x + side, p0.y + side);
    report_rect(prefix + "curve_editor", p0, p1);
    const auto sx      = [&](double u) { return p0.x + static_cast<float>(u) * side; };
    const auto sy      = [&](double v) { return p1.y - static_cast<float>(v) * side; };
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const double ux    = (mouse.x - p0.x) / side;  // the mouse in unit coordinates, unclamped
    const double uy    = (p1.y - mouse.y) / side;
    const double mx    = std::clamp(ux, 0.0, 1.0);
    const double my    = std::clamp(uy, 0.0, 1.0);
    const bool full    = curve.size() >= noise::curve_max_points;

    // [1] Input: grab, add, remove, drag.
    bool changed       = false;
    const auto nearest = [&] {
        int best            = -1;
        float best_distance = grab_radius;
        for (std::size_t i = 0; i < curve.size(); ++i) {
            const float dx = sx(curve[i].x) - mouse.x, dy = sy(curve[i].y) - mouse.y;
            if (const float distance = std::sqrt(dx * dx + dy * dy); distance < best_distance) {
                best          = static_cast<int>(i);
                best_distance = distance;
            }
        }
        return best;
    };
    if (ImGui::IsItemActivated() && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
        state.dragged = nearest();
        state.grab_dx = state.grab_dy = 0.0;
        if (state.dragged >= 0) {  // held where it was grabbed: it moves with the mouse, not to it
            state.grab_dx = curve[static_cast<std::size_t>(state.dragged)].x - ux;
            state.grab_dy = curve[static_cast<std::size_t>(state.dragged)].y - uy;
        } else {  // a new point where the click was, between its neighbours
            if (curve.empty()) curve = noise::curve_preset(noise::CurvePreset::linear);
            const auto after =
                std::find_if(curve.begin(), curve.end(), [&](const auto& p) { return p.x > mx; });
            const bool room = !full && (after == curve.begin() || mx - std::prev(after)->x >= min_gap) &&
                              (after == curve.end() || after->x - mx >= min_gap);
            if (room) {
                state.dragged = static_cast<int>(after - curve.begin());
                curve.insert(after, {mx, my});
                changed = true;
            }
        }
    }
    if (ImGui::IsItemHovered() && ImGui::IsMouseClicked(ImGuiMouseButton_Right) && curve.size() > 2) {
        if (const int i = nearest(); i >= 0) {
            curve.erase(curve.begin() + i);
            changed = true;
        }
    }
    if (!ImGui::IsItemActive() || !ImGui::IsMouseDown(ImGuiMouseButton_Left)) state.dragged = -1;
    if (state.dragged >= 0 && state.dragged < static_cast<int>(curve.size()) &&
        ImGui::IsMouseDragging(0, 0.0f)) {
        const auto i    = static_cast<std::size_t>(state.dragged);
        const double lo = i == 0 ? 0.0 : curve[i - 1].x + min_gap;
        const double hi = i + 1 == curve.size() ? 1.0 : curve[i + 1].x - min_gap;
        const noise::CurvePoint moved{std::clamp(ux + state.grab_dx, lo, hi),
                                      std::clamp(uy + state.grab_dy, 0.0, 1.0)};
        if (!(moved == curve[i])) {
            curve[i] = moved;
            changed  = true;
        }
    }

    // [2] The picture: the histogram before the stage, the grid, the diagonal, the curve, points.
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(p0, p1, colours::plot_background);
    float peak = 0.0f;
    for (const float v : input_histogram) peak = std::max(peak, v);
    for (std::size_t b = 0; peak > 0.0f && b < input_histogram.size(); ++b) {
        const double u0 = static_cast<double>(b) / static_cast<double>(input_histogram.size());
        const double u1 = static_cast<double>(b + 1) / static_cast<double>(input_histogram.size());
        draw->AddRectFilled(ImVec2(sx(u0), sy(0.9 * input_histogram[b] / peak)), ImVec2(sx(u1), p1.y),
                            colours::editor_histogram);
    }
    for (int k = 1; k < 4; ++k) {
        draw->AddLine(ImVec2(sx(k / 4.0), p0.y), ImVec2(sx(k / 4.0), p1.y), colours::editor_grid);
        draw->AddLine(ImVec2(p0.x, sy(k / 4.0)), ImVec2(p1.x, sy(k / 4.0)), colours::editor_grid);
    }
    draw->AddLine(ImVec2(p0.x, p1.y), ImVec2(p1.x, p0.y), colours::editor_frame);
    if (noise::check_curve(curve).empty()) {
        noise::Params alone;
        alone.curve                   = curve;
        const noise::ShapingPlan plan = noise::make_shaping_plan(alone);
        std::vector<ImVec2> line;
        for (int i = 0; i <= 128; ++i) {
            const double u = i / 128.0;
            line.emplace_back(sx(u), sy(std::clamp(curve_at(plan, u), -0.05, 1.05)));
        }
        draw->PushClipRect(p0, p1, true);
        draw->AddPolyline(line.data(), static_cast<int>(line.size()), colours::plot_curve, 0, 2.0f);
        draw->PopClipRect();
    }
    for (std::size_t i = 0; i < curve.size(); ++i) {
        const ImVec2 c(sx(curve[i].x), sy(curve[i].y));
        const bool hot = static_cast<int>(i) == state.dragged;
        draw->AddCircleFilled(c, point_radius, hot ? colours::accent : colours::before_shaping);
        report_rect(prefix + "curve_point_" + std::to_string(i),
                    ImVec2(c.x - point_radius, c.y - point_radius),
                    ImVec2(c.x + point_radius, c.y + point_radius));
    }
    draw->AddRect(p0, p1, colours::editor_frame);
    if (ImGui::IsItemHovered() && state.dragged < 0)
        ImGui::SetTooltip("in %.3f -> out %.3f\nDrag a point; %s, right-click to remove it.", mx, my,
                          full ? "the curve is full" : "click to add one");
    if (full) {  // a click that adds nothing says why
        ImGui::TextDisabled("%zu points, the most a curve holds:\nright-click one to make room.",
                            noise::curve_max_points);
        report_item(prefix + "curve_full");
    }
    return changed;
}

}  // namespace app::gui
