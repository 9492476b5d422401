#include "gui/teaching/teach_views.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "gui/common/theme.hpp"
#include "gui/preview/curve_plot.hpp"
#include "gui/preview/view_transform.hpp"

namespace app::gui {

noise::Params shown_params(const TeachViews& teach, const noise::Params& params) {
    noise::Params shown = animated(params, teach.animation);
    if (shown.fractal == noise::Fractal::ridged && !teach.chosen.all(shown.octaves))
        shown.fractal = noise::Fractal::fbm;
    return shown;
}

void update_teach_views(TeachViews& teach, const Settings& settings, double now, bool shown) {
    const int count = settings.params.octaves;
    if (teach.chosen.solo >= count) teach.chosen.solo = -1;
    teach.chosen.muted &= count >= 32 ? ~0u : (1u << count) - 1u;
    if (!animated_axis(settings.params.dimension)) teach.animation.on = false;
    if (teach.animation.dimension != settings.params.dimension) teach.animation.phase = 0.0;
    teach.animation.dimension = settings.params.dimension;
    advance(teach.animation, now, shown);
}

void draw_animation_menu_items(TeachViews& teach, Settings& settings) {
    const char* axis = animated_axis(settings.params.dimension);
    char label[64];
    std::snprintf(label, sizeof label, "Animate %s", axis ? axis : "z (3D or 4D only)");
    if (ImGui::MenuItem(label, nullptr, teach.animation.on, axis != nullptr))
        teach.animation.on = !teach.animation.on;
    report_item("animate");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Move the slice through the noise: the 2D picture of a 3D (4D) field changing with z (w).\n"
            "A way of looking: the settings, the undo history and exports keep their own %s.",
            axis ? axis : "z");
    if (ImGui::MenuItem("Rewind", nullptr, false, teach.animation.phase != 0.0)) teach.animation.phase = 0.0;
    report_item("rewind");
    std::snprintf(label, sizeof label, "Keep this slice (%s = %.3f)", axis ? axis : "z",
                  axis ? (settings.params.dimension == 3 ? settings.params.z : settings.params.w) +
                             teach.animation.phase
                       : 0.0);
    if (ImGui::MenuItem(label, nullptr, false, axis != nullptr && teach.animation.phase != 0.0)) {
        settings.params       = animated(settings.params, teach.animation);  // one ordinary, undoable change
        teach.animation.phase = 0.0;
    }
    report_item("keep_slice");
    float speed = static_cast<float>(teach.animation.speed);
    ImGui::SetNextItemWidth(160.0f);
    if (ImGui::SliderFloat("cells / s", &speed, 0.02f, 2.0f, "%.2f", ImGuiSliderFlags_Logarithmic))
        teach.animation.speed = speed;
    report_item("animate_speed");
}

BottomTab draw_bottom_tabs(TeachViews& teach) {
    if (!ImGui::BeginTabBar("bottom_tabs")) return teach.tab;
    const struct {
        const char* label;
        BottomTab tab;
        const char* key;
    } tabs[] = {{"Curve", BottomTab::curve, "tab_curve"},
                {"Octaves", BottomTab::octaves, "tab_octaves"},
                {"Interpolation", BottomTab::interpolation, "tab_interpolation"}};
    // A tab set from outside is asked for until ImGui shows it (it switches a frame later); until
    // then the panel already draws the wanted tab.
    BottomTab shown = teach.tab;
    for (const auto& t : tabs) {
        const bool wanted             = teach.select_tab && teach.tab == t.tab;
        const ImGuiTabItemFlags flags = wanted ? ImGuiTabItemFlags_SetSelected : 0;
        if (ImGui::BeginTabItem(t.label, nullptr, flags)) {
            shown = t.tab;
            ImGui::EndTabItem();
        }
        report_item(t.key);
    }
    ImGui::EndTabBar();
    if (!teach.select_tab)
        teach.tab = shown;
    else if (shown == teach.tab)
        teach.select_tab = false;
    return teach.tab;
}

