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
//
// The panel owns the picture's image: its render worker (render_worker.hpp) and the field shown
// (shown_field.hpp). Once a frame the shell takes the newest image first (take_noise_image,
// refresh_colours) and asks for the next after the frame's edits (request_noise). Another image
// can take the picture's place (a lattice view's, rendered by the shell's own task, since the
// preview does not know the teaching views): show_image puts it there, and the worker's images
// are dropped meanwhile.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "core/image_size.hpp"
#include "gui/common/frame_context.hpp"
#include "gui/common/lattice_view_settings.hpp"
#include "gui/common/panel.hpp"
#include "gui/common/settings.hpp"
#include "gui/common/ui_report.hpp"
#include "gui/preview/octave_mix.hpp"
#include "gui/preview/preview_colour.hpp"
#include "gui/preview/render_worker.hpp"
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
    // The terrain map's sample there (preview_colour.hpp), when the picture shows one.
    PreviewColour colour = PreviewColour::ramp;
    std::optional<std::uint16_t> sample;
    std::vector<std::uint16_t> weights;    // the texture weights there (out of 255), when shown
    std::vector<std::string> layer_names;  // ... and their layers' names
};

struct PreviewState {
    std::optional<Readout> readout;  // none while the cursor is off the picture
    bool panning           = false;
    bool dragging_scanline = false;
    bool dragging_probe    = false;
    double pan_start_x = 0.0, pan_start_y = 0.0;  // offsets when the drag began
    double scan_start      = 0.0;                 // the scanline when it began
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
// frame switch), the picture's image and its worker, and its draw.
class PreviewPanel final : public Panel {
  public:
    // `size_override`: the image width to render whatever the panel's size (--preview-size), 0
    // for the panel's own. `wake` is called from the worker's thread when an image is ready.
    PreviewPanel(int size_override, std::function<void()> wake);

    // True while the worker renders, or while a pan, a scanline or probe drag or a wheel burst
    // is in progress (the gesture changes the settings over several frames).
    bool busy() const override;
    // The gesture alone (busy() without the render): the picture moves with the hand.
    bool gesturing() const;

    // [The image] Start of a frame: the worker's newest image onto the picture; with
    // `keep` false (another image is shown there) it is taken and dropped.
    void take_noise_image(bool keep);
    // Another image onto the picture (a lattice view's): shown until the next one.
    void show_image(ImageResult&& image);
    // Re-colours the picture for the view settings (after the images came in). Main thread (GL).
    // The hillshade in the terrain's metres: the export frame's, at the shown image's width.
    void refresh_colours(const noise::Params& params, const ViewSettings& view);
    // End of a frame: asks the worker for the noise image of `params` at `width` x `height`
    // (nothing when it is what was asked last).
    // The view settings count only for a terrain map's samples (colour_request).
    // `layers`: the texture rules in effect, read only while the weights are shown.
    void request_noise(const noise::Params& params, int width, int height, const OctaveChoice& chosen,
                       const ViewSettings& view, const std::vector<TextureLayer>& layers = {});
    // While another image is shown: the noise is asked for again when the picture returns to it.
    void forget_noise_request() { sent_.reset(); }

    // The worker's progress, or `invalid` (noise::validate's message) as the picture's error.
    PreviewStatus status(const std::string& invalid) const;
    // The full image (not the coarse pass) of the newest request is shown.
    bool shows_newest() const;
    // Nothing rendering, and the full image of the newest request shown (for --screenshot).
    bool settled() const { return !worker_->status().busy && shows_newest(); }
    const ShownField& field() const { return field_; }
    // erosion.method simulate: the simulation's result as a field, once the picture of `params`
    // shows it (render_worker.hpp); else null.
    const noise::Params* eroded(const noise::Params& params) const {
        const ImageResult& image = field_.image();
        return image.eroded && !image.coarse && image.params == params ? image.eroded.get() : nullptr;
    }
    // The generation of the noise image shown, and of the newest asked for (render_worker.hpp).
    std::uint64_t shown_generation() const { return shown_generation_; }
    std::uint64_t latest_generation() const { return worker_->latest_generation(); }
    WorkerStatus worker_status() const { return worker_->status(); }

    // Draws into the current window's remaining content region. A click with
    // `lattice.probe_tool` on pins the probe there; a drag of the pinned probe moves it.
    PreviewLayout draw(const FrameContext& frame, const PreviewStatus& status, LatticeViewSettings& lattice,
                       const PictureLayers& layers);

    // The value under the cursor; none while the cursor is off the picture.
    const std::optional<Readout>& readout() const { return state_.readout; }
    // The export's frame: the export dialog's size goes in each frame, the switch comes out.
    PreviewFrame& export_frame() { return export_frame_; }
    const PreviewFrame& export_frame() const { return export_frame_; }
    int size_override() const { return size_override_; }
    // What the picture's colours show (preview_colour.hpp): window state, not saved in presets.
    PreviewColour& colour() { return colour_; }
    PreviewColour colour() const { return colour_; }

  private:
    // What was last sent to the worker; a request goes out when this differs.
    struct NoiseKey {
        noise::Params params;
        int width = 0, height = 0;
        OctaveChoice chosen;
        ColourRequest colour;
        bool operator==(const NoiseKey&) const = default;
    };

    PreviewState state_;
    PreviewFrame export_frame_;
    int size_override_    = 0;
    PreviewColour colour_ = PreviewColour::ramp;
    ShownField field_;
    std::optional<NoiseKey> sent_;
    std::uint64_t shown_generation_ = 0;
    // Last: the worker's thread stops before the state above goes away.
    std::unique_ptr<RenderWorker> worker_;
};

// True when the preview shows the 3 x 3 repeat (tiling on and the view asks for it).
bool shows_repeat(const Settings& settings);

}  // namespace app::gui
