// --size and --region parsing.
#include "core/image_size.hpp"

#include <gtest/gtest.h>

#include <string>

namespace app {
namespace {

TEST(ImageSize, NamesAndWxH) {
    EXPECT_EQ(*parse_image_size("unreal-8129").size, (ImageSize{8129, 8129}));
    EXPECT_EQ(*parse_image_size("unity-33").size, (ImageSize{33, 33}));
    EXPECT_EQ(*parse_image_size("1x1").size, (ImageSize{1, 1}));
    EXPECT_EQ(*parse_image_size("16384x16384").size, (ImageSize{16384, 16384}));
    EXPECT_EQ(*parse_image_size("1920x1080").size, (ImageSize{1920, 1080}));
    for (const auto& named : named_sizes) {
        EXPECT_EQ(named.size.width, named.size.height);
        if (named.name.starts_with("unity-")) {
            const int n = named.size.width - 1;  // 2^k + 1
            EXPECT_EQ(n & (n - 1), 0) << named.name;
        }
    }
}

TEST(ImageSize, BadSizesNameValueAndWhatIsAllowed) {
    for (auto bad :
         {"0x5", "16385x1", "-4x4", "4x", "x4", "4*4", "big", "4x4x4", "+4x4", "unreal-1000", ""}) {
        const auto parsed = parse_image_size(bad);
        EXPECT_FALSE(parsed.size) << bad;
        EXPECT_EQ(parsed.error.rfind("--size: '" + std::string(bad) + "'", 0), 0u) << parsed.error;
        EXPECT_NE(parsed.error.find("1x1 to 16384x16384"), std::string::npos);
        EXPECT_NE(parsed.error.find("unreal-1009"), std::string::npos);
    }
}

// An image cut into windows may be larger than one file, up to the largest int on a side.
TEST(ImageSize, AWorldCutIntoWindowsMayBeLargerThanOneFile) {
    EXPECT_FALSE(parse_image_size("65536x65536").size);
    EXPECT_EQ(*parse_image_size("65536x65536", max_world_side).size, (ImageSize{65536, 65536}));
    EXPECT_EQ(*parse_image_size("2147483647x1", max_world_side).size, (ImageSize{2147483647, 1}));
    const auto past = parse_image_size("2147483648x1", max_world_side);
    EXPECT_FALSE(past.size);
    EXPECT_NE(past.error.find("expected WxH from 1x1 to 2147483647x2147483647"), std::string::npos)
        << past.error;
}

// The integers of --size and --region are plain decimal digits with an optional '-': no '+',
// no spaces, no hexadecimal or exponent, nothing after them. Each such value is refused with
// the value shown escaped, never read as something near it.
TEST(ImageSize, NumbersAreReadStrictly) {
    for (auto bad : {"+-4x4", "4x+4", "4x-+4", " 4x4", "4x4 ", "4\tx4", "4x 4", "0x10x4", "1e3x4", "4x4.0",
                     "99999999999999999999x4", "4x99999999999999999999", "4X4", "4x0x4"}) {
        const auto parsed = parse_image_size(bad);
        EXPECT_FALSE(parsed.size) << bad;
        EXPECT_EQ(parsed.error.rfind("--size: '", 0), 0u) << parsed.error;
        EXPECT_NE(parsed.error.find("expected WxH from 1x1 to 16384x16384"), std::string::npos)
            << parsed.error;
    }
    // Control bytes and huge values are escaped and shortened in the one-line message.
    const auto escape = parse_image_size("\x1b[2J4x4");
    EXPECT_EQ(escape.error.rfind("--size: '\\x1b[2J4x4' is not a size", 0), 0u) << escape.error;
    const auto huge = parse_image_size(std::string(100000, '4') + "x4");
    EXPECT_LT(huge.error.size(), 600u);
    EXPECT_NE(huge.error.find("(100002 bytes)"), std::string::npos) << huge.error;
}

TEST(Region, NumbersAreReadStrictly) {
    for (auto bad : {"+0,0,4,4", "0,0,+4,4", " 0,0,4,4", "0,0,4,4 ", "0x0,0,4,4", "0,0,4e0,4", "0,0,4.0,4",
                     "0,0,99999999999999999999,4", "0;0;4;4"}) {
        const auto parsed = parse_region(bad, {64, 32});
        EXPECT_FALSE(parsed.region) << bad;
        EXPECT_EQ(parsed.error.rfind("--region: '", 0), 0u) << parsed.error;
        EXPECT_NE(parsed.error.find("is not a window: expected X0,Y0,X1,Y1"), std::string::npos)
            << parsed.error;
    }
    EXPECT_EQ(parse_region("\x07,0,4,4", {64, 32}).error.rfind("--region: '\\x07,0,4,4' is not a window", 0),
              0u);
}

TEST(Region, ParsesAndChecks) {
    const auto ok = parse_region("0,10,64,20", {64, 32});
    ASSERT_TRUE(ok.region);
    EXPECT_EQ(ok.region->x0, 0);
    EXPECT_EQ(ok.region->y0, 10);
    EXPECT_EQ(ok.region->x1, 64);
    EXPECT_EQ(ok.region->y1, 20);
    EXPECT_EQ(ok.region->width, 64);

    EXPECT_NE(parse_region("0,0,65,32", {64, 32}).error.find("is outside the 64x32 image"),
              std::string::npos);
    EXPECT_NE(parse_region("-1,0,5,5", {64, 32}).error.find("is outside"), std::string::npos);
    EXPECT_NE(parse_region("5,0,5,5", {64, 32}).error.find("is empty"), std::string::npos);
    EXPECT_NE(parse_region("6,0,5,5", {64, 32}).error.find("is empty"), std::string::npos);
    for (auto bad : {"1,2,3", "1,2,3,4,5", "a,b,c,d", "1,,3,4", "1 ,2,3,4", "", "1,2,3,4,"})
        EXPECT_NE(parse_region(bad, {64, 32}).error.find("is not a window: expected X0,Y0,X1,Y1"),
                  std::string::npos)
            << bad;
}

}  // namespace
}  // namespace app
