#include "gui/teaching/interpolation_view.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>

#include "gui/common/theme.hpp"
#include "noise/algorithms.hpp"
#include "noise/interpolate.hpp"
#include "noise/render.hpp"

namespace app::gui {

namespace {

constexpr float min_curves_width     = 300.0f;
constexpr const char* curves_caption = "s(t) thick, ds/dt thin, coloured as the rows";

static_assert(std::size(colours::interpolation_curves) == curve_count, "one colour per interpolation curve");

ImU32 curve_colour(std::size_t i, bool selected) {
    const ImU32 c = colours::interpolation_curves[i];
    return selected ? c : colours::with_alpha(c, 150);
}

}  // namespace

InterpolationRows sample_interpolations(const noise::Params& params, double y, int samples) {
    InterpolationRows out;
    out.params = params;
    out.y      = y;
    for (std::size_t i = 0; i < curve_count; ++i) {
        noise::Params p = params;
        p.interpolation = static_cast<noise::Interpolation>(i);
        out.rows[i].resize(static_cast<std::size_t>(samples));
        noise::sample_row(noise::FractalNoise(p), y, out.rows[i]);
    }
    return out;
}

double shown_weight(noise::Interpolation curve, double t) {
    if (curve == noise::Interpolation::cubic) return noise::cubic4(0.0, 0.0, 1.0, 0.0, t);
    return noise::blend_weight(curve, t);
}

double shown_slope(noise::Interpolation curve, double t) {
    if (curve == noise::Interpolation::cubic) return noise::cubic4_slope(0.0, 0.0, 1.0, 0.0, t);
    return noise::blend_slope(curve, t);
}

void InterpolationView::draw(Settings& settings, const noise::Params& shown, double row_y,
                             const std::function<void()>& wake) {
    if (task_) {
        if (auto outcome = task_->take()) {
            if (outcome->result) rows_ = std::move(*outcome->result);
            task_.reset();
        }
    }
    // Request the rows for what the preview shows.
    // As wide as its caption at least: presenter mode's larger font cut it off at 300 pixels.
    const float curves_width = std::max(min_curves_width, ImGui::CalcTextSize(curves_caption).x + 16.0f);
    const float rows_width   = std::max(120.0f, ImGui::GetContentRegionAvail().x - curves_width - 12.0f);
    noise::Params sampled    = shown;
    if (first_octave_only_) sampled.octaves = 1;
    sampled.interpolation = noise::Interpolation::linear;  // each row sets its own
    const Key key{sampled, shown.dimension == 1 ? 0.0 : row_y,
                  std::clamp(static_cast<int>(rows_width) - 90, 64, 2048)};
    // One task at a time, never joined while it works (as in the Octaves tab): a change during a
    // slow one is sampled when it ends.
    if (noise::validate(sampled).empty() && !(sent_ && *sent_ == key) && !task_) {
        sent_ = key;
        task_ = std::make_unique<BackgroundTask<InterpolationRows>>(
            [key](const TaskControl&) { return sample_interpolations(key.params, key.y, key.samples); },
            wake);
    }

    const ImVec2 avail = ImGui::GetContentRegionAvail();
    ImGui::BeginChild("interp_curves", ImVec2(curves_width, avail.y), false, ImGuiWindowFlags_NoScrollbar);
    draw_curves(settings.params.interpolation, ImGui::GetContentRegionAvail());
    ImGui::EndChild();
    report_item("interp_curves");
    ImGui::SameLine();
    ImGui::BeginChild("interp_rows", ImVec2(0, avail.y), false, ImGuiWindowFlags_NoScrollbar);
    ImGui::Checkbox("first octave only", &first_octave_only_);
    report_item("interp_first_octave");
    ImGui::SameLine();
    // Wrapped, not cut off at the child's edge: the rows move down a line when it is narrow.
    const noise::AlgorithmInfo& info = noise::algorithm_info(shown.algorithm);
    ImGui::PushStyleColor(ImGuiCol_Text, info.uses("interpolation")
                                             ? ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled)
                                             : ImGui::ColorConvertU32ToFloat4(colours::warning));
    ImGui::PushTextWrapPos(0.0f);
    if (!info.uses("interpolation"))
        ImGui::Text("%s noise does not interpolate: the rows are the same", std::string(info.name).c_str());
    else
        ImGui::TextUnformatted("the same noise with each curve; click a row to use that curve");
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    draw_rows(settings, ImGui::GetContentRegionAvail());
    ImGui::EndChild();
}

