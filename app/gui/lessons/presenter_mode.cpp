// Presenter mode: see presenter_mode.hpp.
#include "gui/lessons/presenter_mode.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <utility>

#include "gui/common/theme.hpp"
#include "gui/common/ui_report.hpp"

namespace app::gui {

namespace {
// Without DejaVu Sans there is one font: it is drawn larger instead (blurrier, still readable).
constexpr float scaled_font = 1.6f;

// ImGui 1.86 names keys by the backend's codes (GLFW's). No repeat: a held key is one step, as a
// clicker's button is.
bool pressed(int key) { return ImGui::IsKeyPressed(key, false); }

SlideKey step_key() {
    if (pressed(GLFW_KEY_RIGHT) || pressed(GLFW_KEY_PAGE_DOWN) || pressed(GLFW_KEY_SPACE))
        return SlideKey::next;
    if (pressed(GLFW_KEY_LEFT) || pressed(GLFW_KEY_PAGE_UP)) return SlideKey::back;
    if (pressed(GLFW_KEY_HOME)) return SlideKey::first;
    if (pressed(GLFW_KEY_END)) return SlideKey::last;
    return SlideKey::none;
}
}  // namespace

void PresenterMode::handle_key() {
    slide_            = SlideKey::none;
    const ImGuiIO& io = ImGui::GetIO();
    // A text field, a held slider or a dialog has the keyboard: its keys are not the lesson's.
    if (io.WantTextInput || ImGui::IsAnyItemActive() || ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId))
        return;
    // F5 starts a slide show elsewhere too.
    if (pressed(GLFW_KEY_F5)) {
        on_    = !on_;
        blank_ = false;
    }
    const bool blank_key = pressed(GLFW_KEY_B) || pressed(GLFW_KEY_PERIOD) || pressed(GLFW_KEY_KP_DECIMAL);
    const SlideKey step  = step_key();
    if (blank_) {
        // Any of the presenter's keys brings the picture back, and does nothing else.
        if (blank_key || step != SlideKey::none || pressed(GLFW_KEY_ESCAPE) || !on_) blank_ = false;
        return;
    }
    if (blank_key && on_) blank_ = true;
    slide_ = step;
}

void PresenterMode::draw_menu_item() {
    if (ImGui::MenuItem("Presenter mode", "F5", on_)) {
        on_    = !on_;
        blank_ = false;
    }
    report_item("presenter_mode");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "For a projector: larger text and lines, only the lesson and the picture. Right, Page Down "
            "and space step on, Left and Page Up back, Home and End to the first and last step, B or "
            "period blanks the screen.");
}

void PresenterMode::draw_blank() {
    if (!blank_) return;
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(viewport->Pos);
    ImGui::SetNextWindowSize(viewport->Size);
    ImGui::SetNextWindowFocus();  // above every other window, and it takes the clicks
    ImGui::PushStyleColor(ImGuiCol_WindowBg, IM_COL32(0, 0, 0, 255));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);
    ImGui::Begin("##presenter_blank", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoNav);
    if (ImGui::IsWindowHovered() && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) blank_ = false;
    report_rect("presenter_blank", viewport->Pos,
                ImVec2(viewport->Pos.x + viewport->Size.x, viewport->Pos.y + viewport->Size.y));
    ImGui::End();
    ImGui::PopStyleVar();
    ImGui::PopStyleColor();
}

void PresenterMode::begin_frame() {
    pushed_ = on_;
    if (!pushed_) return;
    // In proportion to the window's height: 24 px on 1080 lines is the same share of a projected
    // picture as 16 px on 720 (where 24 px left the lesson's buttons and the probe's tables cut
    // off) or 48 px on 2160. Never below 18 px: still larger than the usual 15.
    ImGuiIO& io = ImGui::GetIO();
    screen_     = std::clamp(io.DisplaySize.y / 1080.0f, 0.75f, 2.0f);
    // The scale first: PushFont sizes the font with the scale it finds.
    if (ImFont* font = large_font()) {
        io.FontGlobalScale = screen_;
        ImGui::PushFont(font);
    } else {
        io.FontGlobalScale = scaled_font * screen_;
    }
}

void PresenterMode::end_frame() {
    if (!std::exchange(pushed_, false)) return;
    if (large_font()) ImGui::PopFont();
    ImGui::GetIO().FontGlobalScale = 1.0f;
}

}  // namespace app::gui
