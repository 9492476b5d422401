// The terrain's metres, the engine figures and the normal encoding, against hand-worked numbers.
#include "core/terrain_scale.hpp"

#include <gtest/gtest.h>

#include "core/normal_map.hpp"

namespace app {
namespace {

TEST(EngineFigures, UnrealAndUnityForAnUnrealSize) {
    ViewSettings view;
    view.terrain_height   = 200.0;
    view.terrain_spacing  = 1.0;
    const EngineFigures f = engine_figures(view, {1009, 1009});
    EXPECT_DOUBLE_EQ(f.unreal_xy_scale, 100.0);
    EXPECT_DOUBLE_EQ(f.unreal_z_scale, 39.0625);
    EXPECT_DOUBLE_EQ(f.unity_height, 200.0);
    EXPECT_DOUBLE_EQ(f.width, 1008.0);
    EXPECT_DOUBLE_EQ(f.length, 1008.0);
}

TEST(EngineFigures, UnrealZScaleSpansTheHeightOverTheSixteenBitRange) {
    // Unreal places sample s at (s - 32768) / 128 * ZScale centimetres.
    ViewSettings view;
    view.terrain_height = 731.0;
    const double z      = engine_figures(view, {505, 505}).unreal_z_scale;
    const auto metres   = [z](double s) { return (s - 32768.0) / 128.0 * z / 100.0; };
    EXPECT_NEAR(metres(65536) - metres(0), 731.0, 1e-9);
}

// A simulated field's terrain is the frame it was simulated on, at any export size; otherwise the
// view's height and spacing.
TEST(TerrainScale, TheSimulatedFrameSetsTheMetres) {
    noise::Params params;
    params.erosion_extent = 12000.0;
    params.erosion_relief = 1500.0;
    ViewSettings view;
    view.terrain_height  = 200.0;
    view.terrain_spacing = 12.0;
    EXPECT_EQ(terrain_view(params, view, 505), view);  // no simulation: the view's own
    EXPECT_EQ(terrain_height_m(params, view), 200.0);
    params.erosion_method = noise::ErosionMethod::simulate;
    for (const int width : {505, 1000, 2048}) {
        const ViewSettings metres = terrain_view(params, view, width);
        EXPECT_DOUBLE_EQ(metres.terrain_spacing * width, 12000.0) << width;
        EXPECT_EQ(metres.terrain_height, 1500.0);
        EXPECT_DOUBLE_EQ(engine_figures(metres, {width, width}).width, 12000.0 * (width - 1) / width);
        // The slope's scale does not depend on the size: one frame.
        EXPECT_DOUBLE_EQ(TerrainScale::of(params, metres, {0.0, 1.0}, width).metres_per_noise,
                         12000.0 / params.frequency);
    }
    EXPECT_EQ(terrain_height_m(params, view), 1500.0);
}

TEST(TerrainScale, ChainRuleThroughTheMappingAndTheMetres) {
    noise::Params params;
    params.frequency = 4.0;
    ViewSettings view;
    view.terrain_height      = 50.0;
    view.terrain_spacing     = 2.0;
    const TerrainScale scale = TerrainScale::of(params, view, {-1.0, 1.0}, 100);
    EXPECT_DOUBLE_EQ(scale.metres_per_noise, 100 * 2.0 / 4.0);
    // dh/dX = 50 / 2 * g / 50 = g / 2
    const auto s = scale.slope(0.3, {0.8, -0.4, 9.0, 9.0});
    EXPECT_DOUBLE_EQ(s[0], 0.4);
    EXPECT_DOUBLE_EQ(s[1], -0.2);
    EXPECT_DOUBLE_EQ(scale.height_of(0.0), 25.0);
    EXPECT_DOUBLE_EQ(scale.height_of(-3.0), 0.0);
    // Clamped values stand on flat ground.
    EXPECT_EQ(scale.slope(1.5, {0.8, -0.4, 0, 0}), (std::array<double, 2>{0.0, 0.0}));
    EXPECT_EQ(scale.slope(-1.0, {0.8, -0.4, 0, 0}), (std::array<double, 2>{0.0, 0.0}));
}

TEST(NormalEncoding, FlatAndFortyFiveDegreeSlopes) {
    using C = std::array<std::uint8_t, 3>;
    EXPECT_EQ(encode_normal({0.0, 0.0}, NormalConvention::opengl), (C{128, 128, 255}));
    // Rising to the east at 45 degrees: the normal leans west, n = (-1, 0, 1) / sqrt 2.
    EXPECT_EQ(encode_normal({1.0, 0.0}, NormalConvention::opengl), (C{37, 128, 218}));
    // Rising to the south (down the image): it leans north, up the image: +green in OpenGL's
    // convention, -green in DirectX's.
    EXPECT_EQ(encode_normal({0.0, 1.0}, NormalConvention::opengl), (C{128, 218, 218}));
    EXPECT_EQ(encode_normal({0.0, 1.0}, NormalConvention::directx), (C{128, 37, 218}));
}

}  // namespace
}  // namespace app
