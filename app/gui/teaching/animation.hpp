// gui/teaching/animation.hpp: "animate": a 3D or 4D field seen as a 2D slice moving through time.
//
// The moving coordinate is z in 3D and w in 4D (1D and 2D have no slice to move). The animation
// is a way of looking, not an edit: the shown slice is the settings' z (or w) plus `phase`, and
// the settings themselves never change while it runs. So it writes nothing into the undo history
// and never marks the preset modified; an export or a save uses the settings' z, as before.
// "Keep this slice" writes the shown z (or w) into the settings: one ordinary, undoable change.
// Stopping freezes the picture where it is; "Rewind" sets the phase back to 0, and so does a
// change of dimension (the phase moved z; it must not reappear on w).
//
// Steps follow the renders: `advance` moves the phase only once the previous slice is on screen,
// by the time since the last step (at most `max_step_seconds` of it), so a slow machine shows
// fewer, finished slices at the same speed instead of a stream of cancelled renders.
#pragma once

#include <optional>

#include "noise/params.hpp"

namespace app::gui {

struct Animation {
    bool on = false;
    double phase = 0.0;             // added to z (3D) or w (4D), noise units
    double speed = 0.25;            // noise units per second: a quarter cell, a gentle drift
    std::optional<double> last_step; // ImGui time of the last step while running
    int dimension = 0;               // the phase belongs to this dimension's axis (z or w)
    static constexpr double max_step_seconds = 0.1;
};

// The axis the animation moves for this dimension, "z" or "w", or nullptr (1D, 2D).
const char* animated_axis(int dimension);

// The params with the slice moved by the phase (unchanged for 1D and 2D).
noise::Params animated(const noise::Params& params, const Animation& animation);

// Called once a frame with the clock: moves the phase if running and `shown` (the slice last
// requested is on screen). Returns true if the phase moved.
bool advance(Animation& animation, double now, bool shown);

}  // namespace app::gui
