// The library's preset reader (noise/preset.hpp): every shipped preset reads and writes back what
// it read; heightmap layers come from the library's reader or the caller's, named from the preset's
// folder; every error is one line naming the key. (app/core/tests/preset_test.cpp checks the program reads
// every shipped preset to the same settings and writes the same text.)
#include "noise/preset.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "noise/heightmap_file.hpp"
#include "noise/layer_stack.hpp"

namespace {

const std::filesystem::path presets_dir = std::filesystem::path(NOISE_EXPLORER_ASSETS_DIR) / "presets";

std::vector<std::filesystem::path> shipped() {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(presets_dir))
        if (entry.path().extension() == ".json") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

bool has_heightmap_layer(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    return text.str().find("\"heightmap\":") != std::string::npos;
}

std::string error_of(const std::string& text, const noise::PresetReadOptions& options = {}) {
    try {
        noise::parse_preset(text, "p.json", options);
    } catch (const noise::PresetError& error) {
        return error.what();
    }
    return "(no error)";
}

noise::HeightSamples two_by_two(const std::filesystem::path&) { return {2, 2, {0.f, 0.25f, 0.5f, 1.f}}; }

TEST(LibraryPreset, ReadsEveryShippedPresetAndWritesBackWhatItRead) {
    std::size_t read = 0;
    for (const auto& file : shipped()) {
        SCOPED_TRACE(file.filename().string());
        const noise::Preset preset = noise::load_preset(file, two_by_two);
        EXPECT_TRUE(noise::validate(preset.params).empty());
        EXPECT_TRUE(preset.program_sections.contains("view"));  // kept for the program
        const std::string text = noise::preset_to_json(preset);
        EXPECT_EQ(noise::parse_preset(text, "again", {.folder = {}, .read_heightmap = two_by_two}), preset);
        EXPECT_EQ(text.find('\t'), std::string::npos);
        ++read;
    }
    EXPECT_GE(read, 30u);
}

TEST(LibraryPreset, VersionsOneToThreeAreReadANewerOneIsRefused) {
    const std::string v1 = R"({"format": "noise-explorer-preset", "version": 1, "octaves": 3})";
    EXPECT_EQ(noise::parse_preset(v1, "v1.json").params.octaves, 3);
    const std::string v2 =
        R"({"format": "noise-explorer-preset", "version": 2, "stack": [{"source": "constant"}]})";
    EXPECT_EQ(noise::parse_preset(v2, "v2.json").params.stack.size(), 1u);
    const std::string v3 = R"({"format": "noise-explorer-preset", "version": 3, "placement": "world"})";
    EXPECT_EQ(noise::parse_preset(v3, "v3.json").params.placement, noise::Placement::world);
    EXPECT_EQ(error_of(R"({"format": "noise-explorer-preset", "version": 4})"),
              "p.json: key 'version': 4 is newer than this program reads: expected 3 (a newer noise-explorer "
              "wrote this preset)");
}

TEST(LibraryPreset, ErrorsAreOneLineNamingTheKey) {
    const std::string header = R"("format": "noise-explorer-preset", "version": 1)";
    EXPECT_EQ(error_of("{" + header + R"(, "octaves": 20})"),
              "p.json: key 'octaves': '20' is out of range: expected an integer from 1 to 16");
    const std::string unknown = error_of("{" + header + R"(, "octavs": 2})");
    EXPECT_TRUE(unknown.starts_with("p.json: unknown key 'octavs' (did you mean 'octaves'?)")) << unknown;
    const std::string blend = error_of("{" + header + R"(, "stack": [{"blend": "glow"}]})");
    EXPECT_TRUE(blend.starts_with("p.json: key 'layer.2.blend': ")) << blend;
    EXPECT_EQ(error_of("{\n" + header + ",\n}").find('\n'), std::string::npos);
    EXPECT_EQ(
        error_of(""),
        "p.json: is empty: expected a preset, a JSON object {\"format\": \"noise-explorer-preset\", ...}");
    for (const std::string& message :
         {error_of("{" + header + R"(, "view": 3})"), error_of("[1]"), error_of("{\"a\": 1, \"a\": 2}")})
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

TEST(LibraryPreset, AHeightmapLayerIsReadByTheLibrarysOwnReaderWhenNoneIsGiven) {
    const auto file = presets_dir / "imported-hills.json";
    ASSERT_TRUE(has_heightmap_layer(file));
    const noise::Preset preset = noise::load_preset(file);
    const auto map   = std::filesystem::weakly_canonical(presets_dir / "../heightmaps/mesa-256.png");
    const auto layer = std::find_if(preset.params.stack.begin(), preset.params.stack.end(),
                                    [](const noise::StackLayer& l) { return !l.heightmap.empty(); });
    ASSERT_NE(layer, preset.params.stack.end());
    EXPECT_EQ(layer->heightmap, map.string());
    ASSERT_TRUE(layer->heightmap_image.samples);
    EXPECT_EQ(*layer->heightmap_image.samples, noise::read_heightmap(map));
    EXPECT_EQ(layer->heightmap_image.samples->width, 256);
}

TEST(LibraryPreset, AHeightmapTheLibraryCannotReadIsRefusedInOneLineNamingTheLayer) {
    const auto folder =
        std::filesystem::temp_directory_path() / ("noise-preset-missing-" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder);
    std::ofstream(folder / "p.json") << R"({"format": "noise-explorer-preset", "version": 2,
        "stack": [{"source": "heightmap", "heightmap": "nowhere.png"}]})";
    try {
        noise::load_preset(folder / "p.json");
        ADD_FAILURE() << "a missing heightmap was read";
    } catch (const noise::PresetError& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find(": layer.2.heightmap: "), std::string::npos) << message;
        EXPECT_NE(message.find("nowhere.png: heightmap file not found"), std::string::npos) << message;
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
    std::filesystem::remove_all(folder);
}

