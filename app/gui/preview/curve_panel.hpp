// gui/preview/curve_panel.hpp: the curve under the scanline and the field's statistics.
//
// The bottom panel's "Curve" tab: left, the plot of the preview's row under the scanline (or the
// 1D noise itself) with its caption and the "fit y" switch; right, what the field contains
// (field_stats.hpp). The panel owns the curve's render worker: `request` sends it what to sample
// when that changed, `take_result` takes the newest curve once a frame, and the panel is busy
// while the worker renders. The plot asks for one sample per pixel of its width.
#pragma once

#include <functional>
#include <memory>
#include <optional>

#include "gui/common/frame_context.hpp"
#include "gui/common/panel.hpp"
#include "gui/preview/octave_mix.hpp"
#include "gui/preview/render_worker.hpp"
#include "gui/preview/shown_field.hpp"

namespace app::gui {

class CurvePanel final : public Panel {
  public:
    // `wake` is called from the worker's thread when a curve is ready.
    explicit CurvePanel(std::function<void()> wake);

    bool busy() const override { return worker_->status().busy; }

    // Takes the worker's newest curve, if one came. Once a frame, before drawing.
    void take_result();
    // Asks for the curve of `params` at noise y (0 for 1D noise), with each octave's row when
    // `octaves`, unless that is what was asked last. Never waits.
    // `before`: with an eroded field (params the simulation's result), the field before erosion.
    void request(const noise::Params& params, double y, bool octaves, const OctaveChoice& chosen,
                 const std::optional<noise::Params>& before = std::nullopt);

    // Draws the plot and the statistics of `field` into the current window (the "Curve" tab).
    void draw(const FrameContext& frame, const ShownField& field, const OctaveChoice& chosen);

    // The newest curve taken; none before the first arrives.
    const std::optional<CurveResult>& curve() const { return curve_; }
    // The field before the shaping stage, as a histogram (empty before the first curve).
    std::span<const float> before_histogram() const;
    // "fit y": the y axis fits the curve instead of the algorithm's range (the big 1D curve too).
    bool& fit_y() { return fit_y_; }

  private:
    // What was last sent to the worker; a request goes out when this differs.
    struct Key {
        noise::Params params;
        double y     = 0.0;
        int samples  = 0;
        bool octaves = false;
        OctaveChoice chosen;
        std::optional<noise::Params> before;
        bool operator==(const Key&) const = default;
    };
    std::optional<CurveResult> curve_;
    std::optional<Key> sent_;
    int samples_ = 512;
    bool fit_y_  = true;
    std::unique_ptr<RenderWorker> worker_;  // last: its thread stops before the state above goes
};

}  // namespace app::gui
