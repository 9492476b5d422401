// Presenter mode: see presenter_mode.hpp.
#include "gui/lessons/presenter_mode.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <utility>

#include "gui/common/theme.hpp"
#include "gui/common/ui_report.hpp"

namespace app::gui {

namespace {
// Without DejaVu Sans there is one font: it is drawn larger instead (blurrier, still readable).
constexpr float scaled_font = 1.6f;
}  // namespace

void PresenterMode::handle_key() {
    // ImGui 1.86 names keys by the backend's codes (GLFW's); F5 starts a slide show elsewhere too.
    if (!ImGui::GetIO().WantTextInput && ImGui::IsKeyPressed(GLFW_KEY_F5, false)) on_ = !on_;
}

void PresenterMode::draw_menu_item() {
    if (ImGui::MenuItem("Presenter mode", "F5", on_)) on_ = !on_;
    report_item("presenter_mode");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("For a projector: larger text and lines, only the lesson and the picture.");
}

void PresenterMode::begin_frame() {
    pushed_ = on_;
    if (!pushed_) return;
    if (ImFont* font = large_font())
        ImGui::PushFont(font);
    else
        ImGui::GetIO().FontGlobalScale = scaled_font;
}

void PresenterMode::end_frame() {
    if (!std::exchange(pushed_, false)) return;
    if (large_font())
        ImGui::PopFont();
    else
        ImGui::GetIO().FontGlobalScale = 1.0f;
}

}  // namespace app::gui
