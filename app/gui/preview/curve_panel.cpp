// gui/preview/curve_panel.cpp: the curve under the scanline and the field's statistics
// (curve_panel.hpp).
#include "gui/preview/curve_panel.hpp"

#include <imgui.h>

#include <algorithm>
#include <utility>

#include "gui/common/theme.hpp"
#include "gui/common/ui_report.hpp"
#include "gui/preview/curve_plot.hpp"
#include "gui/preview/field_stats.hpp"
#include "noise/algorithms.hpp"

namespace app::gui {

namespace {

constexpr float stats_width = 230.0f;

// The plot's one-line caption (which curve it is, and what its lines mean if there is room) and
// the "fit y" switch, right-aligned.
void draw_caption(const Settings& settings, const std::optional<CurveResult>& curve, float plot_width,
                  bool& fit_y) {
    if (settings.params.dimension == 1) {
        ImGui::TextUnformatted("1D noise");
    } else {
        const double y = curve ? curve->y : 0.0;
        ImGui::Text("Row under the scanline: y = %.4f", y);
    }
    report_item("curve_caption");  // a check can see "fit y" never covers it
    // The y fit is a way of looking, not a setting of the picture: not in presets or the history.
    const char* fit_label = "fit y";
    const float fit_x     = plot_width - ImGui::CalcTextSize(fit_label).x - ImGui::GetFrameHeight() - 12.0f;
    // Simplex noise's lattice is skewed or rotated: the whole numbers of x are not its vertices.
    const bool skewed =
        noise::algorithm_info(settings.params.algorithm).lattice == noise::LatticeKind::skewed;
    const char* lines = !skewed ? "  lines: lattice positions" : "  lines: whole units of x";
    const char* hint  = settings.view.show_octaves ? "  thin: each octave's weighted share" : lines;
    ImGui::SameLine();
    if (ImGui::GetCursorPosX() + ImGui::CalcTextSize(hint).x < fit_x)
        ImGui::TextDisabled("%s", hint);  // if room
    // Never over the caption (a narrow plot, presenter mode's large font): after it, then.
    const float after = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + ImGui::GetStyle().ItemSpacing.x;
    ImGui::SameLine(std::max(fit_x, after));
    ImGui::Checkbox(fit_label, &fit_y);
    report_item("fit_y");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Fit the y axis to the curve instead of the algorithm's full range");
}

// "stale: last valid settings" over the child window drawn last, top right, in the error colour.
void stale_label() {
    const char* text = "stale: last valid settings";
    const ImVec2 min = ImGui::GetWindowPos();
    const ImVec2 at(min.x + ImGui::GetWindowWidth() - ImGui::CalcTextSize(text).x - 8.0f, min.y + 22.0f);
    ImGui::GetWindowDrawList()->AddText(at, colours::error, text);
}

}  // namespace

CurvePanel::CurvePanel(std::function<void()> wake)
    : worker_(std::make_unique<RenderWorker>(std::move(wake))) {}

void CurvePanel::take_result() {
    if (auto curve = worker_->take_curve()) curve_ = std::move(*curve);
}

void CurvePanel::request(const noise::Params& params, double y, bool octaves, const OctaveChoice& chosen,
                         const std::optional<noise::Params>& before) {
    const Key key{params, y, samples_, octaves, chosen, before};
    if (sent_ && *sent_ == key) return;
    PreviewRequest request;
    request.params        = params;
    request.need_image    = false;
    request.curve_y       = key.y;
    request.curve_samples = key.samples;
    request.curve_octaves = key.octaves;
    request.chosen        = chosen;
    request.before        = before;
    worker_->submit(request);
    sent_ = key;
}

std::span<const float> CurvePanel::before_histogram() const {
    return curve_ ? std::span<const float>(curve_->before_histogram) : std::span<const float>();
}

void CurvePanel::draw(const FrameContext& frame, const ShownField& field, const OctaveChoice& chosen) {
    // Left: the plot, with a one-line caption saying which curve it is.
    const float plot_width = std::max(120.0f, ImGui::GetContentRegionAvail().x - stats_width - 8.0f);
    ImGui::BeginChild("plot", ImVec2(plot_width, 0), false, ImGuiWindowFlags_NoScrollbar);
    draw_caption(frame.settings, curve_, plot_width, fit_y_);
    samples_ = curve_samples_for_width(plot_width);
    // With invalid settings nothing new is rendered: what is shown belongs to the last valid
    // settings, and says so, dimmed.
    const bool stale = !frame.invalid.empty();
    if (stale) ImGui::PushStyleVar(ImGuiStyleVar_Alpha, 0.4f);
    draw_curve_plot(curve_, frame.settings.view.show_octaves, fit_y_, "curve", chosen);
    if (stale) {
        ImGui::PopStyleVar();
        stale_label();
    }
    ImGui::EndChild();

    // Right: what the field contains.
    ImGui::SameLine();
    ImGui::BeginChild("stats", ImVec2(0, 0), false, ImGuiWindowFlags_NoScrollbar);
    if (stale) ImGui::PushStyleVar(ImGuiStyleVar_Alpha, 0.4f);
    draw_field_stats(field, before_histogram());
    if (stale) {
        ImGui::PopStyleVar();
        stale_label();
    }
    ImGui::EndChild();
}

}  // namespace app::gui
