// PngStreamWriter, read back by libpng (which checks every CRC and the Adler-32): exactly the
// pixels written for every pixel format and awkward size, the same bytes for every thread count,
// the text chunks in order before the image data, bounded chunks in flight, clear misuse errors.
// test_png_stream.py reads the same kind of files with PIL.
#include "core/png_stream_writer.hpp"

#include <gtest/gtest.h>
#include <png.h>

#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "test_dir.hpp"
#include "test_pattern.hpp"

namespace app {
namespace {

using Bytes = std::vector<std::uint8_t>;

// ---- a libpng reader (setjmp in functions that own no C++ objects) ----

struct Decoded {
    png_uint_32 width = 0, height = 0;
    int depth = 0, colour = 0;
    Bytes pixels;                                            // rows as stored: 16-bit big-endian
    std::vector<std::pair<std::string, std::string>> texts;  // before the image data, in order
    int texts_after_image = 0;
    std::string error;
};

struct Source {
    const std::string* bytes;
    std::size_t at;
};

void on_read(png_structp png, png_bytep out, png_size_t size) {
    auto* source = static_cast<Source*>(png_get_io_ptr(png));
    if (source->at + size > source->bytes->size()) png_error(png, "truncated file");
    std::memcpy(out, source->bytes->data() + source->at, size);
    source->at += size;
}

void on_error(png_structp png, png_const_charp message) {
    static_cast<Decoded*>(png_get_error_ptr(png))->error = message;
    png_longjmp(png, 1);
}

void on_warning(png_structp, png_const_charp) {}

bool guarded_read(png_structp png, png_infop info, png_infop end, Decoded* out) {
    if (setjmp(png_jmpbuf(png))) return false;
    png_read_info(png, info);
    int interlace = 0;
    png_get_IHDR(png, info, &out->width, &out->height, &out->depth, &out->colour, &interlace, nullptr,
                 nullptr);
    const std::size_t row = png_get_rowbytes(png, info);
    out->pixels.resize(row * out->height);
    for (png_uint_32 y = 0; y < out->height; ++y) png_read_row(png, out->pixels.data() + y * row, nullptr);
    png_read_end(png, end);
    return true;
}

Decoded decode(const std::string& file_bytes) {
    Decoded out;
    Source source{&file_bytes, 0};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &out, on_error, on_warning);
    png_infop info  = png_create_info_struct(png);
    png_infop end   = png_create_info_struct(png);
    png_set_read_fn(png, &source, on_read);
    if (guarded_read(png, info, end, &out)) {
        png_textp texts = nullptr;
        const int count = png_get_text(png, info, &texts, nullptr);
        for (int i = 0; i < count; ++i)
            out.texts.emplace_back(texts[i].key, std::string(texts[i].text, texts[i].text_length));
        out.texts_after_image = png_get_text(png, end, &texts, nullptr);
    } else if (out.error.empty()) {
        out.error = "unknown libpng error";
    }
    png_destroy_read_struct(&png, &info, &end);
    return out;
}

// ---- writing ----

int bytes_per_pixel(PngPixels pixels) {
    return pixels == PngPixels::gray8 ? 1 : pixels == PngPixels::rgb8 ? 3 : 2;
}

struct Written {
    std::string file;
    ParallelDeflate::Stats stats;
    std::size_t max_in_flight = 0, buffer_bound = 0;
};

Written write_png(const testing::TestDir& dir, int width, int height, PngPixels pixels, const Bytes& image,
                  PngCompression compression, const std::vector<PngTextChunk>& texts = {}) {
    const auto path = dir / "out.png";
    AtomicFile file(path, true);
    PngStreamWriter png(file, width, height, pixels, texts, compression);
    const std::size_t row = png.row_bytes();
    for (int y = 0; y < height; ++y)
        png.write_row(std::span(image).subspan(static_cast<std::size_t>(y) * row, row));
    png.finish();
    Written out{"", png.deflate().stats(), png.deflate().max_in_flight(), png.deflate().buffer_bound()};
    file.commit();
    out.file = testing::read(path);
    return out;
}

PngCompression with(unsigned threads, std::size_t chunk_bytes) {
    PngCompression compression;
    compression.threads     = threads;
    compression.chunk_bytes = chunk_bytes;
    return compression;
}

TEST(PngStreamWriter, LibpngReadsBackExactlyThePixels) {
    testing::TestDir dir;
    struct Case {
        int width, height;
        std::size_t chunk_bytes;
    };
    // 1x1 and 3x2; widths that are multiples of nothing; chunks far smaller than a row, about
    // a row, and many rows (chunks not aligned to rows, dictionaries spanning several chunks).
    const Case cases[] = {{1, 1, 1 << 18},  {3, 2, 1 << 18}, {3, 2, 1},       {257, 131, 997},
                          {1001, 67, 4096}, {61, 500, 333},  {4099, 9, 60000}};
    for (PngPixels pixels : {PngPixels::gray8, PngPixels::rgb8, PngPixels::gray16}) {
        for (const Case& c : cases) {
            const std::size_t size = static_cast<std::size_t>(c.width) * static_cast<std::size_t>(c.height) *
                                     static_cast<std::size_t>(bytes_per_pixel(pixels));
            const Bytes image =
                testing::pattern_bytes(size, static_cast<std::uint32_t>(c.width * 31 + c.height));
            const Written w = write_png(dir, c.width, c.height, pixels, image, with(3, c.chunk_bytes));
            const Decoded d = decode(w.file);
            const std::string label = std::to_string(c.width) + "x" + std::to_string(c.height) + " pixels " +
                                      std::to_string(static_cast<int>(pixels)) + " chunk " +
                                      std::to_string(c.chunk_bytes);
            ASSERT_EQ(d.error, "") << label;
            EXPECT_EQ(d.width, static_cast<png_uint_32>(c.width)) << label;
            EXPECT_EQ(d.height, static_cast<png_uint_32>(c.height)) << label;
            EXPECT_EQ(d.depth, pixels == PngPixels::gray16 ? 16 : 8) << label;
            EXPECT_EQ(d.colour, pixels == PngPixels::rgb8 ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_GRAY)
                << label;
            ASSERT_EQ(d.pixels, image) << label;
            const std::size_t filtered = size + static_cast<std::size_t>(c.height);  // a filter byte per row
            EXPECT_EQ(w.stats.chunks, (filtered + c.chunk_bytes - 1) / c.chunk_bytes) << label;
        }
    }
}

TEST(PngStreamWriter, ADamagedFileIsCaught) {
    // Shows the reader above can fail: one flipped bit in the image data.
    testing::TestDir dir;
    const Bytes image      = testing::pattern_bytes(64 * 64, 9);
    std::string file       = write_png(dir, 64, 64, PngPixels::gray8, image, with(2, 1000)).file;
    file[file.size() - 40] = static_cast<char>(file[file.size() - 40] ^ 4);
    EXPECT_NE(decode(file).error, "");
}

TEST(PngStreamWriter, SameBytesForOneTwoAndSevenThreads) {
    testing::TestDir dir;
    const int width = 777, height = 301;
    const Bytes image = testing::pattern_bytes(static_cast<std::size_t>(width) * height * 2, 11);
    const std::vector<PngTextChunk> texts{{"noise-explorer-preset", "{\"seed\": 7}"}};
    const std::string one =
        write_png(dir, width, height, PngPixels::gray16, image, with(1, 5000), texts).file;
    EXPECT_EQ(write_png(dir, width, height, PngPixels::gray16, image, with(2, 5000), texts).file, one);
    EXPECT_EQ(write_png(dir, width, height, PngPixels::gray16, image, with(7, 5000), texts).file, one);
    // The check can fail: another chunk size cuts the stream elsewhere.
    EXPECT_NE(write_png(dir, width, height, PngPixels::gray16, image, with(1, 5001), texts).file, one);
}

// The chunk types in file order, after checking the signature.
std::vector<std::string> chunk_types(const std::string& file) {
    std::vector<std::string> types;
    if (file.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0) return {"no signature"};
    for (std::size_t at = 8; at + 12 <= file.size();) {
        const auto byte = [&](std::size_t i) {
            return static_cast<std::uint32_t>(static_cast<unsigned char>(file[i]));
        };
        const std::uint32_t length = byte(at) << 24 | byte(at + 1) << 16 | byte(at + 2) << 8 | byte(at + 3);
        types.push_back(file.substr(at + 4, 4));
        at += 12 + length;
    }
    return types;
}

TEST(PngStreamWriter, TextChunksComeFirstInTheirOrder) {
    testing::TestDir dir;
    const std::vector<PngTextChunk> texts{
        {"noise-explorer-preset", "{\n  \"octaves\": 5\n}\n"}, {"b second", "two"}, {"Comment", ""}};
    const Bytes image = testing::pattern_bytes(300 * 200, 12);
    const Written w   = write_png(dir, 300, 200, PngPixels::gray8, image, with(2, 4000), texts);
    const Decoded d   = decode(w.file);
    ASSERT_EQ(d.error, "");
    ASSERT_EQ(d.texts.size(), 3u);
    for (std::size_t i = 0; i < texts.size(); ++i) {
        EXPECT_EQ(d.texts[i].first, texts[i].key);
        EXPECT_EQ(d.texts[i].second, texts[i].text);
    }
    EXPECT_EQ(d.texts_after_image, 0);
    const auto types = chunk_types(w.file);
    ASSERT_GE(types.size(), 6u);
    EXPECT_EQ(types[0], "IHDR");
    EXPECT_EQ(types[1], "tEXt");
    EXPECT_EQ(types[2], "tEXt");
    EXPECT_EQ(types[3], "tEXt");
    for (std::size_t i = 4; i + 1 < types.size(); ++i) EXPECT_EQ(types[i], "IDAT") << i;
    EXPECT_EQ(types.back(), "IEND");
    EXPECT_EQ(types.size() - 5, w.stats.chunks);  // one IDAT per compressed chunk
}

TEST(PngStreamWriter, ChunksInFlightStayBoundedWhateverTheHeight) {
    testing::TestDir dir;
    PngCompression compression    = with(2, 3000);
    compression.chunks_per_thread = 2;
    const int width               = 500;
    const auto run                = [&](int height) {
        const Bytes image = testing::pattern_bytes(static_cast<std::size_t>(width) * height, 13);
        return write_png(dir, width, height, PngPixels::gray8, image, compression);
    };
    const Written short_image = run(100), tall = run(2000);
    EXPECT_EQ(tall.max_in_flight, 4u);
    EXPECT_GT(tall.stats.chunks, 300u);
    EXPECT_LE(tall.stats.peak_in_flight, tall.max_in_flight);
    EXPECT_LE(tall.stats.peak_buffer_bytes, tall.buffer_bound);
    EXPECT_EQ(tall.stats.peak_buffer_bytes,
              short_image.stats.peak_buffer_bytes);  // 20x the rows, same memory
}

TEST(PngStreamWriter, MisuseIsRefused) {
    testing::TestDir dir;
    AtomicFile file(dir / "x.png", true);
    EXPECT_THROW(PngStreamWriter(file, 0, 5, PngPixels::gray8, {}), std::invalid_argument);
    for (const std::string& key :
         std::vector<std::string>{"", " lead", "trail ", "two  spaces", std::string(80, 'k'), "ctl\x01"}) {
        const std::vector<PngTextChunk> texts{{key, "text"}};
        EXPECT_THROW(PngStreamWriter(file, 4, 4, PngPixels::gray8, texts), std::invalid_argument) << key;
    }
    const std::vector<PngTextChunk> nul{{"key", std::string("a\0b", 3)}};
    EXPECT_THROW(PngStreamWriter(file, 4, 4, PngPixels::gray8, nul), std::invalid_argument);

    PngStreamWriter png(file, 4, 2, PngPixels::gray16, {});
    EXPECT_EQ(png.row_bytes(), 8u);
    const Bytes row(8, 1), short_row(7, 1);
    EXPECT_THROW(png.write_row(short_row), std::invalid_argument);
    png.write_row(row);
    EXPECT_THROW(png.finish(), std::logic_error);
    png.write_row(row);
    EXPECT_THROW(png.write_row(row), std::logic_error);
    png.finish();
}

}  // namespace
}  // namespace app
