// Fuzzes app::parse_preset_json, the reader of preset JSON (files and PNG text chunks alike).
//
// Invariants, for any bytes:
//     - the text parses into a Preset, or throws PresetError (anything else escapes libFuzzer's
//       harness and is reported as a crash) with a one-line printable message naming the source;
//     - a Preset that parses, written by preset_to_json and parsed again, is the same Preset,
//       and writing that one again gives the same text (saving never changes a picture).
#include <cstdint>
#include <string>

#include "core/preset.hpp"
#include "fuzz_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    app::Preset preset;
    try {
        preset = app::parse_preset_json(text, "fuzz.json");
    } catch (const app::PresetError& error) {
        fuzz::check_message(error.what(), "fuzz.json");
        return 0;
    }
    const std::string written = app::preset_to_json(preset);
    app::Preset again;
    try {
        again = app::parse_preset_json(written, "written");
    } catch (const app::PresetError& error) {
        fuzz::broken("preset_to_json wrote a preset that does not parse", error.what());
    }
    fuzz::check(again == preset, "the preset changed through preset_to_json and back", written);
    fuzz::check(app::preset_to_json(again) == written, "preset_to_json is not stable", written);
    return 0;
}
