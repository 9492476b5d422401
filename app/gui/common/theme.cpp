#include "gui/common/theme.hpp"

#include <imgui.h>

#include <filesystem>
#include <system_error>

namespace app::gui {

void apply_theme() {
    ImGuiIO& io      = ImGui::GetIO();
    const char* font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
    std::error_code ec;
    if (std::filesystem::exists(font, ec)) {
        io.Fonts->AddFontFromFileTTF(font, 15.0f);  // the first: ImGui's default
        io.Fonts->AddFontFromFileTTF(font, 24.0f);  // large_font()
    }

    ImGui::StyleColorsDark();
    ImGuiStyle& style      = ImGui::GetStyle();
    style.WindowRounding   = 0.0f;
    style.FrameRounding    = 3.0f;
    style.GrabRounding     = 3.0f;
    style.PopupRounding    = 4.0f;
    style.WindowBorderSize = 0.0f;
    style.FramePadding     = ImVec2(6.0f, 3.0f);
    style.ItemSpacing      = ImVec2(6.0f, 4.0f);
    style.WindowPadding    = ImVec2(10.0f, 8.0f);
    style.GrabMinSize      = 10.0f;

    ImVec4* c = style.Colors;
    const ImVec4 accent(0.36f, 0.62f, 0.92f, 1.0f);
    c[ImGuiCol_WindowBg]       = ImVec4(0.105f, 0.11f, 0.13f, 1.0f);
    c[ImGuiCol_ChildBg]        = ImVec4(0.0f, 0.0f, 0.0f, 0.0f);
    c[ImGuiCol_PopupBg]        = ImVec4(0.13f, 0.14f, 0.17f, 0.98f);
    c[ImGuiCol_MenuBarBg]      = ImVec4(0.08f, 0.085f, 0.10f, 1.0f);
    c[ImGuiCol_FrameBg]        = ImVec4(0.17f, 0.18f, 0.22f, 1.0f);
    c[ImGuiCol_FrameBgHovered] = ImVec4(0.22f, 0.24f, 0.29f, 1.0f);
    c[ImGuiCol_FrameBgActive]  = ImVec4(0.25f, 0.28f, 0.35f, 1.0f);
    c[ImGuiCol_Header]         = ImVec4(0.19f, 0.21f, 0.26f, 1.0f);
    c[ImGuiCol_HeaderHovered]  = ImVec4(0.24f, 0.27f, 0.34f, 1.0f);
    c[ImGuiCol_HeaderActive]   = ImVec4(0.28f, 0.32f, 0.40f, 1.0f);
    c[ImGuiCol_Button]         = ImVec4(0.20f, 0.22f, 0.27f, 1.0f);
    c[ImGuiCol_ButtonHovered]  = ImVec4(0.27f, 0.31f, 0.39f, 1.0f);
    c[ImGuiCol_ButtonActive]   = ImVec4(0.30f, 0.36f, 0.47f, 1.0f);
    // ImGui draws a slider's number centred over its track: a see-through handle keeps the number
    // readable when the handle sits under it (persistence 0.5, lacunarity 2, the defaults).
    c[ImGuiCol_SliderGrab]           = ImVec4(accent.x, accent.y, accent.z, 0.45f);
    c[ImGuiCol_SliderGrabActive]     = ImVec4(0.55f, 0.76f, 1.0f, 0.6f);
    c[ImGuiCol_CheckMark]            = accent;
    c[ImGuiCol_PlotHistogram]        = ImVec4(0.45f, 0.66f, 0.90f, 1.0f);
    c[ImGuiCol_PlotHistogramHovered] = ImVec4(0.65f, 0.80f, 1.0f, 1.0f);
    c[ImGuiCol_Separator]            = ImVec4(0.25f, 0.27f, 0.32f, 1.0f);
    c[ImGuiCol_TextDisabled]         = ImVec4(0.55f, 0.57f, 0.62f, 1.0f);
}

ImFont* large_font() {
    const ImGuiIO& io = ImGui::GetIO();
    return io.Fonts->Fonts.Size > 1 ? io.Fonts->Fonts[1] : nullptr;
}

void error_text(const std::string& text) {
    if (text.empty()) return;
    ImGui::PushStyleColor(ImGuiCol_Text, colours::error);
    ImGui::TextWrapped("%s", text.c_str());
    ImGui::PopStyleColor();
}

}  // namespace app::gui
