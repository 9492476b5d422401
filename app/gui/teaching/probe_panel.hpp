// gui/teaching/probe_panel.hpp: one point of the field opened up, step by step (the lattice probe).
//
// The probe is pinned to a noise-space point (a click in the preview with the probe tool on; a
// drag moves it). Its window shows the evaluation there as the seeds explain it:
//   1. the cell and the point's position inside it;
//   2. each corner's hash, and 3. its gradient, the distance vector from it and their dot
//      product (gradient noise), or its value (value noise);
//   4. the blend weights s(t) and each lerp, down to the octave's value;
// then each octave's share and the sum, with the gradient. Beside the numbers a small drawing of
// the cell (the 4 x 4 neighbourhood for `cubic`) shows the corners, their gradients, the distance
// vectors and the point. Everything comes from one trace recorded while the library evaluates
// the point (noise/trace.hpp): the numbers cannot drift from the picture.
#pragma once

#include <imgui.h>

#include <optional>
#include <string>
#include <vector>

#include "gui/common/lattice_view_settings.hpp"
#include "gui/common/ui_report.hpp"
#include "gui/preview/view_transform.hpp"
#include "noise/trace.hpp"

namespace app::gui {

// The lattice points from which the probe's marker draws lines to the probe at (x, y): the
// corners of its first-octave cell, whose distance vectors d enter gradient noise's g . d. Empty
// for every other algorithm: value noise blends the corners' values (no d enters its maths),
// simplex has no square cell, cellular noise no corners.
std::vector<NoisePoint> probe_distance_corners(const noise::Params& params, double x, double y);

// The width of the probe's column beside the picture, out of `room` (what the preview would have).
float probe_column_width(float room);

class ProbePanel {
  public:
    // The probe's window, at `pos` and `size` (the column beside the picture), while a probe is
    // pinned; its close button unpins it. Its first row takes typed coordinates (x and y, any
    // double: a lattice point exactly, where g . d is exactly 0). Without a pinned probe the column
    // shows `idle_note` if there is one (a lesson keeps the column for its probe's steps).
    void draw_window(LatticeViewSettings& lattice, const noise::Params& params, ImVec2 pos, ImVec2 size,
                     const std::string& idle_note = {});
    // The probe's marker over the preview, with lines from the corners of its cell where they
    // are distance vectors (probe_distance_corners).
    // `scale` as LatticeOverlay::draw's.
    void draw_marker(ImDrawList* draw, const ViewTransform& view, const LatticeViewSettings& lattice,
                     float scale = 1.0f);
    // The probe's numbers for the UI report (null when none is pinned).
    nlohmann::json report_state(const LatticeViewSettings& lattice) const;

  private:
    const noise::Trace* trace_for(const noise::Params& params, const LatticeViewSettings& lattice);

    struct Key {
        noise::Params params;
        double x = 0.0, y = 0.0;
        bool operator==(const Key&) const = default;
    };
    std::optional<Key> key_;
    std::optional<noise::Trace> trace_;
    std::string error_;
};

}  // namespace app::gui
