// gui/common/theme.hpp: the window's look: a calm dark theme and a readable font.
//
// The preview's colours are the point of the window, so the chrome around them is a quiet,
// slightly blue-gray dark theme with one accent colour. The font is DejaVu Sans when the system
// has it (Debian's fonts-dejavu-core), else ImGui's built-in one: the window works either way.
#pragma once

#include <imgui.h>

#include <string>

namespace app::gui {

void apply_theme();

// The same font at 24 px for presenter mode (lessons/presenter_mode.hpp), read from the back of a
// room; null without DejaVu Sans (ImGui's built-in font has one size: the caller scales it).
ImFont* large_font();

// The colours the parts draw with themselves (text colours, draw lists), beside ImGui's own.
// Draw code names a colour from here instead of writing its numbers, so one look stays one look.
namespace colours {

// The same colour at another opacity (0 .. 255): a shadow's strength, a faint line.
constexpr ImU32 with_alpha(ImU32 colour, unsigned alpha) {
    return (colour & ~IM_COL32_A_MASK) | (static_cast<ImU32>(alpha) << IM_COL32_A_SHIFT);
}

// Errors and warnings: messages, a render that failed, "stale" over what the settings no longer
// make. One red for all of them, the error_text colour.
inline constexpr ImU32 error = IM_COL32(255, 115, 102, 255);
// Notes before something is done: a tiling export that would show a seam, a file to replace.
inline constexpr ImU32 warning = IM_COL32(255, 204, 89, 255);
// Why the picture will not tile, written over it (a shade warmer than `warning`).
inline constexpr ImU32 tiling_hint = IM_COL32(255, 199, 89, 255);
// Behind a render that failed, under its message.
inline constexpr ImU32 error_backdrop = IM_COL32(25, 10, 12, 200);

// [Over the picture] Marks that must read on any field: light marks over a dark shadow, at the
// opacity each mark needs (with_alpha).
inline constexpr ImU32 shadow = IM_COL32(0, 0, 0, 255);
inline constexpr ImU32 light  = IM_COL32(255, 255, 255, 255);
// The accent: the scanline, the compare view's divider, a point being dragged or read.
inline constexpr ImU32 accent = IM_COL32(255, 210, 80, 255);
// Captions in the accent's hue: the compare view waiting for an image.
inline constexpr ImU32 accent_caption = IM_COL32(255, 210, 110, 255);
// The curve plot's reading of the value under the cursor.
inline constexpr ImU32 accent_label = IM_COL32(255, 225, 140, 255);
// The panel behind the picture (letterboxing around it).
inline constexpr ImU32 picture_backdrop = IM_COL32(18, 19, 23, 255);
// Small boxes over the picture (progress, the difference's caption) and their text.
inline constexpr ImU32 badge         = IM_COL32(20, 22, 28, 210);
inline constexpr ImU32 badge_text    = IM_COL32(230, 230, 235, 255);
inline constexpr ImU32 caption_text  = IM_COL32(235, 235, 240, 255);
inline constexpr ImU32 progress_fill = IM_COL32(110, 180, 255, 255);

// [Plots] The curve plot, the curve editor, the histogram and the octave legend.
inline constexpr ImU32 plot_background = IM_COL32(22, 24, 30, 255);
inline constexpr ImU32 plot_curve      = IM_COL32(240, 240, 245, 255);
inline constexpr ImU32 plot_text       = IM_COL32(170, 172, 182, 255);
inline constexpr ImU32 plot_waiting    = IM_COL32(160, 160, 170, 255);  // "sampling ..."
// A tiling period's boundary, brighter than the lattice lines.
inline constexpr ImU32 period_line = IM_COL32(120, 200, 255, 90);
// The field before the shaping stage, drawn thin and amber under the shaped one.
inline constexpr ImU32 before_shaping = IM_COL32(230, 160, 60, 255);
// The curve editor's own box: the input histogram's bars, the quarter grid, the frame.
inline constexpr ImU32 editor_histogram = IM_COL32(70, 80, 100, 255);
inline constexpr ImU32 editor_grid      = IM_COL32(50, 54, 64, 255);
inline constexpr ImU32 editor_frame     = IM_COL32(90, 90, 100, 255);
// The octave legend: an octave shown, one muted, and the stroke through a muted one.
inline constexpr ImU32 legend_shown  = IM_COL32(220, 222, 230, 255);
inline constexpr ImU32 legend_muted  = IM_COL32(120, 120, 130, 255);
inline constexpr ImU32 legend_strike = IM_COL32(255, 130, 110, 220);
// A plot's frame, its axes and its zero line; the row of the value in use (the Interpolation
// tab's rows).
inline constexpr ImU32 plot_frame        = with_alpha(light, 40);
inline constexpr ImU32 plot_row_selected = IM_COL32(34, 38, 50, 255);

// [Teaching] The teaching views (teaching/), and the figures drawn from them (figures/). A
// figure's colours are part of the file it exports: changing one here changes those bytes.
// The probe's marks: a gradient (and Worley's nearest feature point), a distance vector (and the
// second nearest), the point probed.
inline constexpr ImU32 gradient_mark = IM_COL32(255, 240, 120, 255);
inline constexpr ImU32 distance_mark = IM_COL32(120, 200, 255, 255);
inline constexpr ImU32 probe_point   = IM_COL32(255, 90, 90, 255);
// The probe window's cell: its grid, the point's cell, a feature point that is neither of the two
// nearest.
inline constexpr ImU32 probe_grid        = with_alpha(light, 50);
inline constexpr ImU32 probe_cell_frame  = with_alpha(light, 170);
inline constexpr ImU32 probe_feature_far = IM_COL32(150, 150, 160, 255);
// The lattice overlay's lines over the picture, each over a shadow one pixel off.
inline constexpr ImU32 lattice_line        = with_alpha(light, 110);
inline constexpr ImU32 lattice_line_shadow = with_alpha(shadow, 70);
// A lattice value's dot, on a diverging scale: grey at 0, towards blue at -1 and orange at +1
// (each channel mixed on its own, lattice_overlay.cpp).
inline constexpr ImU32 value_zero     = IM_COL32(200, 200, 200, 255);
inline constexpr ImU32 value_negative = IM_COL32(60, 120, 255, 255);
inline constexpr ImU32 value_positive = IM_COL32(255, 150, 40, 255);
// Water on the field (flow_overlay.hpp): the downhill arrows, the flow paths, a path's end in a
// pit (where water is trapped), each drawn over a shadow.
inline constexpr ImU32 downhill_arrow = IM_COL32(235, 245, 255, 230);
inline constexpr ImU32 flow_path      = IM_COL32(90, 190, 255, 235);
inline constexpr ImU32 flow_pit       = IM_COL32(255, 80, 70, 255);
// The interpolation curves, in noise::Interpolation's order (linear, cosine, cubic, quintic,
// smoothstep): the Interpolation tab's curves and rows, and the curves figure.
inline constexpr ImU32 interpolation_curves[] = {IM_COL32(240, 110, 100, 255), IM_COL32(250, 190, 80, 255),
                                                 IM_COL32(120, 210, 120, 255), IM_COL32(110, 180, 255, 255),
                                                 IM_COL32(200, 140, 250, 255)};
// The Octaves tab: the solo and mute buttons when on, the veil over a muted octave's image,
// octave 0's lattice lines (amber when every octave's lattice has a line on each of them), the
// running sum.
inline constexpr ImU32 solo_on            = IM_COL32(217, 166, 38, 255);
inline constexpr ImU32 mute_on            = IM_COL32(191, 64, 51, 255);
inline constexpr ImU32 muted_veil         = IM_COL32(20, 20, 24, 170);
inline constexpr ImU32 octave_lines_stack = IM_COL32(255, 190, 70, 90);
inline constexpr ImU32 octave_lines       = with_alpha(light, 28);
inline constexpr ImU32 running_sum        = with_alpha(caption_text, 150);
// The Layers panel's thumbnail of a layer not drawn yet (its Solo and Mute are solo_on, mute_on).
inline constexpr ImU32 layer_thumb_wait = IM_COL32(60, 62, 72, 255);
// A lesson's panel: its background, and the button of the step the student is on (the step's
// title is in accent_caption).
inline constexpr ImU32 lesson_backdrop = IM_COL32(30, 38, 52, 255);
inline constexpr ImU32 lesson_step_now = IM_COL32(200, 150, 60, 255);
// An exported figure's text (the octaves strip's and the vector figures' labels), and the strip's
// sum with its + and = signs.
inline constexpr ImU32 figure_text  = IM_COL32(190, 192, 200, 255);
inline constexpr ImU32 figure_label = IM_COL32(240, 240, 245, 255);

}  // namespace colours

// A wrapped line in the theme's error colour; nothing when `text` is empty.
void error_text(const std::string& text);

}  // namespace app::gui
