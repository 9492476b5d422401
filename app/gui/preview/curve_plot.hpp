// gui/preview/curve_plot.hpp: the 1D curve, drawn with ImDrawList.
//
// For dimension 1 it is the noise itself; otherwise the preview's row under the scanline. The
// x axis is noise space (offset_x .. offset_x + frequency, the preview's width) with the lattice
// positions marked: gradient noise passes through zero there at one octave, value noise takes
// its lattice values there, and with tiling the period's boundaries are drawn brighter. The y
// axis spans the algorithm's nominal range (widened if the curve leaves it), or with `fit_y` the
// curve's own range, labelled. With
// "show octaves" each octave's weighted contribution is drawn thin under the sum, so one sees
// which layer makes which bump. With a shaping stage (noise/shaping.hpp) the row before it is drawn
// thin and amber under the shaped row. Hovering shows the value under the cursor.
#pragma once

#include <optional>

#include "gui/common/ui_report.hpp"
#include "gui/preview/octave_mix.hpp"
#include "gui/preview/render_worker.hpp"

namespace app::gui {

// Fills the current window's remaining content region. `curve` is the newest sampled curve.
// `report_key` names the plot's rectangle in the UI report (and its ImGui id): the 1D view draws
// a second, large plot. Octaves that `chosen` leaves out are drawn faint (the sum is without them).
// With octaves shown, a legend names their colours (octave_legend.hpp).
// Returns where the plot's axes are (x: the preview's width in noise space) and the mouse's
// state over it, for a caller that pans and zooms it (the big 1D curve).
struct CurvePlotArea {
    ImVec2 min, max;  // the plotting area inside the axes' labels
    bool hovered   = false;
    bool activated = false;  // the left button went down on it this frame
    bool active    = false;  // ... and is held
};
CurvePlotArea draw_curve_plot(const std::optional<CurveResult>& curve, bool show_octaves, bool fit_y,
                              const char* report_key = "curve", const OctaveChoice& chosen = {});

// How many samples to ask for: one per horizontal pixel of the plot, within sensible limits.
int curve_samples_for_width(float plot_width);

}  // namespace app::gui
