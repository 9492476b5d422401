// gui/editing/curve_editor.hpp: the shaping stage's remap curve (noise/shaping.hpp), drawn and
// edited by hand, as the curves dialog of an image editor.
//
// A square plot of unit height in (x, left to right) against unit height out (y, bottom to top):
// the field's histogram before the stage behind it (so one sees which heights a point moves), the
// diagonal (no change), the curve as the noise library evaluates it, and its control points.
//   - drag a point to move it (between its neighbours; y from 0 to 1): it keeps the offset at
//     which it was grabbed, so a vertical drag moves only y, also for the end points on the edges;
//   - click elsewhere to add a point there (the first click on "no curve" starts from the diagonal);
//     a full curve (noise::curve_max_points) says so under the plot instead;
//   - right-click a point to remove it (a curve keeps at least two).
// Drawn with ImGui 1.86's draw list over one InvisibleButton that reaches a grab's radius past
// the plot, so points on its edges are grabbed at their centre; the points' rectangles go to the
// UI report as "curve_point_0", "curve_point_1", ..., the plot as "curve_editor" and the full
// curve's note as "curve_full", each after `report_prefix` ("mask." for the mask field's curve).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gui/common/ui_report.hpp"
#include "noise/params.hpp"

namespace app::gui {

struct CurveEditorState {
    int dragged    = -1;   // the point being dragged, or -1
    double grab_dx = 0.0;  // the dragged point minus the mouse when it was grabbed, in unit x and y
    double grab_dy = 0.0;
};

// Returns true when the curve changed this frame. `input_histogram` (may be empty) is the
// field's histogram before the stage over unit 0 .. 1.
bool draw_curve_editor(std::vector<noise::CurvePoint>& curve, CurveEditorState& state,
                       std::span<const float> input_histogram, std::string_view report_prefix = "");

}  // namespace app::gui
