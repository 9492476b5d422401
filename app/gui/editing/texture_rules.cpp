// gui/editing/texture_rules.cpp: the Texture rules section: a list of layers, each band a row.
#include "gui/editing/texture_rules.hpp"

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <string>

#include "core/colour.hpp"
#include "core/export_image.hpp"
#include "core/terrain_scale.hpp"
#include "gui/common/ui_report.hpp"

namespace app::gui {

namespace {

constexpr double infinity = std::numeric_limits<double>::infinity();

// Where a bound starts when it is switched on: a value that changes the picture on most terrain.
double first_bound(TextureBand band, bool is_max, double height_m, bool tied) {
    switch (band) {
        case TextureBand::height:
            return tied ? (is_max ? 0.05 * height_m : -0.05 * height_m) : (is_max ? 0.6 : 0.4) * height_m;
        case TextureBand::slope:
            return is_max ? 35.0 : 20.0;
        case TextureBand::curvature:
            return is_max ? -0.02 : 0.02;  // min: hollows; max: ridges
        case TextureBand::flow:
            return is_max ? 0.4 : 0.6;  // min: the channels
        case TextureBand::wear:
        case TextureBand::deposit:
            return is_max ? 0.8 : 0.2;  // min: where it wore or settled
    }
    return 0.0;
}

// How far one pixel of dragging moves a value of this band.
double drag_speed(TextureBand band, double height_m) {
    switch (band) {
        case TextureBand::height:
            return std::max(0.01, height_m / 500.0);
        case TextureBand::slope:
            return 0.2;
        default:
            return 0.005;
    }
}

// A name the reader would take (texture_layers.cpp): 1 to 32 of A-Z a-z 0-9 _ -.
int name_filter(ImGuiInputTextCallbackData* data) {
    const ImWchar c = data->EventChar;
    return (c < 128 && (std::isalnum(static_cast<int>(c)) || c == '_' || c == '-')) ? 0 : 1;
}

std::string unused_name(const std::vector<TextureLayer>& layers) {
    for (int n = static_cast<int>(layers.size()) + 1;; ++n) {
        const std::string name = "layer" + std::to_string(n);
        if (find_texture_layer(layers, name) < 0) return name;
    }
}

// One bound: its checkbox (on: bounded) and its value. True while the value is dragged.
bool bound_row(const std::string& key, const char* text, double& value, const TextureBandInfo& info,
               bool is_max, double height_m, bool tied, float width) {
    bool on = std::isfinite(value);
    if (ImGui::Checkbox(("##" + key).c_str(), &on))
        value = on ? first_bound(info.band, is_max, height_m, tied) : (is_max ? infinity : -infinity);
    report_item(key);
    ImGui::SameLine(0.0f, 2.0f);
    ImGui::TextUnformatted(text);
    ImGui::SameLine();
    if (!on) {
        ImGui::TextDisabled("none");
        return false;
    }
    ImGui::SetNextItemWidth(width);
    const double lo = info.lo, hi = info.hi;
    ImGui::DragScalar(("##" + key + "_value").c_str(), ImGuiDataType_Double, &value,
                      static_cast<float>(drag_speed(info.band, height_m)), &lo, &hi, "%.4g",
                      ImGuiSliderFlags_AlwaysClamp);
    report_item(key + "_value");
    return ImGui::IsItemActive();
}

// A band's rows: its checkbox, then its bounds and falloff while it is on.
bool band_rows(TextureLayer& layer, const TextureBandInfo& info, const std::string& prefix, double height_m) {
    BandRange& range       = layer.band(info.band);
    const std::string name = std::string(texture_band_names[static_cast<std::size_t>(info.band)]);
    const std::string key  = prefix + name;
    const bool tied        = info.band == TextureBand::height && layer.height_from == HeightFrom::sea;
    std::string label      = std::string(info.label);
    if (!info.unit.empty()) label += ", " + std::string(info.unit);
    if (tied) label += " above the sea";
    if (info.simulation) label += " (simulation)";
    bool on = range.bounded();
    if (ImGui::Checkbox((label + "##" + key).c_str(), &on)) {
        range = {};
        if (on) range.min = first_bound(info.band, false, height_m, tied);
    }
    report_item(key);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(info.tooltip).c_str());
    if (!on) return false;
    ImGui::Indent();
    const float width = std::max(50.0f, (ImGui::GetContentRegionAvail().x - 150.0f) / 2.0f);
    bool held         = bound_row(key + "_min", "min", range.min, info, false, height_m, tied, width);
    ImGui::SameLine();
    held |= bound_row(key + "_max", "max", range.max, info, true, height_m, tied, width);
    ImGui::TextUnformatted("falloff");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(width);
    const double zero = 0.0, falloff_hi = info.falloff_hi;
    ImGui::DragScalar(("##" + key + "_falloff").c_str(), ImGuiDataType_Double, &range.falloff,
                      static_cast<float>(drag_speed(info.band, height_m)) * 0.5f, &zero, &falloff_hi, "%.4g",
                      ImGuiSliderFlags_AlwaysClamp);
    report_item(key + "_falloff");
    held |= ImGui::IsItemActive();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Both bounds soft over this width, centred on each");
    ImGui::Unindent();
    return held;
}

}  // namespace

