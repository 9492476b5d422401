// gui/teaching/interpolation_view.hpp: the "Interpolation" tab: the five curves, and the noise each makes.
//
// Left, the blend curves of interpolate.hpp on one cell, t in [0, 1]: s(t) (thick) and its slope
// ds/dt (thin, same colour), the selected curve bright. For the two-point curves s(t) is the
// weight of the cell's far value (Ken Perlin's lerp(s, a, b)); the four-point cubic of seed 004
// has no s(t) of its own, so it shows the weight of its far value v2 (v0 and v3 weigh in too,
// with negative weights: that is how it overshoots).
// Right, the same noise with each curve, one row each, along the scanline row (the 1D noise in
// dimension 1), optionally the first octave alone, where the curve's mark is clearest: linear's
// kinks at every lattice line, cosine's and smoothstep's flat shoulders, quintic's smoother
// joins. Clicking a row selects that curve (an ordinary, undoable change).
//
// The rows come from the library: one FractalNoise per curve, the params copied with
// `interpolation` changed, sampled by noise::sample_row in a BackgroundTask.
#pragma once

#include <imgui.h>

#include <array>
#include <functional>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <vector>

#include "gui/common/background_task.hpp"
#include "gui/common/settings.hpp"
#include "gui/common/ui_report.hpp"

namespace app::gui {

inline constexpr std::size_t curve_count = noise::interpolation_names.size();

struct InterpolationRows {
    noise::Params params;  // as sampled (first-octave-only already applied), interpolation of row 0
    double y = 0.0;
    std::array<std::vector<double>, curve_count> rows;  // indexed by noise::Interpolation
};

// The BackgroundTask's work: each curve's noise along the row at y, `samples` values.
InterpolationRows sample_interpolations(const noise::Params& params, double y, int samples);

// The curve's blend weight and slope at t as the tab plots them (see above for the cubic).
double shown_weight(noise::Interpolation curve, double t);
double shown_slope(noise::Interpolation curve, double t);

class InterpolationView {
  public:
    void draw(Settings& settings, const noise::Params& shown, double row_y,
              const std::function<void()>& wake);
    nlohmann::json report_state() const;

  private:
    void draw_curves(noise::Interpolation selected, ImVec2 size);
    void draw_rows(Settings& settings, ImVec2 size);

    bool first_octave_only_ = true;
    struct Key {
        noise::Params params;
        double y                          = 0.0;
        int samples                       = 0;
        bool operator==(const Key&) const = default;
    };
    std::optional<Key> sent_;
    std::unique_ptr<BackgroundTask<InterpolationRows>> task_;
    std::optional<InterpolationRows> rows_;
};

}  // namespace app::gui
