// Solo and mute (octave_mix.hpp) against the library's own sums: all octaves give the full sum,
// a solo is that octave's share, a mute takes its share away.
#include "gui/preview/octave_mix.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "gui/tests/five_octaves.hpp"
#include "noise/kernel.hpp"
#include "noise/render.hpp"

namespace app::gui {
namespace {

using test_fields::five_octaves;

double max_difference(const std::vector<float>& a, const std::vector<float>& b) {
    double worst = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::abs(double(a[i]) - double(b[i])));
    return worst;
}

TEST(OctaveChoice, SoloWinsOverMute) {
    OctaveChoice choice;
    EXPECT_TRUE(choice.all(5));
    choice.muted = 1u << 2;
    EXPECT_FALSE(choice.shows(2));
    EXPECT_TRUE(choice.shows(3));
    EXPECT_FALSE(choice.all(5));
    EXPECT_TRUE(choice.all(2));  // octave 2 does not exist with two octaves
    choice.solo = 2;
    EXPECT_TRUE(choice.shows(2));
    EXPECT_FALSE(choice.shows(0));
}

// Every octave chosen by the mix is the library's own fbm and turbulence sum (to rounding:
// the order of the additions differs), so the mix adds shares the way the modes define.
TEST(OctaveMix, AllOctavesGiveTheFullSum) {
    for (noise::Fractal fractal : {noise::Fractal::fbm, noise::Fractal::turbulence}) {
        const noise::Params p = five_octaves(fractal);
        const noise::FractalNoise noise(p);
        const auto region = noise::Region::full(40, 30);
        std::vector<float> full(region.pixel_count()), mixed(region.pixel_count());
        ASSERT_TRUE(noise::render(noise, region, full));
        // A choice naming a non-existent octave muted still takes every real one.
        ASSERT_TRUE(render_chosen(noise, {-1, 1u << 9}, region, mixed, nullptr, nullptr));
        EXPECT_LT(max_difference(full, mixed), 1e-6) << noise::fractal_names[static_cast<int>(fractal)];
    }
}

TEST(OctaveMix, SoloIsThatOctavesShare) {
    const noise::Params p = five_octaves(noise::Fractal::fbm);
    const noise::FractalNoise noise(p);
    std::vector<double> row(64), alone(64);
    sample_chosen(noise, {3, 0}, 0.4, row);
    noise::sample_row(noise, 0.4, alone, 3);
    for (std::size_t i = 0; i < row.size(); ++i) EXPECT_EQ(row[i], alone[i]);
    // Turbulence: the share's absolute value.
    const noise::FractalNoise turbulence(five_octaves(noise::Fractal::turbulence));
    sample_chosen(turbulence, {1, 0}, 0.4, row);
    noise::sample_row(turbulence, 0.4, alone, 1);
    bool some_negative = false;
    for (std::size_t i = 0; i < row.size(); ++i) {
        EXPECT_EQ(row[i], std::abs(alone[i]));
        some_negative |= alone[i] < 0.0;
    }
    EXPECT_TRUE(some_negative);  // else the check above could not tell |share| from share
}

// Muting an octave takes exactly its share away: full - muted == that octave's share.
TEST(OctaveMix, MuteRemovesTheShare) {
    const noise::Params p = five_octaves(noise::Fractal::fbm);
    const noise::FractalNoise noise(p);
    std::vector<double> full(128), muted(128), share(128);
    noise::sample_row(noise, -0.3, full);
    sample_chosen(noise, {-1, 1u << 0}, -0.3, muted);
    noise::sample_row(noise, -0.3, share, 0);
    double moved = 0.0;
    for (std::size_t i = 0; i < full.size(); ++i) {
        EXPECT_NEAR(full[i] - muted[i], share[i], 1e-12);
        moved = std::max(moved, std::abs(full[i] - muted[i]));
    }
    EXPECT_GT(moved, 0.05);
}

}  // namespace
}  // namespace app::gui
