#include "gui/preview/octave_legend.hpp"

#include <cstdio>

#include "gui/common/theme.hpp"

namespace app::gui {

ImU32 octave_colour(int octave, int count, float alpha) {
    const float t = count > 1 ? static_cast<float>(octave) / static_cast<float>(count - 1) : 0.0f;
    float r, g, b;
    ImGui::ColorConvertHSVtoRGB(0.08f + 0.55f * t, 0.65f, 0.95f, r, g, b);
    return ImGui::ColorConvertFloat4ToU32(ImVec4(r, g, b, alpha));
}

float draw_octave_legend(ImDrawList* draw, ImVec2 top_right, int count, const OctaveChoice& choice,
                         float max_width) {
    const char* title  = "octave";
    const float swatch = 10.0f, gap = 4.0f;
    char digits[16];
    float width = ImGui::CalcTextSize(title).x + 2.0f * gap;
    for (int i = 0; i < count; ++i) {
        std::snprintf(digits, sizeof digits, "%d", i);
        width += swatch + 2.0f + ImGui::CalcTextSize(digits).x + 2.0f * gap;
    }
    if (width > max_width) return 0.0f;
    const float line = ImGui::GetTextLineHeight();
    ImVec2 at(top_right.x - width, top_right.y);
    draw->AddRectFilled(ImVec2(at.x - 4.0f, at.y - 1.0f), ImVec2(top_right.x + 2.0f, at.y + line + 1.0f),
                        colours::with_alpha(colours::plot_background, 220), 3.0f);
    draw->AddText(at, colours::plot_text, title);
    at.x += ImGui::CalcTextSize(title).x + 2.0f * gap;
    for (int i = 0; i < count; ++i) {
        const bool shown = choice.shows(i);
        const float y    = at.y + (line - swatch) * 0.5f;
        draw->AddRectFilled(ImVec2(at.x, y), ImVec2(at.x + swatch, y + swatch),
                            octave_colour(i, count, shown ? 1.0f : 0.25f));
        at.x += swatch + 2.0f;
        std::snprintf(digits, sizeof digits, "%d", i);
        const float w = ImGui::CalcTextSize(digits).x;
        draw->AddText(at, shown ? colours::legend_shown : colours::legend_muted, digits);
        // Muted: struck through, so the legend also says what the picture leaves out.
        if (!shown)
            draw->AddLine(ImVec2(at.x - swatch - 3.0f, at.y + line * 0.5f),
                          ImVec2(at.x + w + 1.0f, at.y + line * 0.5f), colours::legend_strike, 1.5f);
        at.x += w + 2.0f * gap;
    }
    return width;
}

}  // namespace app::gui
