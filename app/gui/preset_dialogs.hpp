// gui/preset_dialogs.hpp: open and save presets from the window.
//
// ImGui 1.86 has no file dialog, so "Open" and "Save" are small modal dialogs with a path field
// (relative paths are relative to the working directory); "Open" also lists the shipped presets.
// Files dropped on the window (a preset .json, or a PNG this program exported, which carries its
// preset) open the same way. Saving never replaces a file without asking. Every failure (a
// missing file, malformed JSON, an out-of-range key) is shown in the window as the one-line
// PresetError message; the settings are then unchanged.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "gui/dialog_keys.hpp"
#include "gui/settings.hpp"
#include "gui/ui_report.hpp"

namespace app::gui {

struct ShippedPreset {
    std::filesystem::path path;
    std::string name;         // the preset's "name", else the file's stem
    std::string description;
};

struct PresetDialogs {
    std::vector<ShippedPreset> shipped;  // read once at start
    std::filesystem::path current;       // the file last opened or saved ("" for none)
    std::string open_path;
    std::string save_path;
    bool want_open = false;   // set by a menu, button or shortcut; the dialog opens next frame
    bool want_save = false;
    bool confirm_replace = false;
    bool refocus = false;     // put the keyboard back in the path field (after a failure)
    std::string error;        // shown in the dialog and in the controls panel
    std::string message;      // "Saved mine.json", shown briefly
};

// Reads the shipped presets' names (bad files are skipped; the dialog stays usable).
void load_shipped_presets(PresetDialogs& dialogs);

// Opens a preset or exported PNG into `settings`. Returns false (and sets dialogs.error) on failure.
bool open_preset(PresetDialogs& dialogs, const std::filesystem::path& path, Settings& settings);

// Draws the Open/Save modals when asked for. Returns true when `settings` were replaced.
bool draw_preset_dialogs(PresetDialogs& dialogs, Settings& settings, const DialogKeys& keys, UiReport& report);

// The shipped presets as a combo (for the controls panel). Returns true when one was opened.
bool draw_shipped_combo(PresetDialogs& dialogs, Settings& settings, UiReport& report);

}  // namespace app::gui