bool draw_texture_rules(Settings& settings, std::string& rejected) {
    const double height_m = terrain_height_m(settings.params, settings.view);
    const bool own        = !settings.texture_layers.empty();
    // The first edit of the default set makes it the preset's own, the beach tied to the sea.
    std::vector<TextureLayer> layers =
        own ? settings.texture_layers : editable_default_layers(height_m, settings.view.sea_level);
    const std::vector<TextureLayer> before = layers;
    bool held                              = false;
    bool reset                             = false;

    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s", own ? "The preset's own rules, saved with it."
                                 : "The default rules: they follow the height and the sea level.");
    report_item("texture_rules");
    ImGui::TextWrapped(
        "First rule on top; the last is the ground. See them: Colour > Texture weights "
        "under the picture.");
    ImGui::PopStyleColor();
    ImGui::BeginDisabled(layers.size() >= max_texture_layers);
    if (ImGui::Button("Add layer")) {  // above the ground, so the ground stays the last
        TextureLayer added;
        added.name                     = unused_name(layers);
        added.band(TextureBand::slope) = {20.0, 35.0, 4.0};
        const auto at                  = layers.end() - 1;
        layers.insert(at, added);
        ImGui::GetStateStorage()->SetInt(ImGui::GetID(("texture_open." + added.name).c_str()), 1);  // open
    }
    report_item("texture_add");
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(!own);
    if (ImGui::Button("Reset to defaults")) reset = true;
    report_item("texture_reset");
    ImGui::EndDisabled();
    if (auto problem =
            texture_layers_problem(layers, settings.params.erosion_method == noise::ErosionMethod::simulate);
        !problem.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.8f, 0.35f, 1.0f));
        ImGui::TextWrapped("%s", problem.c_str());
        ImGui::PopStyleColor();
        report_item("texture_problem");
    }

    std::optional<std::size_t> remove, up, down;
    std::vector<std::string> names;
    for (const TextureLayer& layer : layers) names.push_back(layer.name);
    const auto colours = texture_layer_colours(names);
    for (std::size_t i = 0; i < layers.size(); ++i) {
        TextureLayer& layer      = layers[i];
        const std::string prefix = "texture_layer." + std::to_string(i);
        // Open or closed by the layer's name, so that a new layer opens and a moved one stays so.
        const ImGuiID open_id = ImGui::GetID(("texture_open." + layer.name).c_str());
        ImGui::PushID(static_cast<int>(i));
        // The layer's colour in the preview, then its row (open state kept by name).
        const auto c = colours[i];
        ImGui::ColorButton("##swatch", ImVec4(c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f, 1.0f),
                           ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoDragDrop,
                           ImVec2(ImGui::GetFrameHeight(), ImGui::GetFrameHeight()));
        ImGui::SameLine();
        const bool open = ImGui::GetStateStorage()->GetInt(open_id, 0) != 0;
        const std::string row =
            std::to_string(i) + ": " + layer.name + (i + 1 == layers.size() ? " (ground)" : "") + "###row";
        ImGui::SetNextItemOpen(open);
        const bool now_open = ImGui::TreeNodeEx(row.c_str(), ImGuiTreeNodeFlags_NoTreePushOnOpen);
        ImGui::GetStateStorage()->SetInt(open_id, now_open ? 1 : 0);
        report_item(prefix);
        ImGui::SameLine();
        ImGui::BeginDisabled(i == 0);
        if (ImGui::SmallButton("up")) up = i;
        report_item(prefix + ".up");
        ImGui::EndDisabled();
        ImGui::SameLine();
        ImGui::BeginDisabled(i + 1 == layers.size());
        if (ImGui::SmallButton("down")) down = i;
        report_item(prefix + ".down");
        ImGui::EndDisabled();
        ImGui::SameLine();
        ImGui::BeginDisabled(layers.size() == 1);
        if (ImGui::SmallButton("remove")) remove = i;
        report_item(prefix + ".remove");
        ImGui::EndDisabled();
        if (now_open) {
            ImGui::Indent();
            char name[40];
            std::snprintf(name, sizeof name, "%s", layer.name.c_str());
            ImGui::AlignTextToFramePadding();
            ImGui::TextUnformatted("Name");
            ImGui::SameLine();
            ImGui::SetNextItemWidth(160.0f);
            if (ImGui::InputText("##name", name, 33, ImGuiInputTextFlags_CallbackCharFilter, name_filter)) {
                const std::string wanted = name;
                const int taken          = find_texture_layer(layers, wanted);
                if (wanted.empty())
                    rejected = "texture_layers[" + std::to_string(i) + "].name: a layer needs a name";
                else if (taken >= 0 && static_cast<std::size_t>(taken) != i &&
                         layers[static_cast<std::size_t>(taken)].name == wanted)
                    rejected = "texture_layers[" + std::to_string(i) + "].name: '" + wanted +
                               "' names another layer: expected unique names";
                else
                    layer.name = wanted;
            }
            report_item(prefix + ".name");
            held |= ImGui::IsItemActive();
            bool tied = layer.height_from == HeightFrom::sea;
            if (ImGui::Checkbox("Tied to the sea", &tied)) {
                // The band keeps its place: its bounds re-measured from the other zero.
                const double sea = settings.view.sea_level * height_m;
                BandRange& h     = layer.band(TextureBand::height);
                const double by  = tied ? -sea : sea;
                if (std::isfinite(h.min)) h.min = std::clamp(h.min + by, -1e7, 1e7);
                if (std::isfinite(h.max)) h.max = std::clamp(h.max + by, -1e7, 1e7);
                layer.height_from = tied ? HeightFrom::sea : HeightFrom::base;
            }
            report_item(prefix + ".sea");
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip(
                    "The height band in metres above the sea's surface (view: Sea level), so "
                    "moving the sea moves this layer with it");
            for (const TextureBandInfo& info : texture_band_table())
                held |= band_rows(layer, info, prefix + ".", height_m);
            ImGui::Unindent();
        }
        ImGui::PopID();
    }
    if (remove) layers.erase(layers.begin() + static_cast<std::ptrdiff_t>(*remove));
    if (up) std::swap(layers[*up], layers[*up - 1]);
    if (down) std::swap(layers[*down], layers[*down + 1]);

    if (reset) {
        settings.texture_layers.clear();
        rejected.clear();
    } else if (layers != before) {
        settings.texture_layers = layers;
        rejected.clear();
    }
    return held;
}

}  // namespace app::gui
