// gui/lessons/lesson_panel.hpp: the Lessons menu, the lesson panel and the "Open lesson file" dialog.
//
// A student picks a lesson in the Lessons menu (the shipped ones, read once at start on a
// background task, or any file through "Open lesson file...", whose dialog starts in the folder
// the program was started from: the teacher's own files). While it runs, the panel above the
// controls shows the lesson's title, "step 2 of 6", the step's title and its two or three
// sentences, and Back / Next / Leave; the controls stay below it, so the student can try things,
// and what they change is kept per step (lesson_player.hpp). The panel returns what was clicked;
// the window (shell/explorer_lessons.cpp) moves the player and shows the scene. A panel object
// (common/panel.hpp): busy while the shipped lessons or a file are being read.
//
// The UI report names: "lessons_menu", "lesson=<file stem>" (a menu item), "lesson_open_file",
// "lesson_back", "lesson_next", "lesson_reset", "lesson_leave", "lesson_step=<n>" (the dots, from 1),
// "lesson_open_path", "lesson_open_start"; and the state under "lesson" (report_state).
#pragma once

#include <imgui.h>

#include <filesystem>
#include <functional>
#include <memory>
#include <nlohmann/json_fwd.hpp>
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
    std::filesystem::path folder;  // where they are
    std::vector<Lesson> lessons;
    std::vector<std::string> problems;  // broken shipped files, one line each
};

enum class LessonMove { none, back, next, reset, leave, jump };
struct LessonClick {
    LessonMove move = LessonMove::none;
    int step        = 0;  // jump: the step clicked (from 0)
};

// The lessons' part of the window: it owns the player, the shipped list and the open dialog, and
// draws the menu, the dialog and the panel; the window (shell/explorer_lessons.cpp) turns what
// the panel returns into scenes.
class LessonPanel : public Panel {
  public:
    bool want_open = false;  // File > Open lesson file... asks for the dialog

    LessonPlayer& player() { return player_; }
    const LessonPlayer& player() const { return player_; }

    // Starts reading the shipped lessons in the background (once, when the window opens).
    void read_shipped(std::function<void()> wake);

    // A lesson ready to start: one chosen in the menu or a file that has finished reading. Once a
    // frame, before the panels; also takes the shipped list when it has been read.
    std::optional<Lesson> take_started();

    // The Lessons menu (in the menu bar). A chosen lesson is returned by take_started.
    void draw_menu();

    // The "Open lesson file" dialog (a popup, drawn every frame).
    void draw_open_dialog(const DialogKeys& keys, const std::function<void()>& wake);

    // The panel at `pos`, `size` while a lesson runs; `changed`: the student changed this step.
    LessonClick draw(bool changed, ImVec2 pos, ImVec2 size) const;

    // The panel's height for `width`: the lesson's longest step wrapped, the buttons, at most
    // `max_height`; the same at every step of a lesson, so the buttons do not move.
    float height(float width, float max_height) const;

    // Reading the shipped lessons or a lesson file.
    bool busy() const override { return reading_shipped_ || opening_; }

    nlohmann::json report_state() const;

  private:
    LessonPlayer player_;
    ShippedLessons shipped_;
    std::unique_ptr<BackgroundTask<ShippedLessons>> reading_shipped_;

    // "Open lesson file...": the dialog and the file being read.
    std::string open_path_;
    FileBrowser browser_;
    std::unique_ptr<BackgroundTask<Lesson>> opening_;
    std::string error_;          // why the last file did not open, one line
    bool close_dialog_ = false;  // the file has been read: the dialog closes

    std::optional<Lesson> chosen_;  // picked in the menu or read from a file, not started yet
};

}  // namespace app::gui
