// gui/teaching/lattice_overlay.hpp: the lattice of the first octave drawn over the 2D preview.
//
// Grid lines at integer lattice coordinates; at each lattice point its gradient as an arrow
// (gradient noise) or its value as a coloured dot (value and white noise). Where cells get small
// the lines are thinned to every 2nd, 4th, ... line and the points are left out, so the overlay
// stays readable at any zoom. The gradients and values are read from traces of the evaluation
// (noise/trace.hpp), so they are the ones the picture was made from, not a second computation.
// In 3D and 4D the points shown are those of the lattice plane just below the slice (z, w), and
// the arrows are the gradients' x, y parts. Cellular noise (worley) has no corner values: each
// cell shows its feature point instead (in 3D and 4D, that of the cell the slice cuts, seen from
// above). Simplex noise in 2D shows its skewed lattice: the edges of constant i and j and the
// diagonals that cut each skewed square into two triangles, with each vertex's gradient.
#pragma once

#include <imgui.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "gui/preview/view_transform.hpp"
#include "noise/params.hpp"

namespace app::gui {

struct LatticeMark {
    std::int64_t i = 0, j = 0;  // the lattice point
    double gx = 0.0, gy = 0.0;  // its gradient's x, y parts (gradient noise)
    double value = 0.0;         // its value (value and white noise)
    double fx = 0.0, fy = 0.0;  // cellular noise: the x, y of the feature point of cell (i, j)
};

// The lattice points with i in [i0, i1], j in [j0, j1] of the first octave, from traces.
std::vector<LatticeMark> lattice_marks(const noise::Params& params, std::int64_t i0, std::int64_t i1,
                                       std::int64_t j0, std::int64_t j1);

// A lattice value's dot: blue below 0, orange above, grey at 0 (the theme's value_negative,
// value_positive, value_zero), each channel mixed on its own; v clamped to [-1, 1].
ImU32 lattice_value_colour(double v);

// Lattice lines closer than this many screen pixels are thinned; cells smaller than
// lattice_mark_cell show no arrows or dots (both times the overlay's scale).
inline constexpr float lattice_min_line_gap = 8.0f;
inline constexpr float lattice_mark_cell    = 24.0f;
inline constexpr int lattice_max_marks      = 6000;

struct LatticeOverlayStats {
    int line_step = 0;  // every how many lattice lines are drawn (0: none)
    int marks     = 0;  // points drawn with their gradient or value
};

// Keeps the last marks so that a frame without a change traces nothing.
class LatticeOverlay {
  public:
    // Draws over one image of the preview (clipped to it). `scale`: the picture's pixels per screen
    // pixel, so a figure larger than the screen gets lines, arrows and dots that read as they do
    // on screen (1 on screen).
    LatticeOverlayStats draw(ImDrawList* draw, const ViewTransform& view, float scale = 1.0f);

  private:
    LatticeOverlayStats draw_simplex(ImDrawList* draw, const ViewTransform& view, float scale);

    struct Key {
        noise::Params params;
        std::int64_t i0, i1, j0, j1;
        bool operator==(const Key&) const = default;
    };
    std::optional<Key> key_;
    std::vector<LatticeMark> marks_;
};

}  // namespace app::gui
