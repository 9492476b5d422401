// gui/common/lattice_view_settings.hpp: which lattice views are on, and where the probe is.
//
// A teacher switches these on to show how the picture is made (docs/manual.md#teaching-views):
// the lattice drawn over the field, a probe pinned to one point whose evaluation is shown step by
// step, and preview modes that show the corner contributions before they are blended. They are ways of
// looking, like the curve's "fit y": not settings of the noise, so they are kept out of presets and undo.
// Shared state, so it lives in the shell: the Teach menu (teaching/) switches the views and the
// preview (preview/) pins the probe where it is clicked; neither includes the other.
#pragma once

#include "noise/params.hpp"

namespace app::gui {

// What the preview image shows.
enum class FieldLayer {
    noise,                 // the fractal noise itself (the export)
    corner_influence,      // one corner's contribution g . (f - corner) in every cell (octave 0)
    before_interpolation,  // the nearest corner's contribution: the field before blending
};

struct LatticeViewSettings {
    bool lattice     = false;  // grid lines at lattice points, gradients or values at the points
    bool probe_tool  = false;  // a click in the preview pins the probe, a drag of it moves it
    FieldLayer field = FieldLayer::noise;
    // Water on the picture's field (teaching/flow_overlay.hpp): arrows down the slope (-gradient)
    // on a grid, and paths of steepest descent from seed points to a pit or the picture's edge.
    bool downhill   = false;
    bool flow_paths = false;
    int influence_corner =
        0;  // corner_influence: bit 0 = the corner at +1 along x, bit 1 = at +1 along y (down)

    bool probe_pinned = false;
    double probe_x = 0.0, probe_y = 0.0;  // noise space, so the probe stays on its point while panning
    int probe_octave = 0;                 // which octave the probe window opens up

    friend bool operator==(const LatticeViewSettings&, const LatticeViewSettings&) = default;
};

}  // namespace app::gui
