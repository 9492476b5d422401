// The parameter table: every key of the design, text round trips, and one-line errors.
#include "noise/params.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>

namespace {

// The check behind the static_asserts beside every name table (enum_names.hpp) can fail: a
// table one name short, and an enumerator added after the last one the table names.
enum class ThreeChoices { first, second, third };
static_assert(noise::enum_has_count<ThreeChoices, 3>());
static_assert(!noise::enum_has_count<ThreeChoices, 2>());
static_assert(!noise::enum_has_count<ThreeChoices, 4>());
static_assert(!noise::enum_has_count<noise::Fractal, 2>());  // a table without "ridged"
static_assert(noise::enum_has_count<noise::Fractal, 3>());

TEST(Params, TheTableHasTheDesignsKeysOnce) {
    const std::vector<std::string_view> design{
        "algorithm", "dimension", "gradients", "interpolation", "smooth", "cellular_return",
        "cellular_distance", "cellular_jitter", "fractal", "octaves", "persistence", "lacunarity",
        "octave_seeds", "octave_offsets", "normalize", "hash", "seed", "seed_mode", "frequency", "offset_x",
        "offset_y", "z", "w", "tile", "tile_y", "tile_octaves", "warp_amplitude", "warp_frequency",
        "warp_octaves", "layers",
        // the shaping stage (shaping.hpp), last
        "terraces", "terrace_sharpness", "terrace_invert", "mask", "mask_threshold", "mask_falloff", "invert",
        "scale", "bias", "clamp", "clamp_min", "clamp_max",
        // the erosion stage (erosion.hpp), after it
        "erosion.method", "erosion.strength", "erosion.scale", "erosion.octaves", "erosion.detail",
        "erosion.ridge_rounding", "erosion.crease_rounding", "erosion.peaks", "erosion.valleys",
        "erosion.gullies", "erosion.drainage",
        // the erosion simulation's own (erosion_sim.hpp, simulated_field.hpp), last
        "erosion.extent", "erosion.relief", "erosion.steps", "erosion.erodibility", "erosion.area_exponent",
        "erosion.talus", "erosion.deposition"};
    std::vector<std::string_view> keys;
    for (const auto& info : noise::param_table()) {
        keys.push_back(info.key);
        EXPECT_FALSE(info.label.empty());
        EXPECT_GT(info.tooltip.size(), 20u) << info.key;
        EXPECT_LE(info.min, info.max);
    }
    EXPECT_EQ(keys, design);
}

TEST(Params, EveryFieldRoundTripsThroughText) {
    noise::Params changed;
    ASSERT_EQ(noise::set_param(changed, "algorithm", "value"), "");
    ASSERT_EQ(noise::set_param(changed, "dimension", "3"), "");
    ASSERT_EQ(noise::set_param(changed, "gradients", "random"), "");
    ASSERT_EQ(noise::set_param(changed, "interpolation", "cubic"), "");
    ASSERT_EQ(noise::set_param(changed, "smooth", "on"), "");
    ASSERT_EQ(noise::set_param(changed, "fractal", "ridged"), "");
    ASSERT_EQ(noise::set_param(changed, "octaves", "16"), "");
    ASSERT_EQ(noise::set_param(changed, "persistence", "0.70710678118654757"), "");
    ASSERT_EQ(noise::set_param(changed, "lacunarity", "3"), "");
    ASSERT_EQ(noise::set_param(changed, "octave_seeds", "offset"), "");
    ASSERT_EQ(noise::set_param(changed, "octave_offsets", "shifted"), "");
    ASSERT_EQ(noise::set_param(changed, "hash", "prime_table"), "");
    ASSERT_EQ(noise::set_param(changed, "seed", "4294967295"), "");
    ASSERT_EQ(noise::set_param(changed, "frequency", "0.1"), "");
    ASSERT_EQ(noise::set_param(changed, "offset_x", "-12.5"), "");
    ASSERT_EQ(noise::set_param(changed, "offset_y", "1e6"), "");
    ASSERT_EQ(noise::set_param(changed, "z", "0.25"), "");
    ASSERT_EQ(noise::set_param(changed, "w", "-3"), "");
    ASSERT_EQ(noise::set_param(changed, "tile", "300"), "");
    ASSERT_EQ(noise::set_param(changed, "warp_amplitude", "0.75"), "");
    ASSERT_EQ(noise::set_param(changed, "warp_frequency", "2"), "");
    ASSERT_EQ(noise::set_param(changed, "warp_octaves", "6"), "");
    ASSERT_EQ(noise::set_param(changed, "layers", "rotated"), "");
    EXPECT_EQ(noise::validate(changed), "");
    EXPECT_EQ(changed.seed, 4294967295u);
    EXPECT_TRUE(changed.smooth);
    EXPECT_EQ(changed.interpolation, noise::Interpolation::cubic);

    noise::Params copy;
    for (const auto& info : noise::param_table())
        ASSERT_EQ(noise::set_param(copy, info.key, noise::format_param(changed, info)), "") << info.key;
    EXPECT_EQ(copy, changed);
    EXPECT_EQ(noise::format_param(changed, *noise::find_param("frequency")), "0.1");
    EXPECT_EQ(noise::format_param(changed, *noise::find_param("smooth")), "true");
}

TEST(Params, ErrorsNameTheKeyTheValueAndWhatIsAllowed) {
    noise::Params params;
    const noise::Params before = params;
    EXPECT_EQ(noise::set_param(params, "octaves", "20"),
              "octaves: '20' is out of range: expected an integer from 1 to 16");
    EXPECT_EQ(noise::set_param(params, "octaves", "2.5"),
              "octaves: '2.5' is not an integer: expected an integer from 1 to 16");
    EXPECT_EQ(
        noise::set_param(params, "algorithm", "gabor"),
        "algorithm: 'gabor' is not allowed: expected one of perlin, value, white, simplex, worley, voronoi");
    EXPECT_EQ(noise::set_param(params, "persistence", "nan"),
              "persistence: 'nan' is not a finite number: expected a number from 0 to 1");
    EXPECT_EQ(noise::set_param(params, "persistence", "inf"),
              "persistence: 'inf' is not a finite number: expected a number from 0 to 1");
    EXPECT_EQ(noise::set_param(params, "seed", "-1"),
              "seed: '-1' is out of range: expected an integer from 0 to 4294967295");
    EXPECT_EQ(noise::set_param(params, "seed", "99999999999999999999"),
              "seed: '99999999999999999999' is out of range: expected an integer from 0 to 4294967295");
    EXPECT_EQ(noise::set_param(params, "frequency", ""),
              "frequency: '' is empty: expected a number from 0.001 to 100000");
    EXPECT_EQ(noise::set_param(params, "frequency", "0"),
              "frequency: '0' is out of range: expected a number from 0.001 to 100000");
    EXPECT_EQ(noise::set_param(params, "octave_offsets", "rotated"),
              "octave_offsets: 'rotated' is not allowed: expected one of none, shifted");
    EXPECT_EQ(noise::set_param(params, "smooth", "maybe"),
              "smooth: 'maybe' is not allowed: expected true or false (on/off, 1/0)");
    EXPECT_EQ(noise::set_param(params, "dimension", "3x"),
              "dimension: '3x' is not an integer: expected an integer from 1 to 4");
    EXPECT_EQ(noise::set_param(params, "colour", "red")
                  .rfind("unknown parameter 'colour': expected one of algorithm, ", 0),
              0u);
    EXPECT_EQ(noise::set_param(params, "mask.colour", "red"),
              "unknown parameter 'mask.colour': expected mask. and a key of the mask field's noise "
              "(mask.frequency, mask.octaves, mask.fractal, ..., mask.curve)");
    EXPECT_EQ(params, before);
}

// Numbers are read in one plain decimal form; anything else is an error naming what it is, never
// a guess ("+-1" once read as -1) and never the default (an empty value).
TEST(Params, NumbersAreReadStrictly) {
    noise::Params params;
    const noise::Params before                          = params;
    const std::pair<const char*, const char*> refused[] = {
        {"+-1", "is not a number"},
        {"+0.5", "is not a number"},
        {" 0.5", "is not a number"},
        {"0.5 ", "is not a number"},
        {"0x1", "is not a number"},
        {"0.5abc", "is not a number"},
        {"inf", "is not a finite number"},
        {"-infinity", "is not a finite number"},
        {"nan", "is not a finite number"},
        {"1e400", "is too large or too small for a double"},
        {"1e-400", "is too large or too small for a double"},
        {"", "is empty"},
        {"1e", "is not a number"},
        {".", "is not a number"},
        {"--1", "is not a number"}};
    for (const auto& [text, what] : refused) {
        const std::string error = noise::set_param(params, "persistence", text);
        EXPECT_EQ(error,
                  "persistence: '" + std::string(text) + "' " + what + ": expected a number from 0 to 1");
    }
    for (const char* text : {"+5", "+-5", " 5", "5 ", "0x5", "5e0", "5.0", "", "\t5"}) {
        const std::string error = noise::set_param(params, "octaves", text);
        EXPECT_EQ(error.rfind("octaves: '", 0), 0u) << text;
        EXPECT_NE(error.find("expected an integer from 1 to 16"), std::string::npos) << error;
    }
    EXPECT_EQ(noise::set_param(params, "octaves", "+5"),
              "octaves: '+5' is not an integer: expected an integer from 1 to 16");
    EXPECT_EQ(params, before);

    // What is allowed: plain decimals, with a sign, a fraction or an exponent.
    EXPECT_EQ(noise::set_param(params, "persistence", "0.25"), "");
    EXPECT_EQ(noise::set_param(params, "offset_x", "-1e12"), "");
    EXPECT_EQ(noise::set_param(params, "offset_y", ".5"), "");
    EXPECT_EQ(noise::set_param(params, "z", "-0"), "");
    EXPECT_EQ(noise::set_param(params, "w", "1e-320"), "");  // a subnormal is still a number
    EXPECT_EQ(noise::set_param(params, "octaves", "-0"),
              "octaves: '-0' is out of range: expected an integer from 1 to 16");
    EXPECT_EQ(params.offset_x, -1e12);
}

// A value quoted in a message is one safe line whatever it holds.
TEST(Params, MessagesQuoteValuesEscapedAndShortened) {
    noise::Params params;
    EXPECT_EQ(noise::set_param(params, "octaves", "\x1b]0;pwned\x07\n"),
              "octaves: '\\x1b]0;pwned\\x07\\n' is not an integer: expected an integer from 1 to 16");
    EXPECT_EQ(noise::set_param(params, "fractal", "it's\\"),
              "fractal: 'it\\'s\\\\' is not allowed: expected one of fbm, turbulence, ridged");
    const std::string error = noise::set_param(params, "seed", std::string(1'000'000, '7'));
    EXPECT_EQ(error, "seed: '" + std::string(24, '7') + "..." + std::string(24, '7') +
                         "' (1000000 bytes) is out of range: expected an integer from 0 to 4294967295");
    EXPECT_EQ(noise::quote_text(std::string(56, 'a')),
              "'" + std::string(56, 'a') + "'");  // short enough: whole
    EXPECT_EQ(noise::quote_text("caf\xc3\xa9"), "'caf\\xc3\\xa9'");
}

TEST(Params, SetValueChecksKindAndRange) {
    noise::Params params;
    EXPECT_EQ(noise::set_param_value(params, *noise::find_param("tile"), 3.5),
              "tile: '3.5' is not an integer: expected an integer from 0 to 65536");
    EXPECT_EQ(
        noise::set_param_value(params, *noise::find_param("algorithm"), 9),
        "algorithm: '9' is out of range: expected one of perlin, value, white, simplex, worley, voronoi");
    EXPECT_EQ(noise::set_param_value(params, *noise::find_param("octaves"), 9), "");
    EXPECT_EQ(params.octaves, 9);
}

TEST(Params, ValidateJoinsFields) {
    noise::Params params;
    EXPECT_EQ(noise::validate(params), "");
    params.tile       = 8;
    params.lacunarity = 2.5;
    EXPECT_EQ(noise::validate(params).rfind("lacunarity: '2.5' is not allowed while tiling", 0), 0u);
    params.lacunarity = 3;
    EXPECT_EQ(noise::validate(params), "");
    params.octaves = 17;
    EXPECT_EQ(noise::validate(params), "octaves: '17' is out of range: expected an integer from 1 to 16");
    params.octaves      = 5;
    params.octave_seeds = noise::OctaveSeeds::primes;
    EXPECT_EQ(noise::validate(params),
              "octave_seeds: 'primes' is not allowed with hash = permutation: expected hash = elias, whose "
              "IntNoise has the primes each octave changes");
    params.hash = noise::Hash::elias;
    EXPECT_EQ(noise::validate(params), "");
}

TEST(Params, NominalRangesAndTheOutputMapping) {
    noise::Params params;
    EXPECT_EQ(noise::nominal_range(params).lo, -1.0);
    params.fractal = noise::Fractal::ridged;
    EXPECT_EQ(noise::nominal_range(params).lo, 0.0);
    EXPECT_EQ(noise::to_unit(0.0, {-1, 1}), 0.5);
    EXPECT_EQ(noise::to_unit(-1.2, {-1, 1}), 0.0);
    EXPECT_EQ(noise::to_unit(1.04, {-1, 1}), 1.0);
}

}  // namespace
