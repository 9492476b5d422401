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
#include <nlohmann/json.hpp>
#include <utility>

#include "gui/common/theme.hpp"
#include "gui/lessons/text_lines.hpp"

namespace app::gui {

// [SECTION] Reading lessons --------------------------------------------------------------------

void LessonPanel::read_shipped(std::function<void()> wake) {
    reading_shipped_ = std::make_unique<BackgroundTask<ShippedLessons>>(
        [](const TaskControl&) {
            ShippedLessons shipped;
            shipped.folder  = shipped_lessons_dir();
            shipped.lessons = load_shipped_lessons(&shipped.problems);
            return shipped;
        },
        std::move(wake));
}

std::optional<Lesson> LessonPanel::take_started() {
    if (reading_shipped_)
        if (auto outcome = reading_shipped_->take()) {
            if (outcome->result) shipped_ = std::move(*outcome->result);
            reading_shipped_.reset();
        }
    if (opening_)
        if (auto outcome = opening_->take()) {
            opening_.reset();
            if (outcome->result) {
                error_.clear();
                chosen_       = std::move(*outcome->result);
                close_dialog_ = true;
            } else {
                error_ = outcome->error;
            }
        }
    return std::exchange(chosen_, std::nullopt);
}

// [SECTION] The menu and the dialog ------------------------------------------------------------

void LessonPanel::draw_menu() {
    if (ImGui::BeginMenu("Lessons")) {
        if (reading_shipped_) ImGui::TextDisabled("reading the shipped lessons ...");
        for (const Lesson& lesson : shipped_.lessons) {
            const bool running = player_.active() && player_.lesson().path == lesson.path;
            if (ImGui::MenuItem(lesson.title.c_str(), nullptr, running)) chosen_ = lesson;
            report_item("lesson=" + lesson.path.stem().string());
            if (!lesson.summary.empty() && ImGui::IsItemHovered()) {
                ImGui::BeginTooltip();
                ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
                ImGui::Text("%s (%zu steps)", lesson.summary.c_str(), lesson.steps.size());
                ImGui::PopTextWrapPos();
                ImGui::EndTooltip();
            }
        }
        if (!reading_shipped_ && shipped_.lessons.empty()) ImGui::TextDisabled("no shipped lessons found");
        for (const std::string& problem : shipped_.problems)
            ImGui::TextDisabled("skipped: %s", problem.c_str());
        ImGui::Separator();
        if (ImGui::MenuItem("Open lesson file...")) want_open = true;
        report_item("lesson_open_file");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("A lesson of your own: a JSON file of steps (see docs/lessons.md).");
        ImGui::EndMenu();
    }
    report_item("lessons_menu");
}

void LessonPanel::draw_open_dialog(const DialogKeys& keys, const std::function<void()>& wake) {
    const auto open = [&] {
        if (open_path_.empty()) {
            error_ = "Type a file name first.";
            return;
        }
        error_.clear();
        opening_ = std::make_unique<BackgroundTask<Lesson>>(
            [path = open_path_](const TaskControl&) { return load_lesson(path); }, wake);
    };
    // A file that finished reading after the dialog was cancelled has nothing to close.
    if (!ImGui::IsPopupOpen("Open lesson file")) close_dialog_ = false;
    if (std::exchange(want_open, false)) {
        error_.clear();
        // The teacher's own files are where the program was started; the shipped lessons are in
        // the menu already, so their folder would be the one place not worth browsing.
        std::error_code ec;
        if (const auto here = std::filesystem::current_path(ec); open_path_.empty() && !ec)
            open_path_ = (here / "").string();
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
    ImGui::InputText("##lesson_path", &open_path_);
    report_item("lesson_open_path");
    const bool busy = opening_ != nullptr;
    ImGui::Spacing();
    ImGui::TextDisabled("Or browse (double-click a file to open it):");
    if (browser_.draw(open_path_, {".json"}, "lesson_browse", 8 * ImGui::GetTextLineHeightWithSpacing()) ==
            FileBrowser::Pick::confirmed &&
        !busy)
        open();
    error_text(error_);
    if (busy) ImGui::TextDisabled("Reading %s ...", open_path_.c_str());
    ImGui::BeginDisabled(busy);
    if (ImGui::Button("Open", ImVec2(120, 0)) || (keys.enter && !busy)) open();
    report_item("lesson_open_start");
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button("Cancel", ImVec2(120, 0)) || keys.escape) ImGui::CloseCurrentPopup();
    // The file has been read (take_started_lesson, earlier in the frame): the lesson has begun.
    if (std::exchange(close_dialog_, false)) ImGui::CloseCurrentPopup();
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

float LessonPanel::height(float width, float max_height) const {
    if (!player_.active()) return 0.0f;
    // As tall as the lesson's longest step needs (with the "you changed this step" line), the same
    // at every step: Back, Next, Reset and Leave stay where the student's mouse already is.
    const float wrap       = width - 2.0f * panel_padding;
    const float line       = ImGui::GetTextLineHeightWithSpacing();
    const auto text_height = [&](const std::string& text) {
        return ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap).y;
    };
    float longest = 0.0f;
    for (const LessonStep& step : player_.lesson().steps)
        longest = std::max(longest, text_height(step.title) + text_height(step.text));
    const float wanted = text_height(player_.lesson().title) + longest + text_height(changed_note) + line +
                         controls_height() + 2.0f * panel_padding + 2.0f * line;
    return std::min(max_height, std::ceil(wanted));
}

LessonClick LessonPanel::draw(bool changed, ImVec2 pos, ImVec2 size) const {
    LessonClick click;
    const LessonStep& step = player_.current();
    ImGui::SetNextWindowPos(pos);
    ImGui::SetNextWindowSize(size);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(panel_padding, panel_padding));
    ImGui::PushStyleColor(ImGuiCol_WindowBg, colours::lesson_backdrop);
    ImGui::Begin("Lesson", nullptr,
                 ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoTitleBar);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("Lesson: %s", player_.lesson().title.c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, colours::accent_caption);
    ImGui::Text("%d / %d  %s", player_.step() + 1, player_.step_count(), step.title.c_str());
    ImGui::PopStyleColor();
    report_item("lesson_title");
    ImGui::Separator();
    // The text scrolls inside its own region if a teacher wrote more than fits.
    ImGui::BeginChild("lesson_text", ImVec2(0, -controls_height()), false);
    ImGui::PushTextWrapPos(0.0f);  // the wrap position belongs to the window: the child needs its own
    // Broken at spaces only (text_lines.hpp): ImGui's wrap split "0.5" after its point. The
    // lines as close as one wrapped text's.
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0.0f));
    for (const std::string& line : lines_at_spaces(
             step.text, ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ScrollbarSize,
             [](std::string_view s) { return ImGui::CalcTextSize(s.data(), s.data() + s.size()).x; }))
        ImGui::TextUnformatted(line.c_str());
    ImGui::PopStyleVar();
    if (changed) {
        ImGui::Spacing();
        ImGui::TextDisabled("%s", changed_note);
    }
    ImGui::PopTextWrapPos();
    ImGui::EndChild();
    report_item("lesson_text");
    ImGui::PopTextWrapPos();

    // One small button per step: where the student is, and a way to jump.
    for (int i = 0; i < player_.step_count(); ++i) {
        if (i > 0) ImGui::SameLine(0.0f, 4.0f);
        const bool here = i == player_.step();
        if (here) ImGui::PushStyleColor(ImGuiCol_Button, colours::lesson_step_now);
        ImGui::PushID(i);
        if (ImGui::Button(std::to_string(i + 1).c_str(), ImVec2(ImGui::GetFrameHeight(), 0)) && !here) {
            click = {LessonMove::jump, i};
        }
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("%s", player_.lesson().steps[static_cast<std::size_t>(i)].title.c_str());
        ImGui::PopID();
        if (here) ImGui::PopStyleColor();
        report_item("lesson_step=" + std::to_string(i + 1));
    }
    const float quarter = (ImGui::GetContentRegionAvail().x - 3.0f * ImGui::GetStyle().ItemSpacing.x) / 4.0f;
    ImGui::BeginDisabled(player_.step() == 0);
    if (ImGui::Button("< Back", ImVec2(quarter, 0))) click.move = LessonMove::back;
    ImGui::EndDisabled();
    report_item("lesson_back");
    ImGui::SameLine();
    const bool last = player_.step() + 1 == player_.step_count();
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

nlohmann::json LessonPanel::report_state() const {
    nlohmann::json shipped = nlohmann::json::array();
    for (const Lesson& lesson : shipped_.lessons) shipped.push_back(lesson.path.stem().string());
    nlohmann::json state = {{"shipped", shipped},
                            {"problems", shipped_.problems},
                            {"error", error_},
                            {"open_path", open_path_},
                            {"opening", opening_ != nullptr}};
    if (player_.active()) {
        state["file"]       = player_.lesson().path.string();
        state["title"]      = player_.lesson().title;
        state["step"]       = player_.step() + 1;
        state["steps"]      = player_.step_count();
        state["step_title"] = player_.current().title;
    }
    return state;
}

}  // namespace app::gui
