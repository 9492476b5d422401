// The layer stack (layer_stack.hpp): no stack changes nothing; every path gives the reference's
// bits on every SIMD target and thread count; each source, blend, mask, mute and solo does what
// the header says; the gradient through the stack is the derivative; layer.N.KEY names the
// whole key in one line.
#include "noise/layer_stack.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "noise/kernel.hpp"
#include "noise/placement.hpp"
#include "noise/render.hpp"
#include "noise/trace.hpp"
#include "test_support.hpp"

namespace {

using noise::Params;

Params with(Params params, std::initializer_list<std::pair<const char*, const char*>> settings) {
    for (const auto& [key, value] : settings) {
        const std::string error = noise::set_param(params, key, value);
        EXPECT_EQ(error, "") << key << "=" << value;
    }
    return params;
}

// A 3 x 3 heightmap: a ridge down the middle column.
std::shared_ptr<const noise::HeightSamples> ridge_image() {
    auto image    = std::make_shared<noise::HeightSamples>();
    image->width  = 3;
    image->height = 3;
    image->values = {0.1f, 0.9f, 0.2f, 0.0f, 1.0f, 0.3f, 0.2f, 0.8f, 0.1f};
    return image;
}

Params base_field() {
    Params params;
    params.octaves   = 3;
    params.frequency = 3.0;
    params.seed      = 5;
    return params;
}

// Stacks that together use every source, blend, shape, mask kind, mute and solo.
std::vector<Params> stacks() {
    std::vector<Params> all;
    const Params base = base_field();
    for (const auto blend : noise::blend_mode_names)
        all.push_back(with(
            base,
            {{"layer.2.blend", blend.data()}, {"layer.2.fractal", "ridged"}, {"layer.2.opacity", "0.7"}}));
    for (const auto shape : noise::layer_shape_names)
        all.push_back(with(base, {{"layer.2.source", "shape"},
                                  {"layer.2.shape", shape.data()},
                                  {"layer.2.shape_angle", "30"},
                                  {"layer.2.blend", "multiply"}}));
    const Params combo = with(base, {{"layer.2.source", "constant"},
                                     {"layer.2.constant", "0.3"},
                                     {"layer.2.blend", "add"},
                                     {"layer.3.algorithm", "value"},
                                     {"layer.3.frequency", "6"},
                                     {"layer.3.blend", "max"},
                                     {"layer.3.mask", "layer"},
                                     {"layer.3.mask_layer", "1"},
                                     {"layer.3.mask_invert", "true"},
                                     {"layer.4.curve", "plateau"},
                                     {"layer.4.blend", "screen"},
                                     {"layer.4.mask", "field"},
                                     {"layer.4.mask.frequency", "1.5"},
                                     {"layer.4.mask_falloff", "0"}});
    all.push_back(combo);
    const Params muted = with(combo, {{"layer.3.mute", "true"}, {"layer.1.mute", "true"}});
    all.push_back(muted);
    all.push_back(with(muted, {{"layer.4.solo", "true"}}));
    Params mapped                           = with(base, {{"layer.2.source", "heightmap"},
                                                          {"layer.2.map_x", "0.2"},
                                                          {"layer.2.map_width", "0.5"},
                                                          {"layer.2.blend", "difference"}});
    mapped.stack[0].heightmap_image.samples = ridge_image();
    all.push_back(mapped);
    mapped.stack[0].map_edges = noise::MapEdges::repeat;
    all.push_back(mapped);
    all.push_back(with(mapped, {{"layer.2.height_curve", "plateau"}}));
    // The stack under the erosion filter, and on a warped and shaped, a 1D and a 3D layer 1.
    all.push_back(with(combo, {{"erosion.method", "filter"}, {"erosion.octaves", "2"}}));
    const Params island = with(base, {{"layer.2.source", "shape"},
                                      {"layer.2.blend", "multiply"},
                                      {"layer.3.fractal", "turbulence"},
                                      {"layer.3.blend", "subtract"},
                                      {"layer.3.opacity", "0.2"}});
    all.push_back(with(island, {{"layer.2.height_curve", "0:0,0.3:0.6,1:1"}}));
    all.push_back(with(island, {{"warp_amplitude", "0.4"}, {"terraces", "4"}}));
    all.push_back(with(island, {{"dimension", "1"}}));
    all.push_back(with(island, {{"dimension", "3"}, {"z", "0.3"}}));
    // Warped coasts (shape_warp): each profile, a curve, a mask on the warped layer, the erosion
    // filter on a warped island, and placement world.
    for (const auto shape : noise::layer_shape_names)
        all.push_back(with(base, {{"layer.2.source", "shape"},
                                  {"layer.2.shape", shape.data()},
                                  {"layer.2.shape_warp", "0.12"},
                                  {"layer.2.shape_warp_frequency", "2.5"},
                                  {"layer.2.blend", "multiply"}}));
    const Params coast = with(island, {{"layer.2.shape", "plateau"},
                                       {"layer.2.shape_warp", "0.08"},
                                       {"layer.2.shape_warp_octaves", "5"},
                                       {"layer.2.shape_warp_seed", "11"},
                                       {"layer.2.height_curve", "smoothstep"}});
    all.push_back(coast);
    all.push_back(with(coast, {{"layer.3.mask", "layer"}, {"layer.3.mask_layer", "2"}}));
    all.push_back(with(coast, {{"erosion.method", "filter"}, {"erosion.octaves", "2"}}));
    all.push_back(with(coast, {{"placement", "world"}, {"layer.2.shape_warp_frequency", "0.7"}}));
    return all;
}

TEST(LayerStack, NoLayersIsNoStack) {
    const Params params = base_field();
    EXPECT_FALSE(noise::has_stack(params));
    EXPECT_EQ(noise::FractalNoise(params).stack(), nullptr);
    // Layer 1's own keys, through layer.1.KEY, are the field's.
    EXPECT_EQ(with(params, {{"layer.1.octaves", "6"}}), with(params, {{"octaves", "6"}}));
}

TEST(LayerStack, RowsAreTheReferenceOnEveryTargetAndThreadCount) {
    const int width = 33, height = 12;
    for (const Params& params : stacks()) {
        const noise::FractalNoise noise(params);
        ASSERT_NE(noise.stack(), nullptr);
        const std::vector<float> expected = noise_test::reference_image(noise, width, height);
        for (const auto name : noise::available_simd_targets()) {
            noise_test::ForcedTarget forced(name);
            ASSERT_TRUE(forced.ok) << name;
            for (const unsigned threads : {1u, 3u}) {
                std::vector<float> image(expected.size());
                noise::RenderOptions options;
                options.threads = threads;
                ASSERT_TRUE(noise::render(noise, noise::Region::full(width, height), image, options));
                ASSERT_EQ(image, expected) << name << ", " << threads << " threads";
            }
            std::vector<noise::Point> points;
            for (int i = 0; i < 29; ++i)
                points.push_back({0.13 * i - 1.1, 0.07 * i - 0.3, params.z, params.w});
            std::vector<double> sampled(points.size());
            noise::PointSampler(noise).at(points, sampled);
            for (std::size_t i = 0; i < points.size(); ++i)
                ASSERT_EQ(sampled[i], noise.at(points[i])) << name;
        }
        // A region of the image is the same pixels as the whole.
        std::vector<float> part(10 * 5);
        ASSERT_TRUE(noise::render(noise, noise::Region{width, height, 20, 6, 30, 11}, part));
        for (int y = 0; y < 5; ++y)
            for (int x = 0; x < 10; ++x)
                ASSERT_EQ(part[static_cast<std::size_t>(y * 10 + x)],
                          expected[static_cast<std::size_t>((y + 6) * width + x + 20)]);
    }
}

TEST(LayerStack, GradientIsTheDerivative) {
    for (const Params& params : stacks()) {
        const noise::FractalNoise noise(params);
        const double step = 1e-6;
        int compared      = 0;
        for (int i = 0; i < 40; ++i) {
            const noise::Point p{params.offset_x + 0.071 * i, params.offset_y + 0.053 * i + 0.1, params.z,
                                 params.w};
            const noise::ValueGradient vg = noise::value_gradient(noise, p);
            ASSERT_EQ(vg.value, noise.at(p));
            for (int axis = 0; axis < std::min(params.dimension, 2); ++axis) {
                noise::Point before = p, after = p;
                before[static_cast<std::size_t>(axis)] -= step;
                after[static_cast<std::size_t>(axis)] += step;
                const double here    = noise.at(p),
                             numeric = (noise.at(after) - noise.at(before)) / (2.0 * step);
                // Kinks (min, max, |a - b|, clamps, a hard mask edge) have one-sided slopes.
                const double forward  = (noise.at(after) - here) / step,
                             backward = (here - noise.at(before)) / step;
                if (std::abs(forward - backward) > 1e-3 * (1.0 + std::abs(numeric))) continue;
                EXPECT_NEAR(vg.gradient[static_cast<std::size_t>(axis)], numeric,
                            1e-4 * (1.0 + std::abs(numeric)))
                    << "point " << i << " axis " << axis;
                ++compared;
            }
        }
        EXPECT_GT(compared, 20);
    }
}

TEST(LayerStack, GradientRowsAreValueGradientBitForBitOnEveryTarget) {
    // The normal maps' and the erosion filter's rows: layer 1 on lanes where they cover it, the
    // stack on dual numbers on lanes after it (a row of 70: a partial last vector); each pixel as
    // value_gradient gives it, the sign of a zero too.
    const noise::RowSpec row{-0.3, 0.0173, -3, 0.41};
    const auto bits = [](double v) { return std::bit_cast<std::uint64_t>(v); };
    for (const Params& params : stacks()) {
        const noise::FractalNoise noise(params);
        for (const auto name : noise::available_simd_targets()) {
            noise_test::ForcedTarget forced(name);
            ASSERT_TRUE(forced.ok) << name;
            std::vector<double> value(70), gx(70), gy(70);
            noise::value_gradient_row(noise, row, 1e-3, value, gx, gy);
            for (std::size_t i = 0; i < value.size(); ++i) {
                const noise::Point p{row.x_origin + (row.first + static_cast<int>(i) + 0.5) * row.x_step,
                                     row.y, params.z, params.w};
                const noise::ValueGradient vg = noise::value_gradient(noise, p, 1e-3);
                ASSERT_EQ(bits(value[i]), bits(vg.value)) << name << " " << i;
                ASSERT_EQ(bits(gx[i]), bits(vg.gradient[0])) << name << " " << i;
                if (params.dimension >= 2) {
                    ASSERT_EQ(bits(gy[i]), bits(vg.gradient[1])) << name << " " << i;
                }
            }
        }
    }
}

// Layer 1's unit height at p, and a layer's, through their nominal ranges.
double unit(const Params& params, double value) {
    const noise::Range range = noise::nominal_range(params);
    return (value - range.lo) / (range.hi - range.lo);
}

TEST(LayerStack, BlendsAndWeightsAreAsWritten) {
    const Params base = base_field();
    const noise::FractalNoise below(base);
    const noise::Point p{0.37, 0.81, 0, 0};
    const double a     = unit(base, below.at(p));
    const auto stacked = [&](std::initializer_list<std::pair<const char*, const char*>> settings) {
        return unit(base, noise::FractalNoise(with(base, settings)).at(p));
    };
    EXPECT_NEAR(stacked({{"layer.2.source", "constant"}, {"layer.2.constant", "0.25"}}), 0.25, 1e-15);
    EXPECT_NEAR(stacked({{"layer.2.source", "constant"},
                         {"layer.2.constant", "0.25"},
                         {"layer.2.blend", "add"},
                         {"layer.2.opacity", "0.5"}}),
                a + 0.125, 1e-15);
    EXPECT_NEAR(
        stacked({{"layer.2.source", "constant"}, {"layer.2.constant", "0.25"}, {"layer.2.blend", "screen"}}),
        1 - (1 - a) * 0.75, 1e-15);
    EXPECT_NEAR(
        stacked(
            {{"layer.2.source", "constant"}, {"layer.2.constant", "0.25"}, {"layer.2.blend", "difference"}}),
        std::abs(a - 0.25), 1e-15);
    // A placed source's own curve remaps its heights before the blend.
    EXPECT_NEAR(stacked({{"layer.2.source", "constant"}, {"layer.2.height_curve", "0:0,0.5:0.8,1:1"}}), 0.8,
                1e-15);
    // Muted, the layer is not there; layer 1 muted, the stack starts from 0.
    EXPECT_NEAR(stacked({{"layer.2.source", "constant"}, {"layer.2.mute", "true"}}), a, 1e-15);
    EXPECT_NEAR(stacked({{"layer.1.mute", "true"},
                         {"layer.2.source", "constant"},
                         {"layer.2.blend", "add"},
                         {"layer.2.constant", "0.4"}}),
                0.4, 1e-15);
    // Solo: the layer's own heights alone, whatever lies above or below.
    const Params ridged =
        with(base, {{"layer.2.fractal", "ridged"}, {"layer.2.solo", "true"}, {"layer.3.source", "constant"}});
    const Params& own_field = ridged.stack[0].field[0];  // at layer 1's frequency: read as it is
    const double own        = unit(own_field, noise::FractalNoise(own_field).at(p));
    EXPECT_NEAR(unit(base, noise::FractalNoise(ridged).at(p)), own, 1e-15);
    // A mask from layer 1 with a hard edge: all or nothing on either side of the threshold.
    const double threshold_below = a - 0.01, threshold_above = a + 0.01;
    EXPECT_NEAR(stacked({{"layer.2.source", "constant"},
                         {"layer.2.constant", "0"},
                         {"layer.2.mask", "layer"},
                         {"layer.2.mask_falloff", "0"},
                         {"layer.2.mask_threshold", std::to_string(threshold_below).c_str()}}),
                0.0, 1e-15);
    EXPECT_NEAR(stacked({{"layer.2.source", "constant"},
                         {"layer.2.constant", "0"},
                         {"layer.2.mask", "layer"},
                         {"layer.2.mask_falloff", "0"},
                         {"layer.2.mask_threshold", std::to_string(threshold_above).c_str()}}),
                a, 1e-15);
}

TEST(LayerStack, ShapesSitInTheFrame) {
    // An island at the image's centre: 1 there, 0 past its radius, whatever the view's offsets.
    Params params = with(base_field(), {{"offset_x", "7"},
                                        {"offset_y", "-2"},
                                        {"layer.2.source", "shape"},
                                        {"layer.2.shape_radius", "0.25"}});
    const noise::FractalNoise noise(params);
    const auto frame_point = [&](double fx, double fy) {
        return noise::Point{params.offset_x + fx * params.frequency, params.offset_y + fy * params.frequency,
                            0, 0};
    };
    EXPECT_NEAR(unit(params, noise.at(frame_point(0.5, 0.5))), 1.0, 1e-12);
    EXPECT_NEAR(unit(params, noise.at(frame_point(0.5, 0.76))), 0.0, 1e-12);
    EXPECT_NEAR(unit(params, noise.at(frame_point(0.5 + 0.125, 0.5))), 0.5, 1e-12);  // smoothstep(1/2)
    // A heightmap passes through its texel centres.
    Params mapped                           = with(base_field(), {{"layer.2.source", "heightmap"}});
    mapped.stack[0].heightmap_image.samples = ridge_image();
    const noise::FractalNoise map(mapped);
    EXPECT_NEAR(unit(mapped, map.at({(1.5 / 3) * 3.0, (1.5 / 3) * 3.0, 0, 0})), 1.0, 1e-6);
    EXPECT_NEAR(unit(mapped, map.at({(2.5 / 3) * 3.0, (0.5 / 3) * 3.0, 0, 0})), 0.2, 1e-6);
}

TEST(LayerStack, WarpedCoastIsNotACircle) {
    // Along a circle round the centre an island's height is one number; warped, it is not, and
    // the warp field is read where the layer's own noise would be: a region, the frame moved and
    // the world agree.
    const Params round  = with(base_field(), {{"layer.2.source", "shape"},
                                              {"layer.2.shape_radius", "0.3"},
                                              {"layer.2.blend", "normal"},
                                              {"layer.1.mute", "true"}});
    const Params warped = with(round, {{"layer.2.shape_warp", "0.06"}});
    const noise::FractalNoise plain(round), coast(warped);
    double lo = 1.0, hi = 0.0, plain_lo = 1.0, plain_hi = 0.0;
    for (int k = 0; k < 64; ++k) {
        const double angle = k * (2.0 * M_PI / 64.0);
        const noise::Point p{(0.5 + 0.2 * std::cos(angle)) * 3.0, (0.5 + 0.2 * std::sin(angle)) * 3.0, 0, 0};
        const double h = unit(warped, coast.at(p)), h0 = unit(round, plain.at(p));
        lo = std::min(lo, h), hi = std::max(hi, h);
        plain_lo = std::min(plain_lo, h0), plain_hi = std::max(plain_hi, h0);
    }
    EXPECT_NEAR(plain_hi - plain_lo, 0.0, 1e-12);
    EXPECT_GT(hi - lo, 0.1);
    // The warp moves a point by at most about 0.9 shape_warp per axis: past r + 0.08 the sea is 0.
    EXPECT_EQ(unit(warped, coast.at({(0.5 + 0.42) * 3.0, 0.5 * 3.0, 0, 0})), 0.0);
    // Off (shape_warp 0) the other warp keys change nothing, bit for bit.
    const Params off = with(round, {{"layer.2.shape_warp_frequency", "9"}, {"layer.2.shape_warp_seed", "3"}});
    const noise::FractalNoise unwarped(off);
    for (int i = 0; i < 50; ++i) {
        const noise::Point p{0.061 * i, 0.047 * i + 0.2, 0, 0};
        ASSERT_EQ(std::bit_cast<std::uint64_t>(unwarped.at(p)), std::bit_cast<std::uint64_t>(plain.at(p)));
    }
    // Placed in the world, the same picture up to rounding.
    Params world = warped;
    ASSERT_EQ(noise::place_in_world(world), "");
    EXPECT_DOUBLE_EQ(world.stack[0].shape_warp, 0.06 * 3.0);
    EXPECT_DOUBLE_EQ(world.stack[0].shape_warp_frequency, 4.0 / 3.0);
    const noise::FractalNoise in_world(world);
    for (int i = 0; i < 50; ++i) {
        const noise::Point p{0.061 * i, 0.047 * i + 0.2, 0, 0};
        EXPECT_NEAR(in_world.at(p), coast.at(p), 1e-12) << i;
    }
}

TEST(LayerStack, KeysNameTheWholeKey) {
    const Params base = base_field();
    Params params     = base;
    EXPECT_EQ(noise::set_param(params, "layer.3.octaves", "2"), "");
    ASSERT_EQ(params.stack.size(), 2u);  // layer 2 made on the way
    EXPECT_EQ(params.stack[1].field[0].octaves, 2);
    EXPECT_EQ(params.stack[0].field[0].seed, base.seed + 1);

    const Params before = params;
    const auto error_of = [&](const char* key, const char* value) {
        const std::string error = noise::set_param(params, key, value);
        EXPECT_EQ(params, before) << key;
        EXPECT_EQ(error.find('\n'), std::string::npos);
        return error;
    };
    EXPECT_EQ(error_of("layer.2.opacity", "2"),
              "layer.2.opacity: '2' is out of range: expected a number from 0 to 1");
    EXPECT_EQ(error_of("layer.2.octaves", "40").rfind("layer.2.octaves: '40'", 0), 0u);
    EXPECT_EQ(error_of("layer.2.blend", "overlay").rfind("layer.2.blend: 'overlay'", 0), 0u);
    EXPECT_EQ(error_of("layer.2.mask.octaves", "0").rfind("layer.2.mask.octaves: '0'", 0), 0u);
    EXPECT_NE(error_of("layer.2.frobnicate", "1").find("unknown key 'layer.2.frobnicate'"),
              std::string::npos);
    EXPECT_NE(error_of("layer.9.blend", "add").find("unknown key 'layer.9.blend'"), std::string::npos);
    EXPECT_NE(error_of("layer.x.blend", "add").find("unknown key 'layer.x.blend'"), std::string::npos);
    EXPECT_NE(error_of("layer.2.erosion.strength", "1").find("'layer.2.erosion.strength' is not allowed"),
              std::string::npos);
    EXPECT_NE(error_of("layer.1.layer.2.blend", "add").find("'layer.1.layer.2.blend'"), std::string::npos);

    // The rules name the layer too.
    Params self_masked = with(base, {{"layer.2.mask", "layer"}, {"layer.2.mask_layer", "2"}});
    EXPECT_EQ(noise::validate(self_masked).rfind("layer.2.mask_layer: '2' is not allowed", 0), 0u);
    Params unread = with(base, {{"layer.2.heightmap", "hills.png"}});
    EXPECT_EQ(noise::validate(unread).rfind("layer.2.heightmap: 'hills.png' has not been read", 0), 0u);
    EXPECT_EQ(error_of("layer.2.height_curve", "0:0,0.2:1,0.1:0.5").rfind("layer.2.height_curve: point 3", 0),
              0u);
    Params tiled = with(base, {{"tile", "3"}, {"layer.2.source", "shape"}});
    EXPECT_EQ(noise::validate(tiled).rfind("layer.2.source: 'shape' is not allowed while tiling", 0), 0u);
    Params eight = base;
    EXPECT_EQ(noise::set_param(eight, "layer.8.blend", "add"), "");
    EXPECT_EQ(noise::validate(eight), "");
}

TEST(LayerStack, NoiseLayersTileWithTheField) {
    const Params params = with(base_field(), {{"tile", "3"},
                                              {"layer.2.frequency", "6"},
                                              {"layer.2.blend", "max"},
                                              {"layer.3.source", "constant"},
                                              {"layer.3.blend", "multiply"}});
    const noise::FractalNoise noise(params);
    for (int i = 0; i < 20; ++i) {
        const noise::Point p{0.17 * i, 0.11 * i, 0, 0};
        EXPECT_NEAR(noise.at(p), noise.at({p[0] + 3.0, p[1] + 3.0, 0, 0}), 1e-12);
    }
    EXPECT_NE(noise::validate(with(base_field(), {{"tile", "3"}, {"layer.2.frequency", "4.5"}})), "");
}

}  // namespace
