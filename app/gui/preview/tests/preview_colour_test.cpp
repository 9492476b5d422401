// The preview's terrain maps: the samples are the mask16 export's (app::mask_rows and the png16
// mapping at the preview's size, the same range and metres), the worker attaches them to its
// images, and each reading and colour follows the sample's documented meaning.
#include "gui/preview/preview_colour.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <thread>

#include "core/colour.hpp"
#include "core/export_image.hpp"
#include "core/field_stats.hpp"
#include "core/heightmap_file.hpp"
#include "core/terrain_masks.hpp"
#include "core/terrain_scale.hpp"
#include "core/value_mapping.hpp"
#include "gui/preview/render_worker.hpp"
#include "noise/render.hpp"
#include "noise/simulated_field.hpp"

namespace app::gui {
namespace {

noise::Params hills() {
    noise::Params p;
    p.octaves   = 5;
    p.frequency = 3.0;
    return p;
}

std::vector<float> rendered(const noise::FractalNoise& noise, int w, int h) {
    std::vector<float> raw(static_cast<std::size_t>(w) * h);
    noise::render(noise, noise::Region::full(w, h), raw);
    return raw;
}

TEST(PreviewColour, TableFollowsTheEnum) {
    const auto table = preview_colour_table();
    ASSERT_EQ(table.size(), preview_colour_names.size());
    for (std::size_t i = 0; i < table.size(); ++i) EXPECT_EQ(static_cast<std::size_t>(table[i].mode), i);
}

// The weights the preview shows are the weights8 export's of the same size: the rules on the
// simulation's flow, on the curvature and on the sea included (the panel asks with the export
// frame's width, whose ground a simulated preset's frame fixes).
TEST(PreviewColour, WeightsAreTheExportsWeightMaps) {
    Preset preset         = load_preset(resolve_preset_argument("mountain-front"));
    preset.view.sea_level = 0.15;
    preset.texture_layers = read_texture_layers(nlohmann::json::parse(
        R"([{"name": "gravel", "flow_min": 0.5, "flow_falloff": 0.1},
            {"name": "beach", "height_from": "sea", "height_min": -60, "height_max": 60, "height_falloff": 20},
            {"name": "hollow", "curvature_min": 0.01, "curvature_falloff": 0.01}, {"name": "ground"}])"));
    const int w = 48, h = 40, frame_width = 1009;
    const auto field = noise::simulate_field(preset.params, w, h);
    ASSERT_TRUE(field);
    const noise::FractalNoise eroded(field->params);
    const auto raw     = rendered(eroded, w, h);
    const auto layers  = effective_texture_layers(preset);
    const auto request = colour_request(
        PreviewColour::weights, terrain_view(preset.params, preset.view, frame_width), frame_width, layers);
    EXPECT_EQ(samples_per_pixel(request), layers.size());
    const auto got = compute_colour_samples(eroded, request, w, h, raw, nullptr, &field->maps);
    ASSERT_TRUE(got);
    ASSERT_EQ(got->size(), raw.size() * layers.size());
    // Without the maps (the simulation still running): none, rather than weights without the flow.
    EXPECT_TRUE(compute_colour_samples(eroded, request, w, h, raw, nullptr, nullptr)->empty());

    const auto folder =
        std::filesystem::temp_directory_path() / ("preview_weights_" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder);
    for (std::size_t layer = 0; layer < layers.size(); ++layer) {
        ExportRequest out;
        out.size      = {w, h};
        out.format    = ExportFormat::weights8;
        out.layer     = static_cast<int>(layer);
        out.path      = folder / (layers[layer].name + ".png");
        out.overwrite = true;
        export_image(preset, out);
        const noise::HeightSamples file = read_heightmap(out.path);
        ASSERT_EQ(file.values.size(), raw.size());
        std::size_t covered = 0;
        for (std::size_t p = 0; p < raw.size(); ++p) {
            const auto exported = static_cast<std::uint16_t>(std::lround(file.values[p] * 255.0f));
            ASSERT_EQ((*got)[p * layers.size() + layer], exported) << layers[layer].name << " pixel " << p;
            covered += exported > 0;
        }
        EXPECT_GT(covered, 0u) << layers[layer].name << " never shows: the test does not exercise it";
    }
    std::filesystem::remove_all(folder);
}

// Each layer its own colour; adding one does not repaint the others; the weights blend them.
TEST(PreviewColour, LayerColoursAreDistinctAndStable) {
    const std::vector<std::string> four{"rock", "snow", "sand", "grass"};
    const std::vector<std::string> five{"rock", "snow", "sand", "layer5", "grass"};
    const auto a = texture_layer_colours(four), b = texture_layer_colours(five);
    EXPECT_EQ(b[4], a[3]);  // grass stays green
    const std::vector<std::string> eight{"a", "rock", "b", "c", "grass", "d", "e", "f"};
    const auto c = texture_layer_colours(eight);
    for (std::size_t i = 0; i < c.size(); ++i)
        for (std::size_t j = i + 1; j < c.size(); ++j) EXPECT_NE(c[i], c[j]) << i << " " << j;
    const std::vector<std::uint16_t> half{128, 0, 0, 127};
    const auto mixed = weights_colour(half, a);
    for (std::size_t k = 0; k < 3; ++k) EXPECT_NEAR(mixed[k], (128 * a[0][k] + 127 * a[3][k]) / 255.0, 0.5);
}

TEST(PreviewColour, RampAsksForNothingAndIgnoresTheView) {
    ViewSettings a, b;
    b.terrain_height = 900.0;
    b.mapping        = Mapping::stretch;
    EXPECT_EQ(colour_request(PreviewColour::ramp, a, 64), colour_request(PreviewColour::ramp, b, 1009));
    EXPECT_NE(colour_request(PreviewColour::slope, a, 64), colour_request(PreviewColour::slope, b, 64));
    EXPECT_NE(colour_request(PreviewColour::slope, a, 64), colour_request(PreviewColour::slope, a, 1009));
    const noise::FractalNoise noise(hills());
    const auto raw = rendered(noise, 8, 8);
    const auto out = compute_colour_samples(noise, {}, 8, 8, raw, nullptr);
    ASSERT_TRUE(out);
    EXPECT_TRUE(out->empty());
}

// Each map equals what the mask16 export computes at this size: mask_rows over the full image
// with TerrainScale::of(params, view, range, width), or the png16 samples for the height (here
// the export's width is the image's own).
TEST(PreviewColour, SamplesAreTheExportsMasks) {
    const noise::FractalNoise noise(hills());
    const int w = 48, h = 32;
    const auto raw = rendered(noise, w, h);
    for (const Mapping mapping : {Mapping::fixed, Mapping::stretch}) {
        ViewSettings view;
        view.mapping         = mapping;
        view.terrain_height  = 350.0;
        view.terrain_spacing = 2.0;
        const noise::Range range =
            mapping_range(noise.params(), view,
                          measure_field(raw, noise::nominal_range(noise.params()), 1).measured_range());
        const TerrainScale scale = TerrainScale::of(noise.params(), view, range, w);
        for (const auto& [mode, mask] : {std::pair{PreviewColour::slope, TerrainMask::slope},
                                         std::pair{PreviewColour::curvature, TerrainMask::curvature},
                                         std::pair{PreviewColour::aspect, TerrainMask::aspect}}) {
            std::vector<std::uint16_t> expected(raw.size());
            ASSERT_TRUE(mask_rows(noise, scale, noise::Region::full(w, h), mask, 1, nullptr, expected));
            const auto got = compute_colour_samples(noise, colour_request(mode, view, w), w, h, raw, nullptr);
            ASSERT_TRUE(got);
            EXPECT_EQ(*got, expected) << preview_colour_names[static_cast<std::size_t>(mode)];
        }
        std::vector<std::uint16_t> heights(raw.size());
        to_gray16_row(raw, range, heights);
        const auto got = compute_colour_samples(noise, colour_request(PreviewColour::height_band, view, w), w,
                                                h, raw, nullptr);
        ASSERT_TRUE(got);
        EXPECT_EQ(*got, heights);
    }
}

// The metres are the export's: an image narrower than the export (the preview, its coarse pass)
// reads its slopes on the export's ground, as mask_rows does with the export's width in the
// scale; with its own width every slope would be steeper.
TEST(PreviewColour, MetresFollowTheExportsWidth) {
    const noise::FractalNoise noise(hills());
    const auto raw = rendered(noise, 16, 16);
    ViewSettings view;
    const auto ground =
        compute_colour_samples(noise, colour_request(PreviewColour::slope, view, 64), 16, 16, raw, nullptr);
    const auto own =
        compute_colour_samples(noise, colour_request(PreviewColour::slope, view, 16), 16, 16, raw, nullptr);
    ASSERT_TRUE(ground && own);
    EXPECT_NE(*ground, *own);
    std::vector<std::uint16_t> expected(raw.size());
    const TerrainScale scale =
        TerrainScale::of(noise.params(), view, noise::nominal_range(noise.params()), 64);
    ASSERT_TRUE(
        mask_rows(noise, scale, noise::Region::full(16, 16), TerrainMask::slope, 1, nullptr, expected));
    EXPECT_EQ(*ground, expected);
    // ... which is the export at the image's size with the spacing widened by 64 / 16.
    view.terrain_spacing = 4.0;
    const TerrainScale widened =
        TerrainScale::of(noise.params(), view, noise::nominal_range(noise.params()), 16);
    EXPECT_EQ(widened.metres_per_noise, scale.metres_per_noise);
}

TEST(PreviewColour, CancelledGivesNothing) {
    const noise::FractalNoise noise(hills());
    const auto raw = rendered(noise, 32, 32);
    const std::atomic<bool> cancel{true};
    EXPECT_FALSE(
        compute_colour_samples(noise, colour_request(PreviewColour::slope, {}, 32), 32, 32, raw, &cancel));
}

TEST(PreviewColour, ReadingsFollowTheSamplesMeaning) {
    EXPECT_EQ(sample_text(PreviewColour::slope, 32768, 200.0).rfind("slope 45.00 deg", 0), 0u);
    EXPECT_EQ(sample_text(PreviewColour::height_band, 65535, 200.0).rfind("height 200.0 m", 0), 0u);
    EXPECT_NE(sample_text(PreviewColour::curvature, 40000, 200.0).find("concave"), std::string::npos);
    EXPECT_NE(sample_text(PreviewColour::curvature, 20000, 200.0).find("convex"), std::string::npos);
    EXPECT_NE(sample_text(PreviewColour::aspect, 16384, 200.0).find("90.0 deg E"), std::string::npos);
    EXPECT_NE(sample_text(PreviewColour::aspect, 49152, 200.0).find("270.0 deg W"), std::string::npos);
    // Colours: flat and steep differ, concave and convex differ, opposite aspects differ.
    EXPECT_NE(sample_colour(PreviewColour::slope, 0), sample_colour(PreviewColour::slope, 40000));
    EXPECT_NE(sample_colour(PreviewColour::curvature, 30000), sample_colour(PreviewColour::curvature, 35000));
    EXPECT_NE(sample_colour(PreviewColour::aspect, 0), sample_colour(PreviewColour::aspect, 32768));
    // Ten height bands: the samples within a band share its colour.
    EXPECT_EQ(sample_colour(PreviewColour::height_band, 100),
              sample_colour(PreviewColour::height_band, 6000));
    EXPECT_NE(sample_colour(PreviewColour::height_band, 100),
              sample_colour(PreviewColour::height_band, 7000));
}

// The worker attaches the samples to its image (coarse and full), and none for chosen octaves.
TEST(PreviewColour, WorkerAttachesTheSamples) {
    using namespace std::chrono_literals;
    RenderWorker worker(nullptr);
    PreviewRequest request;
    request.params        = hills();
    request.width         = 40;
    request.height        = 24;
    request.curve_samples = 0;
    request.colour        = colour_request(PreviewColour::curvature, {}, 40);
    worker.submit(request);
    std::optional<ImageResult> image;
    for (int i = 0; i < 20000 && !(image = worker.take_image()); ++i) std::this_thread::sleep_for(1ms);
    ASSERT_TRUE(image);
    EXPECT_EQ(image->colour, PreviewColour::curvature);
    const noise::FractalNoise noise(request.params);
    const auto expected = compute_colour_samples(noise, request.colour, 40, 24, image->raw, nullptr);
    EXPECT_EQ(image->colour_samples, *expected);

    request.chosen.muted = 1;  // octave 1 muted
    worker.submit(request);
    image.reset();
    for (int i = 0; i < 20000 && !(image = worker.take_image()); ++i) std::this_thread::sleep_for(1ms);
    ASSERT_TRUE(image);
    EXPECT_TRUE(image->colour_samples.empty());
}

}  // namespace
}  // namespace app::gui
