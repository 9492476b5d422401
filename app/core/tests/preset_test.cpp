// Presets: JSON round trip, the shipped files, and every error naming its key and place; and
// hostile files: deep nesting, NUL bytes, duplicate keys, FIFOs, devices, huge files and chunks,
// pipes, control bytes in keys, symbolic link loops.
#include "core/preset.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <functional>
#include <future>
#include <thread>

#include "core/heightmap_file.hpp"
#include "core/image_size.hpp"
#include "core/png_text.hpp"
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
    p.params.algorithm       = noise::Algorithm::value;
    p.params.dimension       = 3;
    p.params.gradients       = noise::Gradients::random;
    p.params.interpolation   = noise::Interpolation::cubic;
    p.params.smooth          = true;
    p.params.fractal         = noise::Fractal::ridged;
    p.params.octaves         = 7;
    p.params.persistence     = 1.0 / std::sqrt(2.0);  // needs all 17 digits to survive
    p.params.lacunarity      = 3.0;
    p.params.octave_seeds    = noise::OctaveSeeds::offset;
    p.params.octave_offsets  = noise::OctaveOffsets::shifted;
    p.params.seed            = 4294967295u;
    p.params.frequency       = 0.1 + 0.2;
    p.params.offset_x        = -1e-300;
    p.params.offset_y        = 12345.678901234567;
    p.params.z               = -0.5;
    p.params.w               = 3.25;
    p.params.tile            = 8;
    p.view.mapping           = Mapping::stretch;
    p.view.ramp              = Ramp::viridis;
    p.view.hillshade         = true;
    p.view.repeat_3x3        = true;
    p.view.show_octaves      = true;
    p.view.scanline          = 0.125;
    p.view.terrain_height    = 1234.5;
    p.view.terrain_spacing   = 0.5;
    p.view.sea_level         = 0.3;
    p.view.light_azimuth     = 90.25;
    p.view.light_elevation   = 12.0;
    p.view.terrain_colour    = TerrainColour::slope;
    p.view.wireframe         = true;
    p.view.normal_convention = NormalConvention::directx;
    p.view.export_width      = 321;
    p.view.export_height     = 123;
    p.name                   = "Unusual \"quoted\" caf\xc3\xa9";
    p.description            = "Every field away from its default.";
    return p;
}

TEST(Preset, JsonRoundTripKeepsEveryFieldExactly) {
    const Preset original  = unusual_preset();
    const std::string json = preset_to_json(original);
    EXPECT_EQ(parse_preset_json(json, "round-trip"), original);
    EXPECT_EQ(parse_preset_json(preset_to_json(Preset{}), "defaults"), Preset{});
}

// The shaping stage (noise/shaping.hpp): every step away from its default, a curve whose numbers
// need all their digits, and a mask field with a curve of its own.
Preset shaped_preset() {
    Preset p                   = unusual_preset();
    p.params.tile              = 0;
    p.params.curve             = {{0.0, 0.1}, {1.0 / 3.0, 0.7}, {0.9, 0.75}, {1.0, 1.0}};
    p.params.terraces          = 6;
    p.params.terrace_sharpness = 0.8;
    p.params.terrace_invert    = true;
    p.params.mask              = noise::MaskMode::select;
    p.params.mask_threshold    = 0.42;
    p.params.mask_falloff      = 0.07;
    p.params.invert            = true;
    p.params.scale             = 1.25;
    p.params.bias              = -0.1;
    p.params.clamp             = true;
    p.params.clamp_min         = 0.05;
    p.params.clamp_max         = 0.95;
    noise::Params mask;
    mask.fractal        = noise::Fractal::ridged;
    mask.frequency      = 8.5;
    mask.curve          = noise::curve_preset(noise::CurvePreset::valley);
    mask.invert         = true;
    p.params.mask_field = {mask};
    return p;
}

TEST(Preset, ShapingRoundTripsExactly) {
    const Preset original  = shaped_preset();
    const std::string json = preset_to_json(original);
    EXPECT_EQ(parse_preset_json(json, "round-trip"), original);
    EXPECT_NE(json.find("\"curve\": ["), std::string::npos);
    EXPECT_NE(json.find("\"mask_field\": {"), std::string::npos);
    // Without a mask field there is no "mask_field" key; an empty curve is [].
    const std::string plain = preset_to_json(Preset{});
    EXPECT_EQ(plain.find("mask_field"), std::string::npos);
    EXPECT_NE(plain.find("\"curve\": []"), std::string::npos);
}

TEST(PresetErrors, BadCurvesAndMaskFieldsInOneLine) {
    EXPECT_EQ(
        error_of("{" + header + R"(, "curve": [[0, 0], [0.6, 0.5], [0.4, 0.7], [1, 1]]})"),
        "p.json: key 'curve': point 3 x '0.4' is not after point 2's 0.6: expected x strictly rising from 0 "
        "to 1");
    EXPECT_EQ(error_of("{" + header + R"(, "curve": [[0, 0], [0.5, 1.5]]})"),
              "p.json: key 'curve': point 2 y '1.5' is out of range: expected a number from 0 to 1");
    EXPECT_EQ(
        error_of("{" + header + R"(, "curve": [[0, 0], [0.5, "NaN"]]})"),
        "p.json: key 'curve': point 2 is an array [0.5,\"NaN\"]: expected an array of 2 to 16 [x, y] pairs "
        "of numbers from 0 to 1, x strictly rising, e.g. [[0, 0], [0.5, 0.8], [1, 1]]");
    EXPECT_EQ(
        error_of("{" + header + R"(, "curve": "plateau"})"),
        "p.json: key 'curve': expected an array of 2 to 16 [x, y] pairs of numbers from 0 to 1, x strictly "
        "rising, e.g. [[0, 0], [0.5, 0.8], [1, 1]], got the string \"plateau\"");
    EXPECT_EQ(error_of("{" + header + R"(, "mask": "min"})"),
              "p.json: mask: 'min' needs a mask field: expected \"mask_field\": {...} in the preset or "
              "mask.KEY=VALUE");
    EXPECT_EQ(error_of("{" + header + R"(, "mask": "min", "mask_field": {"octaves": 20}})"),
              "p.json: key 'mask_field.octaves': '20' is out of range: expected an integer from 1 to 16");
    EXPECT_EQ(
        error_of("{" + header + R"(, "mask": "min", "mask_field": {"curve": [[0.5, 0], [0.5, 1]]}})"),
        "p.json: key 'mask_field.curve': point 2 x '0.5' is not after point 1's 0.5: expected x strictly "
        "rising from 0 to 1");
    EXPECT_EQ(error_of("{" + header + R"(, "mask": "min", "mask_field": {"mask_field": {}}})"),
              "p.json: key 'mask_field.mask_field': a mask field has no mask field of its own: expected no "
              "such key");
    EXPECT_EQ(error_of("{" + header + R"(, "terraces": 100})"),
              "p.json: key 'terraces': '100' is out of range: expected an integer from 0 to 64");
}

