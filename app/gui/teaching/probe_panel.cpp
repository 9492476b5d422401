// The probe: see probe_panel.hpp.
#include "gui/teaching/probe_panel.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "gui/common/theme.hpp"
#include "gui/teaching/probe_simplex.hpp"
#include "noise/algorithms.hpp"
#include "noise/interpolate.hpp"
#include "noise/worley.hpp"

namespace app::gui {

namespace {

// [SECTION] Printing ----------------------------------------------------------------------------

// "%.17g": the digits that give back the same double, as `sample` prints them.
std::string exact(double v) {
    char text[40];
    std::snprintf(text, sizeof text, "%.17g", v);
    return text;
}

// A value as printf shows it with `decimals` digits, but one that rounds to zero is zero: printf
// would write -0.0004 as "-0.000", a sign a student reads as meaning something.
double printed(double v, int decimals) { return std::abs(v) < 0.5 * std::pow(10.0, -decimals) ? 0.0 : v; }

std::string vector_text(const std::array<double, 4>& v, int dimension) {
    std::string text = "(";
    for (int axis = 0; axis < dimension; ++axis) {
        char part[24];
        std::snprintf(part, sizeof part, "%s%+.3f", axis ? ", " : "",
                      printed(v[static_cast<std::size_t>(axis)], 3));
        text += part;
    }
    return text + ")";
}

void arrow(ImDrawList* draw, ImVec2 from, ImVec2 to, ImU32 colour, float thickness) {
    const float dx = to.x - from.x, dy = to.y - from.y, length = std::sqrt(dx * dx + dy * dy);
    draw->AddLine(from, to, colour, thickness);
    if (length < 2.0f) return;
    const float ux = dx / length, uy = dy / length, head = std::min(8.0f, length * 0.35f);
    draw->AddTriangleFilled(
        to, ImVec2(to.x - ux * head - uy * head * 0.5f, to.y - uy * head + ux * head * 0.5f),
        ImVec2(to.x - ux * head + uy * head * 0.5f, to.y - uy * head - ux * head * 0.5f), colour);
}

// [SECTION] The drawing of the cell -------------------------------------------------------------

// The cell (or cubic's 4 x 4 neighbourhood) of the probed octave, its x-y face: corners with their
// gradients or values, the distance vectors to the point, the point itself.
// Cellular noise: the 3 x 3 cells around the point's cell (x-y face), the feature points the
// search visited there, and lines to the nearest (F1, yellow) and second nearest (F2, blue).
void draw_cells(const noise::OctaveTrace& octave, const noise::Params& params, float size) {
    ImDrawList* draw    = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(size, size));
    const double lo = -1.0, hi = 2.0;
    const float pad = 16.0f, span = size - 2.0f * pad;
    const auto at = [&](double u, double v) {
        return ImVec2(origin.x + pad + static_cast<float>((u - lo) / (hi - lo)) * span,
                      origin.y + pad + static_cast<float>((v - lo) / (hi - lo)) * span);
    };
    draw->AddRectFilled(origin, ImVec2(origin.x + size, origin.y + size), colours::plot_background, 4.0f);
    for (double k = lo; k <= hi; k += 1.0) {
        draw->AddLine(at(k, lo), at(k, hi), colours::probe_grid);
        draw->AddLine(at(lo, k), at(hi, k), colours::probe_grid);
    }
    draw->AddRect(at(0, 0), at(1, 1), colours::probe_cell_frame, 0.0f, 0, 1.5f);
    const double py    = params.dimension >= 2 ? octave.frac[1] : 0.5;
    const ImVec2 point = at(octave.frac[0], py);
    const auto feature = [&](const noise::CornerTrace& c) {
        return at(octave.frac[0] + c.distance[0], params.dimension >= 2 ? py + c.distance[1] : 0.5);
    };
    const auto inside = [&](const noise::CornerTrace& c) {
        return c.offset[0] >= lo && c.offset[0] < hi && c.offset[1] >= lo && c.offset[1] < hi;
    };
    for (int n : {octave.second_nearest, octave.nearest})
        if (n >= 0 && inside(octave.corners[static_cast<std::size_t>(n)]))
            draw->AddLine(point, feature(octave.corners[static_cast<std::size_t>(n)]),
                          n == octave.nearest ? colours::gradient_mark : colours::distance_mark, 2.0f);
    for (std::size_t n = 0; n < octave.corners.size(); ++n) {
        const noise::CornerTrace& c = octave.corners[n];
        if (!inside(c) || c.offset[2] != 0 || c.offset[3] != 0) continue;  // the x-y face of the cells
        const bool kept =
            static_cast<int>(n) == octave.nearest || static_cast<int>(n) == octave.second_nearest;
        draw->AddCircleFilled(feature(c), 5.5f, colours::with_alpha(colours::shadow, 200));
        draw->AddCircleFilled(feature(c), 4.0f, kept ? colours::light : colours::probe_feature_far);
    }
    draw->AddCircleFilled(point, 4.5f, colours::probe_point);
    draw->AddCircle(point, 6.5f, colours::with_alpha(colours::shadow, 200), 0, 1.5f);
}

void draw_cell(const noise::OctaveTrace& octave, const noise::Params& params, float size) {
    const noise::AlgorithmInfo& info = noise::algorithm_info(params.algorithm);
    if (info.lattice == noise::LatticeKind::cells) return draw_cells(octave, params, size);
    ImDrawList* draw    = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(size, size));
    const bool cubic = params.interpolation == noise::Interpolation::cubic && info.uses("interpolation");
    const double lo = cubic ? -1.0 : 0.0, hi = cubic ? 2.0 : 1.0;             // offsets shown, in cells
    const float pad = 3.4f * ImGui::GetFontSize(), span = size - 2.0f * pad;  // room for the numbers
    const auto at = [&](double u, double v) {  // a position in cell units -> the drawing
        return ImVec2(origin.x + pad + static_cast<float>((u - lo) / (hi - lo)) * span,
                      origin.y + pad + static_cast<float>((v - lo) / (hi - lo)) * span);
    };
    const float cell = span / static_cast<float>(hi - lo);
    draw->AddRectFilled(origin, ImVec2(origin.x + size, origin.y + size), colours::plot_background, 4.0f);
    for (double k = lo; k <= hi; k += 1.0) {  // the lattice lines
        draw->AddLine(at(k, lo), at(k, hi), colours::probe_grid);
        draw->AddLine(at(lo, k), at(hi, k), colours::probe_grid);
    }
    draw->AddRect(at(0, 0), at(1, 1), colours::probe_cell_frame, 0.0f, 0, 1.5f);  // the point's cell

