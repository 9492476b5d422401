// gui/editing/controls_panel.hpp: one control per parameter, built from the metadata tables.
//
// Every noise parameter comes from noise::param_table() and every view setting from
// app::view_key_table(): no widget is written for a field by hand. controls_panel.cpp names
// fields only where a rule joins keys or a control is not one number: keep_tiling_valid (tiling
// needs whole-number lacunarity and warp frequency, tiles only where the algorithm can),
// keep_combinations_valid (primes need elias hashing, the rotated layer no tile_y of its own),
// the shaping curve (its presets and points) and the mask field's own noise (which keys it takes).
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
#include <string_view>

#include "gui/common/frame_context.hpp"
#include "gui/common/panel.hpp"
#include "gui/common/settings.hpp"
#include "gui/editing/curve_editor.hpp"
#include "noise/layer_stack.hpp"

namespace app::gui {

// The labels' column of every section (and of the Preset row above them): the widest label of
// the parameter, layer and view tables and a gap. Needs the font (a frame).
float controls_label_width();

// What the controls keep between frames.
struct ControlsState {
    std::string rejected;  // the last value a control refused, shown in the status area
    std::string note;      // a value adjusted to fit the others ("lacunarity rounded to 2 ...")
    CurveEditorState curve_editor;
    CurveEditorState mask_curve_editor;   // the mask field's own curve
    CurveEditorState layer_curve_editor;  // a placed layer's height curve (the Layers panel)
};

// The "Noise", "Shaping", "View", "Terrain", "Erosion" and "Texture rules" (texture_rules.hpp)
// sections, in that order, and what the
// last edit said: a refused value, or another value adjusted to fit.
class ControlsPanel final : public Panel {
  public:
    // The controls change the settings only under the user's hand: nothing moves on its own.
    bool busy() const override { return false; }

    // Draws the sections into the current window. `input_histogram` is the field before the
    // shaping stage, unit 0 .. 1 (may be empty), under the curve editor. Returns true while one
    // of the controls is held (a gesture in progress).
    bool draw(const FrameContext& frame, std::span<const float> input_histogram);

    // The last value a control refused, until the next good edit (or a file opened).
    const std::string& rejected() const { return state_.rejected; }
    void clear_rejected() { state_.rejected.clear(); }
    // A value adjusted to fit the others, until the next edit.
    const std::string& note() const { return state_.note; }

  private:
    ControlsState state_;
    int jump_to_ = -1;  // a section asked for in the "Go to" row: opened and scrolled to the top
};

// The same widgets for other panels (the layers panel draws a layer with them):
// The noise keys of a field read in layer 1's view (a layer's own noise, a mask field): every key
// of noise::param_table() (its shaping keys too) but the offsets, slice, tile, mask and erosion,
// which are layer 1's; with `curve_editor`, then its own remap curve. Reported as `prefix` + key
// ("mask.octaves", "layer.2.octaves", "layer.2.curve_preset").
bool draw_field_controls(noise::Params& field, ControlsState& state, std::string_view prefix,
                         CurveEditorState* curve_editor = nullptr);
// The given entries of noise::layer_table() for one layer, reported as `prefix` + key. The mask
// layer is picked from the stack by name: `layer_names[i]` is layer i + 1's ("1: Field", ...), the
// layer's own number left out (a layer cannot mask itself); its entries are reported as
// `prefix` + "mask_layer=" + the name.
bool draw_layer_controls(noise::StackLayer& layer, std::span<const noise::LayerInfo> entries,
                         ControlsState& state, std::string_view prefix,
                         std::span<const std::string> layer_names, int own_number);
// A shape's, constant's or heightmap's own remap curve: its preset and its editor, reported as
// `prefix` + "height_curve_preset", "height_curve_editor", ...
bool draw_height_curve(noise::StackLayer& layer, ControlsState& state, std::string_view prefix);

// A new random seed (from the clock and the old seed; reproducibility does not matter here,
// the chosen seed is a parameter like any other and goes into presets and exports).
std::uint32_t random_seed(std::uint32_t previous);

}  // namespace app::gui
