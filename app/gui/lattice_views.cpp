// The lattice views' menu and report: see lattice_views.hpp.
#include "gui/lattice_views.hpp"

#include <imgui.h>

#include <string>

namespace app::gui {

void draw_lattice_menu_items(LatticeViewSettings& layers, const noise::Params& params, UiReport& report) {
    const bool two_d = params.dimension >= 2;  // 1D shows its curve, which has no 2D lattice to draw on
    ImGui::MenuItem("Lattice and gradients", nullptr, &layers.lattice, two_d);
    report.item("teach_lattice");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Grid lines at the lattice points of the first octave, with each point's gradient "
                          "(arrows) or value (dots). Zoom in to see the points.");
    ImGui::MenuItem("Probe tool", nullptr, &layers.probe_tool, two_d);
    report.item("teach_probe");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Click the preview to pin a probe; drag it to move it. Its window shows the evaluation "
                          "step by step.");
    ImGui::Separator();
    ImGui::TextDisabled("Preview shows (first octave)");
    // The lattice is not warped or turned: these views show it as it is, the field without warp
    // and without the turned layer; the probe's trace follows the warp to the point it reads.
    if (params.warp_amplitude > 0.0 || (params.layers == noise::Layers::rotated && two_d))
        ImGui::TextDisabled("(unwarped, one layer: the lattice itself)");
    if (ImGui::MenuItem("The noise", nullptr, layers.field == FieldLayer::noise)) layers.field = FieldLayer::noise;
    report.item("teach_field_noise");
    // Offsets (0, 0) .. (1, 1) from the cell's lowest indices; y grows downwards on screen.
    static constexpr const char* corner_names[4] = {"Influence of corner (0, 0), top left",
                                                    "Influence of corner (1, 0), top right",
                                                    "Influence of corner (0, 1), bottom left",
                                                    "Influence of corner (1, 1), bottom right"};
    for (int corner = 0; corner < 4; ++corner) {
        const bool selected = layers.field == FieldLayer::corner_influence && layers.influence_corner == corner;
        if (ImGui::MenuItem(corner_names[corner], nullptr, selected, two_d)) {
            layers.field = FieldLayer::corner_influence;
            layers.influence_corner = corner;
        }
        report.item("teach_corner_" + std::to_string(corner));
    }
    if (ImGui::MenuItem("Before interpolation (nearest corner)", nullptr,
                        layers.field == FieldLayer::before_interpolation, two_d))
        layers.field = FieldLayer::before_interpolation;
    report.item("teach_before_interpolation");
    if (ImGui::IsItemHovered())
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
