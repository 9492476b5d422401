// The grid simulation (erosion_sim.hpp): no pits left, no slope past the talus angle, the same
// bits every run, and water that cuts.
#include "noise/erosion_sim.hpp"

#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include "noise/render.hpp"

namespace {

constexpr int size = 96;

// A noise heightmap in [0, 1]: rough enough to hold many pits and steep slopes.
std::vector<float> noise_heights() {
    noise::Params params;
    params.octaves   = 6;
    params.frequency = 6.0;
    std::vector<float> raw(size * size);
    noise::render(params, noise::Region::full(size, size), raw);
    for (float& v : raw) v = (v + 1.0f) * 0.5f;
    return raw;
}

// 10 m cells, 800 m from the lowest to the highest unit height: steep mountains.
noise::SimulationSettings mountains() {
    noise::SimulationSettings settings;
    settings.cell_size    = 10.0;
    settings.height_scale = 800.0;
    return settings;
}

TEST(ErosionSimulation, RemovesThePits) {
    const std::vector<float> before = noise_heights();
    const int pits                  = noise::count_pits(before, size, size);
    ASSERT_GT(pits, 20);  // the check can fail: noise has pits
    const noise::SimulationMaps maps = *noise::simulate_erosion(before, size, size, mountains());
    EXPECT_LE(noise::count_pits(maps.height, size, size), pits / 10);  // at least 90 % gone
    EXPECT_EQ(noise::count_pits(maps.height, size, size), 0);
}

TEST(ErosionSimulation, NoSlopeExceedsTheTalusAngle) {
    const std::vector<float> before    = noise_heights();
    noise::SimulationSettings settings = mountains();
    ASSERT_GT(noise::steepest_slope_degrees(before, size, size, settings.cell_size, settings.height_scale),
              settings.talus_degrees + 10.0);  // the check can fail: the noise is steeper
    const noise::SimulationMaps maps = *noise::simulate_erosion(before, size, size, settings);
    EXPECT_LE(
        noise::steepest_slope_degrees(maps.height, size, size, settings.cell_size, settings.height_scale),
        settings.talus_degrees + 2.0);
}

TEST(ErosionSimulation, EveryChangeIsWearOrDeposit) {
    // Thermal erosion alone moves rock without losing any: what the cells lost (wear) and gained
    // (deposit, with the lakes' fill) add up to the change of the whole map.
    const std::vector<float> before    = noise_heights();
    noise::SimulationSettings settings = mountains();
    settings.hydraulic_steps           = 0;
    const noise::SimulationMaps maps   = *noise::simulate_erosion(before, size, size, settings);
    double changed = 0.0, worn = 0.0, deposited = 0.0;
    for (std::size_t i = 0; i < before.size(); ++i) {
        changed += static_cast<double>(maps.height[i]) - before[i];
        worn += maps.wear[i];
        deposited += maps.deposit[i];
    }
    EXPECT_GT(worn, 1.0);  // rock slid
    EXPECT_NEAR(changed, deposited - worn, 1e-4 * (worn + deposited));
}

TEST(ErosionSimulation, WaterCutsAndFlowGathers) {
    const std::vector<float> before    = noise_heights();
    noise::SimulationSettings settings = mountains();
    settings.talus_degrees             = 90.0;  // water alone
    const noise::SimulationMaps maps   = *noise::simulate_erosion(before, size, size, settings);
    double lowered = 0.0, most_flow = 0.0;
    for (std::size_t i = 0; i < before.size(); ++i) {
        lowered += before[i] - maps.height[i] > 0.0f ? before[i] - maps.height[i] : 0.0f;
        most_flow = std::max<double>(most_flow, maps.flow[i]);
        ASSERT_GE(maps.flow[i], 1.0f);
        ASSERT_GE(maps.wear[i], 0.0f);
        ASSERT_GE(maps.deposit[i], 0.0f);
    }
    EXPECT_GT(lowered / static_cast<double>(before.size()), 1e-3);  // channels cut down
    EXPECT_GT(most_flow, size * 2.0);                               // and gather the water of many cells
}

TEST(ErosionSimulation, SameBitsEveryRun) {
    const std::vector<float> before = noise_heights();
    const noise::SimulationMaps a   = *noise::simulate_erosion(before, size, size, mountains());
    const noise::SimulationMaps b   = *noise::simulate_erosion(before, size, size, mountains());
    EXPECT_EQ(a.height, b.height);
    EXPECT_EQ(a.flow, b.flow);
    EXPECT_EQ(a.wear, b.wear);
    EXPECT_EQ(a.deposit, b.deposit);
}

TEST(ErosionSimulation, BadSettingsNameTheSetting) {
    const std::vector<float> heights(16, 0.5f);
    noise::SimulationSettings settings;
    settings.cell_size = 0.0;
    EXPECT_EQ(noise::validate(settings, heights, 4, 4),
              "cell_size: '0' is out of range: expected a finite number above 0");
    settings               = {};
    settings.talus_degrees = 95.0;
    EXPECT_EQ(
        noise::validate(settings, heights, 4, 4),
        "talus_degrees: '95' is out of range: expected a number above 0, up to 90 (90: no thermal erosion)");
    EXPECT_EQ(noise::validate({}, heights, 5, 4), "heights: 16 values given: expected width x height = 20");
    EXPECT_THROW(noise::simulate_erosion(heights, 5, 4, {}), std::invalid_argument);
}

}  // namespace
