// app/core/png_stream_writer.hpp: encode a PNG row by row, so huge images need one row of memory.
//
//     app::AtomicFile file(path, overwrite);
//     app::PngStreamWriter png(file, width, height, app::PngPixels::gray16, {{"key", "text"}});
//     for (each row) png.write_row(bytes);   // gray8: width bytes; rgb8: 3*width; gray16: 2*width,
//     png.finish();                          //   big-endian as PNG stores 16-bit samples
//     file.commit();
//
// libpng does the encoding (zlib level 6, adaptive filters; no time chunk, so the same pixels
// give the same bytes). Text chunks go before the image data, where readers find them without
// decoding the image. libpng's longjmp error handling stays inside this file: every failure
// becomes a C++ exception, the AtomicFile's own (disk full ...) or std::runtime_error.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <span>
#include <string>

#include "core/atomic_file.hpp"

namespace app {

enum class PngPixels { gray8, rgb8, gray16 };

struct PngTextChunk {
    std::string key;   // 1..79 Latin-1 characters
    std::string text;  // ASCII keeps it a plain tEXt chunk
};

class PngStreamWriter {
public:
    PngStreamWriter(AtomicFile& out, int width, int height, PngPixels pixels, std::span<const PngTextChunk> texts);
    ~PngStreamWriter();
    PngStreamWriter(const PngStreamWriter&) = delete;
    PngStreamWriter& operator=(const PngStreamWriter&) = delete;

    // Bytes per row for these pixels.
    std::size_t row_bytes() const { return row_bytes_; }

    // The next row, top to bottom; exactly height() rows before finish().
    void write_row(std::span<const std::uint8_t> row);
    void finish();

    struct State;  // libpng's structs and the error state; public only for the C callbacks

private:
    std::unique_ptr<State> state_;
    std::size_t row_bytes_ = 0;
    int height_ = 0;
    int rows_written_ = 0;
};

}  // namespace app
