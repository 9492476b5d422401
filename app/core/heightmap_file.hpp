// app/core/heightmap_file.hpp: reads an image file into the unit heights a heightmap layer samples
// (noise::HeightSamples; noise/layer_stack.hpp says how the layer reads them).
//
//     noise::HeightSamples map = app::read_heightmap("mesa-256.png");   // or ReadError
//     std::string error = app::read_heightmap_layers(params, preset_folder);   // every layer's file
//
// The formats, and the unit height each sample becomes:
//     PNG   8-bit grey           v / 255 (1, 2 and 4 bits are widened to 8 first, as libpng does)
//           16-bit grey          v / 65535
//           grey + alpha         the grey; the alpha is ignored (a heightmap has no coverage)
//           RGB, RGBA, palette   the luminance libpng computes, 0.2126 R + 0.7152 G + 0.0722 B, in
//                                the image's own bit depth; a grey pixel (R = G = B) keeps its value
//                                exactly, so a grey image saved as RGB reads as the grey one
//     r16   headerless little-endian uint16, row-major, top row first: v / 65535
//     r32   headerless little-endian IEEE float32, the same order: the value as stored
//     EXR   one FLOAT channel, scan lines, uncompressed, ZIPS or ZIP (what exr32 exports write,
//           exr_stream_writer.hpp): the value as stored
// The kind is found from the first bytes (PNG and OpenEXR signatures), else from the extension:
// .r16 and .raw are uint16, .r32 float32. A raw file's width and height come from the OUT.json
// sidecar the program's own r16/r32 exports write beside it (sidecar_path: FILE.json, its
// "width", "height" and "sample"); without one the file must hold a square number of samples.
//
// Limits, stated plainly (the file may come from anyone: a drop on the window, a download):
//     - at most heightmap_side_limit samples on a side and heightmap_sample_limit in all (256 MiB
//       of floats); the size is checked from the header (PNG's IHDR, EXR's dataWindow, the
//       sidecar or the raw file's length) before anything is allocated;
//     - the file is opened once and read front to back through LimitedInput (read_limited.hpp):
//       no devices, sockets or folders; a pipe has 3 s in all; a raw file only up to its samples;
//     - a PNG chunk other than the image data may have at most png_header_chunk_limit bytes, and
//       no chunk more than the file still holds: checked from each chunk's length before libpng
//       reads it (libpng itself only warns, then allocates what a 47-byte file declares);
//     - a file that ends early, declares more than it holds, or holds a sample that is not a
//       finite number (NaN, infinity) or is past +-heightmap_height_limit is refused; so is an
//       EXR compressed another way (PIZ, DWA, ...), tiled, deep or multi-part, or with more than
//       one channel;
//     - a raw file's sidecar that is there but cannot be read (a dangling or looping link, no
//       permission) is an error as for the file itself, not a file without a sidecar.
// Every error is a ReadError of one line, "NAME: what is wrong", NAME escaped (shown_text.hpp).
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

#include "noise/params.hpp"

namespace app {

inline constexpr int heightmap_side_limit             = 16384;
inline constexpr std::uint64_t heightmap_sample_limit = std::uint64_t{64} << 20;  // 8192 x 8192
// The largest float height (r32, EXR) in either direction: any terrain in metres, and small
// enough that the bicubic's overshoot (x 1.25) multiplied through every layer of a full stack
// (noise::max_stack_layers) stays a finite float: 40960^8 < 3.4e38.
inline constexpr float heightmap_height_limit          = 32768.0f;
inline constexpr std::string_view heightmap_file_kinds = "a PNG, r16, r32 or OpenEXR heightmap";

// Reads a heightmap file. Throws ReadError ("NAME: ...") with one line.
noise::HeightSamples read_heightmap(const std::filesystem::path& file);

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
// middle). "" or why not (every layer in use; a rule of noise::validate, such as tiling, which a
// placed image cannot follow); `params` unchanged then.
std::string add_heightmap_layer(noise::Params& params, const std::filesystem::path& file,
                                std::shared_ptr<const noise::HeightSamples> samples);

}  // namespace app
