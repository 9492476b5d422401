// render_grid (render.hpp): chunks of an unbounded grid agree on every shared sample wherever they
// are cut, out to +-2e6 chunks and to the ends of int; a grid window is render's Region where the
// spacing is frequency / width; every sample is FractalNoise::at at its point; bad windows are one
// line.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <climits>
#include <filesystem>
#include <vector>

#include "noise/preset.hpp"
#include "noise/render.hpp"
#include "shipped_presets.hpp"

namespace {

using noise_test::unbounded_presets;

std::vector<float> grid(const noise::Params& params, const noise::GridWindow& window) {
    std::vector<float> out(window.sample_count());
    EXPECT_TRUE(noise::render_grid(params, window, out, {.threads = 2}));
    return out;
}

std::uint32_t bits(float v) { return std::bit_cast<std::uint32_t>(v); }

// Chunks of N + 1 samples every N, as a terrain streams them: each chunk's last column is its right
// neighbour's first, its last row the one below's first. 2 x 2 chunks around each corner given.
TEST(RenderGrid, ChunksSharingEdgesHoldTheSameBitsFarFromTheOriginForEveryShippedPreset) {
    constexpr int n           = 16;
    const long long far_chunk = 2'000'000;
    std::size_t edges = 0, differing = 0;
    for (const auto& [name, params] : unbounded_presets()) {
        SCOPED_TRACE(name);
        const double spacing = params.frequency / 256;  // a 256-sample frame's detail
        for (const long long cx : {-far_chunk, far_chunk - 2, static_cast<long long>((INT_MAX - 2 * n) / n)})
            for (const long long cy : {-far_chunk, far_chunk - 2})
                noise_test::count_shared_edges(params, spacing, n, cx, cy, edges, differing);
    }
    EXPECT_GE(edges, 30u * 6 * 4 * (n + 1));
    EXPECT_EQ(differing, 0u) << "of " << edges << " shared edge samples";
}

TEST(RenderGrid, AWindowIsRendersRegionWhereTheSpacingIsFrequencyOverWidth) {
    for (const auto& [name, params] : unbounded_presets()) {
        SCOPED_TRACE(name);
        const int width = 1024;  // a power of two: frequency / width is exact
        const noise::Region region{width, 768, 301, 517, 301 + 37, 517 + 11};
        std::vector<float> expected(region.pixel_count());
        ASSERT_TRUE(noise::render(params, region, expected));
        const auto got = grid(params, {.origin_x = params.offset_x,
                                       .origin_y = params.offset_y,
                                       .spacing  = params.frequency / width,
                                       .i0       = region.x0,
                                       .j0       = region.y0,
                                       .columns  = region.columns(),
                                       .rows     = region.rows()});
        ASSERT_EQ(got.size(), expected.size());
        EXPECT_TRUE(std::equal(got.begin(), got.end(), expected.begin(),
                               [](float a, float b) { return bits(a) == bits(b); }));
    }
}

TEST(RenderGrid, EverySampleIsTheNoiseAtItsPointAtTheEndsOfInt) {
    noise::Params params;
    params.algorithm = noise::Algorithm::simplex;
    params.octaves   = 5;
    const noise::FractalNoise noise(params);
    for (const int i0 : {INT_MIN, -2'000'000 * 64, INT_MAX - 7}) {
        const noise::GridWindow window{.origin_x = -3.25,
                                       .origin_y = 7.5,
                                       .spacing  = 1.0 / 64,
                                       .i0       = i0,
                                       .j0       = i0,
                                       .columns  = 8,
                                       .rows     = 3};
        std::vector<float> out(window.sample_count());
        ASSERT_TRUE(noise::render_grid(noise, window, out));
        for (int j = 0; j < window.rows; ++j)
            for (int i = 0; i < window.columns; ++i) {
                const double x = window.origin_x + (window.i0 + i + 0.5) * window.spacing;
                const double y = window.origin_y + (window.j0 + j + 0.5) * window.spacing;
                EXPECT_EQ(bits(out[j * window.columns + i]),
                          bits(static_cast<float>(noise.at({x, y, params.z, params.w}))))
                    << i0 << " " << i << " " << j;
            }
    }
}

TEST(RenderGrid, BadWindowsAndTheSimulationAreRefusedInOneLine) {
    const noise::Params params;
    const auto error_of = [&](const noise::GridWindow& window, std::size_t size, const noise::Params& p) {
        std::vector<float> out(size);
        try {
            noise::render_grid(p, window, out);
        } catch (const std::invalid_argument& error) {
            EXPECT_EQ(std::string(error.what()).find('\n'), std::string::npos) << error.what();
            return std::string(error.what());
        }
        return std::string("(no error)");
    };
    const noise::GridWindow good{.spacing = 0.5, .columns = 4, .rows = 2};
    EXPECT_EQ(error_of(good, 8, params), "(no error)");
    EXPECT_NE(error_of({.spacing = 0, .columns = 4, .rows = 2}, 8, params).find("spacing '0'"),
              std::string::npos);
    EXPECT_NE(error_of({.spacing = 1, .columns = 0, .rows = 2}, 0, params).find("size '0x2'"),
              std::string::npos);
    EXPECT_NE(
        error_of({.spacing = 1, .i0 = INT_MAX, .columns = 2, .rows = 1}, 2, params).find("within 2147483647"),
        std::string::npos);
    EXPECT_NE(error_of({.spacing = 1e6, .i0 = 2'000'000, .columns = 1, .rows = 1}, 1, params).find("+-1e12"),
              std::string::npos);
    EXPECT_NE(error_of(good, 7, params).find("wrong size"), std::string::npos);
    noise::Params simulated;
    simulated.erosion_method = noise::ErosionMethod::simulate;
    EXPECT_NE(error_of(good, 8, simulated).find("erosion.method: 'simulate' needs its whole frame"),
              std::string::npos);
}

}  // namespace
