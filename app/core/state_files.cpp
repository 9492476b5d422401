// The session, the recent-files list and the start marker (see state_files.hpp).
#include "core/state_files.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <nlohmann/json.hpp>
#include <system_error>

#include "core/json_text.hpp"
#include "core/shown_text.hpp"

namespace app {
namespace {

using nlohmann::json;

constexpr std::size_t shown_path_limit = 160;
// PATH_MAX: a longer "file name" in a state file is not one (and would fill the title bar).
constexpr std::size_t path_limit = 4096;

[[noreturn]] void fail(std::string_view source, const std::string& message) {
    throw ReadError(escaped(source, shown_path_limit) + ": " + message);
}

std::string type_name(const json& value) {
    switch (value.type()) {
        case json::value_t::string:
            return "a string";
        case json::value_t::boolean:
            return "a boolean";
        case json::value_t::number_integer:
        case json::value_t::number_unsigned:
        case json::value_t::number_float:
            return "a number";
        case json::value_t::array:
            return "an array";
        case json::value_t::object:
            return "an object";
        default:
            return "null";
    }
}

// What a key of the session allows, for a number too large: its settings are a preset's.
std::string session_key_allowed(std::string_view key_path) {
    if (key_path.starts_with("settings.")) return preset_key_allowed(key_path.substr(9));
    return {};
}

// The marker's name: "starting." and the PID in decimal, nothing else.
constexpr std::string_view marker_prefix = "starting.";

std::optional<pid_t> marker_pid(std::string_view name) {
    if (!name.starts_with(marker_prefix)) return std::nullopt;
    const std::string_view digits = name.substr(marker_prefix.size());
    if (digits.empty() || digits.size() > 9 ||
        digits.find_first_not_of("0123456789") != std::string_view::npos)
        return std::nullopt;
    return static_cast<pid_t>(std::stol(std::string(digits)));
}

// kill(pid, 0) fails with ESRCH only for a PID that no process has (EPERM: someone else's).
bool process_alive(pid_t pid) { return pid > 0 && (::kill(pid, 0) == 0 || errno != ESRCH); }

}  // namespace

SessionState parse_session_json(std::string_view text, std::string_view source) {
    const json root =
        parse_json_text(text, source,
                        {.what         = "the session file",
                         .max_nesting  = preset_max_nesting,
                         .nesting_note = "a session needs 5 (the object, its \"settings\", their "
                                         "\"mask_field\", its \"curve\" and the curve's points)",
                         .allowed      = session_key_allowed});
    if (!root.is_object())
        fail(source, "expected a JSON object {\"settings\": {...}} at the top, got " + type_name(root));
    const auto settings = root.find("settings");
    if (settings == root.end())
        fail(source, "key 'settings' is missing: expected the settings, a preset object");
    SessionState session;
    try {
        session.settings = preset_from_json(*settings, std::string(source) + " (\"settings\")");
    } catch (const PresetError& error) {
        throw ReadError(error.what());
    }
    if (const auto file = root.find("file"); file != root.end()) {
        if (!file->is_string()) fail(source, "key 'file': expected a string, got " + type_name(*file));
        session.file = file->get<std::string>();
        if (session.file.native().size() > path_limit ||
            session.file.native().find('\0') != std::string::npos)
            fail(source, "key 'file': " + shown(session.file.native()) + " is not a file name (at most " +
                             std::to_string(path_limit) + " bytes, no NUL)");
    }
    return session;
}

std::string session_to_json(const SessionState& session) {
    Preset settings;  // the settings alone: a session has no name or description
    settings.params         = session.settings.params;
    settings.view           = session.settings.view;
    settings.texture_layers = session.settings.texture_layers;
    nlohmann::ordered_json root;
    root["file"]     = session.file.string();
    root["settings"] = nlohmann::ordered_json::parse(preset_to_json(settings));
    return root.dump(2) + "\n";
}

std::vector<std::filesystem::path> parse_recent_json(std::string_view text, std::string_view source) {
    const json root = parse_json_text(text, source,
                                      {.what         = "the recent-files list",
                                       .max_nesting  = preset_max_nesting,
                                       .nesting_note = "the list needs 2",
                                       .allowed      = {}});
    if (!root.is_object())
        fail(source, "expected a JSON object {\"recent\": [...]} at the top, got " + type_name(root));
    const auto list = root.find("recent");
    if (list == root.end()) fail(source, "key 'recent' is missing: expected a list of file names");
    if (!list->is_array())
        fail(source, "key 'recent': expected an array of file names, got " + type_name(*list));
    std::vector<std::filesystem::path> recent;
    for (std::size_t i = 0; i < list->size(); ++i) {
        const json& entry = (*list)[i];
        if (!entry.is_string())
            fail(source, "key 'recent': entry " + std::to_string(i + 1) + " is " + type_name(entry) +
                             ": expected a file name (a string)");
        const auto name = entry.get<std::string>();
        if (name.empty() || name.size() > path_limit || name.find('\0') != std::string::npos)
            fail(source,
                 "key 'recent': entry " + std::to_string(i + 1) + " " + shown(name) + " is not a file name");
        if (recent.size() < recent_file_count) recent.emplace_back(name);
    }
    return recent;
}

std::string recent_to_json(const std::vector<std::filesystem::path>& recent) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const auto& path : recent) list.push_back(path.string());
    nlohmann::ordered_json root;
    root["recent"] = std::move(list);
    return root.dump(2) + "\n";
}