    const ImVec2 point   = at(octave.frac[0], params.dimension >= 2 ? octave.frac[1] : 0.5);
    const bool gradients = info.corner == noise::CornerKind::gradient;  // as probe_distance_corners
    for (const noise::CornerTrace& c : octave.corners) {
        if (c.offset[2] != 0 || c.offset[3] != 0) continue;  // the x-y face below the slice
        const ImVec2 corner = at(c.offset[0], params.dimension >= 2 ? c.offset[1] : 0.5);
        const bool own      = c.offset[0] >= 0 && c.offset[0] <= 1 && c.offset[1] >= 0 && c.offset[1] <= 1;
        if (gradients) {
            if (own) draw->AddLine(corner, point, colours::distance_mark, 1.2f);  // the distance vector
            arrow(draw, corner,
                  ImVec2(corner.x + static_cast<float>(c.gradient[0]) * cell * 0.35f,
                         corner.y + static_cast<float>(c.gradient[1]) * cell * 0.35f),
                  colours::gradient_mark, 2.0f);
        } else {
            const double t  = std::clamp(c.value, -1.0, 1.0);
            const auto grey = static_cast<int>(127.5 + 127.5 * t);
            draw->AddCircleFilled(corner, 6.0f, colours::with_alpha(colours::shadow, 200));
            draw->AddCircleFilled(corner, 4.5f, IM_COL32(grey, grey, grey, 255));
        }
        if (own || !cubic) {  // the corner's number beside it, outside the cell
            char text[24];
            std::snprintf(text, sizeof text, "%+.3f", printed(c.value, 3));
            const ImVec2 text_size = ImGui::CalcTextSize(text);
            const float tx         = c.offset[0] <= 0 ? corner.x - text_size.x - 4.0f : corner.x + 4.0f;
            const float ty         = c.offset[1] <= 0 ? corner.y - text_size.y - 2.0f : corner.y + 2.0f;
            draw->AddText(ImVec2(tx, ty), colours::caption_text, text);
        }
    }
    draw->AddCircleFilled(point, 4.5f, colours::probe_point);
    draw->AddCircle(point, 6.5f, colours::with_alpha(colours::shadow, 200), 0, 1.5f);
}

