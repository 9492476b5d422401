// The user's folders, recent files and last session (see user_files.hpp).
#include "gui/files/user_files.hpp"

#include <cstdio>
#include <cstdlib>
#include <system_error>

#include <nlohmann/json.hpp>

#include "core/atomic_file.hpp"
#include "core/preset.hpp"
#include "core/read_limited.hpp"
#include "core/shown_text.hpp"

namespace app::gui {
namespace {

// $NAME if it is an absolute path, else $HOME/fallback, else empty.
std::filesystem::path xdg_folder(const char* name, const char* fallback) {
    if (const char* value = std::getenv(name); value && value[0] == '/') return value;
    if (const char* home = std::getenv("HOME"); home && home[0] == '/') return std::filesystem::path(home) / fallback;
    return {};
}

// Small JSON files of ours: the same bounded reader as presets. nullopt when absent or unreadable.
std::optional<nlohmann::json> read_json(const std::filesystem::path& file) {
    std::error_code ec;
    if (!std::filesystem::exists(file, ec)) return std::nullopt;
    try {
        LimitedInput in = LimitedInput::open(file, "file");
        const std::string text = in.read_rest(preset_json_limit, "this file");
        return nlohmann::json::parse(text);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "noise-explorer: ignoring %s: %s\n", escaped(file.string()).c_str(), escaped(e.what(), 200).c_str());
        return std::nullopt;
    }
}

void write_json(const std::filesystem::path& file, const nlohmann::json& json) {
    try {
        std::filesystem::create_directories(file.parent_path());
        write_file_atomically(file, json.dump(2) + "\n", /*overwrite=*/true);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "noise-explorer: cannot remember %s: %s\n", escaped(file.string()).c_str(),
                     escaped(e.what(), 200).c_str());
    }
}

}  // namespace

UserFolders user_folders() {
    UserFolders folders;
    if (auto config = xdg_folder("XDG_CONFIG_HOME", ".config"); !config.empty()) folders.config = config / "noise-explorer";
    if (auto data = xdg_folder("XDG_DATA_HOME", ".local/share"); !data.empty())
        folders.presets = data / "noise-explorer" / "presets";
    return folders;
}

std::vector<std::filesystem::path> load_recent(const UserFolders& folders) {
    std::vector<std::filesystem::path> recent;
    if (folders.config.empty()) return recent;
    const auto json = read_json(folders.config / "recent.json");
    if (!json || !json->is_object() || !json->contains("recent") || !(*json)["recent"].is_array()) return recent;
    for (const auto& entry : (*json)["recent"])
        if (entry.is_string() && recent.size() < recent_limit) recent.emplace_back(entry.get<std::string>());
    return recent;
}

std::vector<std::filesystem::path> remember_recent(const UserFolders& folders, std::vector<std::filesystem::path> recent,
                                                   const std::filesystem::path& file) {
    std::error_code ec;
    const auto absolute = std::filesystem::absolute(file, ec);
    const auto entry = ec ? file : absolute.lexically_normal();
    std::erase(recent, entry);
    recent.insert(recent.begin(), entry);
    if (recent.size() > recent_limit) recent.resize(recent_limit);
    if (!folders.config.empty()) {
        nlohmann::json list = nlohmann::json::array();
        for (const auto& path : recent) list.push_back(path.string());
        write_json(folders.config / "recent.json", {{"recent", list}});
    }
    return recent;
}

std::optional<Session> load_session(const UserFolders& folders) {
    if (folders.config.empty()) return std::nullopt;
    const auto json = read_json(folders.config / "session.json");
    if (!json || !json->is_object() || !json->contains("settings")) return std::nullopt;
    try {
        const Preset preset = parse_preset_json((*json)["settings"].dump(), "session.json");
        Session session{{preset.params, preset.view}, {}};
        if (json->contains("file") && (*json)["file"].is_string()) session.file = (*json)["file"].get<std::string>();
        return session;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "noise-explorer: ignoring the last session: %s\n", escaped(e.what(), 200).c_str());
        return std::nullopt;
    }
}

void save_session(const UserFolders& folders, const Session& session) {
    if (folders.config.empty()) return;
    Preset preset;
    preset.params = session.settings.params;
    preset.view = session.settings.view;
    write_json(folders.config / "session.json",
               {{"file", session.file.string()}, {"settings", nlohmann::json::parse(preset_to_json(preset))}});
}

}  // namespace app::gui
