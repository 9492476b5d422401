// gui/common/settings.hpp: the state the user edits in the window, as one comparable value.
//
// A `Settings` is what undo/redo snapshots, what a preset stores and what the preview is a
// function of: the noise parameters plus the view settings (ramp, hillshade, scanline ...), and
// the preset's texture layers (edited in the Texture rules section, gui/editing/texture_rules.hpp),
// so that their edits are undone like any other and a preset opened, saved and exported from the
// window keeps them.
// Everything else in the window (which dialog is open, the texture, the worker) is derived or
// transient and never goes into the history.
#pragma once

#include <vector>

#include "core/preset.hpp"
#include "core/texture_layers.hpp"
#include "core/view_settings.hpp"
#include "noise/params.hpp"

namespace app::gui {

struct Settings {
    noise::Params params;
    ViewSettings view;
    std::vector<TextureLayer> texture_layers;  // empty: the default set (texture_layers.hpp)

    friend bool operator==(const Settings&, const Settings&) = default;
};

// A preset's settings (its name and description are the file's, not the window's).
inline Settings settings_of(const Preset& preset) {
    return {preset.params, preset.view, preset.texture_layers};
}

// The preset that stores `settings`, without a name or description.
inline Preset preset_of(const Settings& settings) {
    Preset preset;
    preset.params         = settings.params;
    preset.view           = settings.view;
    preset.texture_layers = settings.texture_layers;
    return preset;
}

}  // namespace app::gui
