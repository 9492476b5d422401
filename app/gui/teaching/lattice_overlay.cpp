// The lattice over the preview: see lattice_overlay.hpp.
#include "gui/teaching/lattice_overlay.hpp"

#include <algorithm>
#include <cmath>

#include "gui/common/theme.hpp"
#include "gui/teaching/probe_simplex.hpp"
#include "noise/algorithms.hpp"
#include "noise/simplex.hpp"
#include "noise/trace.hpp"

namespace app::gui {

namespace {

constexpr float min_line_gap  = lattice_min_line_gap;  // screen pixels between drawn lattice lines
constexpr float min_mark_cell = lattice_mark_cell;     // cells smaller than this show no arrows or dots
constexpr int max_marks       = lattice_max_marks;

void draw_arrow(ImDrawList* draw, ImVec2 from, ImVec2 to, ImU32 colour, float scale) {
    const float dx = to.x - from.x, dy = to.y - from.y;
    const float length = std::sqrt(dx * dx + dy * dy);
    if (length < 1.0f) {  // a zero gradient (4D edge vectors seen from a plane): a small ring
        draw->AddCircle(from, 3.0f * scale, colour, 0, scale);
        return;
    }
    const float ux = dx / length, uy = dy / length, head = std::min(7.0f * scale, length * 0.4f);
    const ImVec2 left(to.x - ux * head - uy * head * 0.5f, to.y - uy * head + ux * head * 0.5f);
    const ImVec2 right(to.x - ux * head + uy * head * 0.5f, to.y - uy * head - ux * head * 0.5f);
    draw->AddLine(from, to, colours::with_alpha(colours::shadow, 150),
                  3.5f * scale);  // dark edge: readable on any colour
    draw->AddLine(from, to, colour, 1.8f * scale);
    draw->AddTriangleFilled(to, left, right, colour);
    draw->AddCircleFilled(from, 2.5f * scale, colour);
}

}  // namespace

// Diverging colours for lattice values: blue below 0, orange above, grey at 0 (the theme's
// value_negative, value_positive and value_zero), each channel mixed on its own.
ImU32 lattice_value_colour(double v) {
    const double t     = std::clamp(v, -1.0, 1.0);
    const auto channel = [](ImU32 colour, int shift) { return static_cast<int>((colour >> shift) & 0xFFu); };
    const auto mix     = [&](int shift) {
        const int zero = channel(colours::value_zero, shift);
        const int neg  = channel(colours::value_negative, shift);
        const int pos  = channel(colours::value_positive, shift);
        return static_cast<ImU32>(static_cast<int>(zero + (t < 0 ? (neg - zero) * -t : (pos - zero) * t)));
    };
    return (mix(IM_COL32_R_SHIFT) << IM_COL32_R_SHIFT) | (mix(IM_COL32_G_SHIFT) << IM_COL32_G_SHIFT) |
           (mix(IM_COL32_B_SHIFT) << IM_COL32_B_SHIFT) | IM_COL32_A_MASK;
}

std::vector<LatticeMark> lattice_marks(const noise::Params& params, std::int64_t i0, std::int64_t i1,
                                       std::int64_t j0, std::int64_t j1) {
    noise::Params first  = params;
    first.octaves        = 1;    // octave 0 alone: same lattice, same seed, unscaled
    first.warp_amplitude = 0.0;  // the lattice's own points: a warp moves where the field is read,
    first.layers         = noise::Layers::single;  // not the lattice, and the turned layer has its own
    const noise::FractalNoise noise(first);
    std::vector<LatticeMark> marks;
    for (std::int64_t j = j0; j <= j1; ++j) {
        for (std::int64_t i = i0; i <= i1; ++i) {
            // Inside cell (i, j) its lower corner is the point (i, j): offset 0 on every axis.
            const noise::Trace trace = noise::trace_point(
                noise, {static_cast<double>(i) + 0.5, static_cast<double>(j) + 0.5, params.z, params.w});
            const noise::OctaveTrace& octave = trace.octaves[0];
            for (const noise::CornerTrace& corner : octave.corners) {
                if (corner.offset != std::array<int, 4>{}) continue;
                // Cellular noise: `distance` runs from the traced point to the cell's feature point.
                marks.push_back({i, j, corner.gradient[0], corner.gradient[1], corner.value,
                                 octave.point[0] + corner.distance[0], octave.point[1] + corner.distance[1]});
                break;
            }
        }
    }
    return marks;
}

std::vector<LatticeMark> simplex_marks(const noise::Params& params, std::int64_t i0, std::int64_t i1,
                                       std::int64_t j0, std::int64_t j1) {
    noise::Params first  = params;
    first.octaves        = 1;
    first.warp_amplitude = 0.0;
    first.layers         = noise::Layers::single;
    const noise::FractalNoise noise(first);
    std::vector<LatticeMark> marks;
    for (std::int64_t j = j0; j <= j1; ++j)
        for (std::int64_t i = i0; i <= i1; ++i) {
            // The middle of the skewed cell's lower triangle: vertex (i, j) is its first vertex.
            const NoisePoint inside =
                simplex_vertex_at(static_cast<double>(i) + 2.0 / 3.0, static_cast<double>(j) + 1.0 / 3.0);
            const noise::Trace trace = noise::trace_point(noise, {inside.x, inside.y, params.z, params.w});
            for (const noise::CornerTrace& corner : trace.octaves[0].corners)
                if (corner.index[0] == i && corner.index[1] == j) {
                    marks.push_back({i, j, corner.gradient[0], corner.gradient[1], corner.value, 0.0, 0.0});
                    break;
                }
        }
    return marks;
}

// Simplex noise in 2D: the skewed lattice (edges of constant i, of constant j, and the diagonals
// that cut each skewed square into two triangles), with each vertex's gradient where cells are
// large enough.
LatticeOverlayStats LatticeOverlay::draw_simplex(ImDrawList* draw, const ViewTransform& view, float scale) {
    LatticeOverlayStats stats;
    const double cell = view.screen_pixels_per_unit();
    if (cell < 2.0 * min_line_gap * scale) return stats;  // a grey haze of lines reads as nothing
    const ImVec2 clip_min = view.screen_min;
    const ImVec2 clip_max(view.screen_min.x + view.screen_width, view.screen_min.y + view.screen_height);
    draw->PushClipRect(clip_min, clip_max, true);
    const double skew = noise::simplex_facts(2).skew;
    const double x0 = view.left(), x1 = view.right(), y0 = view.top();
    const double y1 = view.top() + (clip_max.y - clip_min.y) / cell;
    // The skewed coordinates of the view's corners bound the vertices to draw.
    double i_lo = 1e300, i_hi = -1e300, j_lo = 1e300, j_hi = -1e300;
    for (const double x : {x0, x1})
        for (const double y : {y0, y1}) {
            const double s = (x + y) * skew;
            i_lo = std::min(i_lo, x + s), i_hi = std::max(i_hi, x + s);
            j_lo = std::min(j_lo, y + s), j_hi = std::max(j_hi, y + s);
        }
    const auto i0 = static_cast<std::int64_t>(std::floor(i_lo)) - 1,
               i1 = static_cast<std::int64_t>(std::ceil(i_hi)) + 1;
    const auto j0 = static_cast<std::int64_t>(std::floor(j_lo)) - 1,
               j1 = static_cast<std::int64_t>(std::ceil(j_hi)) + 1;
    if ((i1 - i0) * (j1 - j0) > max_marks * 4) {
        draw->PopClipRect();
        return stats;
    }
    stats.line_step = 1;
    const auto line = [&](NoisePoint a, NoisePoint b) {
        const ImVec2 p = view.screen_at(a), q = view.screen_at(b);
        draw->AddLine(ImVec2(p.x + scale, p.y + scale), ImVec2(q.x + scale, q.y + scale),
                      colours::lattice_line_shadow, scale);
        draw->AddLine(p, q, colours::lattice_line, scale);
    };
    const auto at = [](std::int64_t i, std::int64_t j) {
        return simplex_vertex_at(static_cast<double>(i), static_cast<double>(j));
    };
    for (std::int64_t i = i0; i <= i1; ++i) line(at(i, j0), at(i, j1));
    for (std::int64_t j = j0; j <= j1; ++j) line(at(i0, j), at(i1, j));
    for (std::int64_t k = i0 - j1; k <= i1 - j0; ++k) {  // i - j = k, j from j0 to j1
        line(at(j0 + k, j0), at(j1 + k, j1));
    }
    const Key key{view.params, i0, i1, j0, j1};
    if (cell >= min_mark_cell * scale && (i1 - i0 + 1) * (j1 - j0 + 1) <= max_marks) {
        if (!key_ || !(*key_ == key)) {
            marks_ = simplex_marks(view.params, i0, i1, j0, j1);
            key_   = key;
        }
        const float arrow_scale = static_cast<float>(cell) * 0.35f;
        for (const LatticeMark& mark : marks_) {
            const ImVec2 v = view.screen_at(at(mark.i, mark.j));
            draw_arrow(draw, v,
                       ImVec2(v.x + static_cast<float>(mark.gx) * arrow_scale,
                              v.y + static_cast<float>(mark.gy) * arrow_scale),
                       colours::gradient_mark, scale);
            ++stats.marks;
        }
    }
    draw->PopClipRect();
    return stats;
}

LatticeOverlayStats LatticeOverlay::draw(ImDrawList* draw, const ViewTransform& view, float scale) {
    LatticeOverlayStats stats;
    if (view.params.dimension < 2) return stats;
    // Simplex noise: its skewed lattice in 2D; in 3D and 4D a slice cuts it into no lattice to draw.
    const noise::AlgorithmInfo& info = noise::algorithm_info(view.params.algorithm);
    if (info.lattice == noise::LatticeKind::skewed)
        return view.params.dimension == 2 ? draw_simplex(draw, view, scale) : stats;
    const ImVec2 clip_min = view.screen_min;
    const ImVec2 clip_max(view.screen_min.x + view.screen_width, view.screen_min.y + view.screen_height);
    draw->PushClipRect(clip_min, clip_max, true);

    // Lines: every step-th lattice line, step a power of two so that the lines drawn stay lines
    // of the coarser lattice when zooming out.
    const double cell = view.screen_pixels_per_unit();
    int step          = 1;
    while (step * cell < min_line_gap * scale && step < (1 << 20)) step *= 2;
    stats.line_step = step;
    const double x0 = view.left(), x1 = view.right(), y0 = view.top();
    const double y1       = view.top() + (clip_max.y - clip_min.y) / cell;  // the bottom of what is on screen
    const auto first_line = [&](double from) {
        return static_cast<std::int64_t>(std::ceil(from / step)) * step;
    };
    for (std::int64_t i = first_line(x0); static_cast<double>(i) <= x1; i += step) {
        const float x = view.screen_at({static_cast<double>(i), y0}).x;
        draw->AddLine(ImVec2(x + scale, clip_min.y), ImVec2(x + scale, clip_max.y),
                      colours::lattice_line_shadow, scale);
        draw->AddLine(ImVec2(x, clip_min.y), ImVec2(x, clip_max.y), colours::lattice_line, scale);
    }
    for (std::int64_t j = first_line(y0); static_cast<double>(j) <= y1; j += step) {
        const float y = view.screen_at({x0, static_cast<double>(j)}).y;
        draw->AddLine(ImVec2(clip_min.x, y + scale), ImVec2(clip_max.x, y + scale),
                      colours::lattice_line_shadow, scale);
        draw->AddLine(ImVec2(clip_min.x, y), ImVec2(clip_max.x, y), colours::lattice_line, scale);
    }

    // Points: only where a cell is large enough to hold an arrow.
    const Key key{view.params, static_cast<std::int64_t>(std::ceil(x0)),
                  static_cast<std::int64_t>(std::floor(x1)), static_cast<std::int64_t>(std::ceil(y0)),
                  static_cast<std::int64_t>(std::floor(y1))};
    const double count = static_cast<double>(key.i1 - key.i0 + 1) * static_cast<double>(key.j1 - key.j0 + 1);
    if (cell >= min_mark_cell * scale && count <= max_marks) {
        if (!key_ || !(*key_ == key)) {
            marks_ = lattice_marks(view.params, key.i0, key.i1, key.j0, key.j1);
            key_   = key;
        }
        const bool arrows       = info.corner == noise::CornerKind::gradient;
        const bool features     = info.corner == noise::CornerKind::feature;
        const float arrow_scale = static_cast<float>(cell) * 0.35f;  // a unit gradient reaches 0.35 cells
        for (const LatticeMark& mark : marks_) {
            const ImVec2 at = view.screen_at({static_cast<double>(mark.i), static_cast<double>(mark.j)});
            if (features) {
                const ImVec2 feature = view.screen_at({mark.fx, mark.fy});
                const float radius   = std::min(5.0f * scale, static_cast<float>(cell) * 0.12f);
                draw->AddCircleFilled(feature, radius + 1.5f * scale,
                                      colours::with_alpha(colours::shadow, 190));
                draw->AddCircleFilled(feature, radius, colours::gradient_mark);
            } else if (arrows) {
                const ImVec2 tip(at.x + static_cast<float>(mark.gx) * arrow_scale,
                                 at.y + static_cast<float>(mark.gy) * arrow_scale);
                draw_arrow(draw, at, tip, colours::gradient_mark, scale);
            } else {
                const float radius = std::min(7.0f * scale, static_cast<float>(cell) * 0.15f);
                draw->AddCircleFilled(at, radius + 1.5f * scale, colours::with_alpha(colours::shadow, 170));
                draw->AddCircleFilled(at, radius, lattice_value_colour(mark.value));
            }
            ++stats.marks;
        }
    }
    draw->PopClipRect();
    return stats;
}

}  // namespace app::gui
