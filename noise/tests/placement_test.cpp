// Placement (placement.hpp): every shipped preset placed in the world streams chunks that agree on
// shared edges out to +-2^31 samples; a world preset gives the same value at the same noise-space
// point through any frame (offset and frequency changed), where a frame preset does not; the
// conversion keeps the picture; new fields and layers in the world read where the frame's would;
// the preset key is written only when world and read back; the tile's whole-number rule and the
// simulation's refusal name what they need.
#include "noise/placement.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <climits>
#include <cmath>
#include <vector>

#include "noise/layer_edit.hpp"
#include "noise/preset.hpp"
#include "noise/render.hpp"
#include "noise/sampler.hpp"
#include "shipped_presets.hpp"

namespace {

std::uint32_t bits(float v) { return std::bit_cast<std::uint32_t>(v); }

noise::Params in_world(noise::Params params) {
    const std::string error = noise::place_in_world(params);
    EXPECT_EQ(error, "");
    return params;
}

std::vector<float> grid(const noise::Params& params, const noise::GridWindow& window) {
    std::vector<float> out(window.sample_count());
    EXPECT_TRUE(noise::render_grid(params, window, out, {.threads = 2}));
    return out;
}

// The frame moved and zoomed: another window onto the same world.
noise::Params reframed(noise::Params params) {
    params.offset_x  = params.offset_x - 0.375 * params.frequency + 1.25;
    params.offset_y  = params.offset_y + 0.625 * params.frequency - 3.5;
    params.frequency = params.frequency * 3.0;
    return params;
}

// Chunks of N + 1 samples every N, 2 x 2 around each corner: near the origin (where the shapes
// are) and at the ends of int, +-2^31 samples out.
TEST(Placement, WorldPresetsStreamChunksThatAgreeOnSharedEdgesOutToTwoToThe31Samples) {
    constexpr int n   = 16;
    std::size_t edges = 0, differing = 0;
    for (const auto& [name, frame] : noise_test::unbounded_presets()) {
        SCOPED_TRACE(name);
        const noise::Params params = in_world(frame);
        const double spacing       = params.frequency / 256;
        const long long far        = (static_cast<long long>(INT_MAX) - 2 * n) / n;
        for (const long long cx : {-far, -1LL, 7LL, far})
            for (const long long cy : {-far, -1LL, far})
                noise_test::count_shared_edges(params, spacing, n, cx, cy, edges, differing);
    }
    EXPECT_GE(edges, 30u * 12 * 4 * (n + 1));
    EXPECT_EQ(differing, 0u) << "of " << edges << " shared edge samples";
}

// The same noise-space points through two frames: a world preset's values do not depend on the
// frame at all (bit for bit, by Region, by GridWindow and by Sampler); a frame preset's shapes and
// layers move with it, so the same comparison finds differences there.
TEST(Placement, AWorldPresetGivesTheSameValueAtTheSamePointThroughEveryFrame) {
    int frame_presets_that_move = 0;
    for (const auto& [name, frame] : noise_test::unbounded_presets()) {
        SCOPED_TRACE(name);
        const noise::Params world = in_world(frame);
        const noise::Region region{256, 192, 40, 100, 40 + 24, 100 + 16};
        std::vector<float> first(region.pixel_count());
        ASSERT_TRUE(noise::render(world, region, first));

        // The pixels' points, read through the other frame.
        const noise::FractalNoise other(reframed(world));
        std::size_t differing = 0;
        for (int j = 0; j < region.rows(); ++j)
            for (int i = 0; i < region.columns(); ++i) {
                const noise::Point p = noise::pixel_point(world, region.width, region.x0 + i, region.y0 + j);
                differing += bits(static_cast<float>(other.at(p))) !=
                             bits(first[static_cast<std::size_t>(j * region.columns() + i)]);
            }
        EXPECT_EQ(differing, 0u) << "of " << region.pixel_count() << " pixels";

        // A grid and a Sampler place their samples themselves: the frame changes none of them.
        const noise::GridWindow window{.origin_x = -2.5,
                                       .origin_y = 1.75,
                                       .spacing  = 1.0 / 32,
                                       .i0       = -40,
                                       .j0       = 9,
                                       .columns  = 19,
                                       .rows     = 7};
        const auto a = grid(world, window), b = grid(reframed(world), window);
        EXPECT_TRUE(
            std::equal(a.begin(), a.end(), b.begin(), [](float x, float y) { return bits(x) == bits(y); }));
        std::vector<float> sampled(window.sample_count());
        noise::Sampler(reframed(world)).grid(window, sampled);
        EXPECT_TRUE(std::equal(a.begin(), a.end(), sampled.begin(),
                               [](float x, float y) { return bits(x) == bits(y); }));

        const auto c = grid(frame, window), d = grid(reframed(frame), window);
        frame_presets_that_move += !std::equal(c.begin(), c.end(), d.begin());
    }
    // eroded-island, river-valleys and the other presets with shapes, masks or layers.
    EXPECT_GE(frame_presets_that_move, 3);
}

// Placed in the world, a preset draws the picture it drew in its frame, up to rounding.
TEST(Placement, TheConversionKeepsThePictureOfEveryShippedPreset) {
    for (const auto& [name, frame] : noise_test::unbounded_presets()) {
        SCOPED_TRACE(name);
        const noise::Params world = in_world(frame);
        EXPECT_EQ(world.placement, noise::Placement::world);
        const noise::Region region = noise::Region::full(96, 64);
        std::vector<float> before(region.pixel_count()), after(region.pixel_count());
        ASSERT_TRUE(noise::render(frame, region, before));
        ASSERT_TRUE(noise::render(world, region, after));
        const noise::Range range = noise::nominal_range(frame);
        double worst             = 0.0;
        for (std::size_t i = 0; i < before.size(); ++i)
            worst =
                std::max(worst, std::abs(static_cast<double>(before[i]) - after[i]) / (range.hi - range.lo));
        EXPECT_LT(worst, 1e-5);
    }
}

TEST(Placement, TheConversionMovesShapesHeightmapsAndFrequenciesIntoNoiseUnits) {
    noise::Params params;
    params.frequency = 8.0;
    params.offset_x  = 100.0;
    params.offset_y  = -4.0;
    ASSERT_EQ(noise::set_param(params, "layer.2.source", "shape"), "");
    ASSERT_EQ(noise::set_param(params, "layer.2.shape_x", "0.25"), "");
    ASSERT_EQ(noise::set_param(params, "layer.2.shape_radius", "0.5"), "");
    ASSERT_EQ(noise::set_param(params, "layer.3.frequency", "16"), "");
    ASSERT_EQ(noise::set_param(params, "mask", "add"), "");
    ASSERT_EQ(noise::set_param(params, "mask.frequency", "4"), "");
    noise::Params world = params;
    ASSERT_EQ(noise::place_in_world(world), "");
    EXPECT_EQ(world.stack[0].shape_x, 102.0);
    EXPECT_EQ(world.stack[0].shape_y, 0.0);
    EXPECT_EQ(world.stack[0].shape_radius, 4.0);
    EXPECT_EQ(world.stack[1].field.front().frequency, 2.0);
    EXPECT_EQ(world.mask_field.front().frequency, 0.5);
    EXPECT_EQ(world.stack[1].field.front().placement, noise::Placement::frame);  // a field has none
    EXPECT_EQ(noise::place_in_world(world),
              "placement: 'world' is already the preset's placement: expected a preset placed in its frame");

    // A field frequency the world cannot hold is refused in one line, params unchanged.
    noise::Params tiny = params;
    tiny.frequency     = 50000.0;
    tiny.mask          = noise::MaskMode::none;
    tiny.mask_field.clear();
    tiny.stack[1].field.front().frequency = 1.0;
    const noise::Params before            = tiny;
    EXPECT_EQ(
        noise::place_in_world(tiny),
        "placement: 'world' cannot hold this preset's frame: layer.3.frequency: '0.00002' is out of range: "
        "expected a number from 0.001 to 100000");
    EXPECT_EQ(tiny, before);
}

// New mask fields and layers made in the world read where the frame's would: the same picture.
TEST(Placement, NewFieldsAndLayersInTheWorldStartWhereTheFramesWould) {
    noise::Params frame;
    frame.frequency     = 6.0;
    frame.offset_x      = 3.0;
    noise::Params world = frame;
    world.placement     = noise::Placement::world;
    for (noise::Params* params : {&frame, &world}) {
        ASSERT_EQ(noise::set_param(*params, "mask", "max"), "");
        ASSERT_EQ(noise::set_param(*params, "mask.octaves", "2"), "");
        ASSERT_EQ(noise::set_param(*params, "layer.2.blend", "add"), "");
        ASSERT_EQ(noise::set_param(*params, "layer.3.source", "shape"), "");
        ASSERT_EQ(noise::set_param(*params, "layer.3.mask", "field"), "");
        ASSERT_EQ(noise::set_param(*params, "layer.3.mask.octaves", "2"), "");  // creates its mask field
    }
    EXPECT_EQ(world.mask_field.front().frequency, 1.0);
    EXPECT_EQ(world.stack[0].field.front().frequency, 1.0);
    EXPECT_EQ(world.stack[1].shape_x, 3.0 + 0.5 * 6.0);
    EXPECT_EQ(world.stack[1].shape_radius, 0.45 * 6.0);
    EXPECT_EQ(world.stack[1].mask_field.front().frequency, 1.0);
    ASSERT_EQ(noise::duplicate_layer(world, 1), "");  // layer 1 as a noise layer: multiplier 1
    ASSERT_EQ(noise::duplicate_layer(frame, 1), "");
    EXPECT_EQ(world.stack[0].field.front().frequency, 1.0);
    EXPECT_EQ(world.stack[0].field.front().placement, noise::Placement::frame);
    const noise::Region region = noise::Region::full(64, 48);
    std::vector<float> a(region.pixel_count()), b(region.pixel_count());
    ASSERT_TRUE(noise::render(frame, region, a));
    ASSERT_TRUE(noise::render(world, region, b));
    for (std::size_t i = 0; i < a.size(); ++i) ASSERT_NEAR(a[i], b[i], 1e-6) << i;
}

TEST(Placement, ThePresetKeyIsWrittenOnlyWhenWorldAndReadBack) {
    noise::Preset preset;
    const std::string frame_text = noise::preset_to_json(preset);
    EXPECT_EQ(frame_text.find("placement"), std::string::npos);
    EXPECT_NE(frame_text.find("\"version\": 1"), std::string::npos);
    ASSERT_EQ(noise::set_param(preset.params, "placement", "world"), "");
    const std::string world_text = noise::preset_to_json(preset);
    EXPECT_NE(world_text.find("\"placement\": \"world\""), std::string::npos);
    EXPECT_NE(world_text.find("\"version\": 3"), std::string::npos);
    EXPECT_EQ(noise::parse_preset(world_text, "w.json"), preset);
    EXPECT_EQ(noise::set_param(preset.params, "placement", "globe"),
              "placement: 'globe' is not allowed: expected one of frame, world");
    try {
        noise::parse_preset(R"({"format": "noise-explorer-preset", "version": 3, "placement": "sky"})",
                            "p.json");
        ADD_FAILURE() << "no error";
    } catch (const noise::PresetError& error) {
        EXPECT_EQ(std::string(error.what()),
                  "p.json: key 'placement': 'sky' is not allowed: expected one of frame, world");
    }
}

TEST(Placement, TilingNeedsWholeMultipliersAndTheSimulationNamesItsFrame) {
    noise::Params params;
    params.placement = noise::Placement::world;
    params.tile      = 4;
    params.frequency = 4.0;
    ASSERT_EQ(noise::set_param(params, "layer.2.frequency", "2"), "");
    EXPECT_EQ(noise::validate(params), "");
    ASSERT_EQ(noise::set_param(params, "layer.2.frequency", "1.5"), "");
    EXPECT_EQ(
        noise::validate(params),
        "layer.2.frequency: '1.5' is not allowed while tiling: expected a whole number (placement = world: "
        "the multiplier of the noise-space point), so that the layer repeats with the tile");

    noise::Params simulated;
    simulated.placement      = noise::Placement::world;
    simulated.erosion_method = noise::ErosionMethod::simulate;
    std::vector<float> out(4);
    try {
        noise::render_grid(simulated, {.spacing = 1.0, .columns = 2, .rows = 2}, out);
        ADD_FAILURE() << "no error";
    } catch (const std::invalid_argument& error) {
        EXPECT_EQ(
            std::string(error.what()),
            "erosion.method: 'simulate' needs its whole frame at once (placement = world, but the "
            "simulation runs on its frame: offset_x 0, offset_y 0, frequency 4): expected render with a "
            "Region of that frame (which simulates the region's full image), or another erosion.method "
            "for a grid");
    }
}

}  // namespace
