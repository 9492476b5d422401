// Shared by the noise tests that stream chunks: the shipped presets a grid can render, and the
// count of the samples that chunks side by side share.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "noise/preset.hpp"
#include "noise/render.hpp"

namespace noise_test {

// Every shipped preset a grid can render, by name in order: all but the simulating ones (they
// need their frame).
inline std::vector<std::pair<std::string, noise::Params>> unbounded_presets() {
    const std::filesystem::path presets_dir = std::filesystem::path(NOISE_EXPLORER_ASSETS_DIR) / "presets";
    std::vector<std::pair<std::string, noise::Params>> out;
    for (const auto& entry : std::filesystem::directory_iterator(presets_dir)) {
        if (entry.path().extension() != ".json") continue;
        noise::Params params = noise::load_preset(entry.path()).params;
        if (params.erosion_method != noise::ErosionMethod::simulate)
            out.emplace_back(entry.path().stem().string(), std::move(params));
    }
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    return out;
}

// The shared edges of 2 x 2 chunks of n + 1 samples every n, as a terrain streams them (each
// chunk's last column is its right neighbour's first, its last row the one below's first), whose
// corner is chunk (cx, cy) of the params' grid `spacing` apart: adds the samples compared to
// `edges` and those whose bits differ to `differing`.
inline void count_shared_edges(const noise::Params& params, double spacing, int n, long long cx, long long cy,
                               std::size_t& edges, std::size_t& differing) {
    std::vector<float> chunk[2][2];
    for (int a = 0; a < 2; ++a)
        for (int b = 0; b < 2; ++b) {
            const noise::GridWindow window{.origin_x = params.offset_x,
                                           .origin_y = params.offset_y,
                                           .spacing  = spacing,
                                           .i0       = static_cast<int>((cx + a) * n),
                                           .j0       = static_cast<int>((cy + b) * n),
                                           .columns  = n + 1,
                                           .rows     = n + 1};
            chunk[a][b].resize(window.sample_count());
            EXPECT_TRUE(noise::render_grid(params, window, chunk[a][b], {.threads = 2}));
        }
    const auto at = [&](int a, int b, int i, int j) {
        return std::bit_cast<std::uint32_t>(chunk[a][b][static_cast<std::size_t>(j * (n + 1) + i)]);
    };
    for (int k = 0; k <= n; ++k)
        for (int b = 0; b < 2; ++b) {
            edges += 2;
            differing += at(0, b, n, k) != at(1, b, 0, k);  // left | right
            differing += at(b, 0, k, n) != at(b, 1, k, 0);  // top / bottom
        }
}

}  // namespace noise_test
