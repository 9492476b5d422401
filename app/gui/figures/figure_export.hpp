// gui/figures/figure_export.hpp: File > Export figure: what the student sees, at a slide's resolution.
//
// Three figures, without the controls around them:
//   - "Preview with overlays" (PNG, or SVG with the lattice as lines: lattice_figure.hpp): the 2D picture
//   (the noise, or the lattice view's image:
//     one corner's influence, before interpolation) rendered afresh at the chosen size, with the
//     lattice, the gradients and the probe drawn over it by the same calls as on screen;
//   - "Probe cell" (SVG or PNG): the pinned probe's cell, its corners, gradients, distance vectors
//     and dot products (vector_figure.hpp);
//   - "Interpolation curves" (SVG or PNG): the five curves s(t) and their slopes, the current one
//     bright;
//   - "Octaves strip" (PNG): each octave alone (its share of the sum, gray, on its own scale as
//     the Octaves tab's images, or on one scale shared by all), then "=" the sum as the preview
//     colours it; its height follows the width typed (a row of squares and their labels);
//   - "Animation" (APNG, animated GIF or numbered PNGs): the slice moving through z or w (a loop
//     in 4D; offered only in 3D and 4D), or the octaves building up: core/animation_export.hpp,
//     the same as `export --animate`, coloured like the preview (rgb8), with or without a caption
//     in each frame ("octaves 0-2 of 6", "z = 0.250"), on one BackgroundTask with progress and
//     Cancel. The GIF is what slide programs play (they show an APNG's first frame only).
// The figures with a background of their own (the probe cell, the curves, the strip) come in a
// dark theme (the window's, for a projector) or a light one (white, for print); the preview and
// the animation are the noise picture edge to edge and have none. The dialog offers only what
// the kind can write: its formats (figure_name.hpp: a typed extension chooses among them), the
// theme where there is one.
// The steps, none of which waits on the UI thread: the field is rendered and coloured on a
// BackgroundTask (progress, Cancel); its pixels are painted with the overlays into an offscreen
// framebuffer (offscreen.hpp: GL, so on the UI thread, a tile a frame); the file is written on
// another BackgroundTask through AtomicFile, so it appears whole or not at all. A PNG figure
// carries the preset (the "noise-explorer-preset" text chunk, like every PNG export: opening it
// brings the settings back) and a "noise-explorer-figure" chunk saying what it shows.
//
// UI report names: "figure_kind=<preview|probe_cell|interpolation|animation>",
// "figure_animate=<slice|octaves>", "figure_frames", "figure_fps", "figure_loop", "figure_sequence",
// "figure_caption", "figure_theme=<dark|light>", "figure_shared_scale",
// "figure_png", "figure_svg", "figure_gif", "figure_width", "figure_height", "figure_path", "figure_replace",
// "figure_start", "figure_cancel", "figure_close", and the state under "figure".
#pragma once

#include <array>
#include <filesystem>
#include <functional>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/animation_export.hpp"
#include "gui/common/background_task.hpp"
#include "gui/common/dialog_keys.hpp"
#include "gui/common/lattice_view_settings.hpp"
#include "gui/common/panel.hpp"
#include "gui/common/settings.hpp"
#include "gui/common/ui_report.hpp"
#include "gui/figures/figure_name.hpp"
#include "gui/figures/offscreen.hpp"
#include "gui/figures/vector_figure.hpp"
#include "gui/preview/render_worker.hpp"

namespace app::gui {

enum class FigureKind { preview, probe_cell, interpolation, octaves, animation };
inline constexpr std::array<std::string_view, 5> figure_kind_names{"preview", "probe_cell", "interpolation",
                                                                   "octaves", "animation"};
static_assert(figure_kind_names.size() == static_cast<std::size_t>(FigureKind::animation) + 1);

// What the figure is of: copied when the export starts, so later edits do not change it.
struct FigureScene {
    Settings settings;  // with the shown slice (the animation's z or w)
    LatticeViewSettings lattice;
};

struct FigureRequest {
    FigureKind kind = FigureKind::preview;
    int width = 1920, height = 1080;
    FigureFormat format = FigureFormat::png;  // one of figure_formats(kind)
    FigureTheme theme   = FigureTheme::dark;  // figures with a background (figure_has_theme)
    bool shared_scale   = false;              // octaves strip: one grey scale for every octave
    AnimationRequest animation;  // the animation's path, frames, step, loop, fps, sequence, caption
    std::filesystem::path path;
    bool overwrite = false;
    FigureScene scene;
};

// The formats a kind is written as for this scene, its usual one first (the preview as SVG only
// where lattice_figure.hpp can draw its lattice as lines).
std::vector<FigureFormat> figure_formats(FigureKind kind, const FigureScene& scene);
// Whether a kind has a background and labels of its own to draw dark or light.
bool figure_has_theme(FigureKind kind);

// The coloured field of a preview figure (the first task's result).
using FigurePixels = OffscreenImage;

// The first task's work: renders the field (or the lattice view's image) at the request's size
// and colours it as the preview does (the octaves strip's sum too).
FigurePixels render_figure_field(const FigureRequest& request, const TaskControl& control);

// The last task's work: writes the painted figure as an RGB PNG with the preset and the figure's facts.
void write_figure_png(const FigureRequest& request, const OffscreenResult& figure);

class FigureExport : public Panel {
  public:
    bool want_open = false;

    // The dialog (a popup) and the export's steps; `scene` is what the window shows now, `aspect`
    // its picture's height / width (the default size keeps it).
    void draw(const FigureScene& scene, double aspect, const DialogKeys& keys,
              const std::function<void()>& wake);
    bool running() const { return field_ || painting_ || writing_ || animating_; }
    bool busy() const override { return running(); }
    nlohmann::json report_state() const;

  private:
    // The steps move on whether or not the dialog is open: a rendered field goes to painting, a
    // painted figure to writing, a written file or animation to the message.
    void take_finished_steps(const std::function<void()>& wake);
    // The dialog's size and format rows: the height follows the kind's shape, SVG only for
    // figures made of lines.
    void draw_size_and_format(const FigureScene& scene, double aspect);
    void start(const std::function<void()>& wake);
    void start_painting(std::vector<FigurePixels> images);
    void write(OffscreenResult figure, std::string svg, const std::function<void()>& wake);
    void write_lattice_svg(FigurePixels picture, const std::function<void()>& wake);

    FigureRequest request_;
    std::string path_text_;
    std::string path_extension_;             // the extension the path was last given (.png, .svg, .gif)
    std::optional<FigureKind> sized_kind_;   // the kind the default height was last set for
    std::pair<int, int> strip_sized_{0, 0};  // the strip's width and octaves its height was set for
    std::unique_ptr<BackgroundTask<std::vector<FigurePixels>>> field_;  // preview: 1, octaves: n + 1
    std::unique_ptr<OffscreenPainting> painting_;                       // on the UI thread, a piece a frame
    std::unique_ptr<BackgroundTask<bool>> writing_;
    std::unique_ptr<BackgroundTask<std::vector<std::filesystem::path>>> animating_;
    std::string error_, message_;
};

}  // namespace app::gui
