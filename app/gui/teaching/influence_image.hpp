// gui/teaching/influence_image.hpp: the preview modes that show the corner contributions before blending.
//
// Gradient noise adds up, in every cell, the "influence" of each corner: its gradient dotted with
// the distance from it, g . (f - corner), a tilted plane through 0 at the corner. Blending those
// planes with the fade curve gives the noise. These images show the first octave's planes:
//   corner_influence      one corner's plane (the lower-left, lower-right, ... corner of each
//                         cell), so the ramps can be seen before they are weighted;
//   before_interpolation  each pixel takes its nearest corner's contribution: the field as it
//                         is before interpolation (for value noise: the lattice values as blocks).
// Every pixel is a trace of the real evaluation (noise/trace.hpp): the numbers are those the
// noise is made of. A trace costs about 0.4 us, so a preview takes a few hundred milliseconds:
// it runs as a background task, row by row, and can be cancelled.
#pragma once

#include "gui/common/background_task.hpp"
#include "gui/common/lattice_view_settings.hpp"
#include "gui/preview/render_worker.hpp"
#include "noise/fractal.hpp"

namespace app::gui {

// The contribution the layer shows at one noise-space point (octave 0 of params).
double corner_contribution(const noise::FractalNoise& first_octave, const noise::Point& p, FieldLayer layer,
                           int corner);

// A width x height image of the layer over the preview's region (noise/render.hpp's pixel
// model). Returns the result with `params` set to what it shows: one octave, summed as fbm, so
// the colours map it over the base noise's range.
ImageResult render_influence(const noise::Params& params, int width, int height, FieldLayer layer, int corner,
                             const TaskControl& control);

}  // namespace app::gui
