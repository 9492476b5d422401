// gui/preview/octave_legend.hpp: the octaves' colours, and the legend that names them.
//
// One owner of the colours, so the curve plot, the octave breakdown and the big 1D curve show
// octave i in the same colour: warm (coarse, octave 0) to cool (fine), so the eye orders the
// layers even before reading the legend. A muted octave is drawn faint and crossed out in the
// legend; with a solo, every other octave is.
#pragma once

#include <imgui.h>

#include "gui/preview/octave_mix.hpp"

namespace app::gui {

ImU32 octave_colour(int octave, int count, float alpha = 0.75f);

// A one-line legend "octave  0 1 2 ..." with a swatch per octave, right-aligned so that it ends
// at `top_right`. Returns its width (0 when it does not fit in `max_width`).
float draw_octave_legend(ImDrawList* draw, ImVec2 top_right, int count, const OctaveChoice& choice, float max_width);

}  // namespace app::gui
