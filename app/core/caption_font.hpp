// app/core/caption_font.hpp: a 5 x 8 bitmap font for the captions burnt into animation frames.
//
//     const CaptionGlyph* g = caption_glyph('z');   // nullptr for a character the font lacks
//     bool ink = g && caption_ink(*g, column, row);  // column 0..4 from the left, row 0..7 from the top
//
// Our own, drawn for this program: the core library links no font package (no FreeType, no
// ImGui), a caption needs only about forty shapes, and a table we own draws the same pixels on
// every machine and with every library version, which a frame compared byte for byte requires.
//
// The cell: 5 columns by 8 rows. Digits and tall letters use rows 0-6 (their baseline is row 6),
// small letters rows 2-6, and g, j, p, q, y hang into row 7. Letters are set 6 columns apart
// (one blank column between them). The font has the lower-case letters, the digits, the space
// and the punctuation a caption says: - . , : = / + ( ) %. No capitals: captions are written in
// lower case (a missing character is drawn as a hollow box by caption.cpp, so it shows).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace app {

inline constexpr int caption_glyph_columns = 5;
inline constexpr int caption_glyph_rows    = 8;

// One character: each row a bit mask, bit 4 the leftmost column.
struct CaptionGlyph {
    char character = 0;
    std::array<std::uint8_t, caption_glyph_rows> rows{};
};

namespace caption_font_detail {

// A glyph drawn as text: '#' ink, '.' paper, five characters a row. A row of another length or
// another character stops the compilation (the throw is not a constant expression).
constexpr CaptionGlyph drawn(char character, std::array<std::string_view, caption_glyph_rows> picture) {
    CaptionGlyph glyph{character, {}};
    for (std::size_t r = 0; r < picture.size(); ++r) {
        if (picture[r].size() != caption_glyph_columns) throw "a glyph row is not five characters";
        for (const char c : picture[r]) {
            if (c != '#' && c != '.') throw "a glyph row holds something other than '#' and '.'";
            glyph.rows[r] = static_cast<std::uint8_t>(glyph.rows[r] << 1 | (c == '#' ? 1 : 0));
        }
    }
    return glyph;
}

// clang-format off
inline constexpr std::array caption_glyphs{
    drawn(' ', {".....", ".....", ".....", ".....", ".....", ".....", ".....", "....."}),
    drawn('-', {".....", ".....", ".....", "#####", ".....", ".....", ".....", "....."}),
    drawn('.', {".....", ".....", ".....", ".....", ".....", ".##..", ".##..", "....."}),
    drawn(',', {".....", ".....", ".....", ".....", ".##..", ".##..", "..#..", ".#..."}),
    drawn(':', {".....", ".##..", ".##..", ".....", ".##..", ".##..", ".....", "....."}),
    drawn('=', {".....", ".....", "#####", ".....", "#####", ".....", ".....", "....."}),
    drawn('/', {".....", "....#", "...#.", "..#..", ".#...", "#....", ".....", "....."}),
    drawn('+', {".....", "..#..", "..#..", "#####", "..#..", "..#..", ".....", "....."}),
    drawn('(', {"...#.", "..#..", ".#...", ".#...", ".#...", "..#..", "...#.", "....."}),
    drawn(')', {".#...", "..#..", "...#.", "...#.", "...#.", "..#..", ".#...", "....."}),
    drawn('%', {"##...", "##..#", "...#.", "..#..", ".#...", "#..##", "...##", "....."}),
    drawn('0', {".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###.", "....."}),
    drawn('1', {"..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###.", "....."}),
    drawn('2', {".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####", "....."}),
    drawn('3', {"#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###.", "....."}),
    drawn('4', {"...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#.", "....."}),
    drawn('5', {"#####", "#....", "####.", "....#", "....#", "#...#", ".###.", "....."}),
    drawn('6', {"..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###.", "....."}),
    drawn('7', {"#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#...", "....."}),
    drawn('8', {".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###.", "....."}),
    drawn('9', {".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##..", "....."}),
    drawn('a', {".....", ".....", ".###.", "....#", ".####", "#...#", ".####", "....."}),
    drawn('b', {"#....", "#....", "#.##.", "##..#", "#...#", "#...#", "####.", "....."}),
    drawn('c', {".....", ".....", ".###.", "#....", "#....", "#...#", ".###.", "....."}),
    drawn('d', {"....#", "....#", ".##.#", "#..##", "#...#", "#...#", ".####", "....."}),
    drawn('e', {".....", ".....", ".###.", "#...#", "#####", "#....", ".###.", "....."}),
    drawn('f', {"..##.", ".#..#", ".#...", "###..", ".#...", ".#...", ".#...", "....."}),
    drawn('g', {".....", ".....", ".####", "#...#", "#...#", ".####", "....#", ".###."}),
    drawn('h', {"#....", "#....", "#.##.", "##..#", "#...#", "#...#", "#...#", "....."}),
    drawn('i', {"..#..", ".....", ".##..", "..#..", "..#..", "..#..", ".###.", "....."}),
    drawn('j', {"...#.", ".....", "..##.", "...#.", "...#.", "...#.", "#..#.", ".##.."}),
    drawn('k', {"#....", "#....", "#..#.", "#.#..", "##...", "#.#..", "#..#.", "....."}),
    drawn('l', {".##..", "..#..", "..#..", "..#..", "..#..", "..#..", ".###.", "....."}),
    drawn('m', {".....", ".....", "##.#.", "#.#.#", "#.#.#", "#...#", "#...#", "....."}),
    drawn('n', {".....", ".....", "#.##.", "##..#", "#...#", "#...#", "#...#", "....."}),
    drawn('o', {".....", ".....", ".###.", "#...#", "#...#", "#...#", ".###.", "....."}),
    drawn('p', {".....", ".....", "####.", "#...#", "#...#", "####.", "#....", "#...."}),
    drawn('q', {".....", ".....", ".####", "#...#", "#...#", ".####", "....#", "....#"}),
    drawn('r', {".....", ".....", "#.##.", "##..#", "#....", "#....", "#....", "....."}),
    drawn('s', {".....", ".....", ".####", "#....", ".###.", "....#", "####.", "....."}),
    drawn('t', {".#...", ".#...", "###..", ".#...", ".#...", ".#..#", "..##.", "....."}),
    drawn('u', {".....", ".....", "#...#", "#...#", "#...#", "#..##", ".##.#", "....."}),
    drawn('v', {".....", ".....", "#...#", "#...#", "#...#", ".#.#.", "..#..", "....."}),
    drawn('w', {".....", ".....", "#...#", "#...#", "#.#.#", "#.#.#", ".#.#.", "....."}),
    drawn('x', {".....", ".....", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", "....."}),
    drawn('y', {".....", ".....", "#...#", "#...#", "#...#", ".####", "....#", ".###."}),
    drawn('z', {".....", ".....", "#####", "...#.", "..#..", ".#...", "#####", "....."}),
};
// clang-format on

}  // namespace caption_font_detail

// The glyph of `c`, or nullptr when the font has none.
constexpr const CaptionGlyph* caption_glyph(char c) {
    for (const CaptionGlyph& glyph : caption_font_detail::caption_glyphs)
        if (glyph.character == c) return &glyph;
    return nullptr;
}

// Whether the glyph inks (column, row), both inside the 5 x 8 cell.
constexpr bool caption_ink(const CaptionGlyph& glyph, int column, int row) {
    return (glyph.rows[static_cast<std::size_t>(row)] >> (caption_glyph_columns - 1 - column) & 1) != 0;
}

}  // namespace app