// [SECTION] The numbers -------------------------------------------------------------------------

void draw_corner_table(const noise::OctaveTrace& octave, const noise::Params& params) {
    const noise::AlgorithmInfo& info = noise::algorithm_info(params.algorithm);
    const bool gradients    = info.corner == noise::CornerKind::gradient;  // skewed: probe_simplex.cpp
    const int columns       = gradients ? 5 : 3;
    const std::size_t shown = std::min<std::size_t>(octave.corners.size(), 16);
    if (!ImGui::BeginTable("corners", columns, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit))
        return;
    ImGui::TableSetupColumn("corner");
    ImGui::TableSetupColumn("hash");
    if (gradients) {
        ImGui::TableSetupColumn("gradient g");
        ImGui::TableSetupColumn("distance d");
        ImGui::TableSetupColumn("g . d");
    } else {
        ImGui::TableSetupColumn(info.corner == noise::CornerKind::feature ? "distance"
                                : params.smooth && info.uses("smooth")    ? "smoothed value"
                                                                          : "value");
    }
    ImGui::TableHeadersRow();
    for (std::size_t n = 0; n < shown; ++n) {
        const noise::CornerTrace& c = octave.corners[n];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        std::string index = "(";
        for (int axis = 0; axis < params.dimension; ++axis)
            index += (axis ? ", " : "") + std::to_string(c.index[static_cast<std::size_t>(axis)]);
        ImGui::TextUnformatted((index + ")").c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%3u", c.hash);
        if (gradients) {
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(vector_text(c.gradient, params.dimension).c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(vector_text(c.distance, params.dimension).c_str());
        }
        ImGui::TableNextColumn();
        ImGui::Text("%+.5f", printed(c.value, 5));
    }
    ImGui::EndTable();
    if (shown < octave.corners.size())
        ImGui::TextDisabled("... and %zu more lattice points", octave.corners.size() - shown);
}

void draw_blends(const noise::OctaveTrace& octave, const noise::Params& params) {
    static constexpr const char* axis_names[4] = {"x", "y", "z", "w"};
    const bool cubic                           = params.interpolation == noise::Interpolation::cubic;
    for (int axis = 0; axis < params.dimension; ++axis) {
        const double t = octave.frac[static_cast<std::size_t>(axis)];
        if (cubic)
            ImGui::Text("along %s: t = %.4f (seed 004's cubic through 4 points)", axis_names[axis], t);
        else
            ImGui::Text("along %s: t = %.4f  ->  s(t) = %.4f  (%s)", axis_names[axis], t,
                        noise::blend_weight(params.interpolation, t),
                        noise::interpolation_names[static_cast<std::size_t>(params.interpolation)].data());
    }
    const std::size_t shown = std::min<std::size_t>(octave.blends.size(), 15);
    for (std::size_t n = octave.blends.size() - shown; n < octave.blends.size(); ++n) {
        const noise::BlendTrace& b = octave.blends[n];
        if (cubic)
            ImGui::Text("%s: cubic(%+.3f, %+.3f, %+.3f, %+.3f; %.3f) = %+.5f", axis_names[b.axis],
                        printed(b.inputs[0], 3), printed(b.inputs[1], 3), printed(b.inputs[2], 3),
                        printed(b.inputs[3], 3), b.t, printed(b.result, 5));
        else
            ImGui::Text("%s: lerp(%.4f, %+.4f, %+.4f) = %+.5f", axis_names[b.axis], b.s,
                        printed(b.inputs[0], 4), printed(b.inputs[1], 4), printed(b.result, 5));
    }
    if (shown < octave.blends.size())
        ImGui::TextDisabled("(the last %zu of %zu blends)", shown, octave.blends.size());
}

}  // namespace

// [SECTION] The window and the marker -----------------------------------------------------------

const noise::Trace* ProbePanel::trace_for(const noise::Params& params, const LatticeViewSettings& lattice) {
    const Key key{params, lattice.probe_x, lattice.probe_y};
    if (!key_ || !(*key_ == key)) {
        key_ = key;
        trace_.reset();
        error_.clear();
        if (const std::string invalid = noise::validate(params); !invalid.empty()) {
            error_ = invalid;
        } else {
            const noise::FractalNoise noise(params);
            trace_ = noise::trace_point(noise, {lattice.probe_x, lattice.probe_y, params.z, params.w});
        }
    }
    return trace_ ? &*trace_ : nullptr;
}

// Wide enough for the corner table (31 ems: 470 pixels at the usual 15-pixel font, more in
// presenter mode); half the room at most, which costs the picture little: below the preview's
// height it is as wide as it is tall anyway.
float probe_column_width(float room) {
    const float em = ImGui::GetFontSize();
    return std::clamp(std::floor(room * 0.5f), std::min(22.5f * em, room * 0.5f), 31.0f * em);
}

namespace {

// The column a lesson keeps for its probe, on a step that pins none: what will be there, and when.
void draw_idle_column(const std::string& note, ImVec2 pos, ImVec2 size) {
    ImGui::SetNextWindowPos(pos);
    ImGui::SetNextWindowSize(size);
    ImGui::Begin("##probe_column", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_NoBringToFrontOnFocus);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", note.c_str());
    ImGui::PopTextWrapPos();
    report_rect("probe_column", pos, ImVec2(pos.x + size.x, pos.y + size.y));
    ImGui::End();
}

// The point's coordinates as fields: typed, they are the probe's point exactly (a click reads the
// point under the cursor, which a screen pixel can only come near).
void draw_point_fields(LatticeViewSettings& lattice) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("point");
    const float field = 7.5f * ImGui::GetFontSize();
    for (int axis = 0; axis < 2; ++axis) {
        double& value = axis == 0 ? lattice.probe_x : lattice.probe_y;
        ImGui::SameLine();
        ImGui::SetNextItemWidth(field);
        double typed = value;
        // Enter or leaving the field commits; "%.6g" shows 1.3 as 1.3 and a lattice point as 1.
        if (ImGui::InputDouble(axis == 0 ? "x##probe" : "y##probe", &typed, 0.0, 0.0, "%.6g",
                               ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_CharsScientific) &&
            std::isfinite(typed))
            value = typed;
        report_item(axis == 0 ? "probe_x" : "probe_y");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "Type a noise-space coordinate and press Enter (a whole number is a lattice line).");
    }
}

}  // namespace