TEST(LibraryPreset, TheReaderGetsTheFileFromThePresetsFolderAndItsErrorIsOneLine) {
    const auto folder =
        std::filesystem::temp_directory_path() / ("noise-preset-test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder / "maps");
    const auto file = folder / "p.json";
    std::ofstream(file) << R"({"format": "noise-explorer-preset", "version": 2,
        "stack": [{"source": "heightmap", "heightmap": "maps/../maps/h.r16"}]})";
    std::filesystem::path asked;
    const noise::Preset preset = noise::load_preset(file, [&](const std::filesystem::path& path) {
        asked = path;
        return two_by_two(path);
    });
    EXPECT_EQ(asked, folder / "maps" / "h.r16");
    ASSERT_EQ(preset.params.stack.size(), 1u);
    EXPECT_EQ(preset.params.stack[0].heightmap, (folder / "maps" / "h.r16").string());
    ASSERT_TRUE(preset.params.stack[0].heightmap_image.samples);
    EXPECT_EQ(*preset.params.stack[0].heightmap_image.samples, two_by_two({}));

    const std::string message = [&] {
        try {
            noise::load_preset(file, [](const std::filesystem::path&) -> noise::HeightSamples {
                throw std::runtime_error("h.r16: 3 bytes: expected a square number of samples");
            });
        } catch (const noise::PresetError& error) {
            return std::string(error.what());
        }
        return std::string("(no error)");
    }();
    EXPECT_TRUE(message.ends_with(": layer.2.heightmap: h.r16: 3 bytes: expected a square number of samples"))
        << message;
    std::filesystem::remove_all(folder);
}

TEST(LibraryPreset, AFileThatIsNoPresetIsRefusedInOneLine) {
    for (const std::filesystem::path& file :
         {std::filesystem::path("/no/such/preset.json"), std::filesystem::path("/dev/zero"),
          std::filesystem::path("/")}) {
        try {
            noise::load_preset(file);
            ADD_FAILURE() << file;
        } catch (const noise::PresetError& error) {
            EXPECT_EQ(std::string(error.what()).find('\n'), std::string::npos) << error.what();
        }
    }
    EXPECT_THROW(noise::load_preset(""), noise::PresetError);
}

TEST(LibraryPreset, KeysAllowedAreTheTablesOwn) {
    EXPECT_EQ(noise::preset_key_allowed("octaves"), "expected an integer from 1 to 16");
    EXPECT_EQ(noise::preset_key_allowed("mask_field.octaves"), "expected an integer from 1 to 16");
    EXPECT_EQ(noise::preset_key_allowed("view.ramp"), "");
}

}  // namespace
