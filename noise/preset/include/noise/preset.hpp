// noise/preset.hpp: presets, the JSON files that hold every setting of a picture, read and written
// by the library the program itself reads them with (link NoiseExplorer::noise).
//
//     noise::Preset p = noise::load_preset("share/noise-explorer/presets/eroded-island.json");
//     std::vector<double> out(512 * 512);
//     noise::render(p.params, {.width = 512, .height = 512}, out);   // noise/render.hpp
//     std::string text = noise::preset_to_json(p);   // what the program saves, byte for byte
//
// What it reads: every version of the format the program reads (1 to 3), from a .json file or
// text; what it writes is the text the program saves, byte for byte up to the window's sections
// (kept with their keys sorted), and the program reads it to the same preset (preset_to_json;
// write it to a file your own way). The presets inside the program's exported images (PNG text chunk,
// EXR attribute, glTF extras) are read by the program (noise-explorer FILE). The file
// format is described in docs/parameters.md#presets; in short:
//     {
//       "format": "noise-explorer-preset",   required, exactly this
//       "version": 3,                         required; 1, 2 or 3; a newer version is refused
//       "name": "...", "description": "...", optional free text (preset_name_limit, ..._description_limit)
//       "algorithm": "perlin", ... every key of noise::param_table() but erosion.KEY, flat
//       "curve": [[0, 0], [1, 1]], "mask_field": {...}, "erosion": {...}, "stack": [...], "base_layer": {...}
//       "placement": "world"                  only when world (noise/placement.hpp); absent: frame
//       "view": {...}, "texture_layers": [...]   the program's window settings: kept, not read
//     }
// Missing keys keep their defaults (noise::Params{}); unknown keys, wrong types, out-of-range
// values and the rules that join keys (noise::validate) are errors.
//
// Heightmap layers (a "stack" layer with "source": "heightmap") name an image file. Their samples
// come from a HeightmapReader: by default the library's read_heightmap (noise/heightmap_file.hpp:
// PNG 8/16-bit, r16/r32 with their sidecar, OpenEXR; bounded in size before it allocates), the
// reader the program uses; or pass your own (a function from a file name to HeightSamples, e.g. to
// read from an archive or to refuse files) in PresetReadOptions. A relative name is read from the
// preset's folder, and the layer keeps the absolute name it was read from.
//
// Errors: every failure is a PresetError whose message is one line naming the source and the
// whole key, the value and what is allowed:
//     "hills.json: key 'octaves': '20' is out of range: expected an integer from 1 to 16"
//     "hills.json:3:14: malformed JSON: syntax error ... unexpected '}'"
//
// Limits, stated plainly (a preset may come from anyone):
//     - a .json file is read once, front to back, at most preset_json_limit (1 MiB); devices,
//       sockets and folders are refused; a pipe or FIFO has 3 s in all;
//     - nesting deeper than preset_max_nesting, a NUL byte, a key given twice in one object and a
//       number too large for a double are errors; every quoted value is escaped and shortened,
//       so a message is one line of printable text whatever the file holds.
// Thread safety: every function may run on several threads at once (no shared state).
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>

#include "noise/params.hpp"

namespace noise {

struct Preset {
    Params params;
    std::string name;         // optional, a title
    std::string description;  // optional, one or two sentences
    // The sections that belong to the program's window ("view": mapping, colour ramp, hillshade;
    // "texture_layers"), as their JSON text: a preset read and written again keeps them. The
    // library does not interpret them; the program checks them when it opens the preset.
    std::map<std::string, std::string> program_sections;

    friend bool operator==(const Preset&, const Preset&) = default;
};

class PresetError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

inline constexpr std::string_view preset_format_name = "noise-explorer-preset";
// The newest version read and written: 2 holds the layer stack ("stack", "base_layer"), 3 the
// placement ("placement": "world", noise/placement.hpp); a preset is written with the lowest
// version that holds it (1 without a stack or world placement), as before.
inline constexpr int preset_format_version = 3;

// A preset is an object holding the "view" object, and the "mask_field" object holding "curve", an
// array of [x, y] arrays: depth 4. The limit leaves room for a later version to nest a little
// more, and keeps every recursive walk of the JSON shallow.
inline constexpr int preset_max_nesting = 8;

// Every key at its longest value is about 1 KB; a thousand times that is still a preset.
inline constexpr std::size_t preset_json_limit = 1u << 20;

// The free texts, in bytes of UTF-8. The writer spells every byte past ASCII or below a space as
// \uXXXX (up to 6 bytes for one), so even texts at these limits written that way (about 100 KB)
// keep a preset far inside preset_json_limit and the PNG chunk, EXR attribute and sidecar that
// carry it: whatever the program writes, it reads back.
inline constexpr std::size_t preset_name_limit        = 1024;
inline constexpr std::size_t preset_description_limit = 16 * 1024;

// Reads one heightmap file into unit heights. Throw (any std::exception, one line) when it cannot.
using HeightmapReader = std::function<HeightSamples(const std::filesystem::path& file)>;

struct PresetReadOptions {
    // Where relative heightmap names are read from (empty: the current directory). load_preset
    // sets it to the preset file's folder.
    std::filesystem::path folder;
    // The reader of heightmap layers' files; empty: noise::read_heightmap (noise/heightmap_file.hpp).
    HeightmapReader read_heightmap;
};

// Parses preset JSON text; `source_name` starts every error message (usually the file name).
Preset parse_preset(std::string_view text, std::string_view source_name,
                    const PresetReadOptions& options = {});

// Reads a preset .json file (heightmap names relative to its folder). Throws PresetError, also for
// an empty file name.
Preset load_preset(const std::filesystem::path& file, const HeightmapReader& read_heightmap = {});

// Pretty JSON (2-space indent, ASCII only, newline at the end) with every key, as the program
// writes it (program_sections last, their keys sorted).
std::string preset_to_json(const Preset& preset);

// Reads the file of every layer of `params` that names one and has no samples yet, through
// `read_heightmap`, relative names from `folder` (heightmap_path), and keeps the absolute name in
// the layer. A file that cannot be read is an error only for a layer whose source is heightmap (a
// layer that names a file but draws noise keeps it for when it comes back). "" or one line naming
// the whole key: "layer.2.heightmap: /maps/hills.png: heightmap file not found"; `params`
// unchanged on error.
std::string read_heightmap_layers(Params& params, const std::filesystem::path& folder,
                                  const HeightmapReader& read_heightmap);

// The file a layer's heightmap name means: an absolute name as it is, a relative one in `folder`
// (empty: the current directory); absolute and lexically normal ("a/../b" is "b").
std::filesystem::path heightmap_path(std::string_view name, const std::filesystem::path& folder);

// What a preset key allows ("expected an integer from 1 to 16") from its path in the file
// ("octaves", "mask_field.octaves", "curve"); "" for a key that is not a noise setting.
std::string preset_key_allowed(std::string_view key_path);

}  // namespace noise