void ProbePanel::draw_window(LatticeViewSettings& lattice, const noise::Params& params, ImVec2 pos,
                             ImVec2 size, const std::string& idle_note) {
    if (size.x <= 0.0f) return;
    if (!lattice.probe_pinned) {
        if (!idle_note.empty()) draw_idle_column(idle_note, pos, size);
        return;
    }
    // A fixed column beside the picture (the window makes room for it): it never covers the preview.
    ImGui::SetNextWindowPos(pos);
    ImGui::SetNextWindowSize(size);
    bool open = true;
    if (!ImGui::Begin("Probe: how this value is made", &open,
                      ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                          ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_HorizontalScrollbar)) {
        ImGui::End();
        return;
    }
    report_rect("probe_window", ImGui::GetWindowPos(),
                ImVec2(ImGui::GetWindowPos().x + ImGui::GetWindowWidth(),
                       ImGui::GetWindowPos().y + ImGui::GetWindowHeight()));
    draw_point_fields(lattice);  // first: the numbers below are of the point typed this frame
    const float unpin_w = ImGui::CalcTextSize("Unpin").x + 2.0f * ImGui::GetStyle().FramePadding.x;
    ImGui::SameLine(std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x - unpin_w));
    if (ImGui::Button("Unpin", ImVec2(unpin_w, 0.0f))) lattice.probe_pinned = false;
    report_item("probe_unpin");
    const noise::Trace* trace = trace_for(params, lattice);
    if (!trace) {
        ImGui::TextWrapped("Nothing to show for these settings: %s", error_.c_str());
        ImGui::End();
        if (!open) lattice.probe_pinned = false;
        return;
    }
    const int octaves    = static_cast<int>(trace->octaves.size());
    lattice.probe_octave = std::clamp(lattice.probe_octave, 0, octaves - 1);
    if (octaves > 1) {
        ImGui::SetNextItemWidth(10.5f * ImGui::GetFontSize());
        ImGui::SliderInt("octave", &lattice.probe_octave, 0, octaves - 1);
        report_item("probe_octave");
    }
    const noise::OctaveTrace& octave = trace->octaves[static_cast<std::size_t>(lattice.probe_octave)];
    if (octaves > 1) {
        // Beside the slider where it fits, else on a line of its own: cut off at the window's
        // edge, presenter mode's larger font lost the weight's last digits.
        char samples[96];
        std::snprintf(samples, sizeof samples, "samples (%.3f, %.3f), weight %.4f", octave.point[0],
                      octave.point[1], octave.weight);
        ImGui::SameLine();
        if (ImGui::CalcTextSize(samples).x > ImGui::GetContentRegionAvail().x) ImGui::NewLine();
        ImGui::TextDisabled("%s", samples);
    }

    ImGui::Separator();
    std::string cell = "(", place = "(";
    for (int axis = 0; axis < params.dimension; ++axis) {
        char frac[24];
        std::snprintf(frac, sizeof frac, "%s%.4f", axis ? ", " : "",
                      octave.frac[static_cast<std::size_t>(axis)]);
        cell += (axis ? ", " : "") + std::to_string(octave.cell[static_cast<std::size_t>(axis)]);
        place += frac;
    }
    const noise::AlgorithmInfo& info = noise::algorithm_info(params.algorithm);
    if (info.lattice == noise::LatticeKind::skewed) {
        // A skewed lattice: no square cell to draw; the vertices it sums, in a table.
        ImGui::TextWrapped("%s", info.probe_note.data());
        ImGui::Text("1. %s %s, the point's place %s",
                    params.dimension == 3 ? "nearest vertex" : "skewed cell", (cell + ")").c_str(),
                    (place + ")").c_str());
        draw_simplex_steps(octave, params);
    } else {
        ImGui::Text("1. cell %s, the point's place in it %s", (cell + ")").c_str(), (place + ")").c_str());
        if (octave.period > 0)
            ImGui::TextDisabled("   the lattice wraps every %lld cells (tiling)",
                                static_cast<long long>(octave.period));
        draw_cell(
            octave, params,
            std::min(16.5f * ImGui::GetFontSize(), std::floor(ImGui::GetContentRegionAvail().x * 0.55f)));
        report_item("probe_drawing");
        ImGui::SameLine();
        ImGui::BeginGroup();
        // Wrapped at the column's visible width (the tables below may make it scroll sideways).
        ImGui::PushTextWrapPos(ImGui::GetWindowWidth() - ImGui::GetStyle().WindowPadding.x);
        if (info.corner == noise::CornerKind::gradient) {
            ImGui::TextColored(ImColor(colours::gradient_mark), "arrows: gradients g");
            ImGui::TextColored(ImColor(colours::distance_mark), "lines: distances d");
            ImGui::TextUnformatted("numbers: g . d");
        } else if (info.corner == noise::CornerKind::feature) {
            ImGui::TextUnformatted("dots: feature points");
            ImGui::TextColored(ImColor(colours::gradient_mark), "line: nearest, F1");
            if (octave.second_nearest >= 0)
                ImGui::TextColored(ImColor(colours::distance_mark), "line: second nearest, F2");
            // The distances' normalisation, for the algorithms that return a distance.
            if (info.uses("cellular_return") && octave.nearest >= 0 && octave.second_nearest >= 0) {
                const double f1 = octave.corners[static_cast<std::size_t>(octave.nearest)].value;
                const double f2 = octave.corners[static_cast<std::size_t>(octave.second_nearest)].value;
                ImGui::Text("F1 %.4f  F2 %.4f", f1, f2);
                // The normalisation spelled out: the distance becomes n by one factor (worley.hpp).
                const double scale = noise::worley_normalisation(params.dimension, params.cellular_distance,
                                                                 params.cellular_return);
                const bool f1_only = params.cellular_return == noise::CellularReturn::f1;
                const bool f2_only = params.cellular_return == noise::CellularReturn::f2;
                ImGui::TextWrapped(
                    "n = %s x %.4f = %.4f: the distance divided by %sthe cell's half-diagonal "
                    "%.4f, so a regular grid's F1 spans 0 .. 1",
                    f1_only   ? "F1"
                    : f2_only ? "F2"
                              : "(F2 - F1)",
                    scale, octave.value, f1_only ? "" : "twice ", f1_only ? 1.0 / scale : 0.5 / scale);
            }
            ImGui::Text("%zu cells searched.", octave.corners.size());
        } else {
            ImGui::TextUnformatted("dots: lattice values");
        }
        ImGui::TextWrapped("%s", info.probe_note.data());
        ImGui::PopTextWrapPos();
        ImGui::EndGroup();
        ImGui::Separator();
        ImGui::TextUnformatted(info.corner == noise::CornerKind::gradient
                                   ? "2-3. corners: hash, gradient, distance, dot product"
                               : info.corner == noise::CornerKind::feature
                                   ? "2-4. cells searched: hash and distance to the feature point"
                                   : "2-3. lattice points: hash and value");
        draw_corner_table(octave, params);
        if (!octave.blends.empty()) {
            ImGui::Separator();
            ImGui::TextUnformatted("4. blend, x first, then y ...");
            draw_blends(octave, params);
        }
    }
    ImGui::Separator();
    ImGui::Text("octave %d: n = %+.6f   adds %+.6f to the sum", lattice.probe_octave,
                printed(octave.value, 6), printed(octave.contribution, 6));
    ImGui::Text("sum of %d octave%s: %+.6f", octaves, octaves == 1 ? "" : "s",
                printed(trace->total.value, 6));
    ImGui::Text("gradient %s%s", vector_text(trace->total.gradient, params.dimension).c_str(),
                trace->total.method == noise::GradientMethod::analytic ? "" : " (finite differences)");
    ImGui::End();
    if (!open) lattice.probe_pinned = false;
}

