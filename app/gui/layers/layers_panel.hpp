// gui/layers/layers_panel.hpp: the Layers panel: the field's layer stack (noise/layer_stack.hpp),
// listed, reordered and edited.
//
// The list shows the top layer first, as paint programs do, down to layer 1, the field itself, at
// the bottom. Each row: a thumbnail of the layer's own heights (the layer solo, before erosion,
// unit height 0 black to 1 white, the top-left square of the frame), its name (double-click to
// rename in place; Enter or a click elsewhere keeps it), Solo and Mute, and for layers 2 and up
// an opacity slider labelled with the blend. Drag a row onto another to move the layer there
// (layer 1 stays at the bottom: dropping on it puts the layer just above it). Above the list, so
// that they stay put as it grows: Add (noise, shape, constant: above the selected layer),
// Duplicate, Remove, "Show the selected layer alone" (the preview renders a copy of the settings
// with that layer solo: a way of looking, never saved). Below it the selected layer's controls:
// every entry of noise::layer_table() its source and mask read, and the noise keys of its own
// field and of its mask field, drawn by the controls panel's own widgets
// (gui/editing/controls_panel.hpp). Layer 1's controls stay where they are, on the Field tab.
//
// Every edit changes the live settings in place, as every control does, so the window's undo
// history takes it as one step (a held slider or a rename: when it ends), and presets and
// sessions keep the stack (core/preset.hpp, format version 2).
//
// The thumbnails render off the UI thread in a BackgroundTask of the panel's own (a copy of the
// parameters, cancellable between rows): while one runs no other starts, and when it ends the
// newest parameters go out if they changed meanwhile; the UI thread never waits for noise.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gui/common/background_task.hpp"
#include "gui/common/frame_context.hpp"
#include "gui/common/panel.hpp"
#include "gui/editing/controls_panel.hpp"
#include "gui/preview/gl_texture.hpp"
#include "noise/layer_stack.hpp"
#include "noise/params.hpp"

namespace app::gui {

// The layer the panel's Add buttons put in as layer `number`: new_stack_layer's, of `source`,
// named "Noise 3" ..., and blended so that the stack below still shows: normal at opacity
// new_layer_opacity, the land below keeping 70 % of itself (at opacity 1 a new layer replaced
// it). `layer.N.KEY` and presets are not the panel: a layer they create has the stack's defaults
// (normal, opacity 1).
inline constexpr double new_layer_opacity = 0.3;
noise::StackLayer panel_new_layer(const noise::Params& params, int number, noise::LayerSource source,
                                  std::string_view name);

// A copy of `params` with layer `number` solo and every other layer not: its own heights alone.
// Unchanged when there is no stack (the field alone is already alone) or no such layer.
noise::Params layer_alone(const noise::Params& params, int number);

// What the teaching views (the lattice views and their images, the probe, the Octaves and
// Interpolation tabs, the teach badges) explain while layer `selected` is selected: one field,
// never a stack. A noise layer N >= 2: its own field placed in layer 1's view, in its own noise
// space, which is layer 1's times `scale` (its frequency over layer 1's, as the stack reads it,
// layer_stack.hpp; with placement world its frequency itself, and the view's frequency layer 1's
// times it): offsets, slice and tile are layer 1's times `scale`, so the same image size
// shows the same region, and FractalNoise(params).at(p * scale) is the layer's own value at layer
// 1's point p, up to rounding. Any other layer (1, a shape, a constant, a heightmap): layer 1's
// field without the layers above it.
struct TaughtField {
    noise::Params params;
    int layer    = 1;    // the layer explained
    double scale = 1.0;  // its noise point per layer 1's: q = p * scale
};
TaughtField taught_field(const noise::Params& params, int selected);
// The edits a teaching view made to the field it explains (`edited`, from `taught.params`: a
// persistence from Hugo Elias' table, a curve picked from its row) made to that layer of
// `params`, key by key, as its controls would (layer.N.KEY for a layer above the field).
void give_back_taught(noise::Params& params, const TaughtField& taught, const noise::Params& edited);

// Each layer's own heights as small grey RGBA images, index = layer number - 1; an empty image
// for a layer that cannot render (a heightmap not read, invalid settings).
struct LayerThumbnails {
    int size = 0;
    std::vector<std::vector<std::uint8_t>> rgba;
};
LayerThumbnails render_layer_thumbnails(const noise::Params& params, int size, const TaskControl& control);

class LayersPanel final : public Panel {
  public:
    explicit LayersPanel(std::function<void()> wake) : wake_(std::move(wake)) {}

    // Busy while the thumbnails render.
    bool busy() const override { return task_ && !task_->finished(); }

    // The "Field" and "Layers" tabs over the left column; true when "Layers" is chosen.
    bool draw_tab_bar();
    // The list and the selected layer's controls, into the current window.
    void draw(const FrameContext& frame);

    // What the preview renders from `params`: with "Show the selected layer alone", that layer
    // solo (layer_alone); else `params` itself.
    noise::Params shown(const noise::Params& params) const;

    int selected() const { return selected_; }
    // Keeps the selection (and the name being edited) on a layer `params` has: Undo, a file or
    // Reset all may take layers away while the Layers tab is not drawn.
    void fit(const noise::Params& params);
    nlohmann::json report_state(const noise::Params& params) const;

  private:
    void update_thumbnails(const noise::Params& params);
    void draw_row(noise::Params& params, int number, int& move_from, int& move_to);
    void draw_buttons(noise::Params& params);
    void draw_selected(noise::Params& params);

    std::function<void()> wake_;
    int selected_      = 1;  // the layer whose controls are shown (1 = the field)
    bool alone_        = false;
    int renaming_      = 0;      // the layer whose name is being edited, or 0
    bool rename_focus_ = false;  // ask for the keyboard focus this frame
    bool rename_seen_  = false;  // the name's field has been active
    std::string rename_text_;
    std::string message_;  // the last edit the stack refused
    ControlsState controls_;

    static constexpr int thumb_size = 40;
    std::array<std::unique_ptr<GlTexture>, noise::max_stack_layers> thumbs_;
    std::unique_ptr<BackgroundTask<LayerThumbnails>> task_;
    std::optional<noise::Params> sent_;       // what the running or last task rendered
    std::optional<noise::Params> thumbs_of_;  // what the thumbnails shown were rendered from
    std::uint64_t thumbnails_done_ = 0;       // tasks whose images are shown (for the UI report)
};

}  // namespace app::gui
