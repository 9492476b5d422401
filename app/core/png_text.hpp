// app/core/png_text.hpp: read a text chunk from a PNG, the way presets travel inside images.
//
// Every PNG noise-explorer writes carries two tEXt chunks before the image data:
//     "noise-explorer-preset"  the preset JSON (preset_to_json), so `--preset image.png` and the
//                              GUI restore the exact settings
//     "noise-explorer-export"  JSON with the full image size, the region, the format and the raw
//                              value range mapped to black/white (to recover heights)
// Any PNG reader shows them (Python: PIL.Image.open(f).text["noise-explorer-preset"]).
//
// Reading uses libpng and stops at the first image data chunk, so it costs the same for a
// 16384 x 16384 export as for a thumbnail; a chunk moved behind the image data by another tool
// is not seen.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace app {

inline constexpr std::string_view png_preset_key = "noise-explorer-preset";
inline constexpr std::string_view png_export_key = "noise-explorer-export";

// The text of the tEXt/zTXt/iTXt chunk with this key, or nullopt when the PNG has none.
// Throws std::runtime_error with one line ("FILE: not a PNG file" ...) when the file cannot be
// read as a PNG.
std::optional<std::string> read_png_text(const std::filesystem::path& file, std::string_view key);

}  // namespace app
