// app/core/png_text.hpp: read a text chunk from a PNG, the way presets travel inside images.
//
// Every PNG noise-explorer writes carries two tEXt chunks before the image data:
//     "noise-explorer-preset"  the preset JSON (preset_to_json), so `--preset image.png` and the
//                              GUI restore the exact settings
//     "noise-explorer-export"  JSON with the full image size, the region, the format and the raw
//                              value range mapped to black/white (to recover heights)
// Any PNG reader shows them (Python: PIL.Image.open(f).text["noise-explorer-preset"]).
//
// Only the chunks before the image data are read, so a 400 MB 16384 x 16384 export costs the
// same as a thumbnail; a chunk moved behind the image data by another tool is not seen.
//
// Limits, stated plainly (the file may be hostile: a chunk can declare 2 GiB and hold 10 bytes):
//     - Each chunk's declared length is checked before anything is read or allocated: at most
//       png_header_chunk_limit (1 MiB + 64 KiB: a preset .json's limit plus room for the key),
//       at most what a regular file still holds, and at most 2^31 - 1 (the PNG limit).
//     - All header chunks together: at most png_header_limit (4 MiB).
//     - Compressed text (zTXt, iTXt) inflates to at most png_header_chunk_limit.
//     - The bytes are read once through LimitedInput (read_limited.hpp): a pipe or FIFO works,
//       within its deadline.
// libpng then checks the chunks (CRCs, order) and decodes the text from memory.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "core/read_limited.hpp"  // LimitedInput, the preset library's (an alias)
#include "noise_io/image_kinds.hpp"

namespace app {

inline constexpr std::string_view png_preset_key = "noise-explorer-preset";
inline constexpr std::string_view png_export_key = "noise-explorer-export";

// The signature and the chunk limit are the preset library's, which its heightmap reader keeps too.
using noise::io::png_header_chunk_limit;
using noise::io::png_signature;
inline constexpr std::size_t png_header_limit = 4u << 20;

// Reads the rest of a PNG's header chunks from `in`, which has given `signature` already (the
// caller sniffed it), up to and including the 8-byte head of the first IDAT (or IEND) chunk.
// Throws ReadError naming the file and the chunk (a length over a limit, a file that ends early).
std::string read_png_header_chunks(LimitedInput& in, std::string_view signature);

// The text of the tEXt/zTXt/iTXt chunk with this key in `header` (from read_png_header_chunks,
// or a whole PNG in memory), or nullopt when there is none. Throws std::runtime_error with one
// line ("NAME: damaged PNG: ...") when libpng cannot read it; `shown_name` starts the message.
std::optional<std::string> png_text_in(std::string_view header, std::string_view key,
                                       std::string_view shown_name);

// Both of the above on a file: opens it once (LimitedInput), checks the signature ("NAME: not a
// PNG file"), reads the header chunks and returns the text. Throws std::runtime_error (ReadError
// derives from it) with one line.
std::optional<std::string> read_png_text(const std::filesystem::path& file, std::string_view key);

}  // namespace app
