// The field the octave views' unit tests share (preview's octave mix, teaching's octave
// breakdown): five octaves at a frequency and offset where every octave shows, so a view that
// drops, repeats or misweights one is caught.
#pragma once

#include "noise/params.hpp"

namespace app::gui::test_fields {

inline noise::Params five_octaves(noise::Fractal fractal) {
    noise::Params p;
    p.fractal   = fractal;
    p.octaves   = 5;
    p.frequency = 3.0;
    p.offset_x  = -1.25;
    p.offset_y  = 0.75;
    return p;
}

}  // namespace app::gui::test_fields
