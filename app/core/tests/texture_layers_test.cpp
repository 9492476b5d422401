// texture_layers.hpp: the rules at known points, and rounding that sums exactly at every weight.
#include "core/texture_layers.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <numeric>
#include <random>

namespace app {
namespace {

TEST(TextureLayers, FirstMatchWithBlendLeavesTheRestToTheLastLayer) {
    std::vector<TextureLayer> layers(3);
    layers[0].name       = "rock";
    layers[0].slope_min  = 30;
    layers[1].name       = "snow";
    layers[1].height_min = 100;
    layers[2].name       = "grass";
    auto w               = layer_weights(layers, 150, 45);  // steep and high: rock comes first
    EXPECT_EQ(w[0], 1.0);
    EXPECT_EQ(w[1], 0.0);
    EXPECT_EQ(w[2], 0.0);
    w = layer_weights(layers, 150, 10);
    EXPECT_EQ(w[1], 1.0);
    w = layer_weights(layers, 50, 10);
    EXPECT_EQ(w[2], 1.0);
    w = layer_weights(layers, 50, 30);  // a bound without falloff includes its value
    EXPECT_EQ(w[0], 1.0);
}

TEST(TextureLayers, FalloffIsLinearAndCentredOnTheBound) {
    std::vector<TextureLayer> layers(2);
    layers[0].name          = "rock";
    layers[0].slope_min     = 30;
    layers[0].slope_falloff = 10;
    layers[1].name          = "grass";
    EXPECT_DOUBLE_EQ(layer_weights(layers, 0, 30)[0], 0.5);
    EXPECT_DOUBLE_EQ(layer_weights(layers, 0, 27.5)[0], 0.25);
    EXPECT_DOUBLE_EQ(layer_weights(layers, 0, 27.5)[1], 0.75);
    EXPECT_EQ(layer_weights(layers, 0, 25)[0], 0.0);
    EXPECT_EQ(layer_weights(layers, 0, 35)[0], 1.0);
}

TEST(TextureLayers, QuantisedWeightsSumExactlyEverywhere) {
    std::mt19937 random(7);  // the engine's sequence is fixed by the standard; no distribution used
    for (int trial = 0; trial < 20000; ++trial) {
        const std::size_t count = 1 + random() % max_texture_layers;
        LayerWeights w{};
        double left = 1.0;
        for (std::size_t i = 0; i + 1 < count; ++i) {
            w[i] = left * static_cast<double>(random() % 1000) / 1000.0;
            left -= w[i];
        }
        w[count - 1] += left;
        for (const std::uint32_t total : {255u, 65535u}) {
            const auto q = quantised_weights(w, count, total);
            EXPECT_EQ(std::accumulate(q.begin(), q.begin() + static_cast<std::ptrdiff_t>(count), 0u), total);
            for (std::size_t i = 0; i < count; ++i) EXPECT_LE(std::abs(q[i] - w[i] * total), 1.0);
        }
    }
    const LayerWeights thirds{1.0 / 3, 1.0 / 3, 1.0 / 3};
    const auto q = quantised_weights(thirds, 3, 255);  // 85 each: nothing to hand out
    EXPECT_EQ(q[0] + q[1] + q[2], 255u);
    const LayerWeights halves{0.5, 0.5};
    const auto h = quantised_weights(halves, 2, 255);  // 127.5 each: the earlier layer gets the unit
    EXPECT_EQ(h[0], 128u);
    EXPECT_EQ(h[1], 127u);
}

// With a sea, the default sand is the beach: at the waterline, not the sea floor's lowest 8 %.
TEST(TextureLayers, DefaultSandLiesAtTheSeaLevel) {
    const double height = 600.0, sea = 0.3 * height;  // eroded-island's metres and sea
    const auto layers  = default_texture_layers(height, 0.3);
    const auto sand    = static_cast<std::size_t>(find_texture_layer(layers, "sand"));
    const auto sand_at = [&](double metres) { return layer_weights(layers, metres, 5.0)[sand]; };
    EXPECT_EQ(sand_at(sea), 1.0);
    EXPECT_EQ(sand_at(sea + 0.05 * height), 0.0);  // inland: grass
    EXPECT_EQ(sand_at(0.04 * height), 0.0);        // the deep sea floor is not a beach
    EXPECT_EQ(sand_at(0.5 * sea), 0.0);
    const auto dry = default_texture_layers(height, 0.0);  // no sea: the low ground, as before
    EXPECT_EQ(layer_weights(dry, 0.04 * height, 5.0)[sand], 1.0);
}

TEST(TextureLayers, SectionReadsBackAndNamesBadKeys) {
    const auto layers = default_texture_layers(1000, 0.0);
    ASSERT_EQ(layers.size(), 4u);
    EXPECT_EQ(layers[1].height_min, 750);
    const auto back = read_texture_layers(nlohmann::json::parse(texture_layers_json(layers).dump()));
    EXPECT_EQ(back, layers);
    try {
        read_texture_layers(nlohmann::json::parse(R"([{"name": "a", "height_falloff": -1}])"));
        FAIL();
    } catch (const std::invalid_argument& error) {
        EXPECT_EQ(std::string(error.what()),
                  "texture_layers[0].height_falloff: -1 is not allowed: expected a number, metres, from 0 to "
                  "10000000");
    }
    EXPECT_EQ(find_texture_layer(layers, "snow"), 1);
    EXPECT_EQ(find_texture_layer(layers, "3"), 3);
    EXPECT_EQ(find_texture_layer(layers, "4"), -1);
    EXPECT_EQ(find_texture_layer(layers, "-1"), -1);
}

}  // namespace
}  // namespace app
