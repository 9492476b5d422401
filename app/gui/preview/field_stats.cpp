// gui/preview/field_stats.cpp: what the field shown contains: see field_stats.hpp.
#include "gui/preview/field_stats.hpp"

#include <algorithm>
#include <cstdio>

#include <imgui.h>

namespace app::gui {

void draw_field_stats(const ShownField& field, UiReport& report) {
    if (!field.has_image()) {
        ImGui::TextDisabled("rendering ...");
        return;
    }
    const FieldSummary& s = field.summary();
    const ImageResult& image = field.image();
    ImGui::TextUnformatted("Field");
    ImGui::Separator();
    ImGui::Text("min   %+.4f", s.min);
    ImGui::Text("max   %+.4f", s.max);
    ImGui::Text("mean  %+.4f", s.mean);
    // Histogram of the mapped values: where the picture's tones sit in [0, 1].
    const float height = std::max(30.0f, ImGui::GetContentRegionAvail().y - 3.5f * ImGui::GetTextLineHeightWithSpacing());
    float peak = 0.0f;
    for (float v : s.histogram) peak = std::max(peak, v);
    // 1.86's PlotHistogram takes no negative width: the width comes from SetNextItemWidth.
    ImGui::SetNextItemWidth(-1);
    ImGui::PlotHistogram("##histogram", s.histogram.data(), static_cast<int>(s.histogram.size()), 0, nullptr, 0.0f,
                         peak * 1.05f, ImVec2(0, height));
    report.item("histogram");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("How many pixels have each value: left maps to black, right to white");
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
