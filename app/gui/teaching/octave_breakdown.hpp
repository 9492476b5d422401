// gui/teaching/octave_breakdown.hpp: the "Octaves" tab: each octave as a small image and a curve.
//
// One row per octave: solo (S) and mute (M) buttons, its name in its colour (the legend of the
// curve plot's colours), its frequency (cells across the preview: frequency x lacunarity^i), its
// amplitude (persistence^i) and its share of the sum (amplitude / sum of amplitudes), a small
// image of that octave alone over the preview's area (its shape too: the export frame's when that
// is shown, fitted into a 48 px square), and a plot along the scanline row of its
// share (coloured) with the running sum of octaves 0..i (white) on one common scale, so one sees
// each layer add its detail (turbulence adds |share|; ridged, whose crests chain the octaves, is
// shown by its raw shares, added as fbm adds them). Solo and mute act on the main preview and curve too
// (octave_mix.hpp says what they mean for each fractal mode).
//
// Above the rows: Hugo Elias' persistence table (seed 004: 1/4, 1/2, 1/sqrt 2, 1), one click
// each (an ordinary, undoable change of persistence), and, when the lacunarity is a whole number,
// the note that every octave's lattice lines then fall on octave 0's: the amber lines in every
// row are octave 0's lattice positions, and gradient noise passes through zero on them at every
// octave.
//
// The layers are computed by a BackgroundTask from the library (RowKernel::fill_octave_row), one
// at a time: the window never joins a working task; a change while one works is computed when it
// ends (the newest change only). Images fit in 48 px squares: a glance, not a render.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <vector>

#include "gui/common/background_task.hpp"
#include "gui/common/settings.hpp"
#include "gui/common/ui_report.hpp"
#include "gui/preview/gl_texture.hpp"
#include "gui/preview/octave_mix.hpp"

namespace app::gui {

// A thumbnail's size in pixels: the preview image's shape (`image_width` x `image_height`) with
// its longer side `side` long, so it shows the area the preview shows.
struct ThumbSize {
    int width = 0, height = 0;
    bool operator==(const ThumbSize&) const = default;
};
ThumbSize octave_thumb_size(int image_width, int image_height, int side);

struct OctaveLayers {
    noise::Params params;
    double y = 0.0;
    ThumbSize thumb;                           // the thumbnails' size, pixels
    std::vector<double> weights;               // per octave: octave_weight, its share of the sum
    std::vector<std::vector<float>> thumbs;    // per octave: its share over the preview's area, row-major
    std::vector<std::vector<double>> shares;   // per octave: its share along the row
    std::vector<std::vector<double>> running;  // per octave: the sum of octaves 0..i along the row
};

// Computes the layers (the BackgroundTask's work; a pure function of its arguments).
OctaveLayers compute_octave_layers(const noise::Params& params, double y, int samples, ThumbSize thumb,
                                   const std::atomic<bool>& cancelled);

class OctaveBreakdown {
  public:
    // Draws the tab into the current window. `shown` are the params the preview shows (with the
    // animation's slice) on an image of `image_width` x `image_height`, `row_y` the scanline
    // row's noise y. Persistence buttons edit `settings`; S and M edit `chosen`.
    void draw(Settings& settings, const noise::Params& shown, int image_width, int image_height, double row_y,
              OctaveChoice& chosen, const std::function<void()>& wake);
    nlohmann::json report_state() const;

  private:
    void request(const noise::Params& params, double y, int samples, ThumbSize thumb,
                 const std::function<void()>& wake);
    void draw_header(Settings& settings, OctaveChoice& chosen);
    void draw_row(int octave, OctaveChoice& chosen, float plot_width, double scale);

    struct Key {
        noise::Params params;
        double y    = 0.0;
        int samples = 0;
        ThumbSize thumb;
        bool operator==(const Key&) const = default;
    };
    std::optional<Key> sent_;
    std::unique_ptr<BackgroundTask<OctaveLayers>> task_;
    std::optional<OctaveLayers> layers_;
    std::vector<std::unique_ptr<GlTexture>> textures_;
};

}  // namespace app::gui
