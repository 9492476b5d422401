// The teaching views' logic without a window: the octave breakdown's layers against the library's
// own sums, the animation's slice and its steps, the interpolation tab's curves against
// interpolate.hpp. (Solo / mute and the compare view are the preview's: preview/tests/.)
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "gui/teaching/animation.hpp"
#include "gui/teaching/interpolation_view.hpp"
#include "gui/teaching/octave_breakdown.hpp"
#include "gui/tests/five_octaves.hpp"
#include "noise/interpolate.hpp"
#include "noise/kernel.hpp"
#include "noise/render.hpp"

namespace app::gui {
namespace {

using test_fields::five_octaves;

// The breakdown's running sum of all octaves is the curve; each row's share is the library's.
TEST(OctaveBreakdown, LayersAddUpToTheCurve) {
    const noise::Params p = five_octaves(noise::Fractal::fbm);
    const std::atomic<bool> cancelled{false};
    const OctaveLayers layers = compute_octave_layers(p, 0.2, 100, {8, 8}, cancelled);
    ASSERT_EQ(layers.shares.size(), 5u);
    std::vector<double> curve(100), share(100);
    const noise::FractalNoise noise(p);
    noise::sample_row(noise, 0.2, curve);
    noise::sample_row(noise, 0.2, share, 2);
    for (std::size_t i = 0; i < curve.size(); ++i) {
        EXPECT_NEAR(layers.running.back()[i], curve[i], 1e-12);
        EXPECT_EQ(layers.shares[2][i], share[i]);
    }
    EXPECT_NEAR(
        layers.weights[0] + layers.weights[1] + layers.weights[2] + layers.weights[3] + layers.weights[4],
        1.0, 1e-12);
    // The thumbnail of octave 0 is the octave's image over a square preview's area (render.hpp).
    ASSERT_EQ(layers.thumbs[0].size(), 64u);
    std::vector<double> row(8);
    noise::RowKernel(noise).fill_octave_row(
        0, {p.offset_x, p.frequency / 8, 0, noise::pixel_point(p, 8, 0, 5)[1]}, row);
    for (int i = 0; i < 8; ++i)
        EXPECT_EQ(layers.thumbs[0][5 * 8 + i], static_cast<float>(row[static_cast<std::size_t>(i)]));
}

// The thumbnails take the preview's shape: with a wide export frame (1920 x 1080) a square
// thumbnail would show frequency cells down where the preview shows frequency x 9/16.
TEST(OctaveBreakdown, ThumbnailsShowThePreviewsArea) {
    EXPECT_EQ(octave_thumb_size(512, 512, 48), (ThumbSize{48, 48}));
    EXPECT_EQ(octave_thumb_size(1920, 1080, 48), (ThumbSize{48, 27}));
    EXPECT_EQ(octave_thumb_size(1000, 2000, 48), (ThumbSize{24, 48}));
    EXPECT_EQ(octave_thumb_size(4000, 1, 48), (ThumbSize{48, 1}));

    const noise::Params p = five_octaves(noise::Fractal::fbm);
    const ThumbSize thumb = octave_thumb_size(1920, 1080, 16);
    ASSERT_EQ(thumb, (ThumbSize{16, 9}));
    const std::atomic<bool> cancelled{false};
    const OctaveLayers layers = compute_octave_layers(p, 0.2, 50, thumb, cancelled);
    ASSERT_EQ(layers.thumbs[1].size(), 16u * 9u);
    // Its last row lies in the preview's last sixteenth of the height, as the preview's does.
    const double preview_bottom = p.offset_y + p.frequency * 1080.0 / 1920.0;
    const double last_y         = noise::pixel_point(p, thumb.width, 0, thumb.height - 1)[1];
    EXPECT_LT(last_y, preview_bottom);
    EXPECT_GT(last_y, preview_bottom - p.frequency / 16.0);
    std::vector<double> row(16);
    noise::RowKernel(noise::FractalNoise(p))
        .fill_octave_row(1, {p.offset_x, p.frequency / 16, 0, last_y}, row);
    for (int i = 0; i < 16; ++i)
        EXPECT_EQ(layers.thumbs[1][8 * 16 + i], static_cast<float>(row[static_cast<std::size_t>(i)]));
}

TEST(Animation, MovesZIn3DAndWIn4DOnly) {
    Animation a;
    a.phase = 0.5;
    noise::Params p;
    p.z         = 1.0;
    p.w         = 2.0;
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
    EXPECT_FALSE(advance(a, 10.0, true));    // the clock starts
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
    p.dimension                  = 1;
    p.octaves                    = 1;
    const InterpolationRows rows = sample_interpolations(p, 0.0, 50);
    for (std::size_t c = 0; c < curve_count; ++c) {
        noise::Params q = p;
        q.interpolation = static_cast<noise::Interpolation>(c);
        std::vector<double> expected(50);
        noise::sample_row(noise::FractalNoise(q), 0.0, expected);
        EXPECT_EQ(rows.rows[c], expected);
    }
    EXPECT_NE(rows.rows[static_cast<int>(noise::Interpolation::linear)],
              rows.rows[static_cast<int>(noise::Interpolation::quintic)]);
}

}  // namespace
}  // namespace app::gui
