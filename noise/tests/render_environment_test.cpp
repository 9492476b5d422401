// What render() does beyond drawing: it runs erosion.method = simulate instead of ignoring it,
// and its values do not depend on the caller's floating-point environment (nor on that of the
// thread that started the worker pool).
#include <gtest/gtest.h>

#include <cfenv>
#include <vector>

#include "noise/render.hpp"
#include "noise/simulated_field.hpp"

namespace {

noise::Params fbm() {
    noise::Params p;
    p.octaves   = 6;
    p.frequency = 7.3;  // pixel steps that are not exact in binary: rounding shows
    p.offset_x  = 1234.567;
    return p;
}

std::vector<float> rendered(const noise::Params& p, const noise::Region& region, unsigned threads) {
    std::vector<float> out(region.pixel_count());
    noise::RenderOptions options;
    options.threads = threads;
    EXPECT_TRUE(noise::render(p, region, out, options));
    return out;
}

TEST(RenderEnvironment, TheCallersRoundingModeChangesNoValue) {
    const auto region = noise::Region::full(256, 128);
    // The pool's threads start here, under round-upward: they must not keep it.
    ASSERT_EQ(std::fesetround(FE_UPWARD), 0);
    const auto upward_two = rendered(fbm(), region, 2);
    const auto upward_one = rendered(fbm(), region, 1);
    EXPECT_EQ(std::fegetround(), FE_UPWARD);  // the caller's mode is given back
    ASSERT_EQ(std::fesetround(FE_TONEAREST), 0);
    const auto nearest_one = rendered(fbm(), region, 1);
    const auto nearest_two = rendered(fbm(), region, 2);
    EXPECT_EQ(upward_two, nearest_one);
    EXPECT_EQ(upward_one, nearest_one);
    EXPECT_EQ(nearest_two, nearest_one);
    // And the other modes, on threads the pool already has.
    for (const int mode : {FE_DOWNWARD, FE_TOWARDZERO}) {
        ASSERT_EQ(std::fesetround(mode), 0);
        EXPECT_EQ(rendered(fbm(), region, 2), nearest_one) << mode;
    }
    std::fesetround(FE_TONEAREST);
}

TEST(RenderEnvironment, SimulateIsRunNotIgnored) {
    noise::Params p  = fbm();
    p.erosion_method = noise::ErosionMethod::simulate;
    const auto full  = noise::Region::full(48, 32);
    const auto field = noise::simulate_field(p, 48, 32);
    ASSERT_TRUE(field.has_value());
    std::vector<float> expected(full.pixel_count()), plain(full.pixel_count());
    ASSERT_TRUE(noise::render(noise::FractalNoise(field->params), full, expected));
    ASSERT_TRUE(noise::render(noise::FractalNoise(p), full, plain));  // read as none: un-eroded
    const auto eroded = rendered(p, full, 2);
    EXPECT_EQ(eroded, expected);
    EXPECT_NE(eroded, plain);
    // A window is the whole image's simulation, cut.
    const noise::Region window{48, 32, 5, 7, 30, 20};
    const auto part = rendered(p, window, 1);
    for (int y = window.y0; y < window.y1; ++y)
        for (int x = window.x0; x < window.x1; ++x)
            ASSERT_EQ(part[static_cast<std::size_t>((y - window.y0) * window.columns() + (x - window.x0))],
                      eroded[static_cast<std::size_t>(y * 48 + x)]);
    // Past the simulation's limit: one line, no attempt.
    std::vector<float> one(1);
    try {
        noise::render(p, noise::Region{noise::max_simulated_side + 1, 1, 0, 0, 1, 1}, one);
        FAIL() << "simulated past max_simulated_side";
    } catch (const std::invalid_argument& error) {
        EXPECT_EQ(std::string(error.what()).find('\n'), std::string::npos);
        EXPECT_NE(std::string(error.what()).find("simulate"), std::string::npos) << error.what();
    }
}

}  // namespace