// What apply_assignment says of `text`: its error, or "(no error)" (and `preset` changed).
std::string assignment_message(Preset& preset, std::string_view text) {
    try {
        apply_assignment(preset, text);
    } catch (const PresetError& error) {
        return error.what();
    }
    return "(no error)";
}

TEST(PresetErrors, SetReachesTheCurveAndTheMaskField) {
    Preset p;
    apply_assignment(p, "curve=0:0,0.5:0.8,1:1");
    EXPECT_EQ(p.params.curve.size(), 3u);
    apply_assignment(p, "mask=max");
    apply_assignment(p, "mask.fractal=ridged");
    ASSERT_EQ(p.params.mask_field.size(), 1u);
    EXPECT_EQ(p.params.mask_field[0].fractal, noise::Fractal::ridged);
    const auto message_of = [&](std::string_view text) { return assignment_message(p, text); };
    EXPECT_EQ(message_of("curve=0:0,0.4:nan,1:1"),
              "--set: curve: point 2 y 'nan' is out of range: expected a number from 0 to 1");
    EXPECT_EQ(message_of("mask.octaves=0"),
              "--set: mask.octaves: '0' is out of range: expected an integer from 1 to 16");
    // An unknown key of the mask field is named whole, with what is allowed there only.
    EXPECT_EQ(message_of("mask.foo=1"),
              "--set: unknown key 'mask.foo': expected mask. and a key of the mask field's noise "
              "(mask.frequency, mask.octaves, mask.fractal, ..., mask.curve: docs/parameters.md#shaping)");
    EXPECT_EQ(message_of("mask.octavs=3").substr(0, 61),
              "--set: unknown key 'mask.octavs' (did you mean 'mask.octaves'");
    EXPECT_LT(message_of("mask.foo=1").size(), 200u);
    EXPECT_EQ(p.params.curve.size(), 3u);  // unchanged by the refusals
}

TEST(Preset, ErosionTravelsInItsOwnObject) {
    Preset original;
    original.params.octaves                 = 3;
    original.params.erosion_method          = noise::ErosionMethod::filter;
    original.params.erosion_strength        = 1.25;
    original.params.erosion_scale           = 0.1;
    original.params.erosion_crease_rounding = 0.0;
    original.params.erosion_valleys         = 0.6;
    const std::string json                  = preset_to_json(original);
    EXPECT_EQ(parse_preset_json(json, "round-trip"), original);
    EXPECT_NE(json.find("\"erosion\": {\n    \"method\": \"filter\",\n    \"strength\": 1.25,"),
              std::string::npos)
        << json;
    EXPECT_EQ(json.find("\"erosion.strength\""), std::string::npos);  // never flat
    // Without erosion there is no "erosion" object: the text a preset had before the stage.
    EXPECT_EQ(preset_to_json(Preset{}).find("erosion"), std::string::npos);
    // Only some keys: the rest keep their defaults.
    const Preset partial =
        parse_preset_json("{" + header + R"(, "erosion": {"method": "filter"}})", "p.json");
    EXPECT_EQ(partial.params.erosion_method, noise::ErosionMethod::filter);
    EXPECT_EQ(partial.params.erosion_strength, noise::Params{}.erosion_strength);
}

// The texture rules' new bands and the sea tie travel in the preset and come back equal; an old
// section writes the same bytes it was read from.
TEST(Preset, TextureRulesRoundTrip) {
    Preset original;
    original.view.sea_level = 0.3;
    original.texture_layers = editable_default_layers(800.0, 0.3);
    TextureLayer gravel;
    gravel.name                             = "gravel";
    gravel.band(TextureBand::flow)          = {0.6, 1.0, 0.1};
    gravel.band(TextureBand::curvature).min = 0.05;
    gravel.band(TextureBand::deposit).max   = 0.4;
    gravel.band(TextureBand::wear).falloff  = 0.25;  // a falloff without bounds is kept too
    original.texture_layers.insert(original.texture_layers.begin() + 1, gravel);
    const std::string json = preset_to_json(original);
    EXPECT_NE(json.find("\"height_from\": \"sea\""), std::string::npos) << json;
    const Preset back = parse_preset_json(json, "round-trip");
    EXPECT_EQ(back, original);
    EXPECT_EQ(preset_to_json(back), json);

    const std::string old =
        "{" + header + R"(, "texture_layers": [{"name": "steep", "slope_min": 40}, {"name": "rest"}]})";
    const Preset read = parse_preset_json(old, "old.json");
    EXPECT_NE(
        preset_to_json(read).find(
            "\"texture_layers\": [\n    {\n      \"name\": \"steep\",\n      \"slope_min\": 40.0\n    },"),
        std::string::npos)
        << preset_to_json(read);
    EXPECT_EQ(error_of("{" + header + R"(, "texture_layers": [{"name": "a", "deposit_max": -2}]})"),
              "p.json: texture_layers[0].deposit_max: -2 is not allowed: expected a number, a share of the "
              "largest, "
              "from 0 to 1");
}

