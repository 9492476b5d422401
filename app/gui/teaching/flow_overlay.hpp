// gui/teaching/flow_overlay.hpp: where water goes on the field: downhill arrows and flow paths.
//
// Water on a height field runs down the steepest slope, along -grad h. Over the preview (Teach >
// Downhill arrows / Flow paths, or a lesson's "downhill" / "flow_paths"):
//   arrows  on a grid of about 24 across the picture, each pointing along -grad h (the library's
//           exact noise::value_gradient at the grid point), its length growing with |grad h|
//           relative to the steepest arrow shown;
//   paths   from a grid of seed points, steepest descent traced step by step (trace_flow_path):
//           each step moves one image pixel along -grad h / |grad h| and is kept only if the
//           height drops; a step that would climb is halved, down to 1/64 pixel; then the path
//           moves to the lowest lower point around it (lower_around: 16 directions at 1, 1/4,
//           1/16 pixel), and where there is none it stops in a pit (a local minimum at that
//           resolution: water is trapped there), drawn as a red dot. A path also stops where its
//           next step leaves the picture (the water drains off the edge), on flat ground
//           (|grad h| = 0: a plateau the mapping clamped) and after max_steps.
// Paths that start apart run together where the ground gathers them: those are the channels
// (valleys) that erosion would carve. Raw fractal noise is full of small pits, where the paths end
// after a few steps: real terrain drains (nearly every drop reaches the sea), which is why noise
// needs erosion before it looks like land.
//
// The field is the picture's own (the live settings, the whole stack), in noise space: x right, y
// down the image, so -grad h drawn on screen points downhill as the picture shows it. The work
// (some ten thousand value_gradient calls for 256 paths) runs as a BackgroundTask; the last
// result is drawn meanwhile if it is of the same field, otherwise nothing until the new one.
// Thread-safe: trace_flow_path and compute_flow are pure functions of their arguments.
#pragma once

#include <imgui.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <vector>

#include "gui/common/background_task.hpp"
#include "gui/common/lattice_view_settings.hpp"
#include "gui/preview/view_transform.hpp"
#include "noise/fractal.hpp"
#include "noise/params.hpp"

namespace app::gui {

// Where a flow path stopped.
enum class FlowEnd { pit, edge, flat, limit };

struct FlowPath {
    std::vector<std::array<double, 2>> points;  // noise space, the start first
    std::vector<double> heights;                // the field's value at each point: strictly falling
    FlowEnd end = FlowEnd::limit;
};

// The picture's rectangle in noise space: a path stops before leaving it.
struct FlowFrame {
    double x0 = 0.0, y0 = 0.0, x1 = 1.0, y1 = 1.0;
    bool contains(double x, double y) const { return x >= x0 && x <= x1 && y >= y0 && y <= y1; }
};

// Steepest descent from `start` (x, y; the slice z, w from the params), `step` noise units a step.
FlowPath trace_flow_path(const noise::FractalNoise& noise, std::array<double, 2> start, double step,
                         const FlowFrame& frame, int max_steps);

// The lowest point lower than `height` among 16 directions around `p` at `step`, else at step / 4,
// else at step / 16 (inside `frame`); none: `p` is a pit at that resolution.
std::optional<std::array<double, 2>> lower_around(const noise::FractalNoise& noise, std::array<double, 2> p,
                                                  double height, double step, const FlowFrame& frame);

struct DownhillArrow {
    double x = 0.0, y = 0.0;    // the grid point, noise space
    double dx = 0.0, dy = 0.0;  // -grad h / |grad h| times |grad h| / the steepest arrow's (0..1)
};

struct FlowField {
    std::vector<DownhillArrow> arrows;
    std::vector<FlowPath> paths;
    int pits = 0, edges = 0;  // paths trapped (in a pit or on flat ground), paths off the edge
};

struct FlowRequest {
    noise::Params params;
    int width = 0, height = 0;  // the preview image: a step is one of its pixels
    bool arrows = false, paths = false;
    bool operator==(const FlowRequest&) const = default;
};

// Arrows on a grid of `across` columns, paths from seeds `seeds_across` wide; nullopt if cancelled.
std::optional<FlowField> compute_flow(const FlowRequest& request, const std::atomic<bool>* cancel,
                                      int across = 24, int seeds_across = 16);

// The overlay: asks for the field of the picture shown, draws the newest result over it.
class FlowOverlay {
  public:
    // Over the picture (`view`: one image; `repeats` across and down); `wake` for the task.
    void draw(ImDrawList* draw, const ViewTransform& view, int repeats, const LatticeViewSettings& layers,
              const std::function<void()>& wake, float scale = 1.0f);
    bool busy() const { return task_ && !task_->finished(); }  // a finished one is taken next frame
    nlohmann::json report_state() const;

  private:
    std::optional<FlowRequest> sent_;
    std::optional<FlowRequest> shown_for_;
    std::optional<FlowField> shown_;
    std::unique_ptr<BackgroundTask<FlowField>> task_;
};

}  // namespace app::gui
