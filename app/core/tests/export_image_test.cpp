// export_image in-process: bytes against noise::render, the preset inside the PNG, cancellation,
// and the promise that failures leave nothing behind.
#include "core/export_image.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include <csignal>

#include "core/png_text.hpp"
#include "core/value_mapping.hpp"
#include "test_dir.hpp"

namespace app {
namespace {

using testing::read;

ExportRequest req(ImageSize size, ExportFormat format, std::filesystem::path path, bool overwrite = false,
                  std::optional<noise::Region> region = std::nullopt) {
    ExportRequest request;
    request.size      = size;
    request.format    = format;
    request.path      = std::move(path);
    request.overwrite = overwrite;
    request.region    = region;
    return request;
}

Preset hills() {
    Preset p;
    p.params.octaves   = 4;
    p.params.frequency = 3.0;
    p.params.seed      = 7;
    p.view.ramp        = Ramp::terrain;
    p.name             = "test";
    return p;
}

TEST(ExportImage, R16BytesAreTheRenderedValuesLittleEndian) {
    testing::TestDir dir;
    const Preset preset         = hills();
    const ExportRequest request = req({37, 23}, ExportFormat::r16, dir / "h.r16");
    const auto result           = export_image(preset, request);
    EXPECT_EQ(result.files.size(), 2u);
    const std::string bytes = read(dir / "h.r16");
    ASSERT_EQ(bytes.size(), 37u * 23u * 2u);
    std::vector<float> raw(37 * 23);
    ASSERT_TRUE(noise::render(preset.params, noise::Region::full(37, 23), raw));
    for (std::size_t i = 0; i < raw.size(); ++i) {
        const auto lo = static_cast<unsigned char>(bytes[2 * i]),
                   hi = static_cast<unsigned char>(bytes[2 * i + 1]);
        ASSERT_EQ(lo | (hi << 8), to_gray16(unit_value(raw[i], {-1.0, 1.0}))) << i;
    }
    EXPECT_TRUE(std::filesystem::exists(dir / "h.r16.json"));
    EXPECT_EQ(dir.entry_count(), 2u);
}

TEST(ExportImage, PngCarriesItsPresetExactly) {
    testing::TestDir dir;
    Preset preset             = hills();
    preset.params.persistence = 0.7071067811865476;
    preset.view.mapping       = Mapping::stretch;
    for (auto format : {ExportFormat::png8, ExportFormat::rgb8, ExportFormat::png16}) {
        const auto file = dir / (std::string(export_format_names[static_cast<std::size_t>(format)]) + ".png");
        export_image(preset, req({16, 16}, format, file));
        EXPECT_EQ(load_preset(file), preset);
        const auto facts = read_png_text(file, png_export_key);
        ASSERT_TRUE(facts);
        EXPECT_NE(facts->find("\"mapping\": \"stretch\""), std::string::npos);
    }
}

// The free texts at their limits, in the bytes the writer spells longest (\u0001 for 0x01), with
// the longest curves in the field and its mask field: the largest preset the program can write.
Preset largest_preset() {
    Preset p        = hills();
    p.name          = std::string(preset_name_limit, '\x01');
    p.description   = std::string(preset_description_limit, '\x1f');
    auto long_curve = [] {
        std::vector<noise::CurvePoint> curve;
        for (std::size_t i = 0; i < noise::curve_max_points; ++i) {
            const double x = static_cast<double>(i) / static_cast<double>(noise::curve_max_points - 1);
            curve.push_back({x, 0.1 + 0.8 * x * x + 1e-17 * static_cast<double>(i)});
        }
        return curve;
    };
    p.params.curve          = long_curve();
    p.params.mask           = noise::MaskMode::select;
    noise::Params mask      = p.params;
    mask.mask               = noise::MaskMode::none;
    mask.seed               = 0xFFFFFFFFu;
    mask.persistence        = 0.7071067811865476;
    p.params.mask_field     = {mask};
    p.params.mask_threshold = 0.4142135623730951;
    return p;
}

TEST(ExportImage, TheLargestPresetReadsBackFromEveryFormatThatCarriesIt) {
    testing::TestDir dir;
    const Preset preset = largest_preset();
    ASSERT_TRUE(noise::validate(preset.params).empty()) << noise::validate(preset.params);
    EXPECT_GT(preset_to_json(preset).size(), 6 * (preset_name_limit + preset_description_limit));
    for (std::size_t i = 0; i < export_format_names.size(); ++i) {
        const auto format = static_cast<ExportFormat>(i);
        const auto file   = dir / ("out-" + std::string(export_format_names[i]) +
                                 std::string(export_format_extension(format)));
        export_image(preset, req({8, 8}, format, file));
        EXPECT_EQ(load_preset(file), preset) << export_format_names[i];
    }
    save_preset(preset, dir / "saved.json", false);
    EXPECT_EQ(load_preset(dir / "saved.json"), preset);
}

TEST(ExportImage, TextsPastTheirLimitsAreRefusedNamingTheKey) {
    Preset preset = hills();
    preset.name   = std::string(preset_name_limit + 1, 'a');
    try {
        parse_preset_json(preset_to_json(preset), "long.json");
        FAIL() << "a name past the limit was read";
    } catch (const PresetError& error) {
        EXPECT_EQ(std::string(error.what()),
                  "long.json: key 'name': the text is 1025 bytes long: expected at most "
                  "1024 bytes");
    }
    preset.name        = {};
    preset.description = std::string(preset_description_limit + 1, 'a');
    EXPECT_THROW(parse_preset_json(preset_to_json(preset), "long.json"), PresetError);
}

TEST(ExportImage, ExistingFileIsRefusedUntouched) {
    testing::TestDir dir;
    const auto file = dir / "out.png";
    std::ofstream(file) << "precious";
    try {
        export_image(hills(), req({8, 8}, ExportFormat::png16, file));
        FAIL();
    } catch (const ExportError& error) {
        EXPECT_EQ(error.cause(), ExportError::Cause::exists);
    }
    EXPECT_EQ(read(file), "precious");
    // r16: an existing sidecar also stops the export before anything is written.
    std::ofstream(dir / "h.r16.json") << "{}";
    EXPECT_THROW(export_image(hills(), req({8, 8}, ExportFormat::r16, dir / "h.r16")), ExportError);
    EXPECT_EQ(dir.entry_count(), 2u);
    export_image(hills(), req({8, 8}, ExportFormat::png16, file, true));
    EXPECT_EQ(load_preset(file), hills());
}

TEST(ExportImage, CancelLeavesNoFileAndProgressReachesOne) {
    testing::TestDir dir;
    std::atomic<bool> cancel{true};
    std::atomic<double> progress{0.0};
    try {
        export_image(hills(), req({64, 64}, ExportFormat::png16, dir / "c.png"), &cancel, &progress);
        FAIL();
    } catch (const ExportError& error) {
        EXPECT_EQ(error.cause(), ExportError::Cause::cancelled);
    }
    EXPECT_EQ(dir.entry_count(), 0u);
    cancel = false;
    export_image(hills(), req({64, 64}, ExportFormat::png16, dir / "c.png"), &cancel, &progress);
    EXPECT_EQ(progress.load(), 1.0);
}

TEST(ExportImage, RegionWindowsTileTheFullR16) {
    testing::TestDir dir;
    Preset preset       = hills();
    preset.view.mapping = Mapping::stretch;  // the range must come from the full image, not the window
    const int w = 30, h = 20;
    export_image(preset, req({w, h}, ExportFormat::r16, dir / "full.r16"));
    const std::string full = read(dir / "full.r16");
    const int xs[] = {0, 7, 30}, ys[] = {0, 13, 20};
    for (int j = 0; j < 2; ++j)
        for (int i = 0; i < 2; ++i) {
            const auto file = dir / ("part" + std::to_string(i) + std::to_string(j) + ".r16");
            export_image(preset, req({w, h}, ExportFormat::r16, file, false,
                                     noise::Region{w, h, xs[i], ys[j], xs[i + 1], ys[j + 1]}));
            const std::string part = read(file);
            const int cols         = xs[i + 1] - xs[i];
            ASSERT_EQ(part.size(), static_cast<std::size_t>(cols * (ys[j + 1] - ys[j]) * 2));
            for (int y = ys[j]; y < ys[j + 1]; ++y)
                ASSERT_EQ(part.substr(static_cast<std::size_t>((y - ys[j]) * cols * 2),
                                      static_cast<std::size_t>(cols * 2)),
                          full.substr(static_cast<std::size_t>((y * w + xs[i]) * 2),
                                      static_cast<std::size_t>(cols * 2)));
        }
}

TEST(ExportImage, InvalidRequestsAreOneLineErrors) {
    testing::TestDir dir;
    EXPECT_THROW(export_image(hills(), req({0, 8}, ExportFormat::png8, dir / "a.png")), ExportError);
    EXPECT_THROW(export_image(hills(), req({8, 8}, ExportFormat::png8, dir / "a.png", false,
                                           noise::Region{8, 8, 4, 4, 9, 9})),
                 ExportError);
    Preset bad            = hills();
    bad.params.tile       = 4;
    bad.params.lacunarity = 2.5;
    EXPECT_THROW(export_image(bad, req({8, 8}, ExportFormat::png8, dir / "a.png")), ExportError);
    EXPECT_EQ(dir.entry_count(), 0u);
}

// A caption is painted on the rows of a whole 8- or 16-bit PNG; anything else is refused before a
// file is made, in one line that says so.
TEST(ExportImage, ACaptionOnlyGoesOnAWholePng) {
    testing::TestDir dir;
    for (const ExportFormat format : {ExportFormat::r16, ExportFormat::normal8, ExportFormat::exr32}) {
        ExportRequest request = req({8, 8}, format, dir / "a");
        request.caption       = "z = 0.250";
        try {
            export_image(hills(), request);
            ADD_FAILURE() << export_format_names[static_cast<std::size_t>(format)] << " took a caption";
        } catch (const ExportError& error) {
            EXPECT_STREQ(error.what(), "caption: only png8, rgb8 and png16 images take a caption");
        }
    }
    ExportRequest window =
        req({8, 8}, ExportFormat::png8, dir / "a.png", false, noise::Region{8, 8, 0, 0, 4, 4});
    window.caption = "z = 0.250";
    EXPECT_THROW(export_image(hills(), window), ExportError);
    EXPECT_EQ(dir.entry_count(), 0u);
}

// r16 and its sidecar land together. A file size limit that the 8x8 raw file (128 bytes) fits
// in and the sidecar (the preset and facts, about 2 KB) does not fails the export at the
// sidecar; before commit_together the new .r16 was already in place then, beside the old .json.
TEST(ExportImage, R16AndSidecarLandAsAPairOrNotAtAll) {
    testing::TestDir dir;
    const auto raw = dir / "pair.r16", sidecar = dir / "pair.r16.json";
    std::ofstream(raw) << "old data";
    std::ofstream(sidecar) << "old facts";
    const auto previous_handler = std::signal(SIGXFSZ, SIG_IGN);
    struct rlimit previous {};
    ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &previous), 0);
    struct rlimit limit = previous;
    limit.rlim_cur      = 1024;
    ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &limit), 0);
    std::string message;
    try {
        export_image(hills(), req({8, 8}, ExportFormat::r16, raw, true));
    } catch (const ExportError& error) {
        message = error.what();
    }
    ::setrlimit(RLIMIT_FSIZE, &previous);
    std::signal(SIGXFSZ, previous_handler);
    EXPECT_NE(message.find("pair.r16.json': cannot write: the file size limit was reached"),
              std::string::npos)
        << message;
    EXPECT_EQ(read(raw), "old data");
    EXPECT_EQ(read(sidecar), "old facts");
    EXPECT_EQ(dir.entry_count(), 2u);

    // Without the limit both are replaced, and the sidecar describes the new data.
    const auto result = export_image(hills(), req({8, 8}, ExportFormat::r16, raw, true));
    EXPECT_EQ(read(raw).size(), 128u);
    EXPECT_NE(read(sidecar).find("\"raw_min\": " + std::to_string(static_cast<int>(result.range.lo))),
              std::string::npos);
    EXPECT_EQ(dir.entry_count(), 2u);
}

// Targets that are not regular files are refused before rendering, even with overwrite.
TEST(ExportImage, OnlyRegularFilesAreReplaced) {
    testing::TestDir dir;
    ASSERT_EQ(::mkfifo((dir / "fifo.png").c_str(), 0644), 0);
    ASSERT_EQ(::mkfifo((dir / "h.r16.json").c_str(), 0644), 0);
    for (const auto& [format, name] :
         {std::pair{ExportFormat::png16, "fifo.png"}, {ExportFormat::r16, "h.r16"}}) {
        try {
            export_image(hills(), req({8, 8}, format, dir / name, true));
            ADD_FAILURE() << name << " was accepted";
        } catch (const ExportError& error) {
            EXPECT_EQ(error.cause(), ExportError::Cause::other);
            EXPECT_NE(std::string(error.what()).find("is a FIFO (named pipe), not a regular file"),
                      std::string::npos)
                << error.what();
        }
    }
    EXPECT_EQ(dir.entry_count(), 2u);  // the two FIFOs, no h.r16, no temp file
}

}  // namespace
}  // namespace app
