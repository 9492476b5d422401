// noise_io/image_kinds.hpp (internal to the preset library, shared with the program): how the image
// files the program writes and the heightmap reader reads are told apart, and the header limits
// both sides keep (the program's writers and text readers, app/core/png_text.hpp and
// exr_stream_writer.hpp, name these same constants).
#pragma once

#include <cstddef>
#include <filesystem>
#include <string_view>

namespace noise::io {

// The 8 bytes every PNG starts with.
inline constexpr std::string_view png_signature{"\x89PNG\r\n\x1a\n", 8};

// A PNG chunk other than the image data: a preset .json's limit (1 MiB) plus room for the key.
inline constexpr std::size_t png_header_chunk_limit = (1u << 20) + (64u << 10);

// Every OpenEXR file starts with these 4 bytes.
inline constexpr std::string_view exr_magic{"\x76\x2f\x31\x01", 4};

// One attribute of an OpenEXR header (the preset's text), and the whole header.
inline constexpr std::size_t exr_attribute_limit = (std::size_t{1} << 20) + (std::size_t{64} << 10);
inline constexpr std::size_t exr_header_limit    = std::size_t{4} << 20;

// "OUT" -> "OUT.json": where the raw formats (r16, r32) keep their width, height and sample type.
inline std::filesystem::path sidecar_path(const std::filesystem::path& raw_file) {
    auto sidecar = raw_file;
    sidecar += ".json";
    return sidecar;
}

}  // namespace noise::io
