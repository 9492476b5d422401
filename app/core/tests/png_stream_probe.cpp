// png_stream_probe: writes stdin's raw pixels as a PNG with PngStreamWriter, so test_png_stream.py
// can read the result with PIL, a decoder that shares no code with ours.
//
//     png_stream_probe OUT WIDTH HEIGHT gray8|rgb8|gray16 THREADS CHUNK_BYTES [KEY=TEXT ...] < pixels
//
// stdin holds the rows top to bottom as PNG stores them (16-bit samples big-endian). Prints the
// compressor's counters as JSON on stdout: chunks, peak_in_flight, max_in_flight.
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "core/png_stream_writer.hpp"

int main(int argc, char** argv) {
    if (argc < 7) {
        std::fputs(
            "usage: png_stream_probe OUT WIDTH HEIGHT gray8|rgb8|gray16 THREADS CHUNK_BYTES [KEY=TEXT ...]\n",
            stderr);
        return 2;
    }
    try {
        const int width = std::atoi(argv[2]), height = std::atoi(argv[3]);
        const std::string kind      = argv[4];
        const app::PngPixels pixels = kind == "gray8"  ? app::PngPixels::gray8
                                      : kind == "rgb8" ? app::PngPixels::rgb8
                                                       : app::PngPixels::gray16;
        app::PngCompression compression;
        compression.threads     = static_cast<unsigned>(std::atoi(argv[5]));
        compression.chunk_bytes = static_cast<std::size_t>(std::atoll(argv[6]));
        std::vector<app::PngTextChunk> texts;
        for (int i = 7; i < argc; ++i) {
            const std::string arg = argv[i];
            const auto eq         = arg.find('=');
            texts.push_back({arg.substr(0, eq), eq == std::string::npos ? "" : arg.substr(eq + 1)});
        }
        app::AtomicFile file(argv[1], true);
        app::PngStreamWriter png(file, width, height, pixels, texts, compression);
        std::vector<std::uint8_t> row(png.row_bytes());
        for (int y = 0; y < height; ++y) {
            if (std::fread(row.data(), 1, row.size(), stdin) != row.size()) {
                std::fputs("png_stream_probe: stdin ended early\n", stderr);
                return 1;
            }
            png.write_row(row);
        }
        png.finish();
        const auto stats = png.deflate().stats();
        file.commit();
        std::printf("{\"chunks\": %zu, \"peak_in_flight\": %zu, \"max_in_flight\": %zu}\n", stats.chunks,
                    stats.peak_in_flight, png.deflate().max_in_flight());
    } catch (const std::exception& error) {
        std::fprintf(stderr, "png_stream_probe: %s\n", error.what());
        return 1;
    }
    return 0;
}
