// gui/files/user_files.hpp: the user's own files: saved presets, recent files, the last session.
//
//     presets   $XDG_DATA_HOME/noise-explorer/presets      (default ~/.local/share/...)
//               where Save suggests saving, never over a shipped preset
//     recent    $XDG_CONFIG_HOME/noise-explorer/recent.json  (default ~/.config/...)
//               the last 10 files opened or saved, newest first, for File > Open Recent
//     session   $XDG_CONFIG_HOME/noise-explorer/session.json
//               the settings and the file in use when the window last closed; the next start
//               without --preset continues from there
// Without HOME and XDG variables there is nowhere to keep them: the folders are empty paths and
// the functions do nothing (the window still works, it just does not remember).
//
// Every file is written atomically (core/atomic_file.hpp) and read through the same reader as a
// preset (core/state_files.hpp); a damaged or hostile session or recent list is set aside as
// NAME.broken, with one line on stderr and in the window, and never stops the window from opening.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "gui/common/settings.hpp"

namespace app::gui {

struct UserFolders {
    std::filesystem::path config;   // .../noise-explorer, or empty
    std::filesystem::path presets;  // .../noise-explorer/presets, or empty
};

// From the environment (XDG Base Directory specification; relative XDG paths are ignored, as it
// says).
UserFolders user_folders();

inline constexpr std::size_t recent_limit = 10;

// A list that cannot be used is set aside: one line on stderr, and in *notice when given.
std::vector<std::filesystem::path> load_recent(const UserFolders& folders, std::string* notice = nullptr);
// Puts `file` first (once), keeps recent_limit entries and saves the list. Returns the new list.
std::vector<std::filesystem::path> remember_recent(const UserFolders& folders,
                                                   std::vector<std::filesystem::path> recent,
                                                   const std::filesystem::path& file);

struct Session {
    Settings settings;
    std::filesystem::path file;  // the file in use, or empty
};
// A session that cannot be used is set aside; `notice` says why and where it went.
std::optional<Session> load_session(const UserFolders& folders, std::string& notice);
// .../noise-explorer/session.json, or empty.
std::filesystem::path session_file(const UserFolders& folders);
// What the very first start shows, when there is no session yet.
inline constexpr const char* welcome_preset = "rolling-hills";
void save_session(const UserFolders& folders, const Session& session);

}  // namespace app::gui
