// gui/editing/texture_rules.hpp: the "Texture rules" section: the texture layers' rules
// (app/core/texture_layers.hpp) edited in the window.
//
// The section lists the rules in effect: the preset's own, or the default set (which follows the
// terrain's height and the sea level). Each layer: its name, up / down / remove, "Tied to the sea"
// (height_from "sea": the height band in metres above the sea's surface), and a row per band of
// texture_band_table() (height, slope, curvature, flow, wear, deposit): a checkbox that turns the
// band on, then a checkbox and a value for each bound (min, max) and the falloff. "Add layer"
// puts a new layer just above the last one (the ground every other layer lies on); "Reset to
// defaults" clears the preset's own rules, so the default set applies again.
// The first edit of the default set makes it the preset's own, starting from
// editable_default_layers (the beach tied to the sea). Every edit changes Settings, so it is one
// undo step (a drag: one step when it ends), marks the preset unsaved and is saved with it; the
// preview's "Texture weights" shows the result (preview_colour.hpp).
// Widgets report as "texture_rules", "texture_add", "texture_reset", "texture_layer.I" (the layer's
// row), "texture_layer.I.up|down|remove|name|sea", "texture_layer.I.BAND" (the band's checkbox),
// "texture_layer.I.BAND_min|max" (a bound's checkbox) and "texture_layer.I.BAND_min_value|
// max_value|falloff" (the values), I from 0.
#pragma once

#include "gui/common/settings.hpp"

namespace app::gui {

// Draws the section's controls into the current window; edits `settings.texture_layers`.
// `rejected` receives a refused edit's one line (a name that is taken or not allowed). Returns
// true while one of its controls is held (a drag, a name being typed).
bool draw_texture_rules(Settings& settings, std::string& rejected);

}  // namespace app::gui
