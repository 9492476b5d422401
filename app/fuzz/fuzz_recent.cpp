// Fuzzes app::parse_recent_json, the reader of the recent-files list (recent.json), which every
// window reads when it opens.
//
// Invariants, for any bytes:
//     - the text parses into at most recent_file_count paths, none empty, or throws ReadError
//       with a one-line printable message naming the source;
//     - a list that parses, written by recent_to_json and parsed again, is the same list.
#include <cstdint>
#include <string>

#include "core/state_files.hpp"
#include "fuzz_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::vector<std::filesystem::path> recent;
    try {
        recent = app::parse_recent_json(text, "recent.json");
    } catch (const app::ReadError& error) {
        fuzz::check_message(error.what(), "recent.json");
        return 0;
    }
    fuzz::check(recent.size() <= app::recent_file_count, "more recent files than the limit");
    for (const auto& path : recent) fuzz::check(!path.empty(), "an empty recent file name");
    const std::string written = app::recent_to_json(recent);
    try {
        fuzz::check(app::parse_recent_json(written, "written") == recent,
                    "the list changed through recent_to_json and back", written);
    } catch (const app::ReadError& error) {
        fuzz::broken("recent_to_json wrote a list that does not parse", error.what());
    }
    return 0;
}
