// The lattice views' menu, their layer over the preview and their report: see lattice_views.hpp.
#include "gui/teaching/lattice_views.hpp"

#include <imgui.h>

#include <nlohmann/json.hpp>
#include <string>

#include "noise/algorithms.hpp"

namespace app::gui {

namespace {

// Why the corner views (the influence of one corner, before interpolation) are off for this
// algorithm, or nullptr: they draw what a square cell's corners add to the blend.
const char* no_corners(const noise::Params& params) {
    if (noise::algorithm_info(params.algorithm).square_lattice) return nullptr;
    if (params.algorithm == noise::Algorithm::worley)
        return "Not available for cellular noise: it blends no lattice corners, each pixel is a distance to "
               "the "
               "nearest feature points. The lattice overlay and the probe show those points.";
    return "Not available for simplex-type noise: its lattice (triangular in 2D and 4D, body-centred in 3D) "
           "has no square cells with corners to draw or blend. The probe tool shows the vertices it sums.";
}

// Why the lattice overlay is off, or nullptr: it draws square cells, with each lattice point's
// gradient or value, or (cellular noise) each cell's feature point.
const char* no_cells(const noise::Params& params) {
    if (params.algorithm == noise::Algorithm::worley) return nullptr;
    if (params.algorithm == noise::Algorithm::simplex) {
        if (params.dimension == 2) return nullptr;  // its skewed lattice of triangles
        return "Simplex-type noise in 3D and 4D: a slice through its lattice (body-centred in 3D, skewed in "
               "four axes in 4D) shows no lattice to draw. In 2D the overlay draws its triangles.";
    }
    return no_corners(params);
}

// The disabled item's reason on hover (ImGui shows no tooltip on disabled items unless asked).
void why_disabled(const char* reason) {
    if (reason == nullptr || !ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) return;
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
    ImGui::TextUnformatted(reason);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

}  // namespace

void draw_lattice_menu_items(LatticeViewSettings& layers, const noise::Params& params) {
    const bool two_d = params.dimension >= 2;  // 1D shows its curve, which has no 2D lattice to draw on
    const char* without_cells   = no_cells(params);
    const char* without_corners = no_corners(params);
    const bool cells            = two_d && without_cells == nullptr;
    const bool corners          = two_d && without_corners == nullptr;
    ImGui::MenuItem("Lattice and gradients", nullptr, &layers.lattice, cells);
    report_item("teach_lattice");
    if (cells && ImGui::IsItemHovered())
        ImGui::SetTooltip(
            params.algorithm == noise::Algorithm::worley
                ? "The cells of the first octave, each with its feature point (dots). Zoom in to see "
                  "the points."
            : params.algorithm == noise::Algorithm::simplex
                ? "The skewed lattice of the first octave: its triangles, with each vertex's gradient "
                  "(arrows). Zoom in to see the arrows."
                : "Grid lines at the lattice points of the first octave, with each point's gradient "
                  "(arrows) or value (dots). Zoom in to see the points.");
    why_disabled(without_cells);
    ImGui::MenuItem("Probe tool", nullptr, &layers.probe_tool, two_d);
    report_item("teach_probe");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Click the preview to pin a probe; drag it to move it. Its window shows the evaluation "
            "step by step.");
    // Water on the field: any field of 2 or more dimensions has a slope.
    ImGui::MenuItem("Downhill arrows (-gradient)", nullptr, &layers.downhill, two_d);
    report_item("teach_downhill");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Arrows down the steepest slope of the field shown, -grad h, from the library's exact "
            "gradient: the way water on the ground flows.");
    ImGui::MenuItem("Flow paths (steepest descent)", nullptr, &layers.flow_paths, two_d);
    report_item("teach_flow_paths");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Water followed downhill from a grid of points until it leaves the picture or stops in a "
            "pit (red dot). Paths that run together mark the channels; pits trap water.");
    ImGui::Separator();
    ImGui::TextDisabled("Preview shows (first octave)");
    // The lattice is not warped or turned: these views show it as it is, the field without warp
    // and without the turned layer; the probe's trace follows the warp to the point it reads.
    if (params.warp_amplitude > 0.0 || (params.layers == noise::Layers::rotated && two_d))
        ImGui::TextDisabled("(unwarped, one layer: the lattice itself)");
    if (ImGui::MenuItem("The noise", nullptr, layers.field == FieldLayer::noise))
        layers.field = FieldLayer::noise;
    report_item("teach_field_noise");
    // Offsets (0, 0) .. (1, 1) from the cell's lowest indices; y grows downwards on screen.
    static constexpr const char* corner_names[4] = {
        "Influence of corner (0, 0), top left", "Influence of corner (1, 0), top right",
        "Influence of corner (0, 1), bottom left", "Influence of corner (1, 1), bottom right"};
    for (int corner = 0; corner < 4; ++corner) {
        const bool selected =
            layers.field == FieldLayer::corner_influence && layers.influence_corner == corner;
        if (ImGui::MenuItem(corner_names[corner], nullptr, selected && corners, corners)) {
            layers.field            = FieldLayer::corner_influence;
            layers.influence_corner = corner;
        }
        why_disabled(without_corners);
        report_item("teach_corner_" + std::to_string(corner));
    }
    if (ImGui::MenuItem("Before interpolation (nearest corner)", nullptr,
                        layers.field == FieldLayer::before_interpolation && corners, corners))
        layers.field = FieldLayer::before_interpolation;
    report_item("teach_before_interpolation");
    if (corners && ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Each pixel takes only its nearest corner's contribution: what interpolation blends.");
    why_disabled(without_corners);
}

void draw_lattice_views(ImDrawList* draw, const ViewTransform& view, int repeats, LatticeViews& views,
                        float scale) {
    views.lattice_drawn = {};
    if (views.layers.lattice) {
        for (int ty = 0; ty < repeats; ++ty)
            for (int tx = 0; tx < repeats; ++tx) {
                const ImVec2 min(view.screen_min.x + view.screen_width * static_cast<float>(tx),
                                 view.screen_min.y + view.screen_height * static_cast<float>(ty));
                views.lattice_drawn = views.lattice.draw(
                    draw, view.on_screen(min, view.screen_width, view.screen_height), scale);
            }
    }
    views.probe.draw_marker(draw, view, views.layers, scale);
    if (views.layers.probe_pinned) {
        const ImVec2 p = view.screen_at({views.layers.probe_x, views.layers.probe_y});
        report_rect("probe_marker", ImVec2(p.x - 2.0f, p.y - 2.0f), ImVec2(p.x + 2.0f, p.y + 2.0f));
    }
}

void draw_flow_views(ImDrawList* draw, const ViewTransform& view, int repeats, LatticeViews& views,
                     const std::function<void()>& wake, float scale) {
    views.flow.draw(draw, view, repeats, views.layers, wake, scale);
}

nlohmann::json lattice_views_report(const LatticeViews& views, bool influence_shown) {
    static constexpr const char* field_names[3] = {"noise", "corner_influence", "before_interpolation"};
    return {{"lattice", views.layers.lattice},
            {"lattice_step", views.lattice_drawn.line_step},
            {"lattice_marks", views.lattice_drawn.marks},
            {"probe_tool", views.layers.probe_tool},
            {"probe", views.probe.report_state(views.layers)},
            {"field", field_names[static_cast<int>(views.layers.field)]},
            {"influence_shown", influence_shown},
            {"downhill", views.layers.downhill},
            {"flow_paths", views.layers.flow_paths},
            {"flow", views.flow.report_state()}};
}

}  // namespace app::gui
