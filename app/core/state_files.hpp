// app/core/state_files.hpp: the files the program keeps for itself between runs (the last
// session, the recent-files list) and the marker that tells a start that crashed.
//
//     std::string notice;
//     StartMarker marker(config);                       // before the session is read
//     if (marker.previous_start_died()) notice = skip_state_after_crash(config);
//     else if (auto session = load_session_file(config / "session.json", notice)) ...
//     ...  draw the first frame  ...
//     marker.first_frame_drawn();
//
// Nothing the program leaves behind can stop the next start:
//     - a state file is read like a preset (read_limited.hpp, json_text.hpp): regular files only
//       (a FIFO, a folder, a device is refused at once, never waited for), at most
//       state_file_limit bytes, nesting, NUL bytes, duplicate keys and numbers checked before
//       nlohmann parses it;
//     - one that cannot be used (unreadable, not a file, a dangling link, too large, binary,
//       malformed, settings out of range) is renamed to NAME.broken (an older NAME.broken is
//       replaced) and the program starts fresh; `notice` is one line saying what was wrong and
//       where the file went;
//     - a start that dies before its first frame (a crash, a kill) leaves its marker
//       CONFIG/starting.PID; the next start finds it (the PID no longer alive), sets the session
//       and the recent list aside the same way, unread, and says why. Markers of running
//       processes (two windows starting at once) are left alone.
// Unknown keys in the session file are ignored (a newer version may add some); the settings
// inside it are a preset and are checked as one.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/preset.hpp"
#include "core/read_limited.hpp"

namespace app {

// A session is about 2 KB, the recent list about 10 paths: a thousand times that is still one.
inline constexpr std::size_t state_file_limit  = 1u << 20;
inline constexpr std::size_t recent_file_count = 10;

struct SessionState {
    Preset settings;             // params, view and texture layers (name and description unused)
    std::filesystem::path file;  // the file in use, or empty
};

// {"file": "...", "settings": {a preset}}. Throws ReadError naming `source`.
SessionState parse_session_json(std::string_view text, std::string_view source);
std::string session_to_json(const SessionState& session);

// {"recent": ["...", ...]}: at most recent_file_count paths, newest first. Throws ReadError.
std::vector<std::filesystem::path> parse_recent_json(std::string_view text, std::string_view source);
std::string recent_to_json(const std::vector<std::filesystem::path>& recent);

// The bytes of a state file, or nullopt when there is none (not even a dangling link). Throws
// ReadError for anything else that keeps it from being read.
std::optional<std::string> read_state_file(const std::filesystem::path& file, std::string_view noun);

// Renames `file` to FILE.broken and returns `problem` with where it went (or why it could not
// be moved), as the one line to show. Nothing is thrown.
std::string set_aside(const std::filesystem::path& file, const std::string& problem);

// After a start that died (StartMarker::previous_start_died): session.json and recent.json in
// `folder` are set aside unread (either may be what crashed it); returns the one line that says
// why and where they went.
std::string skip_state_after_crash(const std::filesystem::path& folder);

// Reads and parses; a file that cannot be used is set aside, `notice` says so, and the result
// is nullopt (session) or empty (recent). Nothing is thrown but std::bad_alloc.
std::optional<SessionState> load_session_file(const std::filesystem::path& file, std::string& notice);
std::vector<std::filesystem::path> load_recent_file(const std::filesystem::path& file, std::string& notice);

// The crash-safe start: see the header comment. Creating it never throws (without a folder
// it does nothing).
class StartMarker {
  public:
    explicit StartMarker(std::filesystem::path folder);
    ~StartMarker();  // an ordinary end before the first frame is not a crash: the marker goes
    StartMarker(const StartMarker&)            = delete;
    StartMarker& operator=(const StartMarker&) = delete;

    // A marker of an earlier start whose process is gone was found (and removed).
    bool previous_start_died() const { return died_; }
    void first_frame_drawn();

  private:
    std::filesystem::path marker_;
    bool died_ = false;
};

}  // namespace app
