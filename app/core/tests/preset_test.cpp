// Presets: JSON round trip, the shipped files, and every error naming its key and place.
#include <algorithm>
#include <cmath>
#include <fstream>

#include <gtest/gtest.h>

#include "core/preset.hpp"
#include "test_dir.hpp"

namespace app {
namespace {

std::string header = R"("format": "noise-explorer-preset", "version": 1)";

std::string error_of(const std::string& text) {
    try {
        parse_preset_json(text, "p.json");
    } catch (const PresetError& error) {
        return error.what();
    }
    return "(no error)";
}

Preset unusual_preset() {
    Preset p;
    p.params.algorithm = noise::Algorithm::value;
    p.params.dimension = 3;
    p.params.gradients = noise::Gradients::random;
    p.params.interpolation = noise::Interpolation::cubic;
    p.params.smooth = true;
    p.params.fractal = noise::Fractal::ridged;
    p.params.octaves = 7;
    p.params.persistence = 1.0 / std::sqrt(2.0);  // needs all 17 digits to survive
    p.params.lacunarity = 3.0;
    p.params.octave_seeds = noise::OctaveSeeds::offset;
    p.params.seed = 4294967295u;
    p.params.frequency = 0.1 + 0.2;
    p.params.offset_x = -1e-300;
    p.params.offset_y = 12345.678901234567;
    p.params.z = -0.5;
    p.params.w = 3.25;
    p.params.tile = 8;
    p.view.mapping = Mapping::stretch;
    p.view.ramp = Ramp::viridis;
    p.view.hillshade = true;
    p.view.repeat_3x3 = true;
    p.view.show_octaves = true;
    p.view.scanline = 0.125;
    p.name = "Unusual \"quoted\" caf\xc3\xa9";
    p.description = "Every field away from its default.";
    return p;
}

TEST(Preset, JsonRoundTripKeepsEveryFieldExactly) {
    const Preset original = unusual_preset();
    const std::string json = preset_to_json(original);
    EXPECT_EQ(parse_preset_json(json, "round-trip"), original);
    EXPECT_EQ(parse_preset_json(preset_to_json(Preset{}), "defaults"), Preset{});
}

TEST(Preset, JsonHasFormatVersionAndEveryKey) {
    const std::string json = preset_to_json(Preset{});
    EXPECT_NE(json.find("\"format\": \"noise-explorer-preset\""), std::string::npos);
    EXPECT_NE(json.find("\"version\": 1"), std::string::npos);
    for (const auto& info : noise::param_table())
        EXPECT_NE(json.find("\"" + std::string(info.key) + "\":"), std::string::npos) << info.key;
    for (auto key : {"mapping", "ramp", "hillshade", "repeat_3x3", "show_octaves", "scanline"})
        EXPECT_NE(json.find("\"" + std::string(key) + "\":"), std::string::npos) << key;
    for (char c : preset_to_json(unusual_preset())) EXPECT_LT(static_cast<unsigned char>(c), 128u);  // fits tEXt
}

TEST(Preset, MissingKeysTakeDefaults) {
    const Preset p = parse_preset_json("{" + header + R"(, "octaves": 3, "view": {"ramp": "fire"}})", "p.json");
    Preset expected;
    expected.params.octaves = 3;
    expected.view.ramp = Ramp::fire;
    EXPECT_EQ(p, expected);
}

TEST(PresetErrors, UnknownKeyIsNamedWithASuggestion) {
    const auto message = error_of("{" + header + R"(, "octave": 3})");
    EXPECT_EQ(message.rfind("p.json: unknown key 'octave' (did you mean 'octaves'?): expected one of", 0), 0u)
        << message;
    EXPECT_NE(error_of("{" + header + R"(, "view": {"colour": "red"}})").find("view: unknown key 'colour'"),
              std::string::npos);
    EXPECT_NE(error_of("{" + header + R"(, "ramp": "fire"})").find("key 'ramp' is a view setting"), std::string::npos);
}

TEST(PresetErrors, WrongTypeNamesKeyExpectationAndValue) {
    EXPECT_EQ(error_of("{" + header + R"(, "octaves": "six"})"),
              "p.json: key 'octaves': expected an integer from 1 to 16, got the string \"six\"");
    EXPECT_EQ(error_of("{" + header + R"(, "smooth": "yes"})"),
              "p.json: key 'smooth': expected true or false, got the string \"yes\"");
    EXPECT_EQ(error_of("{" + header + R"(, "algorithm": 1})"),
              "p.json: key 'algorithm': expected a string, one of perlin, value, white, got the number 1");
    EXPECT_EQ(error_of("{" + header + R"(, "view": {"hillshade": 1}})"),
              "p.json: key 'view.hillshade': expected true or false, got the number 1");
    EXPECT_EQ(error_of("{" + header + R"(, "view": []})"),
              "p.json: key 'view': expected an object of view settings, got an array []");
    EXPECT_EQ(error_of("[1, 2]"), "p.json: expected a JSON object {...} at the top, got an array [1,2]");
    EXPECT_EQ(error_of("{" + header + R"(, "name": 5})"), "p.json: key 'name': expected a string, got the number 5");
}

TEST(PresetErrors, OutOfRangeAndUnknownChoice) {
    EXPECT_EQ(error_of("{" + header + R"(, "octaves": 20})"),
              "p.json: key 'octaves': '20' is out of range: expected an integer from 1 to 16");
    EXPECT_EQ(error_of("{" + header + R"(, "octaves": 2.5})"),
              "p.json: key 'octaves': '2.5' is not an integer: expected an integer from 1 to 16");
    EXPECT_EQ(error_of("{" + header + R"(, "persistence": -0.5})"),
              "p.json: key 'persistence': '-0.5' is out of range: expected a number from 0 to 1");
    EXPECT_EQ(error_of("{" + header + R"(, "algorithm": "simplex"})"),
              "p.json: key 'algorithm': 'simplex' is not allowed: expected one of perlin, value, white");
    EXPECT_EQ(error_of("{" + header + R"(, "view": {"scanline": 2}})"),
              "p.json: key 'view.scanline': '2' is out of range: expected a number from 0 to 1");
    // A rule joining two keys, checked once everything is read.
    EXPECT_EQ(error_of("{" + header + R"(, "tile": 4, "lacunarity": 2.5})").rfind("p.json: lacunarity: '2.5'", 0), 0u);
}

TEST(PresetErrors, FormatAndVersion) {
    EXPECT_EQ(error_of(R"({"version": 1})"),
              "p.json: key 'format' is missing: expected \"noise-explorer-preset\" (is this a noise-explorer preset?)");
    EXPECT_EQ(error_of(R"({"format": "something-else", "version": 1})"),
              "p.json: key 'format': expected \"noise-explorer-preset\", got the string \"something-else\"");
    EXPECT_EQ(error_of(R"({"format": "noise-explorer-preset", "version": 2})"),
              "p.json: key 'version': 2 is newer than this program reads: expected 1 (a newer noise-explorer wrote "
              "this preset)");
    EXPECT_EQ(error_of(R"({"format": "noise-explorer-preset"})"), "p.json: key 'version' is missing: expected 1");
    EXPECT_EQ(error_of(R"({"format": "noise-explorer-preset", "version": "1"})"),
              "p.json: key 'version': expected the integer 1, got the string \"1\"");
}

TEST(PresetErrors, MalformedJsonGivesLineAndColumn) {
    const std::string text = "{\n  \"format\": \"noise-explorer-preset\",\n  \"version\": 1,\n  \"octaves\": 4,\n}\n";
    const auto message = error_of(text);
    EXPECT_EQ(message.rfind("p.json:5:1: malformed JSON: ", 0), 0u) << message;
    EXPECT_EQ(error_of("{\"format\": \"noise-explorer-preset\" \"version\": 1}").rfind("p.json:1:44: malformed JSON", 0),
              0u)
        << error_of("{\"format\": \"noise-explorer-preset\" \"version\": 1}");
    EXPECT_EQ(error_of("").rfind("p.json:1:1: malformed JSON", 0), 0u) << error_of("");
    EXPECT_EQ(message.find('\n'), std::string::npos);
}

TEST(PresetFiles, SaveRefusesToReplaceAndLoadReadsBack) {
    testing::TestDir dir;
    const auto file = dir / "mine.json";
    const Preset original = unusual_preset();
    save_preset(original, file, false);
    EXPECT_EQ(load_preset(file), original);
    EXPECT_THROW(save_preset(Preset{}, file, false), PresetError);
    EXPECT_EQ(load_preset(file), original);  // untouched
    save_preset(Preset{}, file, true);
    EXPECT_EQ(load_preset(file), Preset{});
    EXPECT_EQ(dir.entry_count(), 1u);  // no temp file left
}

TEST(PresetFiles, MissingFileAndPngWithoutChunk) {
    testing::TestDir dir;
    try {
        load_preset(dir / "nope.json");
        FAIL();
    } catch (const PresetError& error) {
        EXPECT_NE(std::string(error.what()).find("nope.json: preset file not found"), std::string::npos);
    }
    // A valid 1x1 gray PNG with no text chunk.
    static const unsigned char png[] = {
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00,
        0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00, 0x00, 0x00, 0x00, 0x3a, 0x7e, 0x9b, 0x55, 0x00,
        0x00, 0x00, 0x0a, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01,
        0x48, 0xaf, 0xa4, 0x71, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82};
    const auto file = dir / "plain.png";
    std::ofstream(file, std::ios::binary).write(reinterpret_cast<const char*>(png), sizeof png);
    try {
        load_preset(file);
        FAIL();
    } catch (const PresetError& error) {
        EXPECT_NE(std::string(error.what()).find("has no 'noise-explorer-preset' text chunk"), std::string::npos)
            << error.what();
    }
    // A truncated PNG: a clear error, not a crash.
    std::ofstream(dir / "broken.png", std::ios::binary).write(reinterpret_cast<const char*>(png), 20);
    EXPECT_THROW(load_preset(dir / "broken.png"), PresetError);
}

TEST(Assignment, NoiseAndViewKeys) {
    Preset p;
    apply_assignment(p, "octaves=6");
    apply_assignment(p, "ramp=terrain");
    apply_assignment(p, "view.hillshade=on");
    apply_assignment(p, "persistence=0.25");
    EXPECT_EQ(p.params.octaves, 6);
    EXPECT_EQ(p.view.ramp, Ramp::terrain);
    EXPECT_TRUE(p.view.hillshade);
    EXPECT_EQ(p.params.persistence, 0.25);
}

TEST(Assignment, ErrorsNameKeyValueAndWhatIsAllowed) {
    Preset p;
    const auto error_of_set = [&](std::string_view text) -> std::string {
        try {
            apply_assignment(p, text);
        } catch (const PresetError& error) {
            return error.what();
        }
        return "(no error)";
    };
    EXPECT_EQ(error_of_set("octaves=20"), "--set: octaves: '20' is out of range: expected an integer from 1 to 16");
    EXPECT_EQ(error_of_set("ramp=pink"),
              "--set: ramp: 'pink' is not allowed: expected one of gray, terrain, ocean, fire, ice, sand, viridis");
    EXPECT_EQ(error_of_set("octaves").rfind("--set: 'octaves' is not key=value", 0), 0u);
    EXPECT_EQ(error_of_set("octavs=3").rfind("--set: unknown key 'octavs' (did you mean 'octaves'?)", 0), 0u);
    EXPECT_EQ(p, Preset{});  // nothing changed by the failures
}

TEST(ShippedPresets, DefaultEqualsTheBuiltInDefaults) {
    const auto dir = shipped_presets_dir();
    Preset loaded = load_preset(dir / "default.json");
    loaded.name.clear();
    loaded.description.clear();
    EXPECT_EQ(loaded, Preset{});
}

TEST(ShippedPresets, AllLoadAndTheListIsComplete) {
    const auto files = shipped_presets();
    std::vector<std::string> names;
    for (const auto& file : files) {
        EXPECT_NO_THROW(load_preset(file)) << file;
        const Preset p = load_preset(file);
        EXPECT_FALSE(p.name.empty()) << file;
        EXPECT_FALSE(p.description.empty()) << file;
        names.push_back(file.stem().string());
    }
    EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
    for (auto wanted : {"default", "rolling-hills", "alpine-ridges", "dunes", "clouds", "marble", "wood"})
        EXPECT_NE(std::find(names.begin(), names.end(), wanted), names.end()) << wanted;
    EXPECT_GE(names.size(), 16u);
}

TEST(ShippedPresets, ResolveByName) {
    EXPECT_EQ(resolve_preset_argument("clouds"), shipped_presets_dir() / "clouds.json");
    EXPECT_EQ(resolve_preset_argument("clouds.json"), shipped_presets_dir() / "clouds.json");
    EXPECT_EQ(resolve_preset_argument("./no-such"), std::filesystem::path("./no-such"));
}

}  // namespace
}  // namespace app
