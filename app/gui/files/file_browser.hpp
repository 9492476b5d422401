// gui/files/file_browser.hpp: a folder view under a dialog's path field (ImGui 1.86 has no file dialog).
//
//     FileBrowser browser;                                   // one per dialog, kept across frames
//     ImGui::InputText("##path", &path);                     // typing a path still works
//     if (browser.draw(path, {".json", ".png"}, "open") == FileBrowser::Pick::confirmed) open(path);
//
// The view lists the folder of the path in the field: ".." first, then folders, then the files
// whose extension passes the filter ("All files" shows every file). Clicking a folder goes into
// it (the field then names the folder, so a typed name lands there); clicking a file puts its
// full path in the field; double-clicking a file confirms it, like the dialog's button. Typing a
// folder path in the field shows that folder.
//
// The folder is read on a BackgroundTask, never on the window's thread (a network share can be
// slow), and at most `entry_limit` entries are listed. Entries are reported to the UI report as
// "<prefix>=<name>" (folders end in "/") and "<prefix>_up", so tests click them with real input.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "gui/common/background_task.hpp"
#include "gui/common/ui_report.hpp"

namespace app::gui {

class FileBrowser {
  public:
    enum class Pick { none, chosen, confirmed };

    struct Entry {
        std::string name;
        bool folder = false;
    };
    struct Listing {
        std::filesystem::path folder;
        std::vector<Entry> entries;  // sorted: folders, then files, by name
        bool truncated = false;
        std::string error;  // the folder cannot be read
    };

    static constexpr std::size_t entry_limit = 5000;

    // Draws the folder view for the path in `path` (edited in place). Returns `chosen` when a
    // file was clicked, `confirmed` when one was double-clicked.
    Pick draw(std::string& path, const std::vector<std::string>& extensions, const std::string& report_prefix,
              float height);

    // The folder the view shows for a path: the path itself if it names a folder, else its parent
    // (or the working folder for a bare name).
    static std::filesystem::path folder_of(const std::string& path);

  private:
    void list(const std::filesystem::path& folder);

    std::string typed_;  // the field's text when the folder was last worked out
    std::filesystem::path typed_folder_;
    std::filesystem::path shown_folder_;
    std::unique_ptr<BackgroundTask<Listing>> reading_;
    Listing listing_;
    bool all_files_ = false;
};

// Reads one folder (the work of the task; public for tests).
FileBrowser::Listing list_folder(const std::filesystem::path& folder, std::size_t limit);

}  // namespace app::gui
