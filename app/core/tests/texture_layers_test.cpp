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
    layers[0].name                          = "rock";
    layers[0].band(TextureBand::slope).min  = 30;
    layers[1].name                          = "snow";
    layers[1].band(TextureBand::height).min = 100;
    layers[2].name                          = "grass";
    auto w = layer_weights(layers, 150, 45);  // steep and high: rock comes first
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
    layers[0].name                             = "rock";
    layers[0].band(TextureBand::slope).min     = 30;
    layers[0].band(TextureBand::slope).falloff = 10;
    layers[1].name                             = "grass";
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
    EXPECT_EQ(layers[1].band(TextureBand::height).min, 750);
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

// Each new band bounds its own value, min/max/falloff as height and slope do; a layer without
// them weighs exactly as before.
TEST(TextureLayers, CurvatureFlowWearDepositBands) {
    std::vector<TextureLayer> layers(3);
    layers[0].name                             = "gravel";
    layers[0].band(TextureBand::flow).min      = 0.6;
    layers[0].band(TextureBand::flow).falloff  = 0.2;
    layers[1].name                             = "gully";
    layers[1].band(TextureBand::curvature).min = 0.1;
    layers[1].band(TextureBand::deposit).max   = 0.5;
    layers[2].name                             = "grass";
    const auto at = [](double curvature, double flow, double wear, double deposit) {
        return BandValues{100.0, 10.0, curvature, flow, wear, deposit};
    };
    EXPECT_EQ(layer_weights(layers, at(0, 0.9, 0, 0), 0)[0], 1.0);         // a river
    EXPECT_DOUBLE_EQ(layer_weights(layers, at(0, 0.6, 0, 0), 0)[0], 0.5);  // on the bound: half
    EXPECT_NEAR(layer_weights(layers, at(0, 0.55, 0, 0), 0)[0], 0.25, 1e-12);
    EXPECT_EQ(layer_weights(layers, at(0, 0.4, 0, 0), 0)[0], 0.0);
    EXPECT_EQ(layer_weights(layers, at(0.2, 0.1, 0, 0.2), 0)[1], 1.0);   // a hollow, little fill
    EXPECT_EQ(layer_weights(layers, at(0.2, 0.1, 0, 0.8), 0)[1], 0.0);   // filled: not a gully
    EXPECT_EQ(layer_weights(layers, at(-0.2, 0.1, 0, 0.2), 0)[2], 1.0);  // a ridge: the ground
    layers[0].band(TextureBand::flow) = {};
    layers[0].band(TextureBand::wear) = {0.3, 0.7, 0.0};
    EXPECT_EQ(layer_weights(layers, at(0, 0, 0.5, 0), 0)[0], 1.0);
    EXPECT_EQ(layer_weights(layers, at(0, 0, 0.8, 0), 0)[0], 0.0);
    EXPECT_TRUE(uses_band(layers, TextureBand::wear));
    EXPECT_FALSE(uses_band(layers, TextureBand::flow));

    // The old two-band rules at many points: the values of the formula of height and slope alone.
    const auto old_rules = default_texture_layers(800.0, 0.3);
    for (double h = -50.0; h <= 850.0; h += 3.7)
        for (double s = 0.0; s <= 90.0; s += 1.3) {
            const auto w = layer_weights(old_rules, BandValues{h, s, 0.7, 0.5, 0.5, 0.5}, 123.0);
            EXPECT_EQ(w, layer_weights(old_rules, h, s));
        }
}