BigCurveLayout draw_big_curve(TeachViews& teach, Settings& settings, const std::optional<CurveResult>& curve,
                              bool fit_y) {
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    ImGui::TextUnformatted("1D noise: the curve, each octave's weighted share thin under it");
    ImGui::SameLine();
    ImGui::TextDisabled("   wheel: zoom   drag: pan");
    const CurvePlotArea area = draw_curve_plot(curve, true, fit_y, "big_curve", teach.chosen);
    // In 1D this is the preview: it takes the preview's wheel and drag, and tests find it there.
    report_item("preview");

    // The plot's x axis is the preview's width in noise space: the view transform maps it.
    noise::Params& params = settings.params;
    BigCurveState& state  = teach.big_curve;
    const ViewTransform view =
        ViewTransform::of(params, std::max(1, static_cast<int>(area.max.x - area.min.x)), 1)
            .on_screen(area.min, std::max(1.0f, area.max.x - area.min.x), area.max.y - area.min.y);
    const auto set_number = [&](std::string_view key, double value) {  // through the table, clamped
        if (const noise::ParamInfo* info = noise::find_param(key))
            (void)noise::set_param_value(params, *info, std::clamp(value, info->min, info->max));
    };
    if (area.activated) {
        state.panning     = true;
        state.pan_start_x = params.offset_x;
    }
    if (!area.active) state.panning = false;
    if (state.panning) {
        // From the drag's start, so rounding never accumulates; y plays no part in 1D.
        const ImVec2 delta(ImGui::GetMouseDragDelta(ImGuiMouseButton_Left, 0.0f).x, 0.0f);
        set_number("offset_x", view.panned({state.pan_start_x, params.offset_y}, delta).x);
        ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeEW);
    }
    const ImGuiIO& io = ImGui::GetIO();
    if (area.hovered && io.MouseWheel != 0.0f && noise::validate(params).empty()) {
        const noise::ParamInfo* freq = noise::find_param("frequency");
        double f                     = params.frequency * std::pow(1.2, -static_cast<double>(io.MouseWheel));
        if (freq) f = std::clamp(f, freq->min, freq->max);
        const double offset = view.offsets_for_zoom(io.MousePos, f).x;
        set_number("frequency", f);
        set_number("offset_x", offset);
        state.last_wheel_time = ImGui::GetTime();
    }
    BigCurveLayout layout;
    layout.image_width  = static_cast<int>(std::max(16.0f, std::floor(avail.x / 4.0f) * 4.0f));
    layout.image_height = static_cast<int>(std::max(16.0f, avail.y));
    layout.gesture =
        state.panning || (state.last_wheel_time >= 0.0 && ImGui::GetTime() - state.last_wheel_time < 0.4);
    return layout;
}

void draw_teach_badges(const TeachViews& teach, const Settings& settings, ImVec2 top_right,
                       int taught_layer) {
    std::string text;
    char part[96];
    if (teach.animation.phase != 0.0 || teach.animation.on) {
        const noise::Params shown = shown_params(teach, settings.params);
        const bool w              = settings.params.dimension == 4;
        std::snprintf(part, sizeof part, "%s %s = %.3f", teach.animation.on ? "animating" : "paused at",
                      w ? "w" : "z", w ? shown.w : shown.z);
        text += part;
    }
    if (!teach.chosen.all(settings.params.octaves)) {
        if (!text.empty()) text += "   ";
        if (teach.chosen.solo >= 0) {
            std::snprintf(part, sizeof part, "octave %d alone", teach.chosen.solo);
            text += part;
        } else {
            text += "muted:";
            for (int i = 0; i < settings.params.octaves; ++i)
                if (!teach.chosen.shows(i)) text += " " + std::to_string(i);
        }
        if (settings.params.fractal == noise::Fractal::ridged) text += ", as fbm";
    }
    if (!text.empty()) text += "  (view only)";
    if (taught_layer > 1) {  // the picture is the stack's: only the views explain one layer
        std::snprintf(part, sizeof part, "teaching views: layer %d", taught_layer);
        text = part + (text.empty() ? "" : "   " + text);
    }
    if (text.empty()) return;
    ImDrawList* draw  = ImGui::GetWindowDrawList();
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    const ImVec2 at(top_right.x - size.x - 10.0f, top_right.y + 4.0f);
    draw->AddRectFilled(ImVec2(at.x - 5.0f, at.y - 2.0f), ImVec2(at.x + size.x + 5.0f, at.y + size.y + 2.0f),
                        colours::badge, 3.0f);
    draw->AddText(at, colours::accent_caption, text.c_str());
}

nlohmann::json teach_report(const TeachViews& teach, const Settings& settings) {
    const noise::Params shown = shown_params(teach, settings.params);
    nlohmann::json state;
    state["tab"]           = teach.tab == BottomTab::curve     ? "curve"
                             : teach.tab == BottomTab::octaves ? "octaves"
                                                               : "interpolation";
    state["animate"]       = teach.animation.on;
    state["shown_z"]       = shown.z;
    state["shown_w"]       = shown.w;
    state["solo"]          = teach.chosen.solo;
    state["muted"]         = teach.chosen.muted;
    state["big_curve"]     = settings.params.dimension == 1;
    state["octaves"]       = teach.octaves.report_state();
    state["interpolation"] = teach.interpolation.report_state();
    return state;
}

}  // namespace app::gui
