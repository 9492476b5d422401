// gui/files/preset_dialogs.hpp: open and save presets from the window.
//
// ImGui 1.86 has no file dialog, so "Open" and "Save" are small modal dialogs with a path field
// (relative paths are relative to the working directory); "Open" also lists the shipped presets.
// Files dropped on the window (a preset .json, or a PNG this program exported, which carries its
// preset) open the same way. Saving never replaces a file without asking.
//
// Opening reads the file on a background task, never on the window's thread: a file can be a
// FIFO that nobody writes, a slow network share or a huge PNG, and the window must keep drawing.
// The settings change only when the whole preset has been read and checked, on the window's
// thread, as one undoable step. Every failure (a missing file, malformed JSON, an out-of-range
// key, a file that is not a regular file) is shown in the window as the one-line PresetError
// message; the settings and the undo history are then unchanged.
//
// File > Import heightmap and a dropped image that is not a noise-explorer export (a plain PNG,
// EXR, r16 or r32: core/heightmap_file.hpp) read the image on the same background task and add a
// heightmap layer on top of the stack (add_heightmap_layer), again as one undoable step.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/preset.hpp"
#include "gui/common/background_task.hpp"
#include "gui/common/dialog_keys.hpp"
#include "gui/common/panel.hpp"
#include "gui/common/settings.hpp"
#include "gui/common/ui_report.hpp"
#include "gui/files/file_browser.hpp"
#include "gui/files/user_files.hpp"

namespace app::gui {

struct ShippedPreset {
    std::filesystem::path path;
    std::string name;  // the preset's "name", else the file's stem
    std::string description;
};

struct PresetDialogs : Panel {
    std::vector<ShippedPreset> shipped;  // read once at start
    std::filesystem::path current;       // the file last opened or saved ("" for none)
    std::string current_name;            // its preset's name ("" for none): Copy as GLSL's entry
    Settings baseline;                   // the settings as last opened or saved: edits since are unsaved
    UserFolders folders;                 // where the user's presets and lists live
    std::vector<std::filesystem::path> recent;  // File > Open Recent, newest first
    std::string open_path;
    std::string save_path;
    bool want_open       = false;  // set by a menu, button or shortcut; the dialog opens next frame
    bool want_save       = false;
    bool confirm_replace = false;
    bool refocus         = false;  // put the keyboard back in the path field (after a failure)
    std::string error;             // shown in the dialog and in the controls panel
    std::string message;           // "Saved mine.json", shown briefly

    bool want_import = false;  // File > Import heightmap: the dialog opens next frame
    std::string import_path;
    FileBrowser import_browser;
    bool close_import_dialog = false;

    // The file being read, if any: a preset and the path it came from, or an imported heightmap.
    struct Opened {
        Preset preset;
        std::filesystem::path path;
        std::shared_ptr<const noise::HeightSamples> heightmap;  // set: a heightmap to add as a layer
    };
    std::unique_ptr<BackgroundTask<Opened>> opening;
    std::filesystem::path opening_path;  // shown while it reads
    bool close_open_dialog = false;      // the Open dialog's file arrived: close it
    FileBrowser open_browser;
    FileBrowser save_browser;

    // A file is being read.
    bool busy() const override { return opening != nullptr; }
};

// Reads the shipped presets' names (bad files are skipped; the dialog stays usable).
void load_shipped_presets(PresetDialogs& dialogs);

// Where Save suggests saving: the file in use if it is the user's own .json, else the user's
// presets folder (never over a shipped preset).
std::filesystem::path suggested_save_path(const PresetDialogs& dialogs);

// Starts reading a preset or exported PNG in the background; with several paths (files dropped
// together) the first that loads wins. Ignored while another file is still being read. `wake` is
// called from the task's thread when it ends.
void open_preset(PresetDialogs& dialogs, std::vector<std::filesystem::path> paths,
                 std::function<void()> wake);

// Files dropped on the window: presets and exports open as open_preset does; the first plain
// image (one that carries no preset) is imported as a heightmap layer instead.
void open_dropped(PresetDialogs& dialogs, std::vector<std::filesystem::path> paths,
                  std::function<void()> wake);

// Starts reading a heightmap file in the background (File > Import heightmap).
void import_heightmap(PresetDialogs& dialogs, const std::filesystem::path& path, std::function<void()> wake);

// Takes a finished read: on success `settings` are replaced (or, for a heightmap, given a new top
// layer) and true is returned; on failure dialogs.error says why and `settings` are untouched.
// Call once per frame.
bool take_opened_preset(PresetDialogs& dialogs, Settings& settings);

// Draws the Open/Save/Import heightmap modals when asked for.
void draw_preset_dialogs(PresetDialogs& dialogs, const Settings& settings, const DialogKeys& keys,
                         const std::function<void()>& wake);

// The shipped presets as a combo (for the controls panel); choosing one starts opening it.
void draw_shipped_combo(PresetDialogs& dialogs, const std::function<void()>& wake);

}  // namespace app::gui
