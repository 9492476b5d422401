// The lattice views' menu and report: see lattice_views.hpp.
#include "gui/lattice_views.hpp"

#include <imgui.h>

#include <string>

namespace app::gui {

void draw_lattice_menu_items(LatticeViewSettings& layers, int dimension, bool square_lattice, UiReport& report) {
    const bool two_d = dimension >= 2;  // 1D shows its curve, which has no 2D lattice to draw on
    // Cellular noise blends no corners: its value is a distance to the nearest feature points.
    const bool corners = two_d && square_lattice;
    const auto no_corners_tooltip = [&] {
        if (two_d && !square_lattice && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
            ImGui::SetTooltip("Cellular noise blends no lattice corners: each pixel is a distance to the nearest "
                              "feature points. The lattice overlay and the probe show those points.");
    };
    ImGui::MenuItem("Lattice and gradients", nullptr, &layers.lattice, two_d);
    report.item("teach_lattice");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(square_lattice ? "Grid lines at the lattice points of the first octave, with each point's "
                                           "gradient (arrows) or value (dots). Zoom in to see the points."
                                         : "The cells of the first octave, each with its feature point (dots). Zoom "
                                           "in to see the points.");
    ImGui::MenuItem("Probe tool", nullptr, &layers.probe_tool, two_d);
    report.item("teach_probe");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Click the preview to pin a probe; drag it to move it. Its window shows the evaluation "
                          "step by step.");
    ImGui::Separator();
    ImGui::TextDisabled("Preview shows (first octave)");
    if (ImGui::MenuItem("The noise", nullptr, layers.field == FieldLayer::noise || !corners)) layers.field = FieldLayer::noise;
    report.item("teach_field_noise");
    // Offsets (0, 0) .. (1, 1) from the cell's lowest indices; y grows downwards on screen.
    static constexpr const char* corner_names[4] = {"Influence of corner (0, 0), top left",
                                                    "Influence of corner (1, 0), top right",
                                                    "Influence of corner (0, 1), bottom left",
                                                    "Influence of corner (1, 1), bottom right"};
    for (int corner = 0; corner < 4; ++corner) {
        const bool selected = layers.field == FieldLayer::corner_influence && layers.influence_corner == corner;
        if (ImGui::MenuItem(corner_names[corner], nullptr, selected && corners, corners)) {
            layers.field = FieldLayer::corner_influence;
            layers.influence_corner = corner;
        }
        report.item("teach_corner_" + std::to_string(corner));
        no_corners_tooltip();
    }
    if (ImGui::MenuItem("Before interpolation (nearest corner)", nullptr,
                        layers.field == FieldLayer::before_interpolation && corners, corners))
        layers.field = FieldLayer::before_interpolation;
    report.item("teach_before_interpolation");
    no_corners_tooltip();
    if (corners && ImGui::IsItemHovered())
        ImGui::SetTooltip("Each pixel takes only its nearest corner's contribution: what interpolation blends.");
}

nlohmann::json lattice_views_report(const LatticeViews& views, bool influence_shown) {
    static constexpr const char* field_names[3] = {"noise", "corner_influence", "before_interpolation"};
    return {{"lattice", views.layers.lattice},
            {"lattice_step", views.lattice_drawn.line_step},
            {"lattice_marks", views.lattice_drawn.marks},
            {"probe_tool", views.layers.probe_tool},
            {"probe", views.probe.report_state(views.layers)},
            {"field", field_names[static_cast<int>(views.layers.field)]},
            {"influence_shown", influence_shown}};
}

}  // namespace app::gui
