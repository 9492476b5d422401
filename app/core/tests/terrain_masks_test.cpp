// The 16-bit mappings of terrain_masks.hpp at points whose answers are known exactly.
#include "core/terrain_masks.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace app {
namespace {

TEST(TerrainMasks, SlopeMapsZeroToNinetyDegrees) {
    EXPECT_EQ(slope_sample({0.0, 0.0}), 0);
    EXPECT_NEAR(slope_sample({1.0, 0.0}), 32768, 1);  // 45 degrees: 32767.5 before rounding
    EXPECT_NEAR(slope_sample({0.0, -1.0}), 32768, 1);
    EXPECT_EQ(slope_sample({1e300, 0.0}), 65535);  // a cliff
}

TEST(TerrainMasks, AspectIsTheDownhillCompassDirectionNorthUpTheImage) {
    // slope = (dh/dX, dh/dZ), X east, Z south: the ground faces where it falls.
    EXPECT_EQ(aspect_sample({0.0, 1.0}), 0);       // rises to the south: faces north
    EXPECT_EQ(aspect_sample({-1.0, 0.0}), 16384);  // falls to the east: faces east
    EXPECT_EQ(aspect_sample({0.0, -1.0}), 32768);  // faces south
    EXPECT_EQ(aspect_sample({1.0, 0.0}), 49152);   // faces west
    EXPECT_EQ(aspect_sample({-1.0, 1.0}), 8192);   // north-east
    EXPECT_EQ(aspect_sample({0.0, 0.0}), 0);       // flat: documented as 0
    EXPECT_EQ(aspect_sample({1e-300, 1.0}), 0);    // just west of north wraps to 0, not 65536
}

TEST(TerrainMasks, CurvatureIsCentredOnFlat) {
    EXPECT_EQ(curvature_sample(0.0), 32768);
    EXPECT_EQ(curvature_sample(0.5), 49152);
    EXPECT_EQ(curvature_sample(-0.5), 16384);
    EXPECT_EQ(curvature_sample(-1.0), 0);
    EXPECT_EQ(curvature_sample(1.0), 65535);  // clamped
    EXPECT_EQ(curvature_sample(-7.0), 0);
}

TEST(TerrainMasks, NamesParseBack) {
    for (std::size_t i = 0; i < terrain_mask_names.size(); ++i)
        EXPECT_EQ(parse_terrain_mask(terrain_mask_names[i]), static_cast<TerrainMask>(i));
    EXPECT_FALSE(parse_terrain_mask("Slope"));
    EXPECT_FALSE(parse_terrain_mask(""));
}

}  // namespace
}  // namespace app
