// gui/preview/compare_view.hpp: A and B side by side, or their difference, in the preview.
//
// The Compare menu keeps a snapshot "B" of the settings; the live settings are "A" (Ctrl+B
// flips them). This view shows B beside A in the same picture:
//   split       left of a draggable divider A, right of it B, at the same pixels: the same
//               region of the screen shows the two parameter sets (value vs Perlin at one seed,
//               two interpolations, two persistences ...). Each half is coloured by its own view
//               settings, as it would be shown alone. The preview's overlays (scanline, lattice,
//               probe) lie over both halves, and the cursor readout reads B's image on B's half.
//   difference  A - B per pixel through a diverging ramp: blue where B is larger, red where A
//               is, white where they agree; the scale is symmetric, +-max |A - B|, written on the
//               picture. Identical settings give a white picture and "identical".
// B is rendered by its own RenderWorker (at A's image size, with the animation's slice and the
// octaves chosen, so the two stay comparable while teaching), never on the UI thread; the
// difference of two finished images is a subtraction per pixel, done when either changes.
// Like the other teaching views this is a way of looking: not saved, not in the undo history.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "gui/common/panel.hpp"
#include "gui/common/settings.hpp"
#include "gui/common/ui_report.hpp"
#include "gui/preview/gl_texture.hpp"
#include "gui/preview/octave_mix.hpp"
#include "gui/preview/render_worker.hpp"
#include "gui/preview/shown_field.hpp"
#include "gui/preview/view_transform.hpp"

namespace app::gui {

enum class CompareMode { off, split, difference };

// The signed difference a - b of two images of the same size, and its largest magnitude.
struct FieldDifference {
    std::vector<float> values;
    double max_abs = 0.0;
};
FieldDifference difference_of(std::span<const float> a, std::span<const float> b);

// The diverging ramp at t in [-1, 1]: blue (-1), white (0), red (+1).
std::array<std::uint8_t, 3> diverging_colour(double t);

class CompareView : public Panel {
  public:
    explicit CompareView(std::function<void()> wake);

    CompareMode mode = CompareMode::off;
    float divider    = 0.5f;  // split: the fraction of the picture's width shown as A

    // The Compare menu's entries for the modes (inside an open menu).
    void draw_menu_items(bool has_snapshot);
    // Takes B's newest image and sends B's request when it changed. `b` is the snapshot's
    // params as shown (animated), at A's image size; `export_width` the export frame's, for the
    // hillshade's metres.
    void update(const std::optional<Settings>& snapshot, const noise::Params& b, OctaveChoice chosen,
                int width, int height, int export_width);
    // Before the preview is drawn: the divider's grip, so it takes the mouse before the picture's
    // pan does. Uses the picture's place from the previous frame.
    void draw_divider_grip();
    // The preview's image layer (preview_panel.hpp: PictureLayers): B's half or the difference
    // over A's picture, under the preview's overlays. `view` is one image on screen, `repeats`
    // images across and down (3 when the preview repeats 3 x 3).
    void draw_image(ImDrawList* draw, const ShownField& a, const ViewTransform& view, int repeats);
    // After the preview, over its overlays: the divider and the A / B marks, or the difference's
    // scale, or what is still awaited.
    void draw_marks();
    // The image shown at a screen point when it is B's (the split's right half), else null.
    const ShownField* b_at(ImVec2 screen) const;
    // The split's divider on screen (x), from the picture's place in the last frame.
    float divider_x() const;
    bool active() const { return mode != CompareMode::off && b_.has_image(); }
    bool busy() const override;
    nlohmann::json report_state() const;

  private:
    void refresh_difference(const ShownField& a);

    std::unique_ptr<RenderWorker> worker_;
    ShownField b_;
    ViewSettings b_view_;
    struct Key {
        noise::Params params;
        int width = 0, height = 0;
        OctaveChoice chosen;
        bool operator==(const Key&) const = default;
    };
    std::optional<Key> sent_;
    GlTexture difference_texture_;
    std::string difference_of_;  // "checksum A/checksum B" the difference was made from
    double max_abs_ = -1.0;      // -1: no difference yet
    ImVec2 picture_min_{0, 0},
        picture_size_{0, 0};  // this frame's once drawn, else the last one's (the grip)
    bool drawn_    = false;   // draw_image ran this frame: the picture is on screen
    bool dragging_ = false;
};

}  // namespace app::gui
