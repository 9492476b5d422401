// gui/figures/lattice_figure.hpp: "Preview with overlays" as SVG: the picture with the lattice as lines.
//
// The noise picture, rendered at the figure's size, is embedded as a PNG (a data: URI); the
// lattice of the first octave is drawn over it as the window draws it (lattice_overlay.hpp):
// grid lines (thinned where cells are small), each lattice point's gradient as an arrow or its
// value as a dot, cellular noise's feature points; and the pinned probe's ring with its distance
// lines. Those stay sharp at any zoom on a slide; the picture is pixels either way.
// Possible for the square lattices of gradient, value and cellular noise in 2D and up, shown
// once (not 3 x 3), with the lattice overlay on: lattice_svg_problem says why not otherwise, and
// the dialog then offers PNG only.
#pragma once

#include <string>

#include "gui/figures/figure_export.hpp"
#include "gui/figures/vector_figure.hpp"

namespace app::gui {

// "" or why the scene's preview figure cannot be written as SVG.
std::string lattice_svg_problem(const FigureScene& scene);

// The figure, `picture` being render_figure_field's pixels at the request's size.
VectorFigure lattice_figure(const FigureRequest& request, const FigurePixels& picture);

}  // namespace app::gui
