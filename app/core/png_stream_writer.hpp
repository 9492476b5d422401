// app/core/png_stream_writer.hpp: encode a PNG row by row, compressing on several threads while
// the caller produces the next rows; memory stays a few MB whatever the image size.
//
//     app::AtomicFile file(path, overwrite);
//     app::PngStreamWriter png(file, width, height, app::PngPixels::gray16, {{"key", "text"}});
//     for (each row) png.write_row(bytes);   // gray8: width bytes; rgb8: 3*width; rgba8: 4*width; gray16:
//     2*width, png.finish();                          //   big-endian as PNG stores 16-bit samples
//     file.commit();
//
// The file: signature, IHDR, the text chunks in the order given (before the image data, where
// readers find them without decoding the image), IDAT chunks, IEND. No time chunk, and the
// compressed stream does not depend on the thread count (parallel_deflate.hpp), so the same
// pixels give the same bytes on every machine with the same zlib.
//
// Row filter: "Up" (each byte minus the byte above it) on every row. Compressed size against
// Up at zlib level 6 (levels 1 and 3 rank the filters the same), exports of the shipped presets:
//     filter            default png16 4096   default png16 16384*   5 other presets png16 4096**
//     None              +255 %               -                      -
//     Sub               +20 %                +4 %                   +6 .. +300 %
//     Average           +21 %                -                      -
//     Paeth             +27 %                +15 %                  +4 .. +40 %
//     libpng adaptive   = Paeth on 4095 of 4096 rows, so +27 %      = Paeth
//   * rows 8000..9023   ** clouds, marble, alpine-ridges, dunes, wood
// For png8 and rgb8 Up, Paeth and adaptive tie within 4 %. Smooth height fields make the byte
// above the best guess; on 16-bit samples Paeth's per-byte guesses mix high and low bytes and
// lose. A fixed filter also costs nothing to choose. It needs only the previous row, which the
// writer keeps, so the chunk cuts of the compressed stream can fall anywhere.
//
// Compression: zlib at `level`, chunks deflated in parallel by `threads` workers
// (parallel_deflate.hpp). write_row waits only while every chunk in flight is taken (the
// compressors are behind), so a caller that renders between its rows keeps both going at once.
//
// Errors: the AtomicFile's exception (disk full ...) comes out of the write_row or finish that
// wrote; std::invalid_argument for a bad size, row or text chunk, std::runtime_error if zlib
// fails. After an exception the writer is unusable; destroying it stops its threads.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/atomic_file.hpp"
#include "core/parallel_deflate.hpp"

namespace app {

// One 16-bit sample as PNG stores it: big-endian, the high byte first, at `at` and `at + 1`.
// Every 16-bit row handed to a PngStreamWriter (gray16) is packed through this.
inline void put_png16(std::uint16_t sample, std::uint8_t* at) {
    at[0] = static_cast<std::uint8_t>(sample >> 8);
    at[1] = static_cast<std::uint8_t>(sample & 0xff);
}

enum class PngPixels { gray8, rgb8, gray16, rgba8 };

struct PngTextChunk {
    std::string key;   // 1..79 printable Latin-1 characters, no leading, trailing or double spaces
    std::string text;  // no NUL; ASCII keeps it readable everywhere
};

// zlib level for exports, from whole exports of the default preset on 2 cores (the table is in
// docs/performance.md#png-compression). 16384^2 png16: level 4 takes 5.3 s for 75 MB; level 6
// 15.4 s for 69 MB, level 5 7.7 s for 73 MB; level 3 is slower than 4 on this data (7.1 s) and
// larger (91 MB); level 1 saves 0.6 s for 102 MB. (libpng at level 6 on one thread took 31 s for
// 82 MB.) 4 is the knee.
inline constexpr int png_default_level = 4;

struct PngCompression {
    unsigned threads           = 0;  // 0: one per hardware thread
    int level                  = png_default_level;
    std::size_t chunk_bytes    = ParallelDeflateOptions{}.chunk_bytes;  // of filtered rows; fixes the output
    unsigned chunks_per_thread = ParallelDeflateOptions{}.chunks_per_thread;
};

class PngStreamWriter {
  public:
    PngStreamWriter(AtomicFile& out, int width, int height, PngPixels pixels,
                    std::span<const PngTextChunk> texts, const PngCompression& compression = {});
    ~PngStreamWriter();
    PngStreamWriter(const PngStreamWriter&)            = delete;
    PngStreamWriter& operator=(const PngStreamWriter&) = delete;

    // Bytes per row for these pixels.
    std::size_t row_bytes() const { return row_bytes_; }

    // The next row, top to bottom; exactly `height` rows before finish().
    void write_row(std::span<const std::uint8_t> row);
    void finish();

    // The compressor, for its limits and high-water marks.
    const ParallelDeflate& deflate() const { return *deflate_; }

  private:
    void write_chunk(const char (&type)[5], std::span<const std::uint8_t> data);
    // Runs a compressor call, naming the file in its errors (the AtomicFile's pass unchanged).
    template <class Step>
    void compressing(Step step);

    AtomicFile& out_;
    std::size_t row_bytes_ = 0;
    std::vector<std::uint8_t> row_;       // the filter byte, then the filtered row
    std::vector<std::uint8_t> previous_;  // the last row as given (zeros above the first)
    int height_       = 0;
    int rows_written_ = 0;
    std::unique_ptr<ParallelDeflate> deflate_;
};

}  // namespace app
