// app/core/preset.hpp: presets, the JSON files that hold every setting of a picture, as the program
// reads them: the preset library's reader (noise/preset.hpp, noise/preset/src/preset_json.cpp) with
// the window's sections, presets inside exported files, `--set` and the shipped presets.
//
//     app::Preset p = app::load_preset("assets/presets/clouds.json");  // or an exported PNG
//     app::apply_assignment(p, "octaves=6");                            // what `--set` does
//     app::save_preset(p, "mine.json", /*overwrite=*/false);
//
// The file format (version 1):
//     {
//       "format": "noise-explorer-preset",   required, exactly this
//       "version": 1,                         required; a newer version is refused
//       "name": "Clouds",                     optional, free text, at most preset_name_limit bytes
//       "description": "...",                 optional, free text, at most preset_description_limit bytes
//       "algorithm": "perlin", ... "tile": 0, every key of noise::param_table(), flat
//       "curve": [[0, 0], [0.5, 0.8], [1, 1]],   the shaping stage's curve ([]: none)
//       "mask_field": { "fractal": "ridged", ... }   only with a mask field: its keys and curve
//       "erosion": { "method": "filter", "strength": 0.5, ... }   the erosion keys (erosion.KEY)
//                                             without their prefix; written only when one differs
//                                             from its default, so a preset without erosion
//                                             keeps the text (and its exports the bytes) it had
//       "view": { "mapping": "fixed", "ramp": "gray", ... }   every key of view_key_table()
//       "texture_layers": [ { "name": "rock", "slope_min": 35 }, ... ]   optional (texture_layers.hpp),
//                                             written only when the preset has its own
//       "stack": [ { "source": "heightmap", "heightmap": "../heightmaps/mesa-256.png", ... } ]
//                                             version 2: layers 2, 3, ... (noise/layer_stack.hpp); a
//                                             heightmap's file is read (heightmap_file.hpp) relative
//                                             to the preset's folder, and written back absolute
//     }
// Choices are strings ("perlin"), toggles are booleans, numbers are numbers. Missing keys keep
// their defaults (noise::Params{} and ViewSettings{}); unknown keys, wrong types and
// out-of-range values are errors. `preset_to_json` always writes every key (but "erosion" as said), so a
// saved preset keeps meaning the same picture when defaults change.
//
// Every error is a PresetError with a one-line message that names the file and the key:
//     "hills.json:3:14: malformed JSON: syntax error ... unexpected '}'"
//     "hills.json: key 'octaves': '20' is out of range: expected an integer from 1 to 16"
// PNGs exported by this program carry their preset in a text chunk (see png_text.hpp), so
// `load_preset` accepts them too.
//
// A preset may come from anyone (a download, a drag-and-drop), so reading it is bounded:
//     - the file is opened once and read through LimitedInput (read_limited.hpp): regular files
//       and pipes only (devices, sockets and folders are refused), a pipe or FIFO has 3 s in all;
//     - a .json has at most preset_json_limit (1 MiB); a PNG is read up to its first image data
//       chunk only, each header chunk at most 1 MiB + 64 KiB (png_text.hpp);
//     - nesting deeper than preset_max_nesting, a NUL byte, a key that appears twice in one
//       object and a number too large for a double are errors, found by the reader every file
//       of ours goes through (parse_json_text, json_text.hpp): nlohmann would accept the first
//       three without a word (or overflow the stack), and report the last without its key;
//     - every key, value and file name quoted in a message goes through shown()/escaped()
//       (shown_text.hpp): a message is one line of printable text, whatever the file holds.
// Worst case for load_preset: the pipe deadline (3 s) on a FIFO; otherwise it reads at most
// 1 MiB (JSON) or 4 MiB (PNG header chunks) from the file.
#pragma once

#include <cstddef>
#include <filesystem>
#include <nlohmann/json_fwd.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/texture_layers.hpp"
#include "core/view_settings.hpp"
#include "noise/params.hpp"
#include "noise/preset.hpp"

