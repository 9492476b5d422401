// The Lessons menu, the lesson panel and the "Open lesson file" dialog: see lesson_panel.hpp.
//
// Index
//   [SECTION] Reading lessons
//   [SECTION] The menu and the dialog
//   [SECTION] The panel
#include "gui/lessons/lesson_panel.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

#include "gui/common/theme.hpp"

namespace app::gui {

// [SECTION] Reading lessons --------------------------------------------------------------------

void read_shipped_lessons(LessonsUi& ui, std::function<void()> wake) {
    ui.reading_shipped = std::make_unique<BackgroundTask<ShippedLessons>>(
        [](const TaskControl&) {
            ShippedLessons shipped;
            shipped.folder  = shipped_lessons_dir();
            shipped.lessons = load_shipped_lessons(&shipped.problems);
            return shipped;
        },
        std::move(wake));
}

std::optional<Lesson> take_started_lesson(LessonsUi& ui) {
    if (ui.reading_shipped)
        if (auto outcome = ui.reading_shipped->take()) {
            if (outcome->result) ui.shipped = std::move(*outcome->result);
            ui.reading_shipped.reset();
        }
    if (ui.opening)
        if (auto outcome = ui.opening->take()) {
            ui.opening.reset();
            if (outcome->result) {
                ui.error.clear();
                ui.chosen       = std::move(*outcome->result);
                ui.close_dialog = true;
            } else {
                ui.error = outcome->error;
            }
        }
    return std::exchange(ui.chosen, std::nullopt);
}

// [SECTION] The menu and the dialog ------------------------------------------------------------

void draw_lessons_menu(LessonsUi& ui) {
    if (ImGui::BeginMenu("Lessons")) {
        if (ui.reading_shipped) ImGui::TextDisabled("reading the shipped lessons ...");
        for (const Lesson& lesson : ui.shipped.lessons) {
            const bool running = ui.player.active() && ui.player.lesson().path == lesson.path;
            if (ImGui::MenuItem(lesson.title.c_str(), nullptr, running)) ui.chosen = lesson;
            report_item("lesson=" + lesson.path.stem().string());
            if (!lesson.summary.empty() && ImGui::IsItemHovered()) {
                ImGui::BeginTooltip();
                ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
                ImGui::Text("%s (%zu steps)", lesson.summary.c_str(), lesson.steps.size());
                ImGui::PopTextWrapPos();
                ImGui::EndTooltip();
            }
        }
        if (!ui.reading_shipped && ui.shipped.lessons.empty())
            ImGui::TextDisabled("no shipped lessons found");
        for (const std::string& problem : ui.shipped.problems)
            ImGui::TextDisabled("skipped: %s", problem.c_str());
        ImGui::Separator();
        if (ImGui::MenuItem("Open lesson file...")) ui.want_open = true;
        report_item("lesson_open_file");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("A lesson of your own: a JSON file of steps (see docs/lessons.md).");
        ImGui::EndMenu();
    }
    report_item("lessons_menu");
}

void draw_open_lesson_dialog(LessonsUi& ui, const DialogKeys& keys, const std::function<void()>& wake) {
    const auto open = [&] {
        if (ui.open_path.empty()) {
            ui.error = "Type a file name first.";
            return;
        }
        ui.error.clear();
        ui.opening = std::make_unique<BackgroundTask<Lesson>>(
            [path = ui.open_path](const TaskControl&) { return load_lesson(path); }, wake);
    };
    // A file that finished reading after the dialog was cancelled has nothing to close.
    if (!ImGui::IsPopupOpen("Open lesson file")) ui.close_dialog = false;
    if (std::exchange(ui.want_open, false)) {
        ui.error.clear();
        if (ui.open_path.empty() && !ui.shipped.folder.empty())
            ui.open_path = ui.shipped.folder.string() + "/";
        ImGui::OpenPopup("Open lesson file");
    }
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(560, 0), ImVec2(560, 10000));
    if (!ImGui::BeginPopupModal("Open lesson file", nullptr,
                                ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize))
        return;
    ImGui::TextUnformatted("A lesson .json (docs/lessons.md says how to write one):");
    ImGui::SetNextItemWidth(-1);
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    ImGui::InputText("##lesson_path", &ui.open_path);
    report_item("lesson_open_path");
    const bool busy = ui.opening != nullptr;
    ImGui::Spacing();
    ImGui::TextDisabled("Or browse (double-click a file to open it):");
    if (ui.browser.draw(ui.open_path, {".json"}, "lesson_browse",
                        8 * ImGui::GetTextLineHeightWithSpacing()) == FileBrowser::Pick::confirmed &&
        !busy)
        open();
    error_text(ui.error);
    if (busy) ImGui::TextDisabled("Reading %s ...", ui.open_path.c_str());
    ImGui::BeginDisabled(busy);
    if (ImGui::Button("Open", ImVec2(120, 0)) || (keys.enter && !busy)) open();
    report_item("lesson_open_start");
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button("Cancel", ImVec2(120, 0)) || keys.escape) ImGui::CloseCurrentPopup();
    // The file has been read (take_started_lesson, earlier in the frame): the lesson has begun.
    if (std::exchange(ui.close_dialog, false)) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
}

// [SECTION] The panel --------------------------------------------------------------------------

