// gui/teaching/teach_views.hpp: the teaching views' state, and the hooks the explorer window calls.
//
// The views (issue 8, items 4-7) show how the algorithm works on the live field:
//   - the bottom panel's tabs: "Curve" (the scanline's curve and the field's statistics, as
//     before), "Octaves" (octave_breakdown.hpp) and "Interpolation" (interpolation_view.hpp);
//   - in dimension 1 the large area shows the curve with its octaves instead of stripes;
//   - the Teach menu: animate z (3D) or w (4D) through time (animation.hpp);
//   - solo and mute of octaves (preview/octave_mix.hpp), shown in the preview and the curves.
// (The Compare menu's split and difference of A and the kept B are the preview's:
// preview/compare_view.hpp; B is rendered through shown_params too.)
// All of it is a way of looking, not a setting of the picture: none of it goes into presets,
// exports or the undo history, and the preview says so while it differs from the settings. The
// edits the views offer (a persistence from Hugo Elias' table, a curve chosen by clicking its
// row, "Keep this slice") are ordinary changes of the settings, undoable like any other.
#pragma once

#include <nlohmann/json_fwd.hpp>

#include "gui/common/panel.hpp"
#include "gui/common/settings.hpp"
#include "gui/common/ui_report.hpp"
#include "gui/preview/octave_mix.hpp"
#include "gui/preview/render_worker.hpp"
#include "gui/teaching/animation.hpp"
#include "gui/teaching/interpolation_view.hpp"
#include "gui/teaching/octave_breakdown.hpp"

namespace app::gui {

enum class BottomTab { curve, octaves, interpolation };

// The big 1D curve's pan (left drag) and zoom (wheel), as the 2D preview's, on x only.
struct BigCurveState {
    bool panning           = false;
    double pan_start_x     = 0.0;  // offset_x when the drag began
    double last_wheel_time = -1.0;
};

struct TeachViews : Panel {
    Animation animation;
    OctaveChoice chosen;
    BottomTab tab   = BottomTab::curve;
    bool select_tab = false;  // `tab` was set from outside (a lesson): the tab bar follows
    BigCurveState big_curve;
    OctaveBreakdown octaves;
    InterpolationView interpolation;

    // The animation runs, or the bottom tab follows a lesson's step (a frame later).
    bool busy() const override { return animation.on || select_tab; }
};

// What the workers render for `params` (A's or B's): the animation's slice; and a ridged field
// with octaves soloed or muted is shown as the fbm of the chosen octaves, which is what their
// mix is (octave_mix.hpp), so it maps through fbm's range [-1, 1], not ridged's [0, 1].
noise::Params shown_params(const TeachViews& teach, const noise::Params& params);

// Once a frame, before anything is drawn: forgets a solo or mutes of octaves that no longer
// exist, stops the animation where there is no slice to move, and steps it (`shown`: the last
// requested image is on screen).
void update_teach_views(TeachViews& teach, const Settings& settings, double now, bool shown);

// The Teach menu's animation items (inside the open menu).
void draw_animation_menu_items(TeachViews& teach, Settings& settings);

// The bottom panel's tab bar, at the top of the current window; returns the tab to draw.
BottomTab draw_bottom_tabs(TeachViews& teach);

// Dimension 1: the large area shows the curve (with its octaves, in the legend's colours); wheel
// zooms around the cursor and left drag pans, changing frequency and offset_x as in 2D. Fills
// the current window.
struct BigCurveLayout {
    int image_width = 0, image_height = 0;  // what the stats panel's render should have
    bool gesture = false;                   // a pan or a wheel burst is in progress (for undo)
};
BigCurveLayout draw_big_curve(TeachViews& teach, Settings& settings, const std::optional<CurveResult>& curve,
                              bool fit_y);

// Over the preview's top right corner: what the view shows that the settings do not (the moving
// slice, soloed or muted octaves), so a picture is never mistaken for an export; and, when the
// open teaching views explain a layer of the stack above the field (`taught_layer` > 1), which.
void draw_teach_badges(const TeachViews& teach, const Settings& settings, ImVec2 top_right,
                       int taught_layer = 1);

nlohmann::json teach_report(const TeachViews& teach, const Settings& settings);

}  // namespace app::gui
