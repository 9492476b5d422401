// Colour ramps, hillshade, value mapping and statistics.
#include "core/colour.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "core/field_stats.hpp"
#include "core/value_mapping.hpp"
#include "noise/render.hpp"

namespace app {
namespace {

TEST(ValueMapping, EndsAndRounding) {
    const noise::Range r{-1.0, 1.0};
    EXPECT_EQ(to_gray16(unit_value(-1.0, r)), 0);
    EXPECT_EQ(to_gray16(unit_value(1.0, r)), 65535);
    EXPECT_EQ(to_gray16(unit_value(5.0, r)), 65535);        // clamped
    EXPECT_EQ(to_gray8(unit_value(0.0, r)), 128);           // 127.5 rounds up
    EXPECT_EQ(to_gray8(unit_value(0.3, {0.3, 0.3})), 128);  // empty range: mid-gray, no NaN
}

// Wood repeats its ring every twelfth of the range; marble is pale stone with dark veins on top.
TEST(Colour, WoodRingsRepeatAndMarbleVeinsAreDark) {
    for (const double t : {0.01, 0.03125, 0.0625})  // + 0.25 = three rings on, exactly
        EXPECT_EQ(ramp_colour(Ramp::wood, t), ramp_colour(Ramp::wood, t + 0.25)) << t;
    EXPECT_LT(ramp_colour(Ramp::wood, 0.88 / 12.0)[0],
              ramp_colour(Ramp::wood, 0.0)[0] - 60);  // late-wood line
    EXPECT_GT(ramp_colour(Ramp::marble, 0.0)[0], 240);
    EXPECT_LT(ramp_colour(Ramp::marble, 1.0)[0], 80);
}

TEST(Colour, RampEnds) {
    EXPECT_EQ(ramp_colour(Ramp::gray, 0.0), (std::array<std::uint8_t, 3>{0, 0, 0}));
    EXPECT_EQ(ramp_colour(Ramp::gray, 1.0), (std::array<std::uint8_t, 3>{255, 255, 255}));
    EXPECT_EQ(ramp_colour(Ramp::gray, 0.5), (std::array<std::uint8_t, 3>{128, 128, 128}));
    EXPECT_EQ(ramp_colour(Ramp::viridis, 0.0), (std::array<std::uint8_t, 3>{68, 1, 84}));
    EXPECT_EQ(ramp_colour(Ramp::viridis, 2.0), (std::array<std::uint8_t, 3>{253, 231, 37}));
    EXPECT_EQ(ramp_colour(Ramp::fire, 0.0), (std::array<std::uint8_t, 3>{0, 0, 0}));
    const auto sand = ramp_colour(Ramp::terrain, 0.47);
    EXPECT_GT(sand[0], sand[2]);  // sandy, not blue
    const auto sea = ramp_colour(Ramp::terrain, 0.2);
    EXPECT_GT(sea[2], sea[0]);
}

// The terrain ramp's shore follows the sea level: blue just below it, sand just above it.
TEST(Colour, TerrainWaterlineIsTheSeaLevel) {
    const auto blue = [](std::array<std::uint8_t, 3> c) { return c[2] > c[0] + 40; };
    ViewSettings view;
    view.ramp = Ramp::terrain;
    for (const double sea : {0.2, 0.3, 0.45, 0.7}) {
        view.sea_level   = sea;
        const auto below = ramp_colour(view.ramp, ramp_position(view, sea - 0.002));
        const auto above = ramp_colour(view.ramp, ramp_position(view, sea + 0.002));
        EXPECT_TRUE(blue(below)) << sea;
        EXPECT_FALSE(blue(above)) << sea;
        EXPECT_GT(above[0], above[2]) << sea;  // sand
        EXPECT_EQ(ramp_position(view, 0.0), 0.0);
        EXPECT_EQ(ramp_position(view, 1.0), 1.0);
    }
    // Without a sea, and on other ramps, the ramp is as it was.
    view.sea_level = 0.0;
    EXPECT_EQ(ramp_position(view, 0.3), 0.3);
    view.sea_level = 0.3;
    view.ramp      = Ramp::gray;
    EXPECT_EQ(ramp_position(view, 0.25), 0.25);
    // And colourise draws it: a sea at 0.3, a pixel at 0.35 is land, at 0.25 water.
    view.ramp = Ramp::terrain;
    const std::vector<float> raw{-0.3f, -0.5f};  // unit 0.35 and 0.25 of [-1, 1]
    std::vector<std::uint8_t> rgba(8);
    colourise(raw, 2, 1, view, {-1.0, 1.0}, rgba);
    EXPECT_FALSE(blue({rgba[0], rgba[1], rgba[2]}));
    EXPECT_TRUE(blue({rgba[4], rgba[5], rgba[6]}));
}

TEST(Colour, GrayWithoutHillshadeIsTheMappedValue) {
    const std::vector<float> raw{-1.0f, 0.0f, 1.0f, 0.5f};
    std::vector<std::uint8_t> rgba(16);
    colourise(raw, 2, 2, ViewSettings{}, {-1.0, 1.0}, rgba);
    const std::vector<std::uint8_t> expected{0,   0,   0,   255, 128, 128, 128, 255,
                                             255, 255, 255, 255, 191, 191, 191, 255};
    EXPECT_EQ(rgba, expected);
}

TEST(Colour, HillshadeLightsNorthWestSlopes) {
    // A ramp rising to the east: its slope faces west, towards the light.
    const int w = 8, h = 4;
    std::vector<float> east(w * h), west(w * h), flat(w * h, 0.0f);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            east[static_cast<std::size_t>(y * w + x)] = static_cast<float>(-0.5 + 0.1 * x);
            west[static_cast<std::size_t>(y * w + x)] = static_cast<float>(0.5 - 0.1 * x);
        }
    ViewSettings view;
    view.hillshade = true;
    std::vector<std::uint8_t> a(w * h * 4), b(w * h * 4), c(w * h * 4);
    colourise(east, w, h, view, {-1, 1}, a);
    colourise(west, w, h, view, {-1, 1}, b);
    colourise(flat, w, h, view, {-1, 1}, c);
    // The same height at x = 5 (raw 0 on both): lit vs shadowed.
    const auto at = [&](const std::vector<std::uint8_t>& img, int x, int y) {
        return img[static_cast<std::size_t>((y * w + x) * 4)];
    };
    EXPECT_GT(at(a, 5, 1), at(b, 5, 1) + 40);
    EXPECT_EQ(at(c, 3, 2), at(c, 4, 1));  // flat ground is evenly lit
}

// The hillshade is the slope in metres: a ramp 45 degrees steep (a unit of height 200 m, 0.05 of it
// per 10 m pixel) is lit as Lambert says for that slope, and the same ramp drawn with twice the
// pixels (half the spacing) is lit the same.
TEST(Colour, HillshadeIsTheSlopeInMetres) {
    const auto ramp = [](int w, double per_pixel) {
        std::vector<float> raw(static_cast<std::size_t>(w) * 3);
        for (int y = 0; y < 3; ++y)
            for (int x = 0; x < w; ++x)
                raw[static_cast<std::size_t>(y * w + x)] = static_cast<float>(-0.5 + 2 * per_pixel * x);
        return raw;
    };
    ViewSettings view;
    view.hillshade       = true;
    view.terrain_height  = 200.0;
    view.terrain_spacing = 10.0;
    std::vector<std::uint8_t> coarse(8 * 3 * 4), fine(16 * 3 * 4);
    colourise(ramp(8, 0.05), 8, 3, view, {-1, 1}, coarse);
    // Rising east at 45 degrees: normal (-1, 0, 1) / sqrt 2, light (-1/2, -1/2, 1/sqrt 2).
    const double shade = (0.5 + std::sqrt(0.5)) / std::sqrt(2.0);
    const double light = 0.2 + 0.85 * shade / std::sqrt(0.5);
    const double u     = (-0.5 + 0.1 * 4 + 1) / 2;  // pixel (4, 1)
    EXPECT_EQ(coarse[(8 + 4) * 4], static_cast<std::uint8_t>(std::lround(u * 255 * light)));
    view.terrain_spacing = 5.0;
    colourise(ramp(16, 0.025), 16, 3, view, {-1, 1}, fine);
    EXPECT_EQ(fine[(16 + 8) * 4], coarse[(8 + 4) * 4]);  // the same point, the same slope
    view.terrain_spacing = 20.0;  // over 20 m pixels: a quarter of the slope (14 degrees), less light
    colourise(ramp(16, 0.025), 16, 3, view, {-1, 1}, fine);
    EXPECT_LT(fine[(16 + 8) * 4], coarse[(8 + 4) * 4]);
}

TEST(Colour, WindowsOfABlockMatchTheWhole) {
    const int w = 40, h = 30;
    noise::Params params;
    std::vector<float> raw(w * h);
    ASSERT_TRUE(noise::render(params, noise::Region::full(w, h), raw));
    ViewSettings view;
    view.hillshade = true;
    view.ramp      = Ramp::terrain;
    std::vector<std::uint8_t> whole(w * h * 3);
    colourise_window(raw, BlockWindow::whole(w, h), view, {-1, 1}, PixelBytes::rgb, whole);
    // A window rendered with its one-pixel halo, like export does.
    const noise::Region block{w, h, 9, 4, 31, 21};  // window 10..30 x 5..20
    std::vector<float> part(block.pixel_count());
    ASSERT_TRUE(noise::render(params, block, part));
    std::vector<std::uint8_t> window(20 * 15 * 3);
    colourise_window(part, {block.columns(), block.rows(), 1, 1, 20, 15}, view, {-1, 1}, PixelBytes::rgb,
                     window);
    for (int y = 0; y < 15; ++y)
        for (int x = 0; x < 20 * 3; ++x)
            ASSERT_EQ(window[static_cast<std::size_t>(y * 60 + x)],
                      whole[static_cast<std::size_t>((y + 5) * w * 3 + 30 + x)])
                << x << "," << y;
}

// A preview-sized image is coloured in two bands on two threads: the same bytes as one pass,
// hillshade across the bands' seam included (an odd height, so the bands differ in size).
TEST(Colour, TwoBandsAreTheBytesOfOnePass) {
    const int w = 301, h = 257;
    noise::Params params;
    params.octaves = 5;
    std::vector<float> raw(static_cast<std::size_t>(w) * h);
    ASSERT_TRUE(noise::render(params, noise::Region::full(w, h), raw));
    ViewSettings view;
    view.hillshade = true;
    view.ramp      = Ramp::wood;
    std::vector<std::uint8_t> bands(raw.size() * 4), one_pass(raw.size() * 4);
    colourise(raw, w, h, view, {-0.7, 0.7}, bands);
    colourise_window(raw, BlockWindow::whole(w, h), view, {-0.7, 0.7}, PixelBytes::rgba, one_pass);
    ASSERT_EQ(bands, one_pass);
    std::vector<std::uint8_t> short_buffer(raw.size() * 4 - 4);  // caught before any thread starts
    EXPECT_THROW(colourise(raw, w, h, view, {-1, 1}, short_buffer), std::invalid_argument);
}

TEST(FieldStats, RangeMeanHistogram) {
    const std::vector<float> raw{-1.0f, -0.5f, 0.0f, 0.5f, 1.0f, 2.0f};
    FieldStatsAccumulator acc({-1.0, 1.0}, 4);
    acc.add(std::span(raw).first(3));
    acc.add(std::span(raw).subspan(3));
    const FieldStats s = acc.result();
    EXPECT_EQ(s.min, -1.0);
    EXPECT_EQ(s.max, 2.0);
    EXPECT_DOUBLE_EQ(s.mean, 2.0 / 6.0);
    EXPECT_EQ(s.count, 6u);
    EXPECT_EQ(s.histogram, (std::vector<std::uint64_t>{1, 1, 1, 3}));
    EXPECT_EQ(measure_field({}, {-1, 1}).count, 0u);
}

}  // namespace
}  // namespace app
