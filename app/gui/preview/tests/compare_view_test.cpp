// The compare view's arithmetic without a window: the signed difference and its ramp.
#include <array>
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "gui/preview/compare_view.hpp"

namespace app::gui {
namespace {

TEST(CompareView, DifferenceIsSignedWithItsLargestMagnitude) {
    const std::vector<float> a{0.5f, -0.25f, 0.0f}, b{0.25f, 0.5f, 0.0f};
    const FieldDifference d = difference_of(a, b);
    ASSERT_EQ(d.values.size(), 3u);
    EXPECT_EQ(d.values[0], 0.25f);
    EXPECT_EQ(d.values[1], -0.75f);
    EXPECT_EQ(d.max_abs, 0.75);
    EXPECT_EQ(difference_of(a, a).max_abs, 0.0);
}

TEST(CompareView, DivergingRampIsWhiteAtZeroRedForAAndBlueForB) {
    EXPECT_EQ(diverging_colour(0.0), (std::array<std::uint8_t, 3>{255, 255, 255}));
    const auto red = diverging_colour(1.0), blue = diverging_colour(-1.0);
    EXPECT_GT(red[0], red[2]);
    EXPECT_GT(blue[2], blue[0]);
    EXPECT_EQ(diverging_colour(5.0), red);  // clamped
}

}  // namespace
}  // namespace app::gui