std::vector<NoisePoint> probe_distance_corners(const noise::Params& params, double x, double y) {
    // The same test as the probe window's drawing of the cell (draw_cell), so the two agree.
    const noise::AlgorithmInfo& info = noise::algorithm_info(params.algorithm);
    if (params.dimension < 2 || !info.square_lattice() || info.corner != noise::CornerKind::gradient)
        return {};
    const double cx = std::floor(x), cy = std::floor(y);
    return {{cx, cy}, {cx + 1.0, cy}, {cx, cy + 1.0}, {cx + 1.0, cy + 1.0}};
}

void ProbePanel::draw_marker(ImDrawList* draw, const ViewTransform& view, const LatticeViewSettings& lattice,
                             float scale) {
    if (!lattice.probe_pinned || view.params.dimension < 2) return;
    const ImVec2 p = view.screen_at({lattice.probe_x, lattice.probe_y});
    // Simplex noise: the triangle holding the point and its vertices' circles; cellular noise:
    // lines to the nearest feature points (F1, F2), where the first octave's cells are on screen.
    const noise::LatticeKind kind = noise::algorithm_info(view.params.algorithm).lattice;
    const bool simplex            = kind == noise::LatticeKind::skewed;
    const bool worley             = kind == noise::LatticeKind::cells;
    if ((simplex || worley) && view.screen_pixels_per_unit() >= 24.0 * scale)
        if (const noise::Trace* trace = trace_for(view.params, lattice); trace && !trace->octaves.empty()) {
            const noise::OctaveTrace& first = trace->octaves[0];
            if (simplex) draw_simplex_marker(draw, view, {lattice.probe_x, lattice.probe_y}, first, scale);
            for (const int n : {first.second_nearest, first.nearest}) {
                if (!worley || n < 0) continue;
                const noise::CornerTrace& c = first.corners[static_cast<std::size_t>(n)];
                const ImVec2 feature =
                    view.screen_at({lattice.probe_x + c.distance[0], lattice.probe_y + c.distance[1]});
                const ImU32 colour = n == first.nearest ? colours::gradient_mark : colours::distance_mark;
                draw->AddLine(p, feature, colours::with_alpha(colours::shadow, 170), 4.0f * scale);
                draw->AddLine(p, feature, colour, 2.0f * scale);
                draw->AddCircleFilled(feature, 4.0f * scale, colour);
                report_rect(n == first.nearest ? "probe_f1_line" : "probe_f2_line",
                            ImVec2(std::min(p.x, feature.x), std::min(p.y, feature.y)),
                            ImVec2(std::max(p.x, feature.x), std::max(p.y, feature.y)));
            }
        }
    // Lines from the corners of the first octave's cell: the distance vectors of step 3, when the
    // cells are large enough on screen for the lines to read.
    if (view.screen_pixels_per_unit() >= 24.0 * scale)
        for (const NoisePoint& corner : probe_distance_corners(view.params, lattice.probe_x, lattice.probe_y))
            draw->AddLine(view.screen_at(corner), p, colours::distance_mark, 1.2f * scale);
    draw->AddCircle(p, 8.0f * scale, colours::with_alpha(colours::shadow, 200), 0, 3.0f * scale);
    draw->AddCircle(p, 8.0f * scale, colours::probe_point, 0, 1.8f * scale);
    draw->AddCircleFilled(p, 2.5f * scale, colours::probe_point);
}

nlohmann::json ProbePanel::report_state(const LatticeViewSettings& lattice) const {
    if (!lattice.probe_pinned || !trace_) return nullptr;
    const noise::OctaveTrace& octave = trace_->octaves[static_cast<std::size_t>(
        std::clamp(lattice.probe_octave, 0, static_cast<int>(trace_->octaves.size()) - 1))];
    return {{"x", lattice.probe_x},
            {"y", lattice.probe_y},
            {"octave", lattice.probe_octave},
            {"cell", {octave.cell[0], octave.cell[1]}},
            {"corners", octave.corners.size()},
            {"blends", octave.blends.size()},
            {"octave_value", exact(octave.value)},
            {"value", exact(trace_->total.value)}};
}

}  // namespace app::gui
