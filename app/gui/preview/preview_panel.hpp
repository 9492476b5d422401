// gui/preview/preview_panel.hpp: the 2D preview: the field as a texture you can zoom and pan.
//
// Zoom (mouse wheel, around the cursor) and pan (left drag) change the parameters `frequency`,
// `offset_x` and `offset_y` themselves, not a texture transform: the new region is rendered at
// full resolution and the same view can be saved and exported. The noise point under the cursor
// stays under the cursor while zooming:
//     X = offset_x + u * frequency     (u = cursor x / image width on screen)
//     Y = offset_y + v * frequency     (v = cursor y / image width: square pixels)
// The scanline (the row the curve plot shows) is a horizontal line dragged by its handle; the
// value under the cursor is read from the raw image shown. With `tile` on and "repeat 3x3",
// the image is drawn 3 x 3 times with faint borders, to show there are no seams.
//
// What other parts of the window draw on the picture (the compare view's B half, the teaching
// overlays) comes in as PictureLayers from the shell, so the preview draws them in its order
// without knowing who they are: picture, B's half, scanline, teaching overlays, labels.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "core/image_size.hpp"
#include "gui/common/frame_context.hpp"
#include "gui/common/lattice_view_settings.hpp"
#include "gui/common/panel.hpp"
#include "gui/common/settings.hpp"
#include "gui/common/ui_report.hpp"
#include "gui/preview/shown_field.hpp"
#include "gui/preview/view_transform.hpp"

namespace app::gui {

struct PreviewStatus {
    bool rendering = false;
    bool coarse    = false;  // the coarse pass is running
    float progress = 0.0f;   // 0..1 of the current pass
    std::string error;       // invalid parameters: shown instead of the picture
};

// The value under the cursor, as the status line shows it (and the UI report, for tests).
struct Readout {
    char image = 'A';         // 'B' right of the compare view's divider
    double x = 0.0, y = 0.0;  // the noise point, in the shown image's own parameters
    float value   = 0.0f;     // the raw value of the image pixel there
    double mapped = 0.0;      // ... through that image's own view settings
};

struct PreviewState {
    std::optional<Readout> readout;  // none while the cursor is off the picture
    bool panning           = false;
    bool dragging_scanline = false;
    bool dragging_probe    = false;
    double pan_start_x = 0.0, pan_start_y = 0.0;  // offsets when the drag began
    double last_wheel_time = -1.0;
};

// The export's frame: with `show`, the preview takes the export's shape, so it shows exactly the
// area the chosen export size writes (the pixel model of noise/render.hpp: `frequency` cells
// across, `frequency * H / W` down). Off, it fills the panel, which usually shows less of the
// height than a square export holds.
struct PreviewFrame {
    bool show = true;
    ImageSize size;     // the export dialog's chosen size
    std::string label;  // "unreal-1009 (1009 x 1009)"
};

struct PreviewLayout {
    int image_width  = 0;  // the image size the panel wants rendered
    int image_height = 0;
    bool gesture     = false;         // a pan, scanline drag or wheel burst is in progress (for undo)
    ImVec2 picture_min, picture_max;  // the picture on screen (all 3 x 3 images when repeating)
    int repeats = 1;                  // images across and down
};

// Layers drawn on the picture by other parts of the window (any may be empty). `view` is one
// image on screen; `repeats` images across and down (3 when repeating 3 x 3).
struct PictureLayers {
    // Right over the picture, under every overlay: another image over part of it (B's half).
    std::function<void(ImDrawList* draw, const ViewTransform& view, int repeats)> image;
    // The field shown at a screen point when it is not the preview's own (B's half), else null:
    // the cursor readout reads it.
    std::function<const ShownField*(ImVec2 screen)> field_at;
    // Over the scanline: the teaching overlays (the lattice, the probe's marker).
    std::function<void(ImDrawList* draw, const ViewTransform& view, int repeats)> overlays;
};

// The panel: what it keeps between frames (the gesture in progress, the readout, the export
// frame switch) and its draw.
class PreviewPanel final : public Panel {
  public:
    // `size_override`: the image width to render whatever the panel's size (--preview-size), 0
    // for the panel's own.
    explicit PreviewPanel(int size_override) : size_override_(size_override) {}

    // True while a pan, a scanline or probe drag or a wheel burst is in progress: the gesture
    // changes the settings over several frames.
    bool busy() const override;

    // Draws into the current window's remaining content region. A click with
    // `lattice.probe_tool` on pins the probe there; a drag of the pinned probe moves it.
    PreviewLayout draw(const FrameContext& frame, const ShownField& field, const PreviewStatus& status,
                       LatticeViewSettings& lattice, const PictureLayers& layers);

    // The value under the cursor; none while the cursor is off the picture.
    const std::optional<Readout>& readout() const { return state_.readout; }
    // The export's frame: the export dialog's size goes in each frame, the switch comes out.
    PreviewFrame& export_frame() { return export_frame_; }
    const PreviewFrame& export_frame() const { return export_frame_; }
    int size_override() const { return size_override_; }

  private:
    PreviewState state_;
    PreviewFrame export_frame_;
    int size_override_ = 0;
};

// True when the preview shows the 3 x 3 repeat (tiling on and the view asks for it).
bool shows_repeat(const Settings& settings);

}  // namespace app::gui
