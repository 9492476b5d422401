// Fuzzes app::load_preset on a file: the one-open reader (read_limited.hpp), the PNG-or-JSON
// sniff, the bounded PNG chunk walk and libpng's text chunks (png_text.hpp), then the JSON.
//
// The input becomes the content of an in-memory file (memfd) opened through /proc/self/fd/N, a
// regular file like any on disk, so each run costs no disk I/O.
//
// Invariants, for any bytes:
//     - load_preset returns a Preset or throws PresetError with a one-line printable message
//       that starts with the file name;
//     - a Preset that loads, written by preset_to_json and parsed again, is the same Preset.
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <string>

#include "core/preset.hpp"
#include "fuzz_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const int fd = ::memfd_create("fuzz-preset", MFD_CLOEXEC);
    fuzz::check(fd >= 0, "memfd_create failed");
    for (std::size_t done = 0; done < size;) {
        const ssize_t wrote = ::write(fd, data + done, size - done);
        fuzz::check(wrote > 0, "writing the memfd failed");
        done += static_cast<std::size_t>(wrote);
    }
    const std::string path = "/proc/self/fd/" + std::to_string(fd);
    app::Preset preset;
    bool loaded = false;
    try {
        preset = app::load_preset(path);
        loaded = true;
    } catch (const app::PresetError& error) {
        fuzz::check_message(error.what(), path);
    }
    ::close(fd);
    if (!loaded) return 0;
    const std::string written = app::preset_to_json(preset);
    try {
        fuzz::check(app::parse_preset_json(written, "written") == preset,
                    "the preset changed through preset_to_json and back", written);
    } catch (const app::PresetError& error) {
        fuzz::broken("preset_to_json wrote a preset that does not parse", error.what());
    }
    return 0;
}