std::optional<std::string> read_state_file(const std::filesystem::path& file, std::string_view noun) {
    struct stat info {};
    // ENOTDIR: the config "folder" is a file; nothing of ours is there (saving says so later).
    if (::lstat(file.c_str(), &info) != 0 && (errno == ENOENT || errno == ENOTDIR)) return std::nullopt;
    LimitedInput in = LimitedInput::open_regular(file, noun);
    return in.read_rest(state_file_limit, "a " + std::string(noun));
}

namespace {

// Renames `file` to FILE.broken: rename() replaces an older NAME.broken, unless the kinds differ
// (a folder and a file); then FILE.2.broken ... FILE.9.broken, whichever is free. Returns the new
// name, or empty with errno set.
std::filesystem::path move_aside(const std::filesystem::path& file) {
    std::filesystem::path broken = file;
    broken += ".broken";
    int error = ::rename(file.c_str(), broken.c_str()) == 0 ? 0 : errno;
    for (int n = 2;
         error != 0 && error != ENOENT && error != EACCES && error != EPERM && error != EROFS && n <= 9;
         ++n) {
        broken = file;
        broken += "." + std::to_string(n) + ".broken";
        error =
            ::renameat2(AT_FDCWD, file.c_str(), AT_FDCWD, broken.c_str(), RENAME_NOREPLACE) == 0 ? 0 : errno;
    }
    if (error == 0) return broken;
    errno = error;
    return {};
}

}  // namespace

std::string set_aside(const std::filesystem::path& file, const std::string& problem) {
    const auto broken = move_aside(file);
    if (!broken.empty())
        return problem + " (set aside as " + shown(broken.native(), shown_path_limit) + "; starting fresh)";
    return problem + " (could not set it aside: " + std::strerror(errno) + "; starting fresh)";
}

std::string skip_state_after_crash(const std::filesystem::path& folder) {
    std::string moved, failed;
    for (const char* name : {"session.json", "recent.json"}) {
        const auto file = folder / name;
        struct stat info {};
        if (::lstat(file.c_str(), &info) != 0) continue;
        if (const auto broken = move_aside(file); !broken.empty())
            moved += (moved.empty() ? "" : " and ") + shown(broken.native(), shown_path_limit);
        else
            failed += std::string("; could not set ") + name + " aside: " + std::strerror(errno);
    }
    return "the last start ended before its first frame was drawn (a crash?), so its session and recent "
           "files were "
           "not restored" +
           (moved.empty() ? std::string() : " (set aside as " + moved + ")") + failed + "; starting fresh";
}

std::optional<SessionState> load_session_file(const std::filesystem::path& file, std::string& notice) {
    try {
        const auto text = read_state_file(file, "session file");
        if (!text) return std::nullopt;
        return parse_session_json(*text, file.native());
    } catch (const ReadError& error) {
        notice = "the last session was not restored: " + set_aside(file, error.what());
        return std::nullopt;
    }
}

std::vector<std::filesystem::path> load_recent_file(const std::filesystem::path& file, std::string& notice) {
    try {
        const auto text = read_state_file(file, "recent-files list");
        if (!text) return {};
        return parse_recent_json(*text, file.native());
    } catch (const ReadError& error) {
        notice = "the recent files were not restored: " + set_aside(file, error.what());
        return {};
    }
}

StartMarker::StartMarker(std::filesystem::path folder) {
    if (folder.empty()) return;
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
    // Markers of processes that are gone: a start that never drew its first frame.
    for (std::filesystem::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        const auto pid = marker_pid(it->path().filename().native());
        if (!pid || (*pid != ::getpid() && process_alive(*pid))) continue;
        struct stat info {};
        if (::lstat(it->path().c_str(), &info) != 0 || !S_ISREG(info.st_mode)) continue;
        died_ = true;
        ::unlink(it->path().c_str());
    }
    marker_      = folder / (std::string(marker_prefix) + std::to_string(::getpid()));
    const int fd = ::open(marker_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd < 0) {
        marker_.clear();  // a read-only folder: no crash detection, the start goes on
        return;
    }
    // Durable, so that a power cut during the start counts too; an error only weakens that.
    (void)::fsync(fd);
    ::close(fd);
}

StartMarker::~StartMarker() { first_frame_drawn(); }

void StartMarker::first_frame_drawn() {
    if (marker_.empty()) return;
    ::unlink(marker_.c_str());
    marker_.clear();
}

}  // namespace app
