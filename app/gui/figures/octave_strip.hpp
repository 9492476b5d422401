// gui/figures/octave_strip.hpp: the "Octaves strip" figure: each octave alone, "+", ... "=", the sum.
//
// Octaves + 1 square images in a row: each octave's share of the sum (compute_octave_layers,
// the Octaves tab's own layers), gray on its own scale (its weight times one octave's reach, as
// the tab shows it) or, with `shared_scale`, all on the first octave's (so a later octave is as
// faint as its share of the sum), labelled with its frequency and amplitude; then the sum coloured as the
// preview colours it (render_figure_field). Gaps of 0.2 of an image hold the "+" and "=", two
// lines of labels go under the images; the row is centred in the figure, on the request's theme
// (dark or light: vector_figure.hpp's palettes).
#pragma once

#include <imgui.h>

#include <vector>

#include "gui/figures/figure_export.hpp"

namespace app::gui {

struct StripLayout {
    int side  = 0;  // each image, pixels
    float gap = 0.0f, font = 0.0f, left = 0.0f, top = 0.0f;
};

StripLayout strip_layout(const FigureRequest& request);

// The height that fits a strip of `octaves` (and the sum) across `width`: no empty band above
// and below (the dialog's default for this kind).
int strip_height(int width, int octaves);

// The strip's images (the figure task's work): each octave's share (side x side), then the sum.
std::vector<FigurePixels> render_octave_strip(const FigureRequest& request, int side,
                                              const TaskControl& control);

// The images with "+" between the octaves, "=" before the sum, and their labels.
void paint_octave_strip(const FigureRequest& request, ImDrawList* draw, const std::vector<GpuImage>& images);

}  // namespace app::gui