TEST(PresetErrors, ErosionKeysNameTheWholeKey) {
    EXPECT_EQ(error_of("{" + header + R"(, "erosion": {"strength": 9}})"),
              "p.json: key 'erosion.strength': '9' is out of range: expected a number from 0 to 4");
    EXPECT_EQ(
        error_of("{" + header + R"(, "erosion": {"method": "rivers"}})"),
        "p.json: key 'erosion.method': 'rivers' is not allowed: expected one of none, filter, simulate");
    EXPECT_EQ(
        error_of("{" + header + R"(, "erosion": {"method": "simulate", "tile": 4}})"),
        "p.json: erosion: unknown key 'tile': expected one of method, strength, scale, octaves, detail, "
        "ridge_rounding, crease_rounding, peaks, valleys, gullies, drainage, extent, relief, steps, "
        "erodibility, area_exponent, talus, deposition");
    EXPECT_EQ(error_of("{" + header + R"(, "tile": 4, "erosion": {"method": "simulate"}})"),
              "p.json: erosion.method: 'simulate' is not allowed while tiling (tile = 4): expected none or "
              "filter, since the simulation's water leaves at the frame's edges and its result does not "
              "repeat");
    EXPECT_EQ(error_of("{" + header + R"(, "erosion": {"talus": 95}})"),
              "p.json: key 'erosion.talus': '95' is out of range: expected a number from 1 to 90");
    EXPECT_EQ(error_of("{" + header + R"(, "erosion": {"strenght": 1}})"),
              "p.json: erosion: unknown key 'strenght' (did you mean 'strength'?): expected one of method, "
              "strength, scale, octaves, detail, ridge_rounding, crease_rounding, peaks, valleys, gullies, "
              "drainage, extent, relief, steps, erodibility, area_exponent, talus, deposition");
    EXPECT_EQ(error_of("{" + header + R"(, "erosion": 1})"),
              "p.json: key 'erosion': expected an object of erosion settings, got the number 1");
    EXPECT_EQ(error_of("{" + header + R"(, "erosion.strength": 1})"),
              "p.json: key 'erosion.strength' is an erosion setting: put it inside \"erosion\": "
              "{\"strength\": ...}");
    EXPECT_EQ(error_of("{" + header + R"(, "mask": "min", "mask_field": {"erosion.method": "filter"}})")
                  .rfind("p.json: mask_field: unknown key 'erosion.method'", 0),
              0u);
    Preset p;
    const auto message_of = [&](std::string_view text) { return assignment_message(p, text); };
    EXPECT_EQ(message_of("erosion.strength=9"),
              "--set: erosion.strength: '9' is out of range: expected a number from 0 to 4");
    EXPECT_EQ(message_of("erosion.scale=0"),
              "--set: erosion.scale: '0' is out of range: expected a number from 0.001 to 4");
    EXPECT_EQ(message_of("erosion.method=filter"), "(no error)");
    EXPECT_EQ(message_of("erosion.octaves=6"), "(no error)");
    EXPECT_EQ(p.params.erosion_method, noise::ErosionMethod::filter);
    EXPECT_EQ(p.params.erosion_octaves, 6);
    EXPECT_NE(message_of("erosion.strenght=1").find(", erosion.KEY (docs/parameters.md#erosion)"),
              std::string::npos);
    EXPECT_NE(message_of("erosion.strenght=1").find("(did you mean 'erosion.strength'?)"), std::string::npos);
}

TEST(Preset, JsonHasFormatVersionAndEveryKey) {
    const std::string json = preset_to_json(Preset{});
    EXPECT_NE(json.find("\"format\": \"noise-explorer-preset\""), std::string::npos);
    EXPECT_NE(json.find("\"version\": 1"), std::string::npos);
    // The erosion keys go in their "erosion" object, written only when one is set (below).
    for (const auto& info : noise::param_table()) {
        if (!info.key.starts_with("erosion.")) {
            EXPECT_NE(json.find("\"" + std::string(info.key) + "\":"), std::string::npos) << info.key;
        }
    }
    // The filter's keys with the filter (and no key of the simulation's, nor the later keys
    // gullies, drainage and deposition at their defaults, so that presets keep the text they had
    // before them); every key but those with the simulation.
    Preset eroded;
    eroded.params.erosion_method  = noise::ErosionMethod::filter;
    const std::string eroded_json = preset_to_json(eroded);
    const auto simulation         = noise::simulation_param_table();
    const auto later              = [](std::string_view key) {
        return key == "erosion.gullies" || key == "erosion.drainage" || key == "erosion.deposition";
    };
    for (const auto& info : noise::erosion_param_table()) {
        const bool of_simulation = std::any_of(simulation.begin(), simulation.end(),
                                               [&](const noise::ParamInfo& s) { return s.key == info.key; });
        EXPECT_EQ(eroded_json.find("\"" + std::string(info.key.substr(8)) + "\":") != std::string::npos,
                  !of_simulation && !later(info.key))
            << info.key;
    }
    Preset joined                  = eroded;  // set, they are written
    joined.params.erosion_gullies  = noise::ErosionGullies::joined;
    joined.params.erosion_drainage = 1.5;
    const std::string joined_json  = preset_to_json(joined);
    EXPECT_NE(joined_json.find("\"gullies\": \"joined\""), std::string::npos);
    EXPECT_NE(joined_json.find("\"drainage\": 1.5"), std::string::npos);
    EXPECT_EQ(parse_preset_json(joined_json, "joined"), joined);
    Preset simulated;
    simulated.params.erosion_method  = noise::ErosionMethod::simulate;
    const std::string simulated_json = preset_to_json(simulated);
    for (const auto& info : noise::erosion_param_table())  // the later keys at their defaults: left out
        EXPECT_EQ(simulated_json.find("\"" + std::string(info.key.substr(8)) + "\":") != std::string::npos,
                  !later(info.key))
            << info.key;
    simulated.params.erosion_deposition = 4.0;
    EXPECT_NE(preset_to_json(simulated).find("\"deposition\": 4"), std::string::npos);
    Preset talus;  // a simulation key changed while the method is another: kept
    talus.params.erosion_talus = 30.0;
    EXPECT_NE(preset_to_json(talus).find("\"talus\": 30"), std::string::npos);
    for (auto key : {"mapping", "ramp", "hillshade", "repeat_3x3", "show_octaves", "scanline",
                     "terrain_height", "terrain_spacing", "sea_level", "light_azimuth", "light_elevation",
                     "terrain_colour", "wireframe", "normal_convention"})
        EXPECT_NE(json.find("\"" + std::string(key) + "\":"), std::string::npos) << key;
    for (char c : preset_to_json(unusual_preset()))
        EXPECT_LT(static_cast<unsigned char>(c), 128u);  // fits tEXt
}

