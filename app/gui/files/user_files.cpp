// The user's folders, recent files and last session (see user_files.hpp).
#include "gui/files/user_files.hpp"

#include <cstdio>
#include <cstdlib>
#include <system_error>

#include "core/atomic_file.hpp"
#include "core/shown_text.hpp"
#include "core/state_files.hpp"

namespace app::gui {
namespace {

// $NAME if it is an absolute path, else $HOME/fallback, else empty.
std::filesystem::path xdg_folder(const char* name, const char* fallback) {
    if (const char* value = std::getenv(name); value && value[0] == '/') return value;
    if (const char* home = std::getenv("HOME"); home && home[0] == '/')
        return std::filesystem::path(home) / fallback;
    return {};
}

void write_state(const std::filesystem::path& file, const std::string& text) {
    std::error_code ec;
    std::filesystem::create_directories(file.parent_path(), ec);
    try {
        write_file_atomically(file, text, /*overwrite=*/true);
    } catch (const AtomicFileError& e) {
        std::fprintf(stderr, "noise-explorer: cannot remember %s\n", escaped(e.what(), 400).c_str());
    }
}

}  // namespace

UserFolders user_folders() {
    UserFolders folders;
    if (auto config = xdg_folder("XDG_CONFIG_HOME", ".config"); !config.empty())
        folders.config = config / "noise-explorer";
    if (auto data = xdg_folder("XDG_DATA_HOME", ".local/share"); !data.empty())
        folders.presets = data / "noise-explorer" / "presets";
    return folders;
}

std::vector<std::filesystem::path> load_recent(const UserFolders& folders, std::string* notice) {
    if (folders.config.empty()) return {};
    std::string problem;
    auto recent = load_recent_file(folders.config / "recent.json", problem);
    if (!problem.empty()) {
        std::fprintf(stderr, "noise-explorer: %s\n", problem.c_str());
        if (notice) *notice = problem;
    }
    return recent;
}

std::vector<std::filesystem::path> remember_recent(const UserFolders& folders,
                                                   std::vector<std::filesystem::path> recent,
                                                   const std::filesystem::path& file) {
    std::error_code ec;
    const auto absolute = std::filesystem::absolute(file, ec);
    const auto entry    = ec ? file : absolute.lexically_normal();
    std::erase(recent, entry);
    recent.insert(recent.begin(), entry);
    if (recent.size() > recent_limit) recent.resize(recent_limit);
    if (!folders.config.empty()) write_state(folders.config / "recent.json", recent_to_json(recent));
    return recent;
}

std::optional<Session> load_session(const UserFolders& folders, std::string& notice) {
    if (folders.config.empty()) return std::nullopt;
    const auto state = load_session_file(session_file(folders), notice);
    if (!state) return std::nullopt;
    return Session{settings_of(state->settings), state->file};
}

std::filesystem::path session_file(const UserFolders& folders) {
    return folders.config.empty() ? std::filesystem::path() : folders.config / "session.json";
}

void save_session(const UserFolders& folders, const Session& session) {
    if (folders.config.empty()) return;
    SessionState state;
    state.settings = preset_of(session.settings);
    state.file     = session.file;
    write_state(session_file(folders), session_to_json(state));
}

}  // namespace app::gui
