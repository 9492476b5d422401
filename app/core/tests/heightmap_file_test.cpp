// Heightmap files: every format's samples at known texels against what the file holds, and the
// files that must be refused in one line (truncated, lying, huge, of another kind); the preset's
// and --set's reading of them, relative names, and the layer File > Import adds.
#include "core/heightmap_file.hpp"

#include <ImfChannelList.h>
#include <ImfFrameBuffer.h>
#include <ImfHeader.h>
#include <ImfOutputFile.h>
#include <gtest/gtest.h>
#include <png.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <span>
#include <vector>

#include "core/atomic_file.hpp"
#include "core/exr_stream_writer.hpp"
#include "core/png_text.hpp"
#include "core/preset.hpp"
#include "core/read_limited.hpp"
#include "noise/layer_stack.hpp"
#include "noise/noise.hpp"
#include "test_dir.hpp"

namespace app {
namespace {

using testing::TestDir;

void write_bytes(const std::filesystem::path& file, const std::string& bytes) {
    std::ofstream(file, std::ios::binary) << bytes;
}

std::string read_bytes(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

// A PNG written by libpng itself: `channels` samples a pixel of `depth` bits, big-endian when 16.
void write_png(const std::filesystem::path& file, int width, int height, int colour_type, int depth,
               const std::vector<std::uint16_t>& samples, bool interlaced = false,
               const std::string& preset = "") {
    FILE* out       = std::fopen(file.c_str(), "wb");
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
    png_infop info  = png_create_info_struct(png);
    png_init_io(png, out);
    png_set_IHDR(png, info, width, height, depth, colour_type,
                 interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_text text{};
    text.compression = PNG_TEXT_COMPRESSION_NONE;
    text.key         = const_cast<char*>("noise-explorer-preset");
    text.text        = const_cast<char*>(preset.c_str());
    if (!preset.empty()) png_set_text(png, info, &text, 1);
    png_write_info(png, info);
    const int channels = static_cast<int>(samples.size()) / (width * height);
    std::vector<png_byte> bytes;
    for (std::uint16_t v : samples) {
        if (depth == 16) bytes.push_back(static_cast<png_byte>(v >> 8));
        bytes.push_back(static_cast<png_byte>(v & 0xff));
    }
    std::vector<png_bytep> rows(height);
    const std::size_t row_bytes = static_cast<std::size_t>(width) * channels * (depth / 8);
    for (int y = 0; y < height; ++y) rows[y] = bytes.data() + y * row_bytes;
    png_write_image(png, rows.data());
    png_write_end(png, nullptr);
    png_destroy_write_struct(&png, &info);
    std::fclose(out);
}

std::vector<std::uint16_t> ramp(int count, int scale, int step = 7) {
    std::vector<std::uint16_t> v(count);
    for (int i = 0; i < count; ++i) v[i] = static_cast<std::uint16_t>((i * step) % (scale + 1));
    return v;
}

// The one-line message of read_heightmap on `file`, or "(no error)".
std::string error_of(const std::filesystem::path& file) {
    try {
        read_heightmap(file);
    } catch (const HeightmapError& error) {
        EXPECT_EQ(std::string(error.what()).find('\n'), std::string::npos) << error.what();
        return error.what();
    }
    return "(no error)";
}

std::string big_endian(std::uint32_t v) {
    return {static_cast<char>(v >> 24), static_cast<char>(v >> 16), static_cast<char>(v >> 8),
            static_cast<char>(v)};
}

// A PNG chunk with its CRC.
std::string chunk(const std::string& type, const std::string& data) {
    std::string body = type + data;
    const auto crc   = static_cast<std::uint32_t>(
        crc32(0, reinterpret_cast<const Bytef*>(body.data()), static_cast<uInt>(body.size())));
    return big_endian(static_cast<std::uint32_t>(data.size())) + body + big_endian(crc);
}

// [SECTION] PNG -------------------------------------------------------------------------------

TEST(HeightmapFile, Png8And16BitGreyAreTheFilesSamples) {
    TestDir dir;
    const auto grey8 = ramp(5 * 3, 255, 37);
    write_png(dir / "g8.png", 5, 3, PNG_COLOR_TYPE_GRAY, 8, grey8);
    const noise::HeightSamples a = read_heightmap(dir / "g8.png");
    ASSERT_EQ(a.width, 5);
    ASSERT_EQ(a.height, 3);
    for (int i = 0; i < 15; ++i) EXPECT_EQ(a.values[i], static_cast<float>(grey8[i] / 255.0)) << i;
    EXPECT_EQ(a.values[2 * 5 + 4], static_cast<float>(grey8[14] / 255.0));  // the bottom right: row-major

    auto grey16 = ramp(7 * 4, 65535, 9973);
    grey16[0]   = 65535;
    grey16[1]   = 0;
    for (bool interlaced : {false, true}) {
        write_png(dir / "g16.png", 7, 4, PNG_COLOR_TYPE_GRAY, 16, grey16, interlaced);
        const noise::HeightSamples b = read_heightmap(dir / "g16.png");
        ASSERT_EQ(b.width, 7);
        ASSERT_EQ(b.height, 4);
        for (int i = 0; i < 28; ++i) EXPECT_EQ(b.values[i], static_cast<float>(grey16[i] / 65535.0)) << i;
        EXPECT_EQ(b.values[0], 1.0f);
        EXPECT_EQ(b.values[1], 0.0f);
    }
}

TEST(HeightmapFile, PngColourIsItsLuminanceGreyStaysExactAlphaIsIgnored) {
    TestDir dir;
    // Grey pixels stored as RGBA keep their grey; the alpha changes nothing.
    std::vector<std::uint16_t> rgba;
    const std::uint16_t greys[] = {0, 65535, 12345, 40000};
    for (std::uint16_t g : greys) rgba.insert(rgba.end(), {g, g, g, static_cast<std::uint16_t>(g / 3)});
    write_png(dir / "rgba16.png", 2, 2, PNG_COLOR_TYPE_RGBA, 16, rgba);
    const noise::HeightSamples grey = read_heightmap(dir / "rgba16.png");
    for (int i = 0; i < 4; ++i) EXPECT_EQ(grey.values[i], static_cast<float>(greys[i] / 65535.0)) << i;

    // A coloured pixel: Rec. 709 luminance, to libpng's fixed-point precision.
    write_png(dir / "rgb8.png", 1, 1, PNG_COLOR_TYPE_RGB, 8, {200, 100, 50});
    EXPECT_NEAR(read_heightmap(dir / "rgb8.png").values[0], (0.2126 * 200 + 0.7152 * 100 + 0.0722 * 50) / 255,
                1.0 / 255);

    write_png(dir / "ga8.png", 2, 1, PNG_COLOR_TYPE_GRAY_ALPHA, 8, {10, 0, 250, 255});
    const noise::HeightSamples ga = read_heightmap(dir / "ga8.png");
    EXPECT_EQ(ga.values[0], static_cast<float>(10 / 255.0));
    EXPECT_EQ(ga.values[1], static_cast<float>(250 / 255.0));
}

TEST(HeightmapFile, TruncatedOrDamagedPngIsRefusedInOneLine) {
    TestDir dir;
    write_png(dir / "whole.png", 64, 64, PNG_COLOR_TYPE_GRAY, 16, ramp(64 * 64, 65535, 4099));
    const std::string whole = read_bytes(dir / "whole.png");
    write_bytes(dir / "cut.png", whole.substr(0, whole.size() / 2));
    // Known from the image data's declared length, before libpng reads it.
    const std::string cut = error_of(dir / "cut.png");
    EXPECT_EQ(cut.rfind((dir / "cut.png").string() + ": chunk 'IDAT' at byte 33 declares ", 0), 0u) << cut;
    EXPECT_TRUE(cut.ends_with(" left (a truncated PNG)")) << cut;
    std::string flipped = whole;
    flipped[whole.size() / 2] ^= 0x55;  // inside the image data: its CRC no longer matches
    write_bytes(dir / "flipped.png", flipped);
    EXPECT_EQ(error_of(dir / "flipped.png").rfind((dir / "flipped.png").string() + ": damaged PNG: ", 0), 0u);
}

TEST(HeightmapFile, HugePngHeaderIsRefusedBeforeItsImage) {
    TestDir dir;
    for (auto [w, h] : {std::pair{100000u, 100000u}, {16385u, 1u}, {8193u, 8192u}}) {
        const std::string ihdr = big_endian(w) + big_endian(h) + std::string("\x10\x00\x00\x00\x00", 5);
        // No image data at all (an empty IDAT): the refusal comes from the header, before any row
        // is allocated.
        write_bytes(dir / "huge.png",
                    std::string(png_signature) + chunk("IHDR", ihdr) + chunk("IDAT", "") + chunk("IEND", ""));
        EXPECT_EQ(error_of(dir / "huge.png"),
                  (dir / "huge.png").string() + ": the PNG declares " + std::to_string(w) + " x " +
                      std::to_string(h) +
                      " samples: a heightmap may have at most 16384 on a side and 67108864 samples in all "
                      "(8192 x 8192)");
    }
}

// [SECTION] Raw r16 / r32 ---------------------------------------------------------------------

std::string r16_bytes(const std::vector<std::uint16_t>& samples) {
    std::string bytes;
    for (std::uint16_t v : samples) bytes += {static_cast<char>(v & 0xff), static_cast<char>(v >> 8)};
    return bytes;
}

std::string r32_bytes(const std::vector<float>& samples) {
    std::string bytes;
    for (float f : samples) {
        const auto v = std::bit_cast<std::uint32_t>(f);
        bytes += {static_cast<char>(v), static_cast<char>(v >> 8), static_cast<char>(v >> 16),
                  static_cast<char>(v >> 24)};
    }
    return bytes;
}

TEST(HeightmapFile, RawWithItsSidecarAndSquareWithout) {
    TestDir dir;
    const auto samples = ramp(6 * 2, 65535, 11111);
    write_bytes(dir / "a.r16", r16_bytes(samples));
    write_bytes(dir / "a.r16.json", R"({"format": "r16", "byte_order": "little-endian", "sample": "uint16",
                                        "width": 6, "height": 2, "preset": {}})");
    const noise::HeightSamples a = read_heightmap(dir / "a.r16");
    ASSERT_EQ(a.width, 6);
    ASSERT_EQ(a.height, 2);
    for (int i = 0; i < 12; ++i) EXPECT_EQ(a.values[i], static_cast<float>(samples[i] / 65535.0)) << i;

    // Without the sidecar: a square.
    write_bytes(dir / "sq.r16", r16_bytes(ramp(9, 65535)));
    EXPECT_EQ(read_heightmap(dir / "sq.r16").width, 3);
    const std::vector<float> floats{-0.5f, 0.25f, 1.75f, 1e-30f};
    write_bytes(dir / "sq.r32", r32_bytes(floats));
    const noise::HeightSamples b = read_heightmap(dir / "sq.r32");
    ASSERT_EQ(b.width, 2);
    EXPECT_EQ(b.values, floats);  // as stored, outside [0, 1] too
    write_bytes(dir / "wide.r16", r16_bytes(ramp(12, 65535)));
    EXPECT_EQ(
        error_of(dir / "wide.r16"),
        (dir / "wide.r16").string() +
            ": 24 bytes are not a square of uint16 samples: expected its sidecar wide.r16.json (width and "
            "height) beside it");
}

TEST(HeightmapFile, LyingOrHugeSidecarAndBadSamplesAreRefused) {
    TestDir dir;
    write_bytes(dir / "lie.r16", r16_bytes(ramp(99, 65535)));
    write_bytes(dir / "lie.r16.json", R"({"format": "r16", "sample": "uint16", "width": 10, "height": 10})");
    EXPECT_EQ(error_of(dir / "lie.r16"),
              (dir / "lie.r16").string() +
                  ": holds 198 bytes, but its sidecar says 10 x 10 uint16 samples (200 "
                  "bytes)");
    write_bytes(dir / "huge.r32", r32_bytes({0.5f}));
    write_bytes(dir / "huge.r32.json",
                R"({"format": "r32", "sample": "float32", "width": 16384, "height": 16384})");
    EXPECT_EQ(error_of(dir / "huge.r32"),
              (dir / "huge.r32.json").string() +
                  ": the sidecar declares 16384 x 16384 samples: a heightmap may have at "
                  "most 16384 on a side and 67108864 samples in all (8192 x 8192)");
    write_bytes(dir / "nan.r32", r32_bytes({0.5f, 0.5f, std::numeric_limits<float>::quiet_NaN(), 0.5f}));
    EXPECT_EQ(error_of(dir / "nan.r32"),
              (dir / "nan.r32").string() + ": the sample at x 0, y 1 is NaN: expected finite heights");
    write_bytes(dir / "broken.r16", r16_bytes(ramp(4, 65535)));
    write_bytes(dir / "broken.r16.json", R"({"width": 2, "height": )");
    EXPECT_EQ(error_of(dir / "broken.r16").rfind((dir / "broken.r16.json").string() + ":", 0), 0u);
    write_bytes(dir / "notes.txt", "hello");
    EXPECT_EQ(
        error_of(dir / "notes.txt"),
        (dir / "notes.txt").string() +
            ": not a PNG or OpenEXR file, nor named .r16, .raw or .r32: expected a PNG, r16, r32 or OpenEXR "
            "heightmap");
    EXPECT_EQ(error_of(dir / "missing.png"), (dir / "missing.png").string() + ": heightmap file not found");
}

// [SECTION] OpenEXR ---------------------------------------------------------------------------

std::vector<float> exr_samples(int width, int height) {
    std::vector<float> v(static_cast<std::size_t>(width) * height);
    for (std::size_t i = 0; i < v.size(); ++i)
        v[i] = static_cast<float>(std::sin(0.37 * static_cast<double>(i)) * 1.5 + 0.25);
    return v;
}

// What an exr32 export writes: ExrStreamWriter, ZIP, in bands.
void write_export_exr(const std::filesystem::path& file, int width, int height, const std::vector<float>& v) {
    AtomicFile out(file, true);
    ExrStreamWriter exr(out, width, height, {{"noiseExplorerPreset", "{}"}});
    const std::size_t band = static_cast<std::size_t>(width) * std::min(height, 5);
    exr.write_rows(std::span(v).first(band));
    exr.write_rows(std::span(v).subspan(band));
    exr.finish();
    out.commit();
}

void write_openexr(const std::filesystem::path& file, int width, int height, const std::vector<float>& v,
                   Imf::Compression compression) {
    Imf::Header header(width, height);
    header.channels().insert("Y", Imf::Channel(Imf::FLOAT));
    header.compression() = compression;
    Imf::OutputFile out(file.c_str(), header);
    Imf::FrameBuffer frame;
    frame.insert("Y", Imf::Slice::Make(Imf::FLOAT, v.data(), Imath::V2i(0, 0), width, height));
    out.setFrameBuffer(frame);
    out.writePixels(height);
}

TEST(HeightmapFile, ExrExportsAndUncompressedOrZipsAreTheFilesSamples) {
    TestDir dir;
    const int w = 19, h = 37;  // 37 rows: two whole ZIP chunks of 16 and a short one
    const auto v = exr_samples(w, h);
    write_export_exr(dir / "export.exr", w, h, v);
    const noise::HeightSamples a = read_heightmap(dir / "export.exr");
    ASSERT_EQ(a.width, w);
    ASSERT_EQ(a.height, h);
    EXPECT_EQ(a.values, v);
    for (auto compression : {Imf::NO_COMPRESSION, Imf::ZIPS_COMPRESSION, Imf::ZIP_COMPRESSION}) {
        write_openexr(dir / "other.exr", w, h, v, compression);
        EXPECT_EQ(read_heightmap(dir / "other.exr").values, v) << compression;
    }
    // A flat image: deflate shrinks it, and the chunks of noise do not shrink (stored as they are).
    const std::vector<float> flat(static_cast<std::size_t>(w) * h, 0.5f);
    write_export_exr(dir / "flat.exr", w, h, flat);
    EXPECT_EQ(read_heightmap(dir / "flat.exr").values, flat);
}

TEST(HeightmapFile, OtherExrCompressionTruncatedOrHugeIsRefusedInOneLine) {
    TestDir dir;
    const auto v = exr_samples(16, 16);
    write_openexr(dir / "piz.exr", 16, 16, v, Imf::PIZ_COMPRESSION);
    EXPECT_EQ(
        error_of(dir / "piz.exr"),
        (dir / "piz.exr").string() +
            ": PIZ compression is not read here: expected ZIP (what exr32 exports write), ZIPS or none");
    write_export_exr(dir / "whole.exr", 16, 16, v);
    const std::string whole = read_bytes(dir / "whole.exr");
    write_bytes(dir / "cut.exr", whole.substr(0, whole.size() - 10));
    EXPECT_NE(error_of(dir / "cut.exr").find("(a truncated OpenEXR file)"), std::string::npos)
        << error_of(dir / "cut.exr");
    // The dataWindow made huge: refused from the header (the file holds 16 x 16 samples).
    std::string huge       = whole;
    const auto window      = huge.find(std::string("dataWindow\0box2i\0", 17));
    const std::size_t xmax = window + 17 + 4 + 8;
    ASSERT_NE(window, std::string::npos);
    huge.replace(xmax, 8, std::string("\xff\x7f\x00\x00\xff\x7f\x00\x00", 8));  // 32767 x 32767
    write_bytes(dir / "huge.exr", huge);
    EXPECT_EQ(
        error_of(dir / "huge.exr"),
        (dir / "huge.exr").string() +
            ": the OpenEXR dataWindow declares 32768 x 32768 samples: a heightmap may have at most 16384 on "
            "a side and 67108864 samples in all (8192 x 8192)");
    std::string nan = whole;
    write_openexr(dir / "nan.exr", 2, 1, {0.5f, std::numeric_limits<float>::infinity()}, Imf::NO_COMPRESSION);
    EXPECT_EQ(error_of(dir / "nan.exr"),
              (dir / "nan.exr").string() + ": the sample at x 1, y 0 is infinite: expected finite heights");
}

// [SECTION] Presets, --set and the imported layer ----------------------------------------------

std::string preset_with_heightmap(const std::string& name) {
    return R"({"format": "noise-explorer-preset", "version": 2, "stack": [{"source": "heightmap", "heightmap": )" +
           nlohmann::json(name).dump() + "}]}";
}

TEST(HeightmapFile, PresetsReadRelativeNamesFromTheirFolderAndKeepThemAbsolute) {
    TestDir dir;
    std::filesystem::create_directories(dir / "maps");
    std::filesystem::create_directories(dir / "presets");
    write_png(dir / "maps/m.png", 3, 3, PNG_COLOR_TYPE_GRAY, 8, ramp(9, 255, 29));
    write_bytes(dir / "presets/p.json", preset_with_heightmap("../maps/m.png"));
    const Preset p = load_preset(dir / "presets/p.json");
    ASSERT_EQ(p.params.stack.size(), 1u);
    EXPECT_EQ(p.params.stack[0].heightmap, (dir / "maps/m.png").string());
    ASSERT_TRUE(p.params.stack[0].heightmap_image.samples);
    EXPECT_EQ(p.params.stack[0].heightmap_image.samples->values[4],
              static_cast<float>(ramp(9, 255, 29)[4] / 255.0));
    // What it writes reopens from anywhere: the name is absolute.
    EXPECT_EQ(parse_preset_json(preset_to_json(p), "again"), p);

    // Text without a file: the current directory.
    try {
        parse_preset_json(preset_with_heightmap("no-such-map.png"), "p.json");
        ADD_FAILURE() << "no error";
    } catch (const PresetError& error) {
        EXPECT_EQ(
            std::string(error.what()),
            "p.json: layer.2.heightmap: " + (std::filesystem::current_path() / "no-such-map.png").string() +
                ": heightmap file not found");
    }
    EXPECT_EQ(parse_preset_json(preset_with_heightmap("m.png"), "p.json", dir / "maps"), p);
}

TEST(HeightmapFile, SetReadsTheFileAndNamesTheWholeKey) {
    TestDir dir;
    write_png(dir / "m.png", 2, 2, PNG_COLOR_TYPE_GRAY, 16, {0, 1000, 2000, 65535});
    Preset p;
    apply_assignment(p, "layer.2.heightmap=" + (dir / "m.png").string());
    ASSERT_EQ(p.params.stack.size(), 1u);
    EXPECT_EQ(p.params.stack[0].source, noise::LayerSource::heightmap);
    EXPECT_EQ(p.params.stack[0].heightmap_image.samples->values[3], 1.0f);
    EXPECT_EQ(noise::validate(p.params), "");

    const Preset before = p;
    const auto error    = [&](const std::string& text) {
        try {
            apply_assignment(p, text);
        } catch (const PresetError& e) {
            return std::string(e.what());
        }
        return std::string("(no error)");
    };
    write_bytes(dir / "bad.png", "\x89PNG\r\n\x1a\n and then nothing of a PNG");
    EXPECT_EQ(error("layer.3.heightmap=" + (dir / "bad.png").string())
                  .rfind("--set: layer.3.heightmap: " + (dir / "bad.png").string() + ": ", 0),
              0u);
    EXPECT_EQ(error("layer.2.heightmap="),
              "--set: layer.2.heightmap: empty file name: expected a PNG, r16, r32 or OpenEXR heightmap");
    EXPECT_EQ(p, before);  // unchanged after each error
}

TEST(HeightmapFile, ImportedLayerCoversTheFrameOnTop) {
    noise::Params params;
    auto wide    = std::make_shared<noise::HeightSamples>();
    wide->width  = 4;
    wide->height = 2;
    wide->values.assign(8, 0.5f);
    ASSERT_EQ(add_heightmap_layer(params, "/maps/wide.png", wide), "");
    ASSERT_EQ(params.stack.size(), 1u);
    const noise::StackLayer& layer = params.stack[0];
    EXPECT_EQ(layer.name, "wide");
    EXPECT_EQ(layer.heightmap, "/maps/wide.png");
    EXPECT_EQ(layer.source, noise::LayerSource::heightmap);
    EXPECT_EQ(layer.blend, noise::BlendMode::normal);
    EXPECT_EQ(layer.map_width, 2.0);  // 1 high: the frame's height, its middle across the width
    EXPECT_EQ(layer.map_x, -0.5);
    EXPECT_EQ(layer.map_y, 0.0);
    // The whole picture is the image now: the normal blend at full opacity hides the field.
    const noise::FractalNoise noise(params);
    const noise::Range range = noise::nominal_range(params);
    const double v           = noise.at(
                  noise::Point{params.offset_x + 0.3 * params.frequency, params.offset_y + 0.6 * params.frequency});
    EXPECT_NEAR((v - range.lo) / (range.hi - range.lo), 0.5, 1e-12);

    for (int i = 0; i < 6; ++i) ASSERT_EQ(add_heightmap_layer(params, "/maps/more.png", wide), "");
    EXPECT_EQ(add_heightmap_layer(params, "/maps/more.png", wide),
              "all 8 layers are in use: remove one before importing a heightmap");
    noise::Params tiling;
    tiling.tile = 4;
    EXPECT_NE(add_heightmap_layer(tiling, "/maps/wide.png", wide).find("not allowed while tiling"),
              std::string::npos);
    EXPECT_TRUE(tiling.stack.empty());
}

TEST(HeightmapFile, ADroppedImageIsAHeightmapUnlessItCarriesAPreset) {
    TestDir dir;
    write_png(dir / "plain.png", 2, 2, PNG_COLOR_TYPE_GRAY, 8, {1, 2, 3, 4});
    write_png(dir / "export.png", 2, 2, PNG_COLOR_TYPE_GRAY, 8, {1, 2, 3, 4}, false,
              R"({"format": "noise-explorer-preset", "version": 1})");
    write_bytes(dir / "plain.r16", r16_bytes({1, 2, 3, 4}));
    write_bytes(dir / "p.json", R"({"format": "noise-explorer-preset", "version": 1})");
    EXPECT_FALSE(holds_preset(dir / "plain.png"));
    EXPECT_TRUE(holds_preset(dir / "export.png"));
    EXPECT_FALSE(holds_preset(dir / "plain.r16"));
    EXPECT_TRUE(holds_preset(dir / "p.json"));
    EXPECT_TRUE(holds_preset(dir / "missing.png"));  // load_preset says what is wrong
    write_export_exr(dir / "export.exr", 2, 2, {0, 1, 2, 3});
    EXPECT_TRUE(holds_preset(dir / "export.exr"));
    write_openexr(dir / "plain.exr", 2, 2, {0, 1, 2, 3}, Imf::ZIP_COMPRESSION);
    EXPECT_FALSE(holds_preset(dir / "plain.exr"));
}

}  // namespace
}  // namespace app