// height_from "sea": the band is in metres above the sea's surface, so moving the sea moves it.
TEST(TextureLayers, HeightTiedToTheSeaMovesWithIt) {
    std::vector<TextureLayer> layers(2);
    layers[0].name                              = "beach";
    layers[0].height_from                       = HeightFrom::sea;
    layers[0].band(TextureBand::height).min     = -10;
    layers[0].band(TextureBand::height).max     = 5;
    layers[0].band(TextureBand::height).falloff = 2;
    layers[1].name                              = "grass";
    const auto beach                            = [&](double height, double sea) {
        return layer_weights(layers, BandValues{height, 5.0}, sea)[0];
    };
    EXPECT_EQ(beach(200, 200), 1.0);
    EXPECT_EQ(beach(300, 200), 0.0);
    EXPECT_EQ(beach(300, 300), 1.0);  // the sea rose: so did the beach
    EXPECT_DOUBLE_EQ(beach(305, 300), 0.5);
    EXPECT_DOUBLE_EQ(beach(290, 300), 0.5);
    EXPECT_EQ(beach(3, 0), 1.0);  // no sea: from the base

    // The editor's defaults: the same beach as the default set, tied to the sea.
    const double height = 600.0;
    for (const double sea : {0.2, 0.45}) {
        const auto fixed = default_texture_layers(height, sea);
        const auto tied  = editable_default_layers(height, sea);
        EXPECT_EQ(tied[2].height_from, HeightFrom::sea);
        for (double h = 0.0; h <= height; h += 1.25)
            for (const std::size_t i : {0u, 1u, 2u, 3u})
                EXPECT_NEAR(layer_weights(tied, BandValues{h, 10.0}, sea * height)[i],
                            layer_weights(fixed, h, 10.0)[i], 1e-9);
        // Raised by 60 m, the tied beach lies 60 m higher.
        const double raised = sea * height + 60.0;
        EXPECT_EQ(layer_weights(tied, BandValues{raised, 10.0}, raised)[2], 1.0);
        EXPECT_EQ(layer_weights(tied, BandValues{sea * height, 10.0}, raised)[2], 0.0);
    }
    EXPECT_EQ(editable_default_layers(height, 0.0), default_texture_layers(height, 0.0));
}

TEST(TextureLayers, NewKeysReadBackAndOldSectionsWriteTheSameBytes) {
    const std::string old_text =
        R"([{"name":"steep","slope_min":40.0,"slope_max":80.0,"slope_falloff":4.0},)"
        R"({"name":"high","height_min":300.0,"height_max":700.0,"height_falloff":20.0},{"name":"rest"}])";
    EXPECT_EQ(texture_layers_json(read_texture_layers(nlohmann::json::parse(old_text))).dump(), old_text);
    const std::string new_text =
        R"([{"name":"beach","height_from":"sea","height_min":-15.0,"height_max":10.0,"height_falloff":5.0},)"
        R"({"name":"gravel","curvature_min":-0.5,"curvature_max":0.5,"flow_min":0.7,"flow_falloff":0.1,)"
        R"("wear_max":0.9,"deposit_min":0.2,"deposit_max":1.0,"deposit_falloff":0.05},{"name":"rest"}])";
    const auto layers = read_texture_layers(nlohmann::json::parse(new_text));
    EXPECT_EQ(texture_layers_json(layers).dump(), new_text);
    EXPECT_EQ(layers[0].height_from, HeightFrom::sea);
    EXPECT_EQ(layers[1].band(TextureBand::flow),
              (BandRange{0.7, std::numeric_limits<double>::infinity(), 0.1}));
    EXPECT_EQ(read_texture_layers(nlohmann::json::parse(texture_layers_json(layers).dump())), layers);

    const auto error = [](const char* text) {
        try {
            read_texture_layers(nlohmann::json::parse(text));
        } catch (const std::invalid_argument& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_EQ(
        error(R"([{"name": "a", "flow_min": 1.5}])"),
        "texture_layers[0].flow_min: 1.5 is not allowed: expected a number, a share of the largest, from 0 "
        "to 1");
    EXPECT_EQ(error(R"([{"name": "a", "curvature_falloff": 3}])"),
              "texture_layers[0].curvature_falloff: 3 is not allowed: expected a number, k, from 0 to 2");
    EXPECT_EQ(error(R"([{"name": "a"}, {"name": "b", "height_from": "shore"}])"),
              "texture_layers[1].height_from: \"shore\" is not allowed: expected \"base\" (metres above the "
              "terrain's base) or \"sea\" (metres above the sea's surface)");
    EXPECT_EQ(error(R"([{"name": "a", "flow": 1}])").substr(0, 38), "texture_layers[0]: unknown key 'flow':");

    // A band on a simulation map is refused without the simulation, in one line naming it.
    EXPECT_EQ(texture_layers_problem(layers, true), "");
    EXPECT_EQ(texture_layers_problem(default_texture_layers(500, 0.3), false), "");
    EXPECT_EQ(texture_layers_problem(layers, false),
              "texture_layers[1].flow_min: 0.7 bounds the flow map, which only the erosion simulation makes: "
              "expected erosion.method = simulate, or a layer without flow bounds");
    // The value as the preset holds it, every digit (not rounded to 6).
    std::vector<TextureLayer> precise      = layers;
    precise[1].band(TextureBand::flow).min = 0.123456789;
    EXPECT_EQ(texture_layers_problem(precise, false).substr(0, 46),
              "texture_layers[1].flow_min: 0.123456789 bounds");
}

}  // namespace
}  // namespace app
