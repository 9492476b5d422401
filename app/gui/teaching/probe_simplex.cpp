// The probe's simplex steps: see probe_simplex.hpp.
#include "gui/teaching/probe_simplex.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>

#include "gui/common/theme.hpp"
#include "gui/common/ui_report.hpp"
#include "noise/simplex.hpp"

namespace app::gui {

namespace {

// The vectors' components this dimension has (1D runs the 2D lattice along y = 0).
int lattice_dimension(const noise::Params& params) { return params.dimension == 1 ? 2 : params.dimension; }

double length2(const noise::CornerTrace& c, int dimension) {
    double sum = 0.0;
    for (int axis = 0; axis < dimension; ++axis)
        sum += c.distance[static_cast<std::size_t>(axis)] * c.distance[static_cast<std::size_t>(axis)];
    return sum;
}

double dot(const noise::CornerTrace& c, int dimension) {
    double sum = 0.0;
    for (int axis = 0; axis < dimension; ++axis)
        sum += c.gradient[static_cast<std::size_t>(axis)] * c.distance[static_cast<std::size_t>(axis)];
    return sum;
}

std::string vector_text(const std::array<double, 4>& v, int dimension) {
    std::string text = "(";
    for (int axis = 0; axis < dimension; ++axis) {
        char part[24];
        const double x = v[static_cast<std::size_t>(axis)];
        std::snprintf(part, sizeof part, "%s%+.3f", axis ? ", " : "", std::abs(x) < 5e-4 ? 0.0 : x);
        text += part;
    }
    return text + ")";
}

// The drawing: the skewed lattice around the point's cell, the simplex holding the point (the
// three vertices traced), their radius circles and gradients, the distance vectors.
void draw_triangle_figure(const noise::OctaveTrace& octave, float size) {
    const noise::SimplexFacts facts = noise::simplex_facts(2);
    ImDrawList* draw                = ImGui::GetWindowDrawList();
    const ImVec2 origin             = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(size, size));
    // Noise space relative to vertex (0, 0) of the cell; the view is centred on the cell's middle
    // and wide enough for the circles of its three vertices.
    const NoisePoint middle = simplex_vertex_at(0.5, 0.5);
    const double half       = 1.45;
    const float unit        = size / static_cast<float>(2.0 * half);
    const auto at           = [&](NoisePoint p) {
        return ImVec2(origin.x + size * 0.5f + static_cast<float>(p.x - middle.x) * unit,
                                origin.y + size * 0.5f + static_cast<float>(p.y - middle.y) * unit);
    };
    draw->AddRectFilled(origin, ImVec2(origin.x + size, origin.y + size), colours::plot_background, 4.0f);
    draw->PushClipRect(origin, ImVec2(origin.x + size, origin.y + size), true);
    // The lattice's three families of edges: constant i, constant j, and the diagonals i - j that
    // split each skewed square into its two triangles.
    for (int k = -2; k <= 3; ++k) {
        draw->AddLine(at(simplex_vertex_at(k, -3)), at(simplex_vertex_at(k, 4)), colours::probe_grid);
        draw->AddLine(at(simplex_vertex_at(-3, k)), at(simplex_vertex_at(4, k)), colours::probe_grid);
        draw->AddLine(at(simplex_vertex_at(-3 + k, -3)), at(simplex_vertex_at(4 + k, 4)),
                      colours::probe_grid);
    }
    const auto vertex_of = [&](const noise::CornerTrace& c) {
        return simplex_vertex_at(c.offset[0], c.offset[1]);
    };
    const NoisePoint point{octave.corners[0].distance[0],
                           octave.corners[0].distance[1]};  // from vertex (0, 0)
    if (octave.corners.size() >= 3) {
        draw->AddTriangleFilled(at(vertex_of(octave.corners[0])), at(vertex_of(octave.corners[1])),
                                at(vertex_of(octave.corners[2])), colours::with_alpha(colours::accent, 45));
        draw->AddTriangle(at(vertex_of(octave.corners[0])), at(vertex_of(octave.corners[1])),
                          at(vertex_of(octave.corners[2])), colours::probe_cell_frame, 1.5f);
    }
    const float radius = static_cast<float>(std::sqrt(facts.radius2)) * unit;
    for (const noise::CornerTrace& c : octave.corners) {
        const ImVec2 v = at(vertex_of(c));
        draw->AddCircle(v, radius, colours::with_alpha(colours::distance_mark, 110), 48, 1.0f);
        draw->AddLine(v, at(point), colours::distance_mark, 1.2f);
        const ImVec2 tip(v.x + static_cast<float>(c.gradient[0]) * unit * 0.35f,
                         v.y + static_cast<float>(c.gradient[1]) * unit * 0.35f);
        draw->AddLine(v, tip, colours::gradient_mark, 2.0f);
        draw->AddCircleFilled(tip, 2.5f, colours::gradient_mark);
        draw->AddCircleFilled(v, 3.0f, colours::light);
    }
    draw->AddCircleFilled(at(point), 4.5f, colours::probe_point);
    draw->AddCircle(at(point), 6.5f, colours::with_alpha(colours::shadow, 200), 0, 1.5f);
    draw->PopClipRect();
}

}  // namespace

NoisePoint simplex_vertex_at(double i, double j) {
    const double u = noise::simplex_facts(2).unskew;
    return {i - (i + j) * u, j - (i + j) * u};
}