namespace {

constexpr float panel_padding = 10.0f;
constexpr const char* changed_note =
    "You changed this step; it stays as you left it. Reset brings back the lesson's.";

// The rows below the text: the step dots and the buttons.
float controls_height() {
    return 2.0f * ImGui::GetFrameHeightWithSpacing() + ImGui::GetStyle().ItemSpacing.y;
}

}  // namespace

float lesson_panel_height(const LessonsUi& ui, float width, float max_height) {
    if (!ui.player.active()) return 0.0f;
    // As tall as the lesson's longest step needs (with the "you changed this step" line), the same
    // at every step: Back, Next, Reset and Leave stay where the student's mouse already is.
    const float wrap  = width - 2.0f * panel_padding;
    const float line  = ImGui::GetTextLineHeightWithSpacing();
    const auto height = [&](const std::string& text) {
        return ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap).y;
    };
    float longest = 0.0f;
    for (const LessonStep& step : ui.player.lesson().steps)
        longest = std::max(longest, height(step.title) + height(step.text));
    const float wanted = height(ui.player.lesson().title) + longest + height(changed_note) + line +
                         controls_height() + 2.0f * panel_padding + 2.0f * line;
    return std::min(max_height, std::ceil(wanted));
}

LessonClick draw_lesson_panel(const LessonsUi& ui, bool changed, ImVec2 pos, ImVec2 size) {
    LessonClick click;
    const LessonPlayer& player = ui.player;
    const LessonStep& step     = player.current();
    ImGui::SetNextWindowPos(pos);
    ImGui::SetNextWindowSize(size);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(panel_padding, panel_padding));
    ImGui::PushStyleColor(ImGuiCol_WindowBg, IM_COL32(30, 38, 52, 255));
    ImGui::Begin("Lesson", nullptr,
                 ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoTitleBar);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("Lesson: %s", player.lesson().title.c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(255, 214, 120, 255));
    ImGui::Text("%d / %d  %s", player.step() + 1, player.step_count(), step.title.c_str());
    ImGui::PopStyleColor();
    report_item("lesson_title");
    ImGui::Separator();
    // The text scrolls inside its own region if a teacher wrote more than fits.
    ImGui::BeginChild("lesson_text", ImVec2(0, -controls_height()), false);
    ImGui::PushTextWrapPos(0.0f);  // the wrap position belongs to the window: the child needs its own
    ImGui::TextUnformatted(step.text.c_str());
    if (changed) {
        ImGui::Spacing();
        ImGui::TextDisabled("%s", changed_note);
    }
    ImGui::PopTextWrapPos();
    ImGui::EndChild();
    report_item("lesson_text");
    ImGui::PopTextWrapPos();

    // One small button per step: where the student is, and a way to jump.
    for (int i = 0; i < player.step_count(); ++i) {
        if (i > 0) ImGui::SameLine(0.0f, 4.0f);
        const bool here = i == player.step();
        if (here) ImGui::PushStyleColor(ImGuiCol_Button, IM_COL32(200, 150, 60, 255));
        ImGui::PushID(i);
        if (ImGui::Button(std::to_string(i + 1).c_str(), ImVec2(ImGui::GetFrameHeight(), 0)) && !here) {
            click = {LessonMove::jump, i};
        }
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("%s", player.lesson().steps[static_cast<std::size_t>(i)].title.c_str());
        ImGui::PopID();
        if (here) ImGui::PopStyleColor();
        report_item("lesson_step=" + std::to_string(i + 1));
    }
    const float quarter = (ImGui::GetContentRegionAvail().x - 3.0f * ImGui::GetStyle().ItemSpacing.x) / 4.0f;
    ImGui::BeginDisabled(player.step() == 0);
    if (ImGui::Button("< Back", ImVec2(quarter, 0))) click.move = LessonMove::back;
    ImGui::EndDisabled();
    report_item("lesson_back");
    ImGui::SameLine();
    const bool last = player.step() + 1 == player.step_count();
    if (ImGui::Button(last ? "Finish" : "Next >", ImVec2(quarter, 0)))
        click.move = last ? LessonMove::leave : LessonMove::next;
    report_item("lesson_next");
    ImGui::SameLine();
    ImGui::BeginDisabled(!changed);
    if (ImGui::Button("Reset", ImVec2(quarter, 0))) click.move = LessonMove::reset;
    ImGui::EndDisabled();
    report_item("lesson_reset");
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("Set this step up again as the lesson has it.");
    ImGui::SameLine();
    if (ImGui::Button("Leave", ImVec2(quarter, 0))) click.move = LessonMove::leave;
    report_item("lesson_leave");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("End the lesson: your settings from before it come back.");
    ImGui::End();
    ImGui::PopStyleColor();
    ImGui::PopStyleVar();
    return click;
}

nlohmann::json lessons_report(const LessonsUi& ui) {
    nlohmann::json shipped = nlohmann::json::array();
    for (const Lesson& lesson : ui.shipped.lessons) shipped.push_back(lesson.path.stem().string());
    nlohmann::json state = {{"shipped", shipped},
                            {"problems", ui.shipped.problems},
                            {"error", ui.error},
                            {"opening", ui.opening != nullptr}};
    if (ui.player.active()) {
        state["file"]       = ui.player.lesson().path.string();
        state["title"]      = ui.player.lesson().title;
        state["step"]       = ui.player.step() + 1;
        state["steps"]      = ui.player.step_count();
        state["step_title"] = ui.player.current().title;
    }
    return state;
}

}  // namespace app::gui