namespace app {

struct Preset {
    noise::Params params;
    ViewSettings view;
    std::string name;                          // optional, shown in the GUI's preset list
    std::string description;                   // optional, one or two sentences
    std::vector<TextureLayer> texture_layers;  // optional (texture_layers.hpp); empty: the default set

    friend bool operator==(const Preset&, const Preset&) = default;
};

// The format is the preset library's (noise/preset.hpp: its limits, version and errors); the
// program reads it with the same code and adds its own sections, "view" and "texture_layers".
using noise::preset_description_limit;
using noise::preset_format_name;
using noise::preset_format_version;
using noise::preset_json_limit;
using noise::preset_max_nesting;
using noise::preset_name_limit;
using noise::PresetError;

// A preset .json, or a PNG this program exported (its text chunk). Throws PresetError, also for
// an empty file name (never "the defaults": see resolve_preset_argument). Heightmap layers read
// their files relative to the preset's folder (a pipe's: the current directory).
Preset load_preset(const std::filesystem::path& file);

// Whether `file` is meant to be opened as a preset: anything but a PNG, OpenEXR or raw (.r16, .r32,
// .raw) image, and such an image when it carries a preset (a noise-explorer export). False for a
// plain image, which the window imports as a heightmap instead. A file that cannot be read is a
// preset (load_preset then says what is wrong).
bool holds_preset(const std::filesystem::path& file);

// Parses preset JSON; `source_name` starts every error message (usually the file name). A heightmap
// layer's file (heightmap_file.hpp) is read from `folder` when its name is relative (empty: the
// current directory), and kept by its absolute path.
// `read_heightmap` reads the heightmap layers' files (empty: read_heightmap, heightmap_file.hpp).
Preset parse_preset_json(std::string_view text, std::string_view source_name,
                         const std::filesystem::path& folder          = {},
                         const noise::HeightmapReader& read_heightmap = {});

// What a preset key allows ("expected an integer from 1 to 16") from its path in the file
// ("octaves", "view.ramp"); "" for a key that is not a setting.
std::string preset_key_allowed(std::string_view key_path);

// The same from JSON parse_json_text (json_text.hpp) has read already: the settings inside
// the session file. Throws PresetError.
Preset preset_from_json(const nlohmann::json& root, std::string_view source_name,
                        const std::filesystem::path& folder          = {},
                        const noise::HeightmapReader& read_heightmap = {});

// Pretty JSON (2-space indent, ASCII only, newline at the end) with every key.
std::string preset_to_json(const Preset& preset);

// Writes atomically (temp file + rename). Throws PresetError if `file` exists and !overwrite,
// or on any I/O problem; an existing file is then left unchanged.
void save_preset(const Preset& preset, const std::filesystem::path& file, bool overwrite);

// Applies one `--set` text "key=value" (a noise key, a view key, or "view.KEY"). Throws
// PresetError naming the key, the value and what is allowed; `preset` is unchanged on error.
// layer.N.heightmap=FILE reads the file (relative to the current directory) and keeps its
// absolute path, so the exports' presets reopen from anywhere.
// Rules that join keys (tiling needs an integer lacunarity) are checked by noise::validate
// once every assignment is applied.
void apply_assignment(Preset& preset, std::string_view key_equals_value);

// The folder of shipped presets: <exe dir>/../share/noise-explorer/presets when installed, else
// the source tree's assets/presets.
std::filesystem::path shipped_presets_dir();

// The shipped *.json presets, sorted by file name.
std::vector<std::filesystem::path> shipped_presets();

// The *.json files of `folder`, sorted by file name; none when it cannot be read.
std::vector<std::filesystem::path> presets_in(const std::filesystem::path& folder);

// Resolves a `--preset` argument: an existing file as is, else the shipped preset of that name
// ("clouds" or "clouds.json"), else the argument unchanged (load_preset then reports it missing).
// Throws PresetError for "": `--preset ""` (an unset shell variable) is a mistake, not a request
// for the defaults.
std::filesystem::path resolve_preset_argument(std::string_view argument);

}  // namespace app
