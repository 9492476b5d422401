// A caption in an image's corner: see caption.hpp.
#include "core/caption.hpp"

#include <algorithm>
#include <cstring>

namespace app {
namespace {

constexpr int advance      = caption_glyph_columns + 1;  // a blank column between letters
constexpr int margin       = 2;                          // font pixels around the text, inside the box
constexpr int scale_pixels = 180;                        // image pixels of the shorter side per scale step

int box_columns(std::size_t characters) {
    return 2 * margin + static_cast<int>(characters) * advance - (characters > 0 ? 1 : 0);
}
constexpr int box_rows = 2 * margin + caption_glyph_rows;

// A character the font lacks: a hollow box over the letter's height, so it shows as missing.
bool missing_ink(int column, int row) {
    return row < caption_glyph_rows - 1 &&
           (column == 0 || column == caption_glyph_columns - 1 || row == 0 || row == caption_glyph_rows - 2);
}

}  // namespace

Caption::Caption(std::string text, int width, int height) : text_(std::move(text)) {
    for (const char c : text_) glyphs_.push_back(caption_glyph(c));
    const int columns = box_columns(text_.size());
    int scale         = std::max(1, std::min(width, height) / scale_pixels);
    while (scale > 1 && columns * scale > width) --scale;  // narrower before cut
    box_.scale = scale;
    box_.x0    = 0;
    box_.x1    = std::min(width, columns * scale);
    box_.y1    = height;
    box_.y0    = std::max(0, height - box_rows * scale);
}

bool Caption::ink(int x, int y) const {
    if (!box_.contains(x, y)) return false;
    const int s = box_.scale;
    // Font pixel coordinates from the text's top-left corner (the box is anchored at the bottom,
    // so a box taller than the image loses its top).
    const int fx = (x - box_.x0) / s - margin;
    const int fy = (y - (box_.y1 - box_rows * s)) / s - margin;
    if (fx < 0 || fy < 0 || fy >= caption_glyph_rows) return false;
    const std::size_t character = static_cast<std::size_t>(fx / advance);
    const int column            = fx % advance;
    if (character >= glyphs_.size() || column >= caption_glyph_columns) return false;
    const CaptionGlyph* glyph = glyphs_[character];
    return glyph ? caption_ink(*glyph, column, fy) : missing_ink(column, fy);
}

void Caption::paint_row(int y, std::span<std::uint8_t> row, int bytes_per_pixel) const {
    if (y < box_.y0 || y >= box_.y1) return;
    const std::size_t bytes = static_cast<std::size_t>(bytes_per_pixel);
    for (int x = box_.x0; x < box_.x1; ++x) {
        const std::size_t at = static_cast<std::size_t>(x) * bytes;
        if (at + bytes > row.size()) break;
        std::memset(row.data() + at, ink(x, y) ? 0xff : 0x00, bytes);
    }
}

}  // namespace app
