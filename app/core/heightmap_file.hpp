// app/core/heightmap_file.hpp: heightmap files in the program. The reader itself is the library's
// (noise/heightmap_file.hpp: the formats, the unit heights, the limits), named here as app:: as
// before; this adds what only the program does with it: reading a preset's layers relative to its
// folder with that reader, and the layer File > Import heightmap adds.
//
//     noise::HeightSamples map = app::read_heightmap("mesa-256.png");   // or noise::HeightmapError
//     std::string error = app::read_heightmap_layers(params, preset_folder);   // every layer's file
//
// Names in presets: read_heightmap_layers reads a relative name against the preset file's
// folder (the current directory for a preset that comes without a file: --set, a pipe, the
// session), then keeps the absolute path it read in the layer, so the preset an export carries
// (PNG text chunk, EXR attribute, r16/r32 sidecar, glTF extras) reopens from any folder.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "noise/heightmap_file.hpp"
#include "noise/params.hpp"

namespace app {

using noise::heightmap_file_kinds;
using noise::heightmap_height_limit;
using noise::heightmap_sample_limit;
using noise::heightmap_side_limit;
using noise::HeightmapError;
using noise::read_heightmap;

// The file a layer's heightmap name means: an absolute name as it is, a relative one in `folder`
// (empty: the current directory); absolute and lexically normal ("a/../b" is "b").
std::filesystem::path heightmap_path(std::string_view name, const std::filesystem::path& folder);

// Reads the file of every layer of `params` that names one and has no samples yet, naming it
// from `folder` as heightmap_path does, and keeps the absolute path in the layer's name. A file
// that cannot be read is an error only for a layer whose source is heightmap (a layer that names
// a file but draws noise keeps it for when it comes back). "" or one line naming the whole key:
// "layer.2.heightmap: /maps/hills.png: heightmap file not found"; `params` unchanged on error.
std::string read_heightmap_layers(noise::Params& params, const std::filesystem::path& folder);

// What File > Import heightmap and a dropped image do: a new top layer named after the file
// (its stem), source heightmap with these samples, blended normally at full opacity, covering
// the square frame [0, 1] x [0, 1] without stretching (a wide image's middle, a tall one's
// middle; with placement world the frame's square in noise units). "" or why not (every layer in use; a rule
// of noise::validate, such as tiling, which a placed image cannot follow); `params` unchanged then.
std::string add_heightmap_layer(noise::Params& params, const std::filesystem::path& file,
                                std::shared_ptr<const noise::HeightSamples> samples);

}  // namespace app
