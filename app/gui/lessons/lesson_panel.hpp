// gui/lessons/lesson_panel.hpp: the Lessons menu, the lesson panel and the "Open lesson file" dialog.
//
// A student picks a lesson in the Lessons menu (the shipped ones, read once at start on a
// background task, or any file through "Open lesson file..."). While it runs, the panel above the
// controls shows the lesson's title, "step 2 of 6", the step's title and its two or three
// sentences, and Back / Next / Leave; the controls stay below it, so the student can try things,
// and what they change is kept per step (lesson_player.hpp). The panel returns what was clicked;
// the window (shell/explorer_lessons.cpp) moves the player and shows the scene.
//
// The UI report names: "lessons_menu", "lesson=<file stem>" (a menu item), "lesson_open_file",
// "lesson_back", "lesson_next", "lesson_reset", "lesson_leave", "lesson_step=<n>" (the dots, from 1),
// "lesson_open_path", "lesson_open_start"; and the state under "lesson" (lessons_report).
#pragma once

#include <imgui.h>

#include <filesystem>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "gui/common/background_task.hpp"
#include "gui/common/dialog_keys.hpp"
#include "gui/common/panel.hpp"
#include "gui/common/ui_report.hpp"
#include "gui/files/file_browser.hpp"
#include "gui/lessons/lesson_player.hpp"

namespace app::gui {

struct ShippedLessons {
    std::filesystem::path folder;  // where they are (the open dialog starts there)
    std::vector<Lesson> lessons;
    std::vector<std::string> problems;  // broken shipped files, one line each
};

struct LessonsUi : Panel {
    LessonPlayer player;
    ShippedLessons shipped;
    std::unique_ptr<BackgroundTask<ShippedLessons>> reading_shipped;

    // "Open lesson file...": the dialog and the file being read.
    bool want_open = false;
    std::string open_path;
    FileBrowser browser;
    std::unique_ptr<BackgroundTask<Lesson>> opening;
    std::string error;          // why the last file did not open, one line
    bool close_dialog = false;  // the file has been read: the dialog closes

    std::optional<Lesson> chosen;  // picked in the menu or read from a file, not started yet

    // Reading the shipped lessons or a lesson file.
    bool busy() const override { return reading_shipped || opening; }
};

// Starts reading the shipped lessons in the background (once, when the window opens).
void read_shipped_lessons(LessonsUi& ui, std::function<void()> wake);

// A lesson ready to start: one chosen in the menu or a file that has finished reading. Once a
// frame, before the panels; also takes the shipped list when it has been read.
std::optional<Lesson> take_started_lesson(LessonsUi& ui);

// The Lessons menu (in the menu bar). A chosen lesson is returned by take_started_lesson.
void draw_lessons_menu(LessonsUi& ui);

// The "Open lesson file" dialog (a popup, drawn every frame).
void draw_open_lesson_dialog(LessonsUi& ui, const DialogKeys& keys, const std::function<void()>& wake);

enum class LessonMove { none, back, next, reset, leave, jump };
struct LessonClick {
    LessonMove move = LessonMove::none;
    int step        = 0;  // jump: the step clicked (from 0)
};

// The panel at `pos`, `size` while a lesson runs; `changed`: the student changed this step.
LessonClick draw_lesson_panel(const LessonsUi& ui, bool changed, ImVec2 pos, ImVec2 size);

// The panel's height for `width`: the lesson's longest step wrapped, the buttons, at most
// `max_height`; the same at every step of a lesson, so the buttons do not move.
float lesson_panel_height(const LessonsUi& ui, float width, float max_height);

nlohmann::json lessons_report(const LessonsUi& ui);

}  // namespace app::gui
