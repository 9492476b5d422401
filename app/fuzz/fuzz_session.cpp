// Fuzzes app::parse_session_json, the reader of the last session (session.json), which every
// start of the window reads before it opens.
//
// Invariants, for any bytes:
//     - the text parses into a SessionState, or throws ReadError (anything else escapes
//       libFuzzer's harness and is reported as a crash) with a one-line printable message naming
//       the source;
//     - a session that parses, written by session_to_json and parsed again, is the same session
//       (settings and file), and writing that one again gives the same text.
#include <cstdint>
#include <string>

#include "core/state_files.hpp"
#include "fuzz_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    app::SessionState session;
    try {
        session = app::parse_session_json(text, "session.json");
    } catch (const app::ReadError& error) {
        fuzz::check_message(error.what(), "session.json");
        return 0;
    }
    const std::string written = app::session_to_json(session);
    app::SessionState again;
    try {
        again = app::parse_session_json(written, "written");
    } catch (const app::ReadError& error) {
        fuzz::broken("session_to_json wrote a session that does not parse", error.what());
    }
    fuzz::check(
        again.settings.params == session.settings.params && again.settings.view == session.settings.view,
        "the settings changed through session_to_json and back", written);
    fuzz::check(again.file == session.file, "the file changed through session_to_json and back", written);
    fuzz::check(app::session_to_json(again) == written, "session_to_json is not stable", written);
    return 0;
}
