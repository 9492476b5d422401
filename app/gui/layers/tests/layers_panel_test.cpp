// The Layers panel's display-free parts: a layer alone, and the thumbnails of each layer's own
// heights (one per layer, none for a layer that cannot render, each the layer solo).
#include "gui/layers/layers_panel.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <vector>

#include "noise/fractal.hpp"
#include "noise/layer_edit.hpp"
#include "noise/placement.hpp"
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

// Pearson correlation of two images.
double correlation(const std::vector<float>& a, const std::vector<float>& b) {
    double ma = 0, mb = 0;
    for (std::size_t i = 0; i < a.size(); ++i) ma += a[i], mb += b[i];
    ma /= static_cast<double>(a.size());
    mb /= static_cast<double>(b.size());
    double ab = 0, aa = 0, bb = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        ab += (a[i] - ma) * (b[i] - mb);
        aa += (a[i] - ma) * (a[i] - ma);
        bb += (b[i] - mb) * (b[i] - mb);
    }
    return ab / std::sqrt(aa * bb);
}

// A layer added in the panel arrives blended: the field below still shows through it. No unit
// height moves by more than the new layer's opacity, and a new noise field leaves the picture
// recognisable (at opacity 1 and blend normal it replaced it: unit heights moved by up to 0.6,
// correlation near 0).
TEST(PanelNewLayer, ArrivesBlendedWithoutWipingTheStack) {
    noise::Params params;
    params.octaves           = 4;
    const noise::Range range = noise::nominal_range(params);
    std::vector<float> before(64 * 64), after(64 * 64);
    noise::render(params, noise::Region::full(64, 64), before);
    for (const auto source :
         {noise::LayerSource::noise, noise::LayerSource::shape, noise::LayerSource::constant}) {
        noise::Params added = params;
        ASSERT_EQ(noise::insert_layer(added, 2, panel_new_layer(added, 2, source, "New")), "");
        EXPECT_EQ(added.stack[0].name, "New 2");
        noise::render(added, noise::Region::full(64, 64), after);
        double moved = 0.0;
        for (std::size_t i = 0; i < before.size(); ++i)
            moved =
                std::max(moved, std::abs(static_cast<double>(after[i]) - before[i]) / (range.hi - range.lo));
        EXPECT_LE(moved, new_layer_opacity + 1e-6) << static_cast<int>(source);
        EXPECT_GT(moved, 0.0) << static_cast<int>(source);  // and it does show
    }
    noise::Params added = params;
    ASSERT_EQ(noise::insert_layer(added, 2, panel_new_layer(added, 2, noise::LayerSource::noise, "Noise")),
              "");
    noise::render(added, noise::Region::full(64, 64), after);
    EXPECT_GT(correlation(before, after), 0.8);
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

// A noise layer taught: its own field read where the stack reads it. Layer 2 at 3x layer 1's
// frequency, another seed and octave count, in 3D on a slice, tiled, panned off the origin.
TEST(TaughtField, ANoiseLayerIsItsOwnFieldWhereTheStackReadsIt) {
    noise::Params params;
    params.dimension = 3;
    params.z         = 0.37;
    params.offset_x  = -1.25;
    params.offset_y  = 2.5;
    params.frequency = 4.0;
    params.tile      = 8;
    params.octaves   = 2;
    ASSERT_EQ(noise::set_param(params, "layer.2.frequency", "12"), "");
    ASSERT_EQ(noise::set_param(params, "layer.2.seed", "77"), "");
    ASSERT_EQ(noise::set_param(params, "layer.2.octaves", "4"), "");
    ASSERT_EQ(noise::set_param(params, "layer.3.source", "constant"), "");
    ASSERT_EQ(noise::validate(params), "");

    const TaughtField taught = taught_field(params, 2);
    EXPECT_EQ(taught.layer, 2);
    EXPECT_DOUBLE_EQ(taught.scale, 3.0);
    EXPECT_TRUE(taught.params.stack.empty());
    EXPECT_EQ(taught.params.seed, 77u);
    EXPECT_EQ(taught.params.octaves, 4);
    EXPECT_DOUBLE_EQ(taught.params.frequency, 12.0);
    EXPECT_DOUBLE_EQ(taught.params.offset_x, -3.75);  // layer 1's view, in the layer's own space
    EXPECT_EQ(taught.params.tile, 24u);
    ASSERT_EQ(noise::validate(taught.params), "");

    const noise::FractalNoise stack(params);
    ASSERT_NE(stack.stack(), nullptr);
    const noise::FractalNoise& own = *stack.stack()->layers()[0].field;
    const noise::FractalNoise alone(taught.params);
    int differs_from_layer_1 = 0;
    for (double x = -1.5; x < 6.0; x += 0.37)
        for (double y = -0.5; y < 3.0; y += 0.41) {
            const noise::Point p{x, y, params.z, params.w};
            const noise::Point q{x * taught.scale, y * taught.scale, taught.params.z, taught.params.w};
            EXPECT_NEAR(alone.at(q), own.at(p), 1e-9) << x << ", " << y;
            if (std::abs(alone.at(q) - noise::FractalNoise(taught_field(params, 1).params).at(p)) > 1e-3)
                ++differs_from_layer_1;
        }
    EXPECT_GT(differs_from_layer_1, 100);  // the check can tell the layer from layer 1
}

// Placed in the world (noise/placement.hpp) the same layer is taught the same way: its frequency is
// the multiplier itself, and the view's frequency layer 1's times it.
TEST(TaughtField, InTheWorldTheLayersFrequencyIsItsScale) {
    noise::Params params;
    params.offset_x  = -1.25;
    params.frequency = 4.0;
    ASSERT_EQ(noise::set_param(params, "layer.2.frequency", "12"), "");
    ASSERT_EQ(noise::set_param(params, "layer.2.seed", "77"), "");
    ASSERT_EQ(noise::place_in_world(params), "");
    EXPECT_EQ(params.stack[0].field.front().frequency, 3.0);

    const TaughtField taught = taught_field(params, 2);
    EXPECT_EQ(taught.scale, 3.0);
    EXPECT_EQ(taught.params.frequency, 12.0);
    EXPECT_EQ(taught.params.offset_x, -3.75);
    const noise::FractalNoise stack(params);
    const noise::FractalNoise& own = *stack.stack()->layers()[0].field;
    const noise::FractalNoise alone(taught.params);
    for (double x = -1.5; x < 6.0; x += 0.37) {
        const noise::Point p{x, 0.75, 0.0, 0.0};
        EXPECT_NEAR(alone.at({x * 3.0, 0.75 * 3.0, 0.0, 0.0}), own.at(p), 1e-9) << x;
    }
}

TEST(TaughtField, OtherLayersTeachLayer1Alone) {
    noise::Params params;
    params.base_layer.solo = true;
    ASSERT_EQ(noise::set_param(params, "layer.2.source", "shape"), "");
    noise::Params field = params;
    field.stack.clear();
    field.base_layer.solo = false;
    for (int selected : {1, 2, 3, 0}) {  // the field, a shape, past the top, none
        const TaughtField taught = taught_field(params, selected);
        EXPECT_EQ(taught.params, field) << selected;
        EXPECT_EQ(taught.layer, 1);
        EXPECT_EQ(taught.scale, 1.0);
    }
}

TEST(TaughtField, EditsGoBackToTheLayerTaught) {
    noise::Params params;
    ASSERT_EQ(noise::set_param(params, "layer.2.frequency", "8"), "");
    for (int layer : {1, 2}) {
        noise::Params edited_params = params;
        const TaughtField taught    = taught_field(edited_params, layer);
        noise::Params edited        = taught.params;
        edited.persistence          = 0.25;
        edited.interpolation        = noise::Interpolation::linear;
        give_back_taught(edited_params, taught, edited);
        const noise::Params& changed = layer == 1 ? edited_params : edited_params.stack[0].field[0];
        const noise::Params& kept    = layer == 1 ? edited_params.stack[0].field[0] : edited_params;
        EXPECT_EQ(changed.persistence, 0.25) << layer;
        EXPECT_EQ(changed.interpolation, noise::Interpolation::linear) << layer;
        EXPECT_EQ(kept.persistence, params.persistence) << layer;
        EXPECT_EQ(kept.interpolation, params.interpolation) << layer;
        // Nothing else: the placement in layer 1's view is not given back.
        noise::Params unchanged = edited_params;
        noise::Params& back     = layer == 1 ? unchanged : unchanged.stack[0].field[0];
        back.persistence        = layer == 1 ? params.persistence : params.stack[0].field[0].persistence;
        back.interpolation      = params.interpolation;
        EXPECT_EQ(unchanged, params) << layer;
    }
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
