// The Layers panel's display-free parts: a layer alone, and the thumbnails of each layer's own
// heights (one per layer, none for a layer that cannot render, each the layer solo).
#include "gui/layers/layers_panel.hpp"

#include <gtest/gtest.h>

#include <atomic>

#include "noise/layer_edit.hpp"
#include "noise/render.hpp"

namespace app::gui {
namespace {

noise::Params three_layers() {
    noise::Params params;
    params.octaves = 2;
    EXPECT_EQ(noise::set_param(params, "layer.2.fractal", "ridged"), "");
    EXPECT_EQ(noise::set_param(params, "layer.3.source", "constant"), "");
    EXPECT_EQ(noise::set_param(params, "layer.3.constant", "0.25"), "");
    EXPECT_EQ(noise::set_param(params, "layer.2.solo", "true"), "");
    return params;
}

TEST(LayerAlone, SolosTheLayerAndNoOther) {
    const noise::Params params = three_layers();
    for (int number = 1; number <= 3; ++number) {
        const noise::Params alone = layer_alone(params, number);
        EXPECT_EQ(alone.base_layer.solo, number == 1);
        EXPECT_EQ(alone.stack[0].solo, number == 2);
        EXPECT_EQ(alone.stack[1].solo, number == 3);
    }
    // Nothing to solo without a stack, or past its top.
    EXPECT_EQ(layer_alone(noise::Params{}, 1), noise::Params{});
    EXPECT_EQ(layer_alone(params, 4), params);
}

TEST(LayerThumbnails, OneGreyImagePerLayerOfItsOwnHeights) {
    noise::Params params = three_layers();
    ASSERT_EQ(noise::set_param(params, "erosion.method", "filter"), "");
    std::atomic<bool> cancelled{false};
    std::atomic<double> progress{0.0};
    const LayerThumbnails thumbs = render_layer_thumbnails(params, 16, TaskControl{cancelled, progress});
    ASSERT_EQ(thumbs.rgba.size(), 3u);
    for (const auto& image : thumbs.rgba) ASSERT_EQ(image.size(), 16u * 16u * 4u);
    // Layer 3 is the constant 0.25 everywhere (through layer 1's range: grey 64).
    for (std::size_t i = 0; i < 16 * 16; ++i) EXPECT_NEAR(thumbs.rgba[2][4 * i], 64, 1) << i;
    // Layer 2 is its ridged noise alone, not eroded: the same as the render of that layer solo.
    noise::Params alone  = layer_alone(params, 2);
    alone.erosion_method = noise::ErosionMethod::none;
    std::vector<float> raw(16 * 16);
    noise::render(alone, noise::Region::full(16, 16), raw);
    const noise::Range range = noise::nominal_range(alone);
    for (std::size_t i = 0; i < raw.size(); ++i)
        EXPECT_EQ(thumbs.rgba[1][4 * i],
                  static_cast<std::uint8_t>(noise::to_unit(raw[i], range) * 255.0 + 0.5));
    // Layer 1 differs from layer 2 (the check above can tell layers apart).
    EXPECT_NE(thumbs.rgba[0], thumbs.rgba[1]);
}

TEST(LayerThumbnails, ALayerThatCannotRenderHasNone) {
    noise::Params params   = three_layers();
    params.stack[1].source = noise::LayerSource::heightmap;  // no image read
    std::atomic<bool> cancelled{false};
    std::atomic<double> progress{0.0};
    const LayerThumbnails thumbs = render_layer_thumbnails(params, 8, TaskControl{cancelled, progress});
    ASSERT_EQ(thumbs.rgba.size(), 3u);
    EXPECT_TRUE(thumbs.rgba[2].empty());
    EXPECT_FALSE(thumbs.rgba[0].empty());
    EXPECT_FALSE(thumbs.rgba[1].empty());
}

}  // namespace
}  // namespace app::gui
