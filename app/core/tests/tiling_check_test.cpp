// Exports with `tile` set: whole tiles across and down, or a warning that says what to change.
#include "core/tiling_check.hpp"

#include <gtest/gtest.h>

namespace app {
namespace {

noise::Params tiled(double frequency, std::uint32_t tile) {
    noise::Params p;
    p.frequency = frequency;
    p.tile      = tile;
    return p;
}

TEST(TilingCheck, WholeTilesAreQuiet) {
    EXPECT_EQ(tiling_warning(tiled(8, 4), {1024, 1024}), "");
    EXPECT_EQ(tiling_warning(tiled(4, 4), {1009, 1009}), "");
    EXPECT_EQ(tiling_warning(tiled(8, 4), {1024, 512}), "");   // 8 x 4 cells: 2 x 1 tiles
    EXPECT_EQ(tiling_warning(tiled(6, 0), {1920, 1080}), "");  // tiling off
    EXPECT_EQ(tiling_warning(tiled(0.3 * 10, 3), {333, 333}), "");
}

TEST(TilingCheck, SpanAcrossAndDown) {
    const TileSpan off = tile_span(tiled(6, 0), {1920, 1080});
    EXPECT_TRUE(off.seamless());
    const TileSpan span = tile_span(tiled(8, 4), {1920, 1080});
    EXPECT_EQ(span.across, 2.0);
    EXPECT_EQ(span.down, 1.125);
    EXPECT_TRUE(span.whole_across);
    EXPECT_FALSE(span.whole_down);
    EXPECT_FALSE(tile_span(tiled(2, 4), {512, 512}).whole_across);  // half a tile is no tile
}

TEST(TilingCheck, SeamsAreNamedWithTheFix) {
    const std::string across = tiling_warning(tiled(6, 4), {1024, 1024});
    EXPECT_NE(across.find("spans 1.5 x 1.5 tiles of 4 cells"), std::string::npos) << across;
    EXPECT_NE(across.find("set frequency to a multiple of 4"), std::string::npos) << across;
    EXPECT_EQ(across.find("square"), std::string::npos) << across;  // it is square already

    const std::string down = tiling_warning(tiled(8, 4), {1920, 1080});
    EXPECT_NE(down.find("spans 2 x 1.125 tiles"), std::string::npos) << down;
    EXPECT_NE(down.find("use a square size"), std::string::npos) << down;
    EXPECT_EQ(down.find("frequency to"), std::string::npos) << down;

    // A 2:1 image spans 8 x 4 cells: tile 8 alone covers half a tile down; tile_y fixes it.
    noise::Params wide     = tiled(8, 8);
    const std::string half = tiling_warning(wide, {1024, 512});
    EXPECT_NE(half.find("spans 1 x 0.5 tiles of 8 cells"), std::string::npos) << half;
    EXPECT_NE(half.find("set tile_y to a divisor of 4"), std::string::npos) << half;
    wide.tile_y = 4;
    EXPECT_EQ(tiling_warning(wide, {1024, 512}), "");
    wide.tile_y = 2;
    EXPECT_EQ(tile_span(wide, {1024, 512}).down, 2.0);
    wide.tile_y = 3;
    EXPECT_NE(tiling_warning(wide, {1024, 512}).find("tiles of 8 x 3 cells"), std::string::npos);

    const std::string part = tiling_warning(tiled(2, 4), {512, 512});  // half a tile
    EXPECT_NE(part.find("0.5 x 0.5"), std::string::npos) << part;
}

}  // namespace
}  // namespace app