void draw_simplex_steps(const noise::OctaveTrace& octave, const noise::Params& params) {
    const int dimension             = lattice_dimension(params);
    const noise::SimplexFacts facts = noise::simplex_facts(params.dimension);
    // Wrapped at the column's visible width: its tables may make it scroll sideways.
    ImGui::PushTextWrapPos(ImGui::GetWindowWidth() - ImGui::GetStyle().WindowPadding.x);
    if (dimension == 2 && !octave.corners.empty()) {
        draw_triangle_figure(octave, std::min(15.0f * ImGui::GetFontSize(),
                                              std::floor(ImGui::GetContentRegionAvail().x * 0.5f)));
        report_item("probe_drawing");
        ImGui::SameLine();
        ImGui::BeginGroup();
        ImGui::TextWrapped("grid: the skewed lattice; shaded: the triangle holding the point");
        ImGui::TextColored(ImColor(colours::distance_mark), "circles: radius r = %.4f",
                           std::sqrt(facts.radius2));
        ImGui::TextColored(ImColor(colours::distance_mark), "lines: distances d");
        ImGui::TextColored(ImColor(colours::gradient_mark), "strokes: gradients g");
        ImGui::EndGroup();
    } else {
        ImGui::TextWrapped(
            "In 3D the lattice is body-centred and turned, in 4D skewed in four axes: "
            "the vertices are listed, not drawn.");
    }
    ImGui::TextWrapped("2-3. Each vertex adds (r^2 - |d|^2)^4 (g . d) while |d|^2 < r^2 = %g, else 0:",
                       facts.radius2);
    // Two narrow tables rather than one wide one: the probe's column holds them at presenter
    // mode's font too. First the vectors, then the arithmetic of each vertex.
    const std::size_t shown = std::min<std::size_t>(octave.corners.size(), 8);
    const auto vertex_name  = [&](const noise::CornerTrace& c) {
        std::string index = "(";
        for (int axis = 0; axis < dimension; ++axis)
            index += (axis ? ", " : "") + std::to_string(c.index[static_cast<std::size_t>(axis)]);
        return index + ")";
    };
    constexpr ImGuiTableFlags flags =
        ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_NoHostExtendX;
    if (ImGui::BeginTable("simplex_vectors", 3, flags)) {
        for (const char* name : {"vertex", "gradient g", "distance d"}) ImGui::TableSetupColumn(name);
        ImGui::TableHeadersRow();
        for (std::size_t n = 0; n < shown; ++n) {
            const noise::CornerTrace& c = octave.corners[n];
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(vertex_name(c).c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(vector_text(c.gradient, dimension).c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(vector_text(c.distance, dimension).c_str());
        }
        ImGui::EndTable();
    }
    if (ImGui::BeginTable("simplex_sums", 5, flags)) {
        for (const char* name : {"vertex", "|d|^2", "falloff", "g . d", "adds"})
            ImGui::TableSetupColumn(name);
        ImGui::TableHeadersRow();
        for (std::size_t n = 0; n < shown; ++n) {
            const noise::CornerTrace& c = octave.corners[n];
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(vertex_name(c).c_str());
            const double d2 = length2(c, dimension), a = facts.radius2 - d2;
            ImGui::TableNextColumn();
            ImGui::Text("%.4f", d2);
            ImGui::TableNextColumn();
            if (a > 0.0)
                ImGui::Text("%.2e", a * a * a * a);
            else
                ImGui::TextDisabled("0: out");
            ImGui::TableNextColumn();
            ImGui::Text("%+.3f", dot(c, dimension));
            ImGui::TableNextColumn();
            ImGui::Text("%+.2e", c.value);
        }
        ImGui::EndTable();
    }
    report_item("probe_simplex_table");
    double sum = 0.0;
    for (const noise::CornerTrace& c : octave.corners) sum += c.value;
    ImGui::TextWrapped("4. sum %+.4e  x %g  =  n %+.6f", sum, facts.normalisation, octave.value);
    ImGui::TextWrapped("(%g: the normalisation, which keeps one octave within -1 .. 1)", facts.normalisation);
    ImGui::PopTextWrapPos();
}

void draw_simplex_marker(ImDrawList* draw, const ViewTransform& view, NoisePoint point,
                         const noise::OctaveTrace& octave, float scale) {
    if (octave.corners.size() < 3 || view.params.dimension != 2) return;
    const noise::SimplexFacts facts = noise::simplex_facts(2);
    const auto vertex               = [&](const noise::CornerTrace& c) {
        return view.screen_at({point.x - c.distance[0], point.y - c.distance[1]});
    };
    const ImVec2 a = vertex(octave.corners[0]), b = vertex(octave.corners[1]), c = vertex(octave.corners[2]);
    draw->AddTriangleFilled(a, b, c, colours::with_alpha(colours::accent, 40));
    draw->AddTriangle(a, b, c, colours::with_alpha(colours::shadow, 160), 3.0f * scale);
    draw->AddTriangle(a, b, c, colours::accent, 1.5f * scale);
    const float radius = static_cast<float>(std::sqrt(facts.radius2) * view.screen_pixels_per_unit());
    const ImVec2 p     = view.screen_at(point);
    for (const noise::CornerTrace& corner : octave.corners) {
        const ImVec2 v = vertex(corner);
        draw->AddCircle(v, radius, colours::with_alpha(colours::distance_mark, 150), 64, 1.2f * scale);
        draw->AddLine(v, p, colours::distance_mark, 1.2f * scale);
    }
}

}  // namespace app::gui
