// The grid simulation (erosion_sim.hpp): no pits left, no slope past the talus angle, the same
// bits every run, and water that cuts.
#include "noise/erosion_sim.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <numeric>
#include <optional>
#include <vector>

#include "noise/render.hpp"

namespace {

constexpr int size = 96;

// A noise heightmap in [0, 1]: rough enough to hold many pits and steep slopes. The image model
// shows the same frame at every size (render.hpp).
std::vector<float> noise_heights(int width = size, int height = size, int octaves = 6,
                                 double frequency = 6.0) {
    noise::Params params;
    params.octaves   = octaves;
    params.frequency = frequency;
    std::vector<float> raw(static_cast<std::size_t>(width) * height);
    noise::render(params, noise::Region::full(width, height), raw);
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

TEST(ErosionSimulation, SameBitsOnEveryThreadCount) {
    // Two blocks of rows (64 K cells each), eight bands of the talus passes (32 rows) and 256
    // pieces of trees to share, and not square, so that a row taken for a column shows. 7
    // threads on fewer cores: some start for the run, beside the pool's.
    constexpr int width = 320, height = 240;
    const std::vector<float> before = noise_heights(width, height);
    noise::SimulationControl control;
    control.threads                 = 1;
    const noise::SimulationMaps one = *noise::simulate_erosion(before, width, height, mountains(), control);
    for (const unsigned threads : {2u, 3u, 7u}) {
        control.threads = threads;
        const noise::SimulationMaps it =
            *noise::simulate_erosion(before, width, height, mountains(), control);
        EXPECT_EQ(it.height, one.height) << threads << " threads";
        EXPECT_EQ(it.flow, one.flow) << threads << " threads";
        EXPECT_EQ(it.wear, one.wear) << threads << " threads";
        EXPECT_EQ(it.deposit, one.deposit) << threads << " threads";
    }
}

TEST(ErosionSimulation, ProgressRisesAndSnapshotsFollowTheSteps) {
    const std::vector<float> before    = noise_heights();
    noise::SimulationSettings settings = mountains();
    settings.hydraulic_steps           = 7;
    std::vector<double> fractions;
    std::vector<std::vector<float>> snapshots;
    noise::SimulationControl control;
    control.progress = [&](double fraction) { fractions.push_back(fraction); };
    control.snapshot = [&](std::span<const float> heights) {
        snapshots.emplace_back(heights.begin(), heights.end());
    };
    const noise::SimulationMaps maps = *noise::simulate_erosion(before, size, size, settings, control);
    ASSERT_FALSE(fractions.empty());
    EXPECT_GT(fractions.front(), 0.0);
    EXPECT_LT(fractions.back(), 1.0);
    for (std::size_t i = 1; i < fractions.size(); ++i) EXPECT_GT(fractions[i], fractions[i - 1]);
    // One after each hydraulic step, one after the thermal stage: the result itself.
    ASSERT_EQ(snapshots.size(), static_cast<std::size_t>(settings.hydraulic_steps) + 1);
    for (const auto& snapshot : snapshots) EXPECT_EQ(snapshot.size(), before.size());
    EXPECT_EQ(snapshots.back(), maps.height);
    EXPECT_NE(snapshots.front(), snapshots[1]);  // the steps show
    // A run without a snapshot callback gives the same bits.
    EXPECT_EQ(noise::simulate_erosion(before, size, size, settings)->height, maps.height);
}

TEST(ErosionSimulation, CancelReturnsPromptly) {
    constexpr int width = 512, height = 512;
    const std::vector<float> before    = noise_heights(width, height);
    noise::SimulationSettings settings = mountains();
    settings.hydraulic_steps           = 40;
    std::atomic<bool> cancel{false};
    double cancelled_at = 0.0, last = 0.0;
    const auto start = std::chrono::steady_clock::now();
    auto when        = start;
    noise::SimulationControl control;
    control.cancel   = &cancel;
    control.progress = [&](double fraction) {
        last = fraction;
        if (fraction >= 0.3 && !cancel) {
            cancel       = true;
            cancelled_at = fraction;
            when         = std::chrono::steady_clock::now();
        }
    };
    const auto result = noise::simulate_erosion(before, width, height, settings, control);
    const auto end    = std::chrono::steady_clock::now();
    EXPECT_FALSE(result.has_value());
    ASSERT_GT(cancelled_at, 0.0);
    EXPECT_EQ(last, cancelled_at);  // not one step more
    // The first 30 % took `until_cancel`; the other 70 % would take about 2.3 times as long. A
    // cancel seen within ~20 ms of work returns long before that, even on a busy machine.
    const double until_cancel = std::chrono::duration<double>(when - start).count();
    const double after        = std::chrono::duration<double>(end - when).count();
    EXPECT_LT(after, until_cancel) << "cancelled after " << until_cancel << " s";
}

TEST(ErosionSimulation, TheSameWorldAtEightTimesTheCells) {
    // A smooth frame (3 octaves) over 5.12 km: 64 cells of 80 m and 512 cells of 10 m. The
    // settings are the continuous law's, in world units, so the fine run averaged down to the
    // coarse grid should look like the coarse run.
    constexpr int small = 64, large = 512, factor = large / small;
    std::vector<std::vector<double>> heights;
    for (const int cells : {small, large}) {
        const std::vector<float> before    = noise_heights(cells, cells, 3, 3.0);
        noise::SimulationSettings settings = mountains();
        settings.cell_size                 = 5120.0 / cells;
        const noise::SimulationMaps maps   = *noise::simulate_erosion(before, cells, cells, settings);
        std::vector<double> averaged(static_cast<std::size_t>(small) * small, 0.0);
        const int f = cells / small;
        for (int y = 0; y < cells; ++y)
            for (int x = 0; x < cells; ++x)
                averaged[static_cast<std::size_t>(y / f) * small + x / f] +=
                    maps.height[static_cast<std::size_t>(y) * cells + x] / static_cast<double>(f * f);
        heights.push_back(std::move(averaged));
    }
    static_assert(factor == 8);
    double ma = 0.0, mb = 0.0;
    for (std::size_t i = 0; i < heights[0].size(); ++i) ma += heights[0][i], mb += heights[1][i];
    ma /= static_cast<double>(heights[0].size());
    mb /= static_cast<double>(heights[1].size());
    double ab = 0.0, aa = 0.0, bb = 0.0;
    for (std::size_t i = 0; i < heights[0].size(); ++i) {
        ab += (heights[0][i] - ma) * (heights[1][i] - mb);
        aa += (heights[0][i] - ma) * (heights[0][i] - ma);
        bb += (heights[1][i] - mb) * (heights[1][i] - mb);
    }
    EXPECT_GE(ab / std::sqrt(aa * bb), 0.9);
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
