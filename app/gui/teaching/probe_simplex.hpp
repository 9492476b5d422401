// gui/teaching/probe_simplex.hpp: the probe's steps for simplex-type noise (noise/simplex.hpp).
//
// Simplex noise has no square cell: the probe's window draws the skewed lattice around the point
// (2D), the triangle that holds it, each of its vertices' radius circle (r^2 = 1/2) and gradient,
// and a table with, per vertex, |d|^2, the falloff (r^2 - |d|^2)^4, g . d and the contribution,
// then the sum times the normalisation, which is the octave's value. Over the picture the same
// triangle, circles and distance lines are drawn at the probe (draw_simplex_marker). Every number
// comes from the probe's trace (noise/trace.hpp) and the library's own constants (simplex_facts).
#pragma once

#include <imgui.h>

#include "gui/preview/view_transform.hpp"
#include "noise/params.hpp"
#include "noise/trace.hpp"

namespace app::gui {

// The steps in the probe's window, under its "1. skewed cell" line.
void draw_simplex_steps(const noise::OctaveTrace& octave, const noise::Params& params);

// Over the 2D picture: the triangle holding the probe at `point` (its first octave's trace), its
// vertices' radius circles and the distance vectors from them; `scale` as LatticeOverlay::draw's.
void draw_simplex_marker(ImDrawList* draw, const ViewTransform& view, NoisePoint point,
                         const noise::OctaveTrace& octave, float scale);

// The noise-space position of 2D simplex vertex (i, j) (the skewed lattice unskewed).
NoisePoint simplex_vertex_at(double i, double j);

}  // namespace app::gui
