// gui/common/settings.hpp: the state the user edits in the window, as one comparable value.
//
// A `Settings` is what undo/redo snapshots, what a preset stores and what the preview is a
// function of: the noise parameters plus the view settings (ramp, hillshade, scanline ...).
// Everything else in the window (which dialog is open, the texture, the worker) is derived or
// transient and never goes into the history.
#pragma once

#include "core/view_settings.hpp"
#include "noise/params.hpp"

namespace app::gui {

struct Settings {
    noise::Params params;
    ViewSettings view;

    friend bool operator==(const Settings&, const Settings&) = default;
};

}  // namespace app::gui
