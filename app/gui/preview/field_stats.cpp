// gui/preview/field_stats.cpp: what the field shown contains: see field_stats.hpp.
#include "gui/preview/field_stats.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "gui/common/theme.hpp"
#include "noise/shaping.hpp"

namespace app::gui {

void draw_field_stats(const ShownField& field, std::span<const float> before) {
    if (!field.has_image()) {
        ImGui::TextDisabled("rendering ...");
        return;
    }
    const FieldSummary& s    = field.summary();
    const ImageResult& image = field.image();
    ImGui::TextUnformatted("Field");
    ImGui::Separator();
    ImGui::Text("min   %+.4f", s.min);
    ImGui::Text("max   %+.4f", s.max);
    ImGui::Text("mean  %+.4f", s.mean);
    // Histogram of the mapped values: where the picture's tones sit in [0, 1].
    const float height =
        std::max(30.0f, ImGui::GetContentRegionAvail().y - 3.5f * ImGui::GetTextLineHeightWithSpacing());
    float peak = 0.0f;
    for (float v : s.histogram) peak = std::max(peak, v);
    // 1.86's PlotHistogram takes no negative width: the width comes from SetNextItemWidth.
    ImGui::SetNextItemWidth(-1);
    ImGui::PlotHistogram("##histogram", s.histogram.data(), static_cast<int>(s.histogram.size()), 0, nullptr,
                         0.0f, peak * 1.05f, ImVec2(0, height));
    report_item("histogram");
    // With a shaping stage (or the erosion simulation), the field before it as an amber outline
    // over the same bins, when both histograms span the same range (the nominal range: the fixed
    // mapping).
    const noise::Range nominal = noise::nominal_range(image.params);
    const bool has_before =
        noise::has_shaping(image.params) || image.params.erosion_method == noise::ErosionMethod::simulate;
    if (!before.empty() && has_before && field.range().lo == nominal.lo && field.range().hi == nominal.hi) {
        const ImVec2 r0 = ImGui::GetItemRectMin(), r1 = ImGui::GetItemRectMax();
        float top = peak;
        for (float v : before) top = std::max(top, v);
        std::vector<ImVec2> outline;
        for (std::size_t b = 0; b < before.size(); ++b) {
            const float y  = r1.y - (r1.y - r0.y) * before[b] / (top * 1.05f);
            const float x0 = r0.x + (r1.x - r0.x) * static_cast<float>(b) / static_cast<float>(before.size());
            const float x1 =
                r0.x + (r1.x - r0.x) * static_cast<float>(b + 1) / static_cast<float>(before.size());
            outline.emplace_back(x0, y);
            outline.emplace_back(x1, y);
        }
        ImGui::GetWindowDrawList()->AddPolyline(outline.data(), static_cast<int>(outline.size()),
                                                colours::with_alpha(colours::before_shaping, 220), 0, 1.0f);
    }
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("How many pixels have each value: left maps to black, right to white");
    // The histogram's ends are the mapping range: the raw values shown as black and white.
    char lo[32], hi[32];
    std::snprintf(lo, sizeof lo, "%+.2f", field.range().lo);
    std::snprintf(hi, sizeof hi, "%+.2f", field.range().hi);
    ImGui::TextDisabled("%s", lo);
    ImGui::SameLine(ImGui::GetContentRegionMax().x - ImGui::CalcTextSize(hi).x);
    ImGui::TextDisabled("%s", hi);
    ImGui::Text("%d x %d%s", image.width, image.height, image.coarse ? " (coarse)" : "");
    ImGui::Text("rendered in %.1f ms", image.milliseconds);
}

}  // namespace app::gui