void InterpolationView::draw_curves(noise::Interpolation selected, ImVec2 size) {
    ImDrawList* draw    = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::TextUnformatted(curves_caption);
    const float top = origin.y + ImGui::GetTextLineHeightWithSpacing() + 2.0f;
    const ImVec2 p0(origin.x + 30.0f, top), p1(origin.x + size.x - 8.0f, origin.y + size.y - 20.0f);
    if (p1.y - p0.y < 30.0f) return;
    draw->AddRectFilled(p0, p1, colours::plot_background);
    // y from -0.25 (the cubic's weight dips below 0 elsewhere; its slope too) to 2 (quintic's slope
    // peaks at 1.875).
    const double y_lo = -0.25, y_hi = 2.0;
    const auto sx = [&](double t) { return p0.x + static_cast<float>(t) * (p1.x - p0.x); };
    const auto sy = [&](double v) {
        return p1.y - static_cast<float>((v - y_lo) / (y_hi - y_lo)) * (p1.y - p0.y);
    };
    const ImU32 text = colours::plot_text;
    for (double v : {0.0, 1.0, 2.0}) {
        draw->AddLine(ImVec2(p0.x, sy(v)), ImVec2(p1.x, sy(v)),
                      colours::with_alpha(colours::light, v == 0.0 ? 60 : 25));
        char label[16];
        std::snprintf(label, sizeof label, "%g", v);
        draw->AddText(ImVec2(p0.x - 14.0f, sy(v) - 7.0f), text, label);
    }
    draw->AddText(ImVec2(p0.x - 4.0f, p1.y + 3.0f), text, "0");
    draw->AddText(ImVec2(p1.x - ImGui::CalcTextSize("t = 1").x, p1.y + 3.0f), text, "t = 1");
    constexpr int steps = 96;
    ImVec2 points[steps + 1];
    // The selected curve last, on top.
    for (int pass = 0; pass < 2; ++pass) {
        for (std::size_t c = 0; c < curve_count; ++c) {
            const auto curve       = static_cast<noise::Interpolation>(c);
            const bool is_selected = curve == selected;
            if (is_selected != (pass == 1)) continue;
            for (int i = 0; i <= steps; ++i) {
                const double t = static_cast<double>(i) / steps;
                points[i]      = ImVec2(sx(t), sy(shown_weight(curve, t)));
            }
            draw->AddPolyline(points, steps + 1, curve_colour(c, is_selected), 0, is_selected ? 3.0f : 1.5f);
            for (int i = 0; i <= steps; ++i) {
                const double t = static_cast<double>(i) / steps;
                points[i]      = ImVec2(sx(t), sy(shown_slope(curve, t)));
            }
            draw->AddPolyline(points, steps + 1, curve_colour(c, is_selected), 0, is_selected ? 1.5f : 0.8f);
        }
    }
    draw->AddRect(p0, p1, colours::plot_frame);
    ImGui::Dummy(ImVec2(size.x, size.y - ImGui::GetTextLineHeightWithSpacing()));
}

void InterpolationView::draw_rows(Settings& settings, ImVec2 size) {
    if (!rows_) {
        ImGui::TextDisabled("sampling ...");
        return;
    }
    ImDrawList* draw    = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float gap     = 3.0f;
    const float row_h = std::max(18.0f, (size.y - gap * (curve_count - 1)) / static_cast<float>(curve_count));
    const float label_w = 90.0f;
    // One y scale for every row, so the curves compare.
    double lo = 0.0, hi = 0.0;
    for (const auto& row : rows_->rows)
        for (double v : row) lo = std::min(lo, v), hi = std::max(hi, v);
    if (hi - lo < 1e-9) hi = lo + 1.0;
    const noise::Params& p = rows_->params;
    for (std::size_t c = 0; c < curve_count; ++c) {
        const bool selected = settings.params.interpolation == static_cast<noise::Interpolation>(c);
        const ImVec2 r0(origin.x, origin.y + static_cast<float>(c) * (row_h + gap));
        const ImVec2 r1(origin.x + size.x, r0.y + row_h);
        ImGui::SetCursorScreenPos(r0);
        ImGui::PushID(static_cast<int>(c));
        if (ImGui::InvisibleButton("row", ImVec2(size.x, row_h)))
            settings.params.interpolation = static_cast<noise::Interpolation>(c);
        const bool hovered = ImGui::IsItemHovered();
        ImGui::PopID();
        char key[40];
        std::snprintf(key, sizeof key, "interp_row_%s", std::string(noise::interpolation_names[c]).c_str());
        report_rect(key, r0, r1);
        const ImVec2 q0(r0.x + label_w, r0.y), q1 = r1;
        draw->AddRectFilled(q0, q1, selected ? colours::plot_row_selected : colours::plot_background);
        draw->AddText(ImVec2(r0.x + 4.0f, r0.y + (row_h - ImGui::GetTextLineHeight()) * 0.5f),
                      curve_colour(c, selected || hovered),
                      std::string(noise::interpolation_names[c]).c_str());
        // Lattice lines, where each curve joins two cells.
        const double x_lo = p.offset_x, span = p.frequency;
        const float width = q1.x - q0.x;
        if (width / span >= 6.0)
            for (double x = std::ceil(x_lo); x <= x_lo + span; x += 1.0) {
                const float sx = q0.x + static_cast<float>((x - x_lo) / span) * width;
                draw->AddLine(ImVec2(sx, q0.y), ImVec2(sx, q1.y), colours::with_alpha(colours::light, 30));
            }
        const auto& row = rows_->rows[c];
        std::vector<ImVec2> points(row.size());
        for (std::size_t i = 0; i < row.size(); ++i)
            points[i] = ImVec2(q0.x + (static_cast<float>(i) + 0.5f) * width / static_cast<float>(row.size()),
                               q1.y - 2.0f - static_cast<float>((row[i] - lo) / (hi - lo)) * (row_h - 4.0f));
        draw->AddPolyline(points.data(), static_cast<int>(points.size()), curve_colour(c, selected), 0,
                          selected ? 2.0f : 1.2f);
        draw->AddRect(q0, q1, colours::with_alpha(colours::light, selected ? 120 : 30));
    }
    ImGui::SetCursorScreenPos(ImVec2(origin.x, origin.y + size.y));
}

nlohmann::json InterpolationView::report_state() const {
    nlohmann::json state = nlohmann::json::object();
    if (!rows_) return state;
    // Each row's first sample and where it was taken, so a test can check it against the CLI.
    const noise::Params& p = rows_->params;
    for (std::size_t c = 0; c < curve_count; ++c) {
        const auto& row = rows_->rows[c];
        if (row.empty()) continue;
        state[std::string(noise::interpolation_names[c])] = {
            {"x", p.offset_x + 0.5 * p.frequency / static_cast<double>(row.size())},
            {"y", rows_->y},
            {"first", row.front()},
            {"samples", row.size()}};
    }
    state["octaves"] = p.octaves;
    return state;
}

}  // namespace app::gui