TEST(Preset, MissingKeysTakeDefaults) {
    const Preset p =
        parse_preset_json("{" + header + R"(, "octaves": 3, "view": {"ramp": "fire"}})", "p.json");
    Preset expected;
    expected.params.octaves = 3;
    expected.view.ramp      = Ramp::fire;
    EXPECT_EQ(p, expected);
}

TEST(PresetErrors, UnknownKeyIsNamedWithASuggestion) {
    const auto message = error_of("{" + header + R"(, "octave": 3})");
    EXPECT_EQ(message.rfind("p.json: unknown key 'octave' (did you mean 'octaves'?): expected one of", 0), 0u)
        << message;
    EXPECT_NE(error_of("{" + header + R"(, "view": {"colour": "red"}})").find("view: unknown key 'colour'"),
              std::string::npos);
    EXPECT_NE(error_of("{" + header + R"(, "ramp": "fire"})").find("key 'ramp' is a view setting"),
              std::string::npos);
}

TEST(PresetErrors, WrongTypeNamesKeyExpectationAndValue) {
    EXPECT_EQ(error_of("{" + header + R"(, "octaves": "six"})"),
              "p.json: key 'octaves': expected an integer from 1 to 16, got the string \"six\"");
    EXPECT_EQ(error_of("{" + header + R"(, "smooth": "yes"})"),
              "p.json: key 'smooth': expected true or false, got the string \"yes\"");
    EXPECT_EQ(error_of("{" + header + R"(, "algorithm": 1})"),
              "p.json: key 'algorithm': expected a string, one of perlin, value, white, simplex, worley, "
              "voronoi, got "
              "the number 1");
    EXPECT_EQ(error_of("{" + header + R"(, "view": {"hillshade": 1}})"),
              "p.json: key 'view.hillshade': expected true or false, got the number 1");
    EXPECT_EQ(error_of("{" + header + R"(, "view": []})"),
              "p.json: key 'view': expected an object of view settings, got an array []");
    EXPECT_EQ(error_of("[1, 2]"), "p.json: expected a JSON object {...} at the top, got an array [1,2]");
    EXPECT_EQ(error_of("{" + header + R"(, "name": 5})"),
              "p.json: key 'name': expected a string, got the number 5");
}

TEST(PresetErrors, OutOfRangeAndUnknownChoice) {
    EXPECT_EQ(error_of("{" + header + R"(, "octaves": 20})"),
              "p.json: key 'octaves': '20' is out of range: expected an integer from 1 to 16");
    EXPECT_EQ(error_of("{" + header + R"(, "octaves": 2.5})"),
              "p.json: key 'octaves': '2.5' is not an integer: expected an integer from 1 to 16");
    EXPECT_EQ(error_of("{" + header + R"(, "persistence": -0.5})"),
              "p.json: key 'persistence': '-0.5' is out of range: expected a number from 0 to 1");
    EXPECT_EQ(error_of("{" + header + R"(, "algorithm": "gabor"})"),
              "p.json: key 'algorithm': 'gabor' is not allowed: expected one of perlin, value, white, "
              "simplex, worley, voronoi");
    EXPECT_EQ(error_of("{" + header + R"(, "view": {"scanline": 2}})"),
              "p.json: key 'view.scanline': '2' is out of range: expected a number from 0 to 1");
    EXPECT_EQ(error_of("{" + header + R"(, "view": {"light_elevation": 91}})"),
              "p.json: key 'view.light_elevation': '91' is out of range: expected a number from 0 to 90");
    EXPECT_EQ(
        error_of("{" + header + R"(, "view": {"normal_convention": "vulkan"}})"),
        "p.json: key 'view.normal_convention': 'vulkan' is not allowed: expected one of opengl, directx");
    // A rule joining two keys, checked once everything is read.
    EXPECT_EQ(
        error_of("{" + header + R"(, "tile": 4, "lacunarity": 2.5})").rfind("p.json: lacunarity: '2.5'", 0),
        0u);
}

TEST(PresetErrors, FormatAndVersion) {
    EXPECT_EQ(error_of(R"({"version": 1})"),
              "p.json: key 'format' is missing: expected \"noise-explorer-preset\" (is this a noise-explorer "
              "preset?)");
    EXPECT_EQ(error_of(R"({"format": "something-else", "version": 1})"),
              "p.json: key 'format': expected \"noise-explorer-preset\", got the string \"something-else\"");
    EXPECT_EQ(
        error_of(R"({"format": "noise-explorer-preset", "version": 4})"),
        "p.json: key 'version': 4 is newer than this program reads: expected 3 (a newer noise-explorer wrote "
        "this preset)");
    EXPECT_EQ(error_of(R"({"format": "noise-explorer-preset", "version": 2})"), "(no error)");
    EXPECT_EQ(error_of(R"({"format": "noise-explorer-preset", "version": 3})"), "(no error)");
    EXPECT_EQ(error_of(R"({"format": "noise-explorer-preset"})"),
              "p.json: key 'version' is missing: expected 3");
    EXPECT_EQ(error_of(R"({"format": "noise-explorer-preset", "version": "1"})"),
              "p.json: key 'version': expected the integer 3, got the string \"1\"");
}

TEST(PresetErrors, MalformedJsonGivesLineAndColumn) {
    const std::string text =
        "{\n  \"format\": \"noise-explorer-preset\",\n  \"version\": 1,\n  \"octaves\": 4,\n}\n";
    const auto message = error_of(text);
    EXPECT_EQ(message.rfind("p.json:5:1: malformed JSON: ", 0), 0u) << message;
    EXPECT_EQ(error_of("{\"format\": \"noise-explorer-preset\" \"version\": 1}")
                  .rfind("p.json:1:44: malformed JSON", 0),
              0u)
        << error_of("{\"format\": \"noise-explorer-preset\" \"version\": 1}");
    EXPECT_EQ(error_of("").rfind("p.json: is empty: expected a preset, a JSON object", 0), 0u)
        << error_of("");
    EXPECT_EQ(error_of(" \n\t").rfind("p.json: holds only white space", 0), 0u) << error_of(" \n\t");
    EXPECT_EQ(message.find('\n'), std::string::npos);
}

