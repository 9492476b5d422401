// app/core/caption.hpp: one short line of text burnt into the bottom-left corner of an image.
//
//     const Caption caption("z = 0.250", width, height);
//     for (int y = 0; y < height; ++y) {
//         ... fill row y (width pixels of bytes_per_pixel bytes) ...
//         caption.paint_row(y, row, bytes_per_pixel);        // rows outside the band: untouched
//     }
//
// What an animation frame shows ("octaves 0-2 of 6", "z = 0.250") on the frame itself, so a slide
// or a video says it without a legend beside it. The text, in our own 5 x 8 font
// (caption_font.hpp), is white on a black box in the bottom-left corner: full white and full
// black in every pixel format, so it reads on any field and any colour ramp. The box is the
// only part of the image that changes: `box()` says where it is.
//
// Size: every font pixel is a square of `scale` image pixels, scale = max(1, min(width, height) /
// 180) (1 below 360 pixels, 2 at 360, 6 at 1080, 10 at 1920), made smaller while the box is
// wider than the image; a text too wide even at scale 1 is cut at the image's right edge. The box
// holds the text with two font pixels of margin on each side: (6 n + 3) x 12 font pixels for n
// characters. At 256 x 256 (scale 1) a character advances 6 pixels and the box is 12 tall ("octaves
// 0-5 of 6": 99 x 12); at 1920 x 1920 (scale 10), 60 and 120.
//
// Pure and deterministic: the pixels depend on the text and the image size only (not on the
// thread count or the order the rows are painted in).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/caption_font.hpp"

namespace app {

// The pixels the caption covers: [x0, x1) x [y0, y1) of the image, inside it.
struct CaptionBox {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    int scale = 1;  // image pixels per font pixel
    bool contains(int x, int y) const { return x >= x0 && x < x1 && y >= y0 && y < y1; }
};

class Caption {
  public:
    Caption(std::string text, int width, int height);

    const std::string& text() const { return text_; }
    const CaptionBox& box() const { return box_; }

    // Whether the text inks image pixel (x, y); false outside the box.
    bool ink(int x, int y) const;

    // Paints the box's part of image row y into `row` (the whole row, `bytes_per_pixel` bytes a
    // pixel: 1 gray8, 2 gray16, 3 rgb8): ink all bytes 0xff (white), the rest of the box 0x00
    // (black). Rows outside the box are left as they are.
    void paint_row(int y, std::span<std::uint8_t> row, int bytes_per_pixel) const;

  private:
    std::string text_;
    std::vector<const CaptionGlyph*> glyphs_;  // one a character; nullptr: not in the font
    CaptionBox box_;
};

}  // namespace app
