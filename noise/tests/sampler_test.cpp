// noise::Sampler (sampler.hpp): the stable grid and point sampling a game calls every frame.
// Its grids are render_grid's, its points FractalNoise::at's, bit for bit, for every shipped
// preset that can be unbounded; points made with grid_point agree with every chunk's samples at
// shared edges far out; the caller's rounding mode changes nothing; refusals are one line.
#include "noise/sampler.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cfenv>
#include <climits>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "noise/algorithms.hpp"
#include "noise/preset.hpp"
#include "shipped_presets.hpp"

namespace {

using noise_test::unbounded_presets;

template <class T>
bool same_bits(T a, T b) {
    if constexpr (sizeof(T) == 4)
        return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
    else
        return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

// A chunk far out (around chunk 2e6 and near the end of int), for each shipped preset: the
// Sampler's grid equals render_grid's; each sample's grid_point read by points() and by
// FractalNoise::at gives the grid's value; the chunk's right column equals the next chunk's left.
TEST(Sampler, GridsAndPointsAreRenderGridsAndTheReferenceFarOutForEveryShippedPreset) {
    constexpr int n = 8;
    int checked     = 0;
    for (const auto& [name, params] : unbounded_presets()) {
        SCOPED_TRACE(name);
        const noise::Sampler sampler(params);
        const double spacing = params.frequency / 256;
        for (const int cx : {-2'000'000, 2'000'000, (INT_MAX - 2 * n) / n}) {
            const noise::GridWindow window{.origin_x = params.offset_x,
                                           .origin_y = params.offset_y,
                                           .spacing  = spacing,
                                           .i0       = cx * n,
                                           .j0       = -cx / 2 * n,
                                           .columns  = n + 1,
                                           .rows     = n + 1};
            std::vector<float> got(window.sample_count()), want(window.sample_count());
            sampler.grid(window, got);
            ASSERT_TRUE(noise::render_grid(params, window, want, {.threads = 1}));
            std::vector<double> wide(window.sample_count());
            sampler.grid(window, wide);
            std::vector<noise::Point> points;
            for (int j = 0; j < window.rows; ++j)
                for (int i = 0; i < window.columns; ++i)
                    points.push_back(sampler.grid_point(window, window.i0 + i, window.j0 + j));
            std::vector<double> at(points.size());
            std::vector<float> at_float(points.size());
            sampler.points(points, at);
            sampler.points(points, at_float);
            noise::GridWindow next = window;
            next.i0 += n;
            std::vector<float> right(next.sample_count());
            sampler.grid(next, right);
            for (std::size_t k = 0; k < got.size(); ++k) {
                ASSERT_TRUE(same_bits(got[k], want[k])) << "sample " << k << " of chunk " << cx;
                ASSERT_TRUE(same_bits(wide[k], sampler.field().at(points[k]))) << "sample " << k;
                ASSERT_TRUE(same_bits(at[k], wide[k])) << "point " << k;
                ASSERT_TRUE(same_bits(at_float[k], static_cast<float>(wide[k]))) << "point " << k;
            }
            for (int j = 0; j < window.rows; ++j) {
                const auto row = static_cast<std::size_t>(j) * static_cast<std::size_t>(window.columns);
                ASSERT_TRUE(same_bits(got[row + n], right[row])) << "shared column, row " << j;
            }
            ++checked;
        }
    }
    EXPECT_GE(checked, 3 * 30);  // the shipped presets, all but the simulating ones
}

// The comparison can fail: a point one ulp away reads another value.
TEST(Sampler, APointOneUlpAwayReadsAnotherValue) {
    noise::Params params;
    params.octaves = 6;
    const noise::Sampler sampler(params);
    const noise::GridWindow window{.spacing = 1.0 / 64, .i0 = 5'000'000, .j0 = -7, .columns = 1, .rows = 1};
    float cell = 0.0f;
    sampler.grid(window, std::span<float>(&cell, 1));
    noise::Point p = sampler.grid_point(window, window.i0, window.j0);
    double exact   = 0.0;
    sampler.points(std::span<const noise::Point>(&p, 1), std::span<double>(&exact, 1));
    EXPECT_TRUE(same_bits(static_cast<float>(exact), cell));
    p[0]         = std::nextafter(p[0], 1e300);
    double moved = 0.0;
    sampler.points(std::span<const noise::Point>(&p, 1), std::span<double>(&moved, 1));
    EXPECT_FALSE(same_bits(moved, exact));
}

// Every algorithm the point kernel runs on lanes, and the ones it does not (voronoi, tiled
// worley), in 2D and 3D: points() equals the reference; point_target says which path ran.
TEST(Sampler, PointsOfEveryAlgorithmEqualTheReferenceAndNameTheirPath) {
    for (std::size_t a = 0; a < noise::algorithm_names.size(); ++a)
        for (const int dimension : {2, 3})
            for (const std::uint32_t tile : {0u, 8u}) {
                noise::Params params;
                params.algorithm = static_cast<noise::Algorithm>(a);
                params.dimension = dimension;
                params.octaves   = 4;
                params.tile      = noise::algorithm_info(params.algorithm).tiles ? tile : 0;
                SCOPED_TRACE(std::string(noise::algorithm_names[a]) + " " + std::to_string(dimension) +
                             "D tile " + std::to_string(params.tile));
                const noise::Sampler sampler(params);
                std::vector<noise::Point> points;
                for (int k = 0; k < 300; ++k)
                    points.push_back({-3.7 + 0.031 * k, 1e5 + 0.17 * k * k, 0.5 - 0.013 * k, 0.25});
                std::vector<double> got(points.size());
                sampler.points(points, got);
                for (std::size_t k = 0; k < points.size(); ++k)
                    ASSERT_TRUE(same_bits(got[k], sampler.field().at(points[k]))) << "point " << k;
                const bool lanes = params.algorithm != noise::Algorithm::voronoi &&
                                   !(params.algorithm == noise::Algorithm::worley && params.tile != 0);
                EXPECT_EQ(sampler.point_target() != "reference", lanes);
            }
}

// The caller's rounding mode changes no value (each call runs in the default one) and is the
// caller's again after the call.
TEST(Sampler, TheCallersRoundingModeChangesNothing) {
    noise::Params params;
    params.algorithm = noise::Algorithm::simplex;
    params.dimension = 3;
    params.octaves   = 6;
    const noise::GridWindow window{.spacing = 0.013, .i0 = -40, .j0 = 9, .columns = 70, .rows = 3};
    std::vector<float> nearest(window.sample_count()), upward(window.sample_count());
    std::vector<noise::Point> points{{0.3, 0.7, -1.1, 0.0}, {1e6 + 0.1, -2e5, 3.3, 0.0}};
    std::vector<double> at_nearest(2), at_upward(2);
    {
        const noise::Sampler sampler(params);
        sampler.grid(window, nearest);
        sampler.points(points, at_nearest);
    }
    ASSERT_EQ(std::fesetround(FE_UPWARD), 0);
    const noise::Sampler sampler(params);  // resolved under the caller's rounding, too
    sampler.grid(window, upward);
    sampler.points(points, at_upward);
    EXPECT_EQ(std::fegetround(), FE_UPWARD);
    std::fesetround(FE_TONEAREST);
    for (std::size_t k = 0; k < nearest.size(); ++k) ASSERT_TRUE(same_bits(nearest[k], upward[k])) << k;
    for (std::size_t k = 0; k < points.size(); ++k) ASSERT_TRUE(same_bits(at_nearest[k], at_upward[k])) << k;
}

// One-line refusals: the simulation (it needs its frame), a bad window, buffers of the wrong size.
TEST(Sampler, RefusalsAreOneLine) {
    const auto message = [](auto&& call) -> std::string {
        try {
            call();
        } catch (const std::invalid_argument& error) {
            return error.what();
        }
        return "no error";
    };
    noise::Params simulated;
    simulated.erosion_method = noise::ErosionMethod::simulate;
    EXPECT_EQ(message([&] { noise::Sampler{simulated}; }),
              "erosion.method: 'simulate' needs its whole frame at once: expected render with a Region "
              "(which simulates the region's full image), or another erosion.method for a Sampler");
    const noise::Sampler sampler(noise::Params{});
    std::vector<float> out(4);
    EXPECT_EQ(message([&] { sampler.grid({.spacing = 0.0, .columns = 2, .rows = 2}, out); }),
              "grid: spacing '0' is not allowed: expected a finite number of noise units above 0");
    EXPECT_EQ(message([&] { sampler.grid({.spacing = 1.0, .columns = 3, .rows = 2}, out); }),
              "Sampler::grid: the buffer holds 4 values: expected the window's 6");
    std::vector<noise::Point> points(3);
    EXPECT_EQ(message([&] { sampler.points(points, out); }),
              "Sampler::points: 3 points and 4 values: expected as many values as points");
}

// A moved Sampler keeps its field (the kernels point into it, and it does not move).
TEST(Sampler, AMovedSamplerSamplesTheSame) {
    noise::Params params;
    params.algorithm = noise::Algorithm::worley;
    noise::Sampler first(params);
    const noise::Point p{0.37, -12.5, 0.0, 0.0};
    double before = 0.0, after = 0.0;
    first.points(std::span<const noise::Point>(&p, 1), std::span<double>(&before, 1));
    const noise::Sampler second(std::move(first));
    second.points(std::span<const noise::Point>(&p, 1), std::span<double>(&after, 1));
    EXPECT_TRUE(same_bits(before, after));
    EXPECT_TRUE(same_bits(after, second.field().at(p)));
}

}  // namespace