TEST(PresetFiles, SaveRefusesToReplaceAndLoadReadsBack) {
    testing::TestDir dir;
    const auto file       = dir / "mine.json";
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
        EXPECT_NE(std::string(error.what()).find("has no 'noise-explorer-preset' text chunk"),
                  std::string::npos)
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

// The one line apply_assignment throws for `text` ("(no error)" when it takes it).
std::string error_of_set(Preset& p, std::string_view text) {
    try {
        apply_assignment(p, text);
    } catch (const PresetError& error) {
        return error.what();
    }
    return "(no error)";
}

TEST(Assignment, ErrorsNameKeyValueAndWhatIsAllowed) {
    Preset p;
    EXPECT_EQ(error_of_set(p, "octaves=20"),
              "--set: octaves: '20' is out of range: expected an integer from 1 to 16");
    EXPECT_EQ(error_of_set(p, "ramp=pink"),
              "--set: ramp: 'pink' is not allowed: expected one of gray, terrain, ocean, fire, ice, sand, "
              "viridis, marble, wood");
    EXPECT_EQ(error_of_set(p, "octaves").rfind("--set: 'octaves' is not key=value", 0), 0u);
    EXPECT_EQ(error_of_set(p, "octavs=3").rfind("--set: unknown key 'octavs' (did you mean 'octaves'?)", 0),
              0u);
    EXPECT_EQ(p, Preset{});  // nothing changed by the failures
}

TEST(Preset, ExportSizeIsKeptOnlyWhenSet) {
    // Without a kept size a preset's text is what it was before the key: no "export_size" line.
    for (const auto& file : shipped_presets()) {
        SCOPED_TRACE(file.filename().string());
        Preset preset             = load_preset(file);
        const std::string without = preset_to_json(preset);
        EXPECT_EQ(without.find("export_size"), std::string::npos);
        // Kept, it is one more line at the end of "view", the rest byte for byte the same.
        apply_assignment(preset, "view.export_size=unreal-505");
        EXPECT_EQ(preset.view.export_width, 505);
        EXPECT_EQ(preset.view.export_height, 505);
        std::string with        = preset_to_json(preset);
        const std::string added = ",\n    \"export_size\": \"505x505\"";
        const auto at           = with.find(added);
        ASSERT_NE(at, std::string::npos) << with;
        EXPECT_EQ(with.erase(at, added.size()), without);
        // Read back to the same preset.
        EXPECT_EQ(parse_preset_json(preset_to_json(preset), "again", file.parent_path()), preset);
    }
    Preset p;
    apply_assignment(p, "export_size=1920x1080");
    EXPECT_EQ(parse_preset_json(preset_to_json(p), "p.json").view, p.view);
    EXPECT_EQ(p.view.export_width, 1920);
    EXPECT_EQ(p.view.export_height, 1080);
    // Errors name the key, the value and what is allowed, in one line; nothing changes.
    EXPECT_EQ(error_of_set(p, "view.export_size=big")
                  .rfind("--set: export_size: 'big' is not a size: expected WxH", 0),
              0u);
    EXPECT_EQ(error_of_set(p, "export_size=0x5").rfind("--set: export_size: '0x5' is out of range", 0), 0u);
    EXPECT_EQ(p.view.export_width, 1920);
    EXPECT_NE(error_of(std::string("{") + header + R"(, "view": {"export_size": 512}})")
                  .find("key 'view.export_size': expected a size \"WxH\", got the number 512"),
              std::string::npos);
    EXPECT_NE(error_of(std::string("{") + header + R"(, "view": {"export_size": "99999x2"}})")
                  .find("view.export_size: '99999x2' is out of range"),
              std::string::npos);
}

TEST(ShippedPresets, DefaultEqualsTheBuiltInDefaults) {
    const auto dir = shipped_presets_dir();
    Preset loaded  = load_preset(dir / "default.json");
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

// The installed library (noise/preset.hpp) and the program read every shipped preset to the same
// settings, and write the same text up to the window's sections: one reader, the program adding
// those sections.
TEST(ShippedPresets, TheLibraryReadsAndWritesThemAsTheProgramDoes) {
    for (const auto& file : shipped_presets()) {
        SCOPED_TRACE(file.filename().string());
        const Preset program        = load_preset(file);
        const noise::Preset library = noise::load_preset(file, read_heightmap);
        EXPECT_EQ(library.params, program.params);
        EXPECT_EQ(library.name, program.name);
        EXPECT_EQ(library.description, program.description);
        // The same text up to the window's sections, which the library keeps with their keys sorted.
        const std::string library_text = noise::preset_to_json(library),
                          program_text = preset_to_json(program);
        EXPECT_EQ(library_text.substr(0, library_text.find("\"view\"")),
                  program_text.substr(0, program_text.find("\"view\"")));
        // What the library writes, the program reads to the same preset.
        EXPECT_EQ(parse_preset_json(noise::preset_to_json(library), "again", file.parent_path()), program);
    }
}

TEST(ShippedPresets, ResolveByName) {
    EXPECT_EQ(resolve_preset_argument("clouds"), shipped_presets_dir() / "clouds.json");
    EXPECT_EQ(resolve_preset_argument("clouds.json"), shipped_presets_dir() / "clouds.json");
    EXPECT_EQ(resolve_preset_argument("./no-such"), std::filesystem::path("./no-such"));
}

// ---------------------------------------------------------------------------------------------
// Hostile files. Each check below fails (or crashes, or hangs until its guard) without the
// bounds in preset.cpp, png_text.cpp and read_limited.cpp.

// Every message is one line of printable text: no control byte reaches the terminal.
void expect_one_clean_line(const std::string& message) {
    for (unsigned char c : message)
        EXPECT_TRUE(c >= 0x20 && c != 0x7f) << "byte " << int(c) << " in: " << message;
}

std::string load_error(const std::filesystem::path& file) {
    try {
        load_preset(file);
    } catch (const PresetError& error) {
        expect_one_clean_line(error.what());
        return error.what();
    }
    return "(no error)";
}

// load_error on a thread, given `limit` to finish: a hang is a failure, not a stuck test run.
// On time-out `unblock` runs (it must make the old code return) before the thread is joined.
std::string load_error_within(const std::filesystem::path& file, std::chrono::milliseconds limit,
                              const std::function<void()>& unblock,
                              std::chrono::milliseconds* took = nullptr) {
    std::packaged_task<std::string()> task([&] { return load_error(file); });
    auto result      = task.get_future();
    const auto start = std::chrono::steady_clock::now();
    std::thread worker(std::move(task));
    const bool finished = result.wait_for(limit) == std::future_status::ready;
    if (!finished) unblock();
    worker.join();
    if (took)
        *took =
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
    EXPECT_TRUE(finished) << "load_preset(" << file << ") did not return within " << limit.count() << " ms";
    return result.get();
}

std::string valid_preset_text() { return preset_to_json(unusual_preset()); }

// A PNG from raw chunks, with correct CRCs: a 1x1 gray image around the chunks given.
std::string chunk(std::string_view type, std::string_view data) {
    std::string out;
    const auto length = static_cast<std::uint32_t>(data.size());
    for (int shift : {24, 16, 8, 0}) out += static_cast<char>((length >> shift) & 0xff);
    out += type;
    out += data;
    uLong crc = crc32(0, reinterpret_cast<const Bytef*>(out.data() + 4), static_cast<uInt>(out.size() - 4));
    for (int shift : {24, 16, 8, 0}) out += static_cast<char>((crc >> shift) & 0xff);
    return out;
}

std::string png_with(const std::string& middle_chunks) {
    const std::string ihdr("\0\0\0\1\0\0\0\1\x08\0\0\0\0", 13);
    const std::string idat("\x78\x9c\x63\x60\x00\x00\x00\x02\x00\x01", 10);
    return std::string(png_signature) + chunk("IHDR", ihdr) + middle_chunks + chunk("IDAT", idat) +
           chunk("IEND", "");
}

std::string text_chunk(std::string_view key, std::string_view text) {
    return chunk("tEXt", std::string(key) + '\0' + std::string(text));
}

void write_file(const std::filesystem::path& file, const std::string& bytes) {
    std::ofstream(file, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// A pipe whose write end has `bytes` and is closed, so a reader sees them and then the end.
// Only for fewer bytes than the pipe's buffer (64 KiB on Linux).
struct FilledPipe {
    int read_end = -1;
    explicit FilledPipe(const std::string& bytes) {
        int ends[2];
        EXPECT_EQ(::pipe(ends), 0);
        EXPECT_EQ(::write(ends[1], bytes.data(), bytes.size()), static_cast<ssize_t>(bytes.size()));
        ::close(ends[1]);
        read_end = ends[0];
    }
    ~FilledPipe() { ::close(read_end); }
    std::filesystem::path path() const { return "/dev/fd/" + std::to_string(read_end); }
};

TEST(HostilePresets, DeepNestingIsRefusedNotAStackOverflow) {
    const std::string deep = std::string(100'000, '[') + std::string(100'000, ']');
    EXPECT_EQ(error_of(deep),
              "p.json:1:9: nested deeper than 8 levels of [ and {: a preset needs 4 (the object, its "
              "\"mask_field\", their \"curve\" and its points)");
    const auto as_value = error_of("{" + header + ", \"octaves\": " + std::string(100'000, '[') + "1" +
                                   std::string(100'000, ']') + "}");
    EXPECT_NE(as_value.find("nested deeper than 8 levels"), std::string::npos) << as_value;
    // Brackets inside strings are text, not nesting; 8 levels are allowed.
    EXPECT_EQ(error_of("{" + header + ", \"name\": \"" + std::string(1000, '[') + "\"}"), "(no error)");
    EXPECT_EQ(error_of("{" + header + ", \"name\": [[[[[[[1]]]]]]]}").find("nested deeper"),
              std::string::npos);

    testing::TestDir dir;
    write_file(dir / "deep.png", png_with(text_chunk(png_preset_key, deep)));
    const auto in_png = load_error(dir / "deep.png");
    EXPECT_NE(in_png.find("deep.png (PNG text chunk):1:9: nested deeper than 8 levels"), std::string::npos)
        << in_png;
}

TEST(HostilePresets, NulByteIsAnErrorWithItsOffset) {
    const std::string text = "{" + header + "}";
    EXPECT_EQ(error_of(text + std::string("\0{\"octaves\": 99}", 16)),
              "p.json:1:" + std::to_string(text.size() + 1) + ": a NUL byte at byte offset " +
                  std::to_string(text.size()) +
                  ": a preset is JSON text, which never holds one (is this a binary file?)");
    EXPECT_NE(
        error_of(std::string("{\"format\": \"noise-explorer\0\"}", 29)).find("NUL byte at byte offset 26"),
        std::string::npos);
    // In a PNG's tEXt chunk, where libpng itself would cut the text at the NUL.
    testing::TestDir dir;
    write_file(dir / "nul.png", png_with(text_chunk(png_preset_key, text + std::string("\0junk", 5))));
    EXPECT_NE(load_error(dir / "nul.png").find("NUL byte at byte offset " + std::to_string(text.size())),
              std::string::npos)
        << load_error(dir / "nul.png");
}

TEST(HostilePresets, DuplicateKeysAreNamed) {
    EXPECT_EQ(error_of("{" + header + R"(, "octaves": 3, "seed": 1, "octaves": 12})"),
              "p.json: key 'octaves': appears twice: a key may appear once (which one was meant?)");
    EXPECT_EQ(error_of("{" + header + R"(, "view": {"ramp": "fire", "ramp": "ice"}})"),
              "p.json: key 'view.ramp': appears twice: a key may appear once (which one was meant?)");
    EXPECT_EQ(error_of("{" + header + R"(, "view": {}, "view": {"ramp": "ice"}})"),
              "p.json: key 'view': appears twice: a key may appear once (which one was meant?)");
    EXPECT_NE(error_of(R"({"format": "noise-explorer-preset", "version": 1, "version": 1})")
                  .find("'version': appears twice"),
              std::string::npos);
    // The same key in two different objects is fine.
    EXPECT_EQ(error_of("{" + header + R"(, "name": "x", "view": {"ramp": "ice"}, "description": "ramp"})"),
              "(no error)");
    // Two preset chunks in one PNG: neither is taken.
    testing::TestDir dir;
    write_file(dir / "two.png", png_with(text_chunk(png_preset_key, valid_preset_text()) +
                                         text_chunk(png_preset_key, preset_to_json(Preset{}))));
    const auto two = load_error(dir / "two.png");
    EXPECT_NE(two.find("text chunks: expected one"), std::string::npos) << two;
}

TEST(HostileFiles, FifoWithoutWriterReturnsPromptlyWithAnError) {
    testing::TestDir dir;
    const auto fifo = dir / "fifo";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    std::chrono::milliseconds took{};
    const auto message = load_error_within(
        fifo, std::chrono::seconds(8),
        [&] {
            // Old code blocks in open(): a writer that comes and goes lets it return.
            const int fd = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
            if (fd >= 0) ::close(fd);
        },
        &took);
    EXPECT_NE(message.find("fifo: no data within 3.0 s: a pipe or FIFO that nobody writes to"),
              std::string::npos)
        << message;
    EXPECT_LT(took.count(), 4500);
}

TEST(HostileFiles, FifoWithALateWriterIsRead) {
    testing::TestDir dir;
    const auto fifo = dir / "fifo";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    std::thread writer([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        std::ofstream(fifo, std::ios::binary) << valid_preset_text();
    });
    Preset loaded;
    EXPECT_NO_THROW(loaded = load_preset(fifo));
    writer.join();
    EXPECT_EQ(loaded, unusual_preset());
}

TEST(HostileFiles, DevicesFoldersAndSocketsAreRefused) {
    const auto zero = load_error_within("/dev/zero", std::chrono::seconds(5), [] {});
    EXPECT_EQ(zero,
              "/dev/zero: is a character device (a terminal, or a device like /dev/zero that never ends), "
              "expected a preset file");
    EXPECT_NE(load_error("/dev/urandom").find("is a character device"), std::string::npos);
    testing::TestDir dir;
    EXPECT_EQ(load_error(dir.path()), dir.path().string() + ": is a folder, expected a preset file");
    write_file(dir / "file", "{}");
    EXPECT_EQ(load_error(dir / "file" / "x.json"),
              (dir / "file" / "x.json").string() +
                  ": cannot open the preset file: a part of the path is not a folder");
}

TEST(HostileFiles, OversizedJsonIsRefusedFromItsSize) {
    testing::TestDir dir;
    const std::string text = valid_preset_text();
    // Exactly the limit is still a preset (white space pads it); one byte more is not.
    write_file(dir / "full.json", text + std::string(preset_json_limit - text.size(), ' '));
    EXPECT_EQ(load_preset(dir / "full.json"), unusual_preset());
    write_file(dir / "big.json", text + std::string(preset_json_limit - text.size() + 1, ' '));
    EXPECT_EQ(load_error(dir / "big.json"),
              (dir / "big.json").string() + ": is 1048577 bytes: a preset .json is at most 1 MiB");
}

TEST(HostileFiles, HugeChunkInAPngIsRefusedBeforeItIsRead) {
    // A tEXt chunk that declares 2 GiB - 1 and holds 20 bytes: refused from its length, so
    // nothing near 2 GB is allocated or waited for.
    const std::string ihdr("\0\0\0\1\0\0\0\1\x08\0\0\0\0", 13);
    const std::string huge = std::string(png_signature) + chunk("IHDR", ihdr) +
                             std::string("\x7f\xff\xff\xfftEXt", 8) + std::string(20, 'x');
    testing::TestDir dir;
    write_file(dir / "huge.png", huge);
    const auto start   = std::chrono::steady_clock::now();
    const auto message = load_error(dir / "huge.png");
    EXPECT_EQ(message,
              (dir / "huge.png").string() +
                  ": the chunk at byte 33 ('tEXt') declares 2147483647 bytes: a chunk before the image "
                  "data may have at most 1088 KiB here");
    // Through a pipe the file size is unknown: the same limit holds.
    FilledPipe pipe(huge);
    EXPECT_NE(load_error(pipe.path())
                  .find("declares 2147483647 bytes: a chunk before the image data may have at most"),
              std::string::npos)
        << load_error(pipe.path());
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));  // sanitizers, load
    // Within the limit but past the end of the file: a truncated PNG, said before reading.
    const std::string cut =
        std::string(png_signature) + chunk("IHDR", ihdr) + std::string("\0\1\0\0tEXt", 8) + "ab";
    write_file(dir / "cut.png", cut);
    EXPECT_NE(load_error(dir / "cut.png").find("declares 65536 bytes, but the file has only 2 bytes left"),
              std::string::npos)
        << load_error(dir / "cut.png");
}

TEST(HostileFiles, PipesAreReadOnce) {
    // What `--preset <(cat p.json)` gives: a /dev/fd path to a pipe that can be read once.
    const FilledPipe json(valid_preset_text());
    EXPECT_EQ(load_preset(json.path()), unusual_preset());
    const FilledPipe png(png_with(text_chunk(png_preset_key, valid_preset_text())));
    EXPECT_EQ(load_preset(png.path()), unusual_preset());
    // An empty pipe whose writer has closed is empty at once, not after the deadline.
    const FilledPipe empty("");
    const auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(load_error(empty.path()), empty.path().string() +
                                            ": is empty: expected a preset, a JSON object "
                                            "{\"format\": \"noise-explorer-preset\", ...}");
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));  // sanitizers, load
}

TEST(HostileMessages, KeysValuesAndFileNamesAreEscaped) {
    // An escape sequence that retitles a terminal, a newline, a C1 control, in keys and values.
    const auto retitle = error_of("{" + header + R"(, "oct\u001b]0;pwned\u0007aves": 1})");
    EXPECT_EQ(retitle.rfind("p.json: unknown key 'oct\\x1b]0;pwned\\x07aves': expected one of", 0), 0u)
        << retitle;
    expect_one_clean_line(retitle);
    const auto newline = error_of("{" + header + R"(, "view": {"a\nb": 1}})");
    EXPECT_EQ(newline.rfind("p.json: view: unknown key 'a\\nb'", 0), 0u) << newline;
    const auto value = error_of("{" + header + R"(, "algorithm": "\u001b[2J\u0085"})");
    EXPECT_EQ(value,
              "p.json: key 'algorithm': '\\x1b[2J\\xc2\\x85' is not allowed: expected one of perlin, value, "
              "white, simplex, worley, voronoi");
    const auto got = error_of("{" + header + R"(, "octaves": "\u001b[2J"})");
    EXPECT_EQ(got,
              "p.json: key 'octaves': expected an integer from 1 to 16, got the string \"\\\\u001b[2J\"");
    const auto view_setting = error_of("{" + header + R"(, "ramp\u001b": 1})");
    expect_one_clean_line(view_setting);
    // Invalid UTF-8: nlohmann's own message quotes the bytes it read; they arrive escaped, with
    // the line and column of the byte.
    const auto utf8 = error_of("{\n  \"name\": \"\xff\xfe\"}");
    EXPECT_EQ(utf8.rfind("p.json:2:12: malformed JSON: ", 0), 0u) << utf8;
    EXPECT_NE(utf8.find("\\xff"), std::string::npos) << utf8;
    expect_one_clean_line(utf8);
    // A long key is shortened, not printed whole: the line is the list of keys and a few dozen bytes of it.
    EXPECT_LT(error_of("{" + header + ", \"" + std::string(100'000, 'k') + "\": 1}").size(), 650u);
    // --set
    Preset p;
    try {
        apply_assignment(p, "octaves=\x1b[2J");
        FAIL();
    } catch (const PresetError& error) {
        EXPECT_STREQ(error.what(),
                     "--set: octaves: '\\x1b[2J' is not an integer: expected an integer from 1 to 16");
    }
    try {
        apply_assignment(p, "oct\naves");
        FAIL();
    } catch (const PresetError& error) {
        expect_one_clean_line(error.what());
    }
    // A file name with a newline and an escape sequence.
    testing::TestDir dir;
    const auto named = load_error(dir / "a\nb\x1b]0;x\x07.json");
    EXPECT_NE(named.find("a\\nb\\x1b]0;x\\x07.json: preset file not found"), std::string::npos) << named;
}

TEST(HostileMessages, VersionIsPrintedAsWritten) {
    EXPECT_EQ(
        error_of(R"({"format": "noise-explorer-preset", "version": 18446744073709551615})"),
        "p.json: key 'version': 18446744073709551615 is newer than this program reads: expected 3 (a newer "
        "noise-explorer wrote this preset)");
    EXPECT_EQ(error_of(R"({"format": "noise-explorer-preset", "version": -1})"),
              "p.json: key 'version': -1 is not a version: expected 3");
    EXPECT_EQ(error_of(R"({"format": "noise-explorer-preset", "version": 0})"),
              "p.json: key 'version': 0 is not a version: expected 3");
    EXPECT_EQ(error_of("{" + header + R"(, "seed": 18446744073709551615})"),
              "p.json: key 'seed': '18446744073709551615' is out of range: expected an integer from 0 to "
              "4294967295");
}

TEST(HostileFiles, SymbolicLinksAndEmptyNames) {
    testing::TestDir dir;
    std::filesystem::create_symlink("loop.json", dir / "loop.json");
    EXPECT_EQ(load_error(dir / "loop.json"), (dir / "loop.json").string() +
                                                 ": cannot open the preset file: symbolic link loop (a link "
                                                 "that leads back to itself, or too many "
                                                 "links in a row)");
    std::filesystem::create_symlink("missing.json", dir / "dangling.json");
    EXPECT_EQ(
        load_error(dir / "dangling.json"),
        (dir / "dangling.json").string() + ": preset file not found: a symbolic link to a missing file");
    // `--preset ""` is a mistake (an unset variable), not a request for the defaults.
    const std::string empty_name =
        "empty file name: expected a preset .json, a shipped preset's name or a PNG exported by "
        "noise-explorer";
    EXPECT_EQ(load_error(""), empty_name);
    try {
        resolve_preset_argument("");
        FAIL();
    } catch (const PresetError& error) {
        EXPECT_EQ(error.what(), empty_name);
    }
    write_file(dir / "empty.json", "");
    EXPECT_EQ(load_error(dir / "empty.json"), (dir / "empty.json").string() +
                                                  ": is empty: expected a preset, a JSON object {\"format\": "
                                                  "\"noise-explorer-preset\", ...}");
}

TEST(HostileFiles, PermissionDenied) {
    if (::geteuid() == 0) GTEST_SKIP() << "root reads every file";
    testing::TestDir dir;
    write_file(dir / "secret.json", valid_preset_text());
    std::filesystem::permissions(dir / "secret.json", std::filesystem::perms::none);
    EXPECT_EQ(load_error(dir / "secret.json"),
              (dir / "secret.json").string() + ": cannot open the preset file: permission denied");
}

// Found by fuzz_arguments: --size and --region quoted their text raw, newline and all.
TEST(HostileMessages, SizeAndRegionValuesAreEscaped) {
    const auto size = parse_image_size("oct\naves=3\x1b]0;x\x07");
    EXPECT_EQ(size.error.rfind("--size: 'oct\\naves=3\\x1b]0;x\\x07' is not a size: expected WxH", 0), 0u)
        << size.error;
    expect_one_clean_line(parse_image_size("1\rx2").error);
    expect_one_clean_line(parse_image_size(std::string(100'000, '9') + "x1").error);
    EXPECT_LT(parse_image_size(std::string(100'000, '9') + "x1").error.size(), 400u);
    const auto region = parse_region("0,0,\n1,1", ImageSize{8, 8});
    EXPECT_EQ(region.error.rfind("--region: '0,0,\\n1,1' is not a window", 0), 0u) << region.error;
}

}  // namespace
}  // namespace app
