// noise/heightmap_file.hpp: reads an image file into the unit heights a heightmap layer samples
// (noise::HeightSamples; noise/layer_stack.hpp says how the layer reads them). It is the reader the
// program itself uses, and the one load_preset uses when it is given none (noise/preset.hpp), so a
// preset with heightmap layers (imported-hills) loads with the installed library alone:
//
//     noise::HeightSamples map = noise::read_heightmap("mesa-256.png");   // or HeightmapError
//     noise::Preset p = noise::load_preset("imported-hills.json");         // reads its layers' files
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
//     EXR   one FLOAT channel, scan lines, uncompressed, ZIPS or ZIP (what the program's exr32
//           exports write): the value as stored
// The kind is found from the first bytes (PNG and OpenEXR signatures), else from the extension:
// .r16 and .raw are uint16, .r32 float32. A raw file's width and height come from the FILE.json
// sidecar the program's r16/r32 exports write beside it (its "width", "height" and "sample");
// without one the file must hold a square number of samples.
//
// Limits, stated plainly (the file may come from anyone: a drop on the window, a download):
//     - at most heightmap_side_limit samples on a side and heightmap_sample_limit in all (256 MiB
//       of floats); the size is checked from the header (PNG's IHDR, EXR's dataWindow, the
//       sidecar or the raw file's length) before anything is allocated;
//     - the file is opened once and read front to back: no devices, sockets or folders; a pipe
//       has 3 s in all; a raw file is read only up to its samples;
//     - a PNG chunk other than the image data may have at most 1 MiB + 64 KiB, and no chunk more
//       than the file still holds: checked from each chunk's length before libpng reads it
//       (libpng itself only warns, then allocates what a 47-byte file declares);
//     - a file that ends early, declares more than it holds, or holds a sample that is not a
//       finite number (NaN, infinity) or is past +-heightmap_height_limit is refused; so is an
//       EXR compressed another way (PIZ, DWA, ...), tiled, deep or multi-part, or with more than
//       one channel;
//     - a raw file's sidecar that is there but cannot be read (a dangling or looping link, no
//       permission) is an error as for the file itself, not a file without a sidecar.
// Every error is a HeightmapError of one line, "NAME: what is wrong", NAME escaped.
// Thread safety: read_heightmap may run on several threads at once (no shared state).
// Dependencies: libpng and zlib, which the shared library links itself (the static one names them
// in its link interface: find_package(NoiseExplorer) finds them).
#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string_view>

#include "noise/params.hpp"

namespace noise {

inline constexpr int heightmap_side_limit             = 16384;
inline constexpr std::uint64_t heightmap_sample_limit = std::uint64_t{64} << 20;  // 8192 x 8192
// The largest float height (r32, EXR) in either direction: any terrain in metres, and small
// enough that the bicubic's overshoot (x 1.25) multiplied through every layer of a full stack
// (noise::max_stack_layers) stays a finite float: 40960^8 < 3.4e38.
inline constexpr float heightmap_height_limit          = 32768.0f;
inline constexpr std::string_view heightmap_file_kinds = "a PNG, r16, r32 or OpenEXR heightmap";

class HeightmapError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Reads a heightmap file. Throws HeightmapError ("NAME: ...") with one line (std::bad_alloc only
// when memory runs out inside the limits above).
HeightSamples read_heightmap(const std::filesystem::path& file);

}  // namespace noise
