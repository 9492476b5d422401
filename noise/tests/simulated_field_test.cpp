// erosion.method simulate as a field (simulated_field.hpp): the pixels read the simulated samples,
// every window and thread count reads the one result, gradients are the surface's, and the keys'
// rules say what is wrong in one line.
#include "noise/simulated_field.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <vector>

#include "noise/algorithms.hpp"
#include "noise/fractal.hpp"
#include "noise/render.hpp"
#include "noise/trace.hpp"

namespace {

constexpr int width = 48, height = 40;

noise::Params simulated() {
    noise::Params params;
    params.seed           = 3;
    params.octaves        = 5;
    params.frequency      = 3.0;
    params.offset_x       = -0.4;
    params.erosion_method = noise::ErosionMethod::simulate;
    params.erosion_extent = 2000.0;
    params.erosion_relief = 500.0;
    return params;
}

std::vector<float> rendered(const noise::Params& params, const noise::Region& region, unsigned threads = 0) {
    std::vector<float> out(region.pixel_count());
    noise::RenderOptions options;
    options.threads = threads;
    EXPECT_TRUE(noise::render(params, region, out, options));
    return out;
}

TEST(SimulatedField, SettingsAreTheFramesInMetres) {
    const noise::SimulationSettings settings = noise::simulation_settings(simulated(), 400);
    EXPECT_DOUBLE_EQ(settings.cell_size, 5.0);  // 2000 m over 400 pixels
    EXPECT_EQ(settings.height_scale, 500.0);
    EXPECT_EQ(settings.talus_degrees, 35.0);
    EXPECT_EQ(settings.diffusivity, 100.0);  // m^2 per step: the program's hillslope creep
    EXPECT_EQ(settings.deposition, 1.0);     // erosion.deposition's default: the library's G
    noise::Params filling      = simulated();
    filling.erosion_deposition = 4.0;
    EXPECT_EQ(noise::simulation_settings(filling, 400).deposition, 4.0);
}

TEST(SimulatedField, ThePixelsAreTheSimulatedSamples) {
    const auto field = noise::simulate_field(simulated(), width, height);
    ASSERT_TRUE(field.has_value());
    const std::vector<float> image = rendered(field->params, noise::Region::full(width, height));
    // The simulation's input: a FractalNoise reads method simulate as none (render(Params) would
    // run the simulation, render_environment_test.cpp).
    std::vector<float> input(image.size());
    ASSERT_TRUE(noise::render(noise::FractalNoise(simulated()), noise::Region::full(width, height), input));
    double changed = 0.0;
    for (std::size_t i = 0; i < image.size(); ++i) {
        // fbm's raw range [-1, 1]: raw = 2 u - 1 of the sample's unit height, to float rounding.
        EXPECT_NEAR(image[i], 2.0 * field->maps.height[i] - 1.0, 1e-6) << i;
        changed = std::max(changed, std::abs(static_cast<double>(image[i]) - input[i]));
    }
    EXPECT_GT(changed, 1e-3);  // and they are not the field before erosion
    // Method simulate read point by point is the simulation's input: the field before erosion.
    noise::Params plain  = simulated();
    plain.erosion_method = noise::ErosionMethod::none;
    EXPECT_EQ(input, rendered(plain, noise::Region::full(width, height)));
}

TEST(SimulatedField, EveryWindowAndThreadCountReadsTheOneResult) {
    const auto field = noise::simulate_field(simulated(), width, height);
    ASSERT_TRUE(field.has_value());
    const std::vector<float> whole = rendered(field->params, noise::Region::full(width, height), 1);
    EXPECT_EQ(rendered(field->params, noise::Region::full(width, height), 3), whole);
    const noise::Region window{width, height, 7, 5, 31, 33};
    const std::vector<float> part = rendered(field->params, window, 2);
    for (int y = window.y0; y < window.y1; ++y)
        for (int x = window.x0; x < window.x1; ++x)
            ASSERT_EQ(part[static_cast<std::size_t>((y - window.y0) * window.columns() + (x - window.x0))],
                      whole[static_cast<std::size_t>(y * width + x)]);
    noise::SimulationControl three_threads;
    three_threads.threads = 3;
    const auto again      = noise::simulate_field(simulated(), width, height, three_threads);
    EXPECT_EQ(again->maps.height, field->maps.height);
    EXPECT_EQ(again->maps.flow, field->maps.flow);
}

TEST(SimulatedField, GradientsAreTheSurfaces) {
    const auto field = noise::simulate_field(simulated(), width, height);
    ASSERT_TRUE(field.has_value());
    const noise::FractalNoise noise(field->params);
    const double pixel = field->params.frequency / width;
    for (const auto& [px, py] : {std::pair{10.3, 12.6}, {30.5, 20.5}, {40.9, 3.2}}) {
        const noise::Point p{field->params.offset_x + px * pixel, field->params.offset_y + py * pixel, 0, 0};
        const noise::ValueGradient exact = noise::value_gradient(noise, p);
        EXPECT_EQ(exact.value, noise.at(p));
        const double h  = 1e-4 * pixel;
        const double dx = (noise.at({p[0] + h, p[1], 0, 0}) - noise.at({p[0] - h, p[1], 0, 0})) / (2 * h);
        const double dy = (noise.at({p[0], p[1] + h, 0, 0}) - noise.at({p[0], p[1] - h, 0, 0})) / (2 * h);
        EXPECT_NEAR(exact.gradient[0], dx, 1e-4 * (1.0 + std::abs(dx)));
        EXPECT_NEAR(exact.gradient[1], dy, 1e-4 * (1.0 + std::abs(dy)));
    }
}

TEST(SimulatedField, ACancelledSimulationGivesNothing) {
    std::atomic<bool> cancel{true};
    noise::SimulationControl control;
    control.cancel = &cancel;
    EXPECT_FALSE(noise::simulate_field(simulated(), width, height, control).has_value());
}

TEST(SimulatedField, TheRulesSayWhatIsWrong) {
    noise::Params params = simulated();
    params.tile          = 4;
    EXPECT_EQ(
        noise::validate(params),
        "erosion.method: 'simulate' is not allowed while tiling (tile = 4): expected none or filter, since "
        "the simulation's water leaves at the frame's edges and its result does not repeat");
    params           = simulated();
    params.dimension = 1;
    EXPECT_EQ(
        noise::validate(params).rfind("erosion.method: 'simulate' is not allowed with dimension = 1", 0), 0u);
    params               = simulated();
    params.erosion_talus = 95.0;
    EXPECT_EQ(noise::validate(params).rfind("erosion.talus: '95' is out of range", 0), 0u);
    try {
        noise::simulate_field(simulated(), 9000, 16);
        ADD_FAILURE() << "a 9000-wide simulation was accepted";
    } catch (const std::invalid_argument& error) {
        EXPECT_EQ(std::string(error.what()),
                  "size 9000x16 is too large for erosion.method = simulate: expected at most 8192x8192 (the "
                  "simulation holds the whole image, about 64 bytes a pixel)");
    }
}

TEST(SimulatedField, EachMethodReadsItsOwnKeys) {
    noise::Params params;
    EXPECT_NE(noise::unused_reason(params, "erosion.strength"), "");
    EXPECT_NE(noise::unused_reason(params, "erosion.talus"), "");
    EXPECT_EQ(noise::unused_reason(params, "erosion.method"), "");
    params.erosion_method = noise::ErosionMethod::filter;
    EXPECT_EQ(noise::unused_reason(params, "erosion.strength"), "");
    EXPECT_NE(noise::unused_reason(params, "erosion.talus"), "");
    params.erosion_method = noise::ErosionMethod::simulate;
    EXPECT_NE(noise::unused_reason(params, "erosion.strength"), "");
    for (const auto& info : noise::simulation_param_table())
        EXPECT_EQ(noise::unused_reason(params, info.key), "");
}

}  // namespace
