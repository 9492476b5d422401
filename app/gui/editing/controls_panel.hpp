// gui/editing/controls_panel.hpp: one control per parameter, built from the metadata tables.
//
// Every noise parameter comes from noise::param_table() and every view setting from
// app::view_key_table(): the widgets name no field. The fields named in controls_panel.cpp are the
// rules that join keys (keep_tiling_valid: tiling needs whole-number lacunarity and warp
// frequency, tiles only where the algorithm can, primes need elias hashing, the rotated layer no
// tile_y of its own), the shaping curve's presets and the keys the mask field does not take.
// The widget follows the entry's kind and range:
//   choice                      combo of the name table
//   toggle                      checkbox
//   integer, small range        slider (octaves, dimension)
//   integer, wide range         number field with -/+ steppers (seed, tile): click to type,
//                               -/+ or Up/Down over the field step by one (Ctrl: by 100)
//   real, ratio max/min >= 1000 logarithmic slider over a sensible part of the range
//                               (frequency); Ctrl+click types any allowed value
//   real, range up to 360       slider (persistence, lacunarity; whole numbers while tiling,
//                               which needs them, so a drag never passes through an invalid value)
//   real, unbounded             drag field (offsets, z, w)
// Each label carries the table's tooltip; right-click a control to reset it to its default.
// A value is stored through noise::set_field_value, so it is range-checked by the same code as
// presets and the CLI; a rejected value leaves the settings unchanged and shows the message.
#pragma once

#include <span>
#include <string>

#include "gui/common/settings.hpp"
#include "gui/common/ui_report.hpp"
#include "gui/editing/curve_editor.hpp"

namespace app::gui {

struct ControlsState {
    std::string rejected;  // the last value a control refused, shown in the status area
    std::string note;      // a value adjusted to fit the others ("lacunarity rounded to 2 ...")
    CurveEditorState curve_editor;
};

// Draws the "Noise" controls. Returns true while one of them is held (a gesture in progress).
bool draw_noise_controls(Settings& settings, ControlsState& state);

// Draws the "Shaping" controls (noise/shaping.hpp): the curve's preset and its editor over
// `input_histogram` (the field before the stage, unit 0 .. 1; may be empty), the terraces, mask,
// invert, scale-bias and clamp, and with a mask the mask field's own noise controls (reported
// as "mask.KEY"). Returns true while one of them is held.
bool draw_shaping_controls(Settings& settings, ControlsState& state, std::span<const float> input_histogram);

// Draws the "Erosion" controls (noise/erosion.hpp: method, strength, gully spacing, octaves,
// detail, rounding, peaks and valleys kept). Returns true while one of them is held.
bool draw_erosion_controls(Settings& settings, ControlsState& state);

// Draws the "View" controls (mapping, ramp, hillshade, 3 x 3 repeat, octaves in the plot,
// scanline). Returns true while one of them is held.
bool draw_view_controls(Settings& settings, ControlsState& state);

// Draws the "Terrain" controls (height and spacing in metres, sea level, light, colour,
// wireframe, normal map convention). Returns true while one of them is held.
bool draw_terrain_controls(Settings& settings, ControlsState& state);

// A new random seed (from the clock and the old seed; reproducibility does not matter here,
// the chosen seed is a parameter like any other and goes into presets and exports).
std::uint32_t random_seed(std::uint32_t previous);

}  // namespace app::gui
