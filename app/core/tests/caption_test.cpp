// The caption of animation frames: its font, where its box goes and how big, that painting
// touches the box only, and the texts an animation's frames say.
#include "core/caption.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "core/animation_export.hpp"
#include "core/caption_font.hpp"

namespace app {
namespace {

// An image of `width` x `height` pixels of `bpp` bytes, every byte `fill`, captioned row by row.
std::vector<std::uint8_t> painted(const Caption& caption, int width, int height, int bpp,
                                  std::uint8_t fill = 0x5a) {
    const std::size_t row_bytes = static_cast<std::size_t>(width * bpp);
    std::vector<std::uint8_t> image(row_bytes * static_cast<std::size_t>(height), fill);
    for (int y = 0; y < height; ++y)
        caption.paint_row(y, std::span(image).subspan(static_cast<std::size_t>(y) * row_bytes, row_bytes),
                          bpp);
    return image;
}

// Every caption an animation of these parameters makes.
std::vector<std::string> captions_of(const noise::Params& params, const AnimationRequest& animation) {
    std::vector<std::string> texts;
    for (int i = 0; i < animation_frame_count(params, animation); ++i)
        texts.push_back(animation_caption(params, animation, i));
    return texts;
}

TEST(CaptionFont, EveryGlyphIsDistinctAndInked) {
    std::set<std::array<std::uint8_t, caption_glyph_rows>> shapes;
    std::set<char> characters;
    int count = 0;
    for (char c = 32; c < 127; ++c) {
        const CaptionGlyph* glyph = caption_glyph(c);
        if (!glyph) continue;
        ++count;
        EXPECT_EQ(glyph->character, c);
        EXPECT_TRUE(shapes.insert(glyph->rows).second) << "'" << c << "' looks like another glyph";
        bool inked = false;
        for (const std::uint8_t row : glyph->rows) {
            EXPECT_LT(row, 1 << caption_glyph_columns) << "'" << c << "' is wider than five columns";
            inked |= row != 0;
        }
        EXPECT_EQ(inked, c != ' ') << "'" << c << "'";
    }
    EXPECT_GE(count, 26 + 10 + 1);
    for (const char c : std::string("abcdefghijklmnopqrstuvwxyz0123456789 -.=,:/"))
        EXPECT_NE(caption_glyph(c), nullptr) << "'" << c << "' is missing";
}

TEST(CaptionFont, HasEveryCharacterAnAnimationSays) {
    noise::Params params;
    params.octaves                 = 12;
    params.z                       = -3.25;
    params.w                       = 1234.5;
    std::vector<std::string> texts = captions_of(params, {.path = AnimationPath::octaves});
    params.dimension               = 3;
    for (const auto& t : captions_of(params, {.frames = 50, .step = -0.137})) texts.push_back(t);
    params.dimension = 4;
    for (const auto& t : captions_of(params, {.frames = 50, .step = 0.3})) texts.push_back(t);
    for (const auto& t : captions_of(params, {.frames = 50, .step = 0.3, .loop = true})) texts.push_back(t);
    for (const std::string& text : texts)
        for (const char c : text) EXPECT_NE(caption_glyph(c), nullptr) << "'" << c << "' of " << text;
}

TEST(AnimationCaption, SaysWhatEachFrameShows) {
    noise::Params params;
    params.octaves = 6;
    EXPECT_EQ(captions_of(params, {.path = AnimationPath::octaves}),
              (std::vector<std::string>{"octave 0 of 6", "octaves 0-1 of 6", "octaves 0-2 of 6",
                                        "octaves 0-3 of 6", "octaves 0-4 of 6", "octaves 0-5 of 6"}));
    params.dimension = 3;
    params.z         = 0.25;
    EXPECT_EQ(captions_of(params, {.frames = 3, .step = 0.125}),
              (std::vector<std::string>{"z = 0.250", "z = 0.375", "z = 0.500"}));
    params.dimension = 4;
    params.w         = -0.1;
    EXPECT_EQ(animation_caption(params, {.frames = 3, .step = -0.05}, 2), "w = -0.200");
    params.z = 0.5;
    params.w = 0.0;
    // A loop's frame 0 is the preset's own slice; both coordinates move, so both are said.
    EXPECT_EQ(animation_caption(params, {.frames = 4, .step = 0.1, .loop = true}, 0), "z = 0.500 w = 0.000");
    // No "-0.000" for a value that rounds to zero from below.
    params.dimension = 3;
    params.z         = -0.0004;
    EXPECT_EQ(animation_caption(params, {.frames = 2, .step = 1.0}, 0), "z = 0.000");
}

TEST(Caption, ScalesWithTheFrameAndSitsInTheBottomLeftCorner) {
    const std::string text = "octaves 0-5 of 6";  // 16 characters: (6 * 16 + 3) x 12 font pixels
    struct Case {
        int width, height, scale;
    };
    for (const Case c : {Case{256, 256, 1}, Case{128, 64, 1}, Case{360, 360, 2}, Case{1920, 1080, 6},
                         Case{1920, 1920, 10}, Case{1080, 1920, 6}}) {
        const CaptionBox box = Caption(text, c.width, c.height).box();
        EXPECT_EQ(box.scale, c.scale) << c.width << "x" << c.height;
        EXPECT_EQ(box.x0, 0);
        EXPECT_EQ(box.x1, 99 * c.scale);
        EXPECT_EQ(box.y1, c.height);
        EXPECT_EQ(box.y0, c.height - 12 * c.scale);
    }
    // A text too long for the width at the frame's scale: a smaller scale that fits
    // (40 characters: 243 font pixels, 1458 image pixels at scale 6, 972 at 4).
    const Caption long_text(std::string(40, 'o'), 1080, 1920);
    EXPECT_EQ(long_text.box().scale, 4);
    EXPECT_EQ(long_text.box().x1, 972);
    // Narrower than the box even at scale 1: cut at the right edge, never past it.
    const Caption cut(text, 40, 30);
    EXPECT_EQ(cut.box().scale, 1);
    EXPECT_EQ(cut.box().x1, 40);
    EXPECT_EQ(cut.box().y0, 18);
    const Caption squat(text, 200, 5);  // shorter than the box: its top is lost, the text's bottom shows
    EXPECT_EQ(squat.box().y0, 0);
    EXPECT_EQ(squat.box().y1, 5);
}

TEST(Caption, PaintsOnlyItsBoxInBlackAndWhite) {
    for (const int bpp : {1, 2, 3}) {
        const int width = 400, height = 360;
        const Caption caption("z = -0.125", width, height);
        const CaptionBox box                  = caption.box();
        const std::vector<std::uint8_t> image = painted(caption, width, height, bpp);
        std::size_t ink = 0, paper = 0;
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x)
                for (int b = 0; b < bpp; ++b) {
                    const std::uint8_t v = image[(static_cast<std::size_t>(y) * width + x) * bpp + b];
                    if (!box.contains(x, y)) {
                        ASSERT_EQ(v, 0x5a) << "outside the box at " << x << "," << y;
                        continue;
                    }
                    ASSERT_TRUE(v == 0x00 || v == 0xff) << x << "," << y;
                    ASSERT_EQ(v == 0xff, caption.ink(x, y)) << x << "," << y;
                    (v == 0xff ? ink : paper) += 1;
                }
        // Ten characters of 2 x 2 font pixels: some hundreds of inked bytes, and more backing.
        EXPECT_GT(ink, 100u * static_cast<unsigned>(bpp)) << bpp;
        EXPECT_GT(paper, ink) << bpp;
    }
}

TEST(Caption, TheTextIsSetCharacterByCharacter) {
    // Two texts that differ in one character differ only in that character's cell.
    const int width = 400, height = 360;  // scale 2: a character every 12 pixels, after a 4-pixel margin
    const Caption one("octaves 0-1 of 6", width, height), two("octaves 0-2 of 6", width, height);
    ASSERT_EQ(one.box().x1, two.box().x1);
    int differing = 0;
    for (int y = one.box().y0; y < height; ++y)
        for (int x = 0; x < one.box().x1; ++x) {
            if (one.ink(x, y) == two.ink(x, y)) continue;
            ++differing;
            EXPECT_GE(x, 4 + 10 * 12) << y;
            EXPECT_LT(x, 4 + 10 * 12 + 10) << y;
        }
    EXPECT_GT(differing, 8);
    // The same text paints the same bytes, whatever else happened before.
    EXPECT_EQ(painted(one, width, height, 3),
              painted(Caption("octaves 0-1 of 6", width, height), width, height, 3));
    // A character the font lacks still shows (as a hollow box), rather than vanishing.
    const Caption capital("Z", 100, 100), space(" ", 100, 100);
    EXPECT_NE(painted(capital, 100, 100, 1), painted(space, 100, 100, 1));
}

}  // namespace
}  // namespace app
