// The teaching views' logic without a window: solo / mute against the library's own sums, the
// animation's slice and its steps, the interpolation tab's curves against interpolate.hpp.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "gui/teaching/animation.hpp"
#include "gui/preview/compare_view.hpp"
#include "gui/teaching/interpolation_view.hpp"
#include "gui/teaching/octave_breakdown.hpp"
#include "gui/preview/octave_mix.hpp"
#include "noise/interpolate.hpp"
#include "noise/kernel.hpp"
#include "noise/render.hpp"

namespace app::gui {
namespace {

noise::Params five_octaves(noise::Fractal fractal) {
    noise::Params p;
    p.fractal = fractal;
    p.octaves = 5;
    p.frequency = 3.0;
    p.offset_x = -1.25;
    p.offset_y = 0.75;
    return p;
}

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

// The breakdown's running sum of all octaves is the curve; each row's share is the library's.
TEST(OctaveBreakdown, LayersAddUpToTheCurve) {
    const noise::Params p = five_octaves(noise::Fractal::fbm);
    const std::atomic<bool> cancelled{false};
    const OctaveLayers layers = compute_octave_layers(p, 0.2, 100, 8, cancelled);
    ASSERT_EQ(layers.shares.size(), 5u);
    std::vector<double> curve(100), share(100);
    const noise::FractalNoise noise(p);
    noise::sample_row(noise, 0.2, curve);
    noise::sample_row(noise, 0.2, share, 2);
    for (std::size_t i = 0; i < curve.size(); ++i) {
        EXPECT_NEAR(layers.running.back()[i], curve[i], 1e-12);
        EXPECT_EQ(layers.shares[2][i], share[i]);
    }
    EXPECT_NEAR(layers.weights[0] + layers.weights[1] + layers.weights[2] + layers.weights[3] + layers.weights[4], 1.0, 1e-12);
    // The thumbnail of octave 0 is the octave's image over the preview's square (render.hpp).
    ASSERT_EQ(layers.thumbs[0].size(), 64u);
    std::vector<double> row(8);
    noise::RowKernel(noise).fill_octave_row(0, {p.offset_x, p.frequency / 8, 0, noise::pixel_point(p, 8, 0, 5)[1]}, row);
    for (int i = 0; i < 8; ++i) EXPECT_EQ(layers.thumbs[0][5 * 8 + i], static_cast<float>(row[static_cast<std::size_t>(i)]));
}

TEST(Animation, MovesZIn3DAndWIn4DOnly) {
    Animation a;
    a.phase = 0.5;
    noise::Params p;
    p.z = 1.0;
    p.w = 2.0;
    p.dimension = 2;
    EXPECT_EQ(animated(p, a), p);
    EXPECT_EQ(animated_axis(2), nullptr);
    p.dimension = 3;
    EXPECT_EQ(animated(p, a).z, 1.5);
    EXPECT_EQ(animated(p, a).w, 2.0);
    p.dimension = 4;
    EXPECT_EQ(animated(p, a).z, 1.0);
    EXPECT_EQ(animated(p, a).w, 2.5);
}

TEST(Animation, StepsOnlyOnceTheLastSliceIsShown) {
    Animation a;
    a.speed = 1.0;
    EXPECT_FALSE(advance(a, 10.0, true));  // off
    a.on = true;
    EXPECT_FALSE(advance(a, 10.0, true));  // the clock starts
    EXPECT_FALSE(advance(a, 10.05, false));  // the slice is still rendering: wait
    EXPECT_TRUE(advance(a, 10.08, true));
    EXPECT_NEAR(a.phase, 0.08, 1e-12);
    EXPECT_TRUE(advance(a, 15.0, true));  // a long stall moves at most max_step_seconds
    EXPECT_NEAR(a.phase, 0.08 + Animation::max_step_seconds, 1e-12);
}

TEST(InterpolationView, CurvesAreTheLibrarys) {
    for (double t : {0.0, 0.2, 0.5, 0.9, 1.0}) {
        EXPECT_EQ(shown_weight(noise::Interpolation::quintic, t), noise::quintic_curve(t));
        EXPECT_EQ(shown_slope(noise::Interpolation::cosine, t), noise::cosine_slope(t));
    }
    // The cubic's shown weight is that of v2: 0 at t = 0, 1 at t = 1.
    EXPECT_EQ(shown_weight(noise::Interpolation::cubic, 0.0), 0.0);
    EXPECT_EQ(shown_weight(noise::Interpolation::cubic, 1.0), 1.0);
}

// Each row is the noise with that curve; linear and quintic differ off the lattice.
TEST(InterpolationView, RowsUseEachCurve) {
    noise::Params p;
    p.dimension = 1;
    p.octaves = 1;
    const InterpolationRows rows = sample_interpolations(p, 0.0, 50);
    for (std::size_t c = 0; c < curve_count; ++c) {
        noise::Params q = p;
        q.interpolation = static_cast<noise::Interpolation>(c);
        std::vector<double> expected(50);
        noise::sample_row(noise::FractalNoise(q), 0.0, expected);
        EXPECT_EQ(rows.rows[c], expected);
    }
    EXPECT_NE(rows.rows[static_cast<int>(noise::Interpolation::linear)], rows.rows[static_cast<int>(noise::Interpolation::quintic)]);
}

TEST(CompareView, DifferenceIsSignedWithItsLargestMagnitude) {
    const std::vector<float> a{0.5f, -0.25f, 0.0f}, b{0.25f, 0.5f, 0.0f};
    const FieldDifference d = difference_of(a, b);
    ASSERT_EQ(d.values.size(), 3u);
    EXPECT_EQ(d.values[0], 0.25f);
    EXPECT_EQ(d.values[1], -0.75f);
    EXPECT_EQ(d.max_abs, 0.75);
    EXPECT_EQ(difference_of(a, a).max_abs, 0.0);
}

TEST(CompareView, DivergingRampIsWhiteAtZeroRedForAAndBlueForB) {
    EXPECT_EQ(diverging_colour(0.0), (std::array<std::uint8_t, 3>{255, 255, 255}));
    const auto red = diverging_colour(1.0), blue = diverging_colour(-1.0);
    EXPECT_GT(red[0], red[2]);
    EXPECT_GT(blue[2], blue[0]);
    EXPECT_EQ(diverging_colour(5.0), red);  // clamped
}

}  // namespace
}  // namespace app::gui
