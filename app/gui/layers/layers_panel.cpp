// gui/layers/layers_panel.cpp: the Layers panel (layers_panel.hpp).
//
// Index
//   [SECTION] Layers alone and their thumbnails
//   [SECTION] The list
//   [SECTION] The buttons
//   [SECTION] The selected layer's controls
//   [SECTION] The panel
#include "gui/layers/layers_panel.hpp"

#include <imgui.h>
#include <imgui_internal.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>

#include "gui/common/theme.hpp"
#include "gui/common/ui_report.hpp"
#include "noise/layer_edit.hpp"
#include "noise/render.hpp"

namespace app::gui {

namespace {

std::string number_key(const char* what, int number) { return std::string(what) + std::to_string(number); }

// A tooltip after a short hover only, as the controls' own: a quick pass over the list towards
// the preview leaves no tooltip over the picture.
void hover_tooltip(const char* text) {
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled) && !ImGui::IsItemActive() &&
        ImGui::GetCurrentContext()->HoveredIdTimer >= 0.6f)
        ImGui::SetTooltip("%s", text);
}

// A small button that stays lit while `on`: Solo and Mute.
bool toggle_button(const char* label, bool& on, ImU32 lit, const char* tooltip) {
    if (on) {
        ImGui::PushStyleColor(ImGuiCol_Button, lit);
        ImGui::PushStyleColor(ImGuiCol_ButtonHovered, lit);
    }
    const bool pressed = ImGui::SmallButton(label);
    if (on) ImGui::PopStyleColor(2);
    hover_tooltip(tooltip);
    if (pressed) on = !on;
    return pressed;
}

bool is_any(std::string_view key, std::initializer_list<std::string_view> keys) {
    return std::find(keys.begin(), keys.end(), key) != keys.end();
}

// A placed key's label and tooltip with placement world (noise/placement.hpp): the numbers are
// noise units there, not image widths.
struct WorldLabel {
    std::string_view key, label, tooltip;
};
constexpr std::array<WorldLabel, 8> world_labels{{
    {"shape_x", "Centre x (noise)", "Shape source: the centre's noise-space x (placement world)."},
    {"shape_y", "Centre y (noise)", "Shape source: the centre's noise-space y (placement world)."},
    {"shape_radius", "Radius (noise)",
     "Shape source: where the shape reaches 0, in noise units (placement world); the ramp rises across "
     "twice this."},
    {"shape_warp", "Coast warp (noise)",
     "Shape source: how far, in noise units (placement world), a noise field moves the shape so its coast "
     "is not a circle; 0 is off."},
    {"shape_warp_frequency", "Warp frequency (noise)",
     "Coast warp: the warp's cycles per noise unit (placement world): low bends the coast, high frays it."},
    {"map_x", "Map x (noise)", "Heightmap source: its left edge's noise-space x (placement world)."},
    {"map_y", "Map y (noise)", "Heightmap source: its top edge's noise-space y (placement world)."},
    {"map_width", "Map width (noise)",
     "Heightmap source: its width in noise units (placement world); its texels are square."},
}};

// The entries of noise::layer_table() that layer `layer` reads with its source and mask, labelled
// in noise units when `world`.
std::vector<noise::LayerInfo> entries_for(const noise::StackLayer& layer, bool world) {
    using noise::LayerSource;
    std::vector<noise::LayerInfo> shown;
    for (const noise::LayerInfo& info : noise::layer_table()) {
        const std::string_view key = info.key;
        bool reads                 = true;
        if (is_any(key, {"shape", "shape_x", "shape_y", "shape_radius"}))
            reads = layer.source == LayerSource::shape;
        else if (key == "shape_warp")
            reads = layer.source == LayerSource::shape;
        else if (key.starts_with("shape_warp_"))  // the warp's own keys once it is on
            reads = layer.source == LayerSource::shape && layer.shape_warp > 0.0;
        else if (key == "shape_falloff")
            reads = layer.source == LayerSource::shape && layer.shape == noise::LayerShape::plateau;
        else if (key == "shape_angle")
            reads = layer.source == LayerSource::shape && layer.shape == noise::LayerShape::ramp;
        else if (key == "constant")
            reads = layer.source == LayerSource::constant;
        else if (key.starts_with("map_"))
            reads = layer.source == LayerSource::heightmap;
        else if (key == "mask_layer")
            reads = layer.mask == noise::LayerMask::layer;
        else if (key.starts_with("mask_"))
            reads = layer.mask != noise::LayerMask::none;
        else if (is_any(key, {"mute", "solo", "opacity"}))
            reads = false;  // in the layer's row
        if (!reads) continue;
        shown.push_back(info);
        for (const WorldLabel& relabel : world_labels)
            if (world && relabel.key == key) {
                shown.back().label   = relabel.label;
                shown.back().tooltip = relabel.tooltip;
            }
    }
    return shown;
}

}  // namespace

// [SECTION] Layers alone and their thumbnails ------------------------------------------------

noise::StackLayer panel_new_layer(const noise::Params& params, int number, noise::LayerSource source,
                                  std::string_view name) {
    noise::StackLayer layer = noise::new_stack_layer(params, number);
    layer.source            = source;
    layer.name              = std::string(name) + " " + std::to_string(number);
    layer.blend             = noise::BlendMode::normal;
    layer.opacity           = new_layer_opacity;
    return layer;
}

noise::Params layer_alone(const noise::Params& params, int number) {
    if (params.stack.empty() || number < 1 || number > noise::layer_count(params)) return params;
    noise::Params alone   = params;
    alone.base_layer.solo = number == 1;
    for (std::size_t k = 0; k < alone.stack.size(); ++k)
        alone.stack[k].solo = static_cast<int>(k) + 2 == number;
    return alone;
}

TaughtField taught_field(const noise::Params& params, int selected) {
    // One field: without the layers above, and layer 1 neither muted nor solo.
    const auto one_field = [](noise::Params field) {
        field.stack.clear();
        field.base_layer.mute = field.base_layer.solo = false;
        return field;
    };
    const bool noise_layer =
        selected >= 2 && selected <= noise::layer_count(params) &&
        params.stack[static_cast<std::size_t>(selected - 2)].source == noise::LayerSource::noise &&
        !params.stack[static_cast<std::size_t>(selected - 2)].field.empty();
    if (!noise_layer) return {one_field(params), 1, 1.0};

    // As FractalNoise::alongside reads it: layer 1's point times the ratio of the frequencies,
    // the slice and the tile (a whole-number ratio while tiling, validated) likewise.
    const noise::Params& own = params.stack[static_cast<std::size_t>(selected - 2)].field.front();
    const double scale       = noise::field_scale(params, own);
    const auto scaled_tile   = [scale](std::uint32_t tile) {
        return static_cast<std::uint32_t>(static_cast<double>(tile) * scale + 0.5);
    };
    noise::Params taught = one_field(own);
    // In the world the field's frequency is the multiplier: the view's is layer 1's times it.
    if (params.placement == noise::Placement::world) taught.frequency = params.frequency * scale;
    taught.offset_x     = params.offset_x * scale;
    taught.offset_y     = params.offset_y * scale;
    taught.z            = params.z * scale;
    taught.w            = params.w * scale;
    taught.tile         = scaled_tile(params.tile);
    taught.tile_y       = scaled_tile(params.tile_y);
    taught.tile_octaves = params.tile_octaves;
    return {taught, selected, scale};
}

void give_back_taught(noise::Params& params, const TaughtField& taught, const noise::Params& edited) {
    const std::string prefix = taught.layer == 1 ? "" : "layer." + std::to_string(taught.layer) + ".";
    for (const noise::ParamInfo& info : noise::param_table()) {
        const std::string text = noise::format_param(edited, info);
        if (text != noise::format_param(taught.params, info))
            noise::set_param(params, prefix + std::string(info.key), text);
    }
}

LayerThumbnails render_layer_thumbnails(const noise::Params& params, int size, const TaskControl& control) {
    LayerThumbnails thumbnails;
    thumbnails.size = size;
    const int count = noise::layer_count(params);
    thumbnails.rgba.resize(static_cast<std::size_t>(count));
    std::vector<float> raw(static_cast<std::size_t>(size) * static_cast<std::size_t>(size));
    for (int number = 1; number <= count && !control.cancelled; ++number) {
        // The layer's own heights, before the stack's erosion. The other layers are not read
        // (solo): each is left as a muted constant, so one that cannot render (a heightmap not
        // read) takes no other's thumbnail with it, and the numbers stay.
        noise::Params alone = layer_alone(params, number);
        for (std::size_t k = 0; k < alone.stack.size(); ++k) {
            if (static_cast<int>(k) + 2 == number) continue;
            noise::StackLayer idle;
            idle.source    = noise::LayerSource::constant;
            idle.mute      = true;
            alone.stack[k] = std::move(idle);
        }
        if (number >= 2) alone.stack[static_cast<std::size_t>(number - 2)].mask = noise::LayerMask::none;
        alone.erosion_method = noise::ErosionMethod::none;
        if (!noise::validate(alone).empty()) continue;
        noise::RenderOptions options;
        options.threads = 1;  // small: the preview's workers keep the cores
        options.cancel  = &control.cancelled;
        try {
            if (!noise::render(alone, noise::Region::full(size, size), raw, options)) break;
        } catch (const std::exception&) {
            continue;
        }
        const noise::Range range = noise::nominal_range(alone);
        auto& rgba               = thumbnails.rgba[static_cast<std::size_t>(number - 1)];
        rgba.resize(raw.size() * 4);
        for (std::size_t i = 0; i < raw.size(); ++i) {
            const auto grey = static_cast<std::uint8_t>(noise::to_unit(raw[i], range) * 255.0 + 0.5);
            rgba[4 * i] = rgba[4 * i + 1] = rgba[4 * i + 2] = grey;
            rgba[4 * i + 3]                                 = 255;
        }
        control.progress = static_cast<double>(number) / count;
    }
    return thumbnails;
}

void LayersPanel::update_thumbnails(const noise::Params& params) {
    if (task_) {
        if (auto outcome = task_->take(); outcome && outcome->result) {
            const LayerThumbnails& result = *outcome->result;
            for (std::size_t i = 0; i < thumbs_.size(); ++i) {
                if (i >= result.rgba.size() || result.rgba[i].empty()) {
                    thumbs_[i].reset();
                    continue;
                }
                if (!thumbs_[i]) thumbs_[i] = std::make_unique<GlTexture>();
                thumbs_[i]->upload(result.size, result.size, result.rgba[i]);
            }
            ++thumbnails_done_;
            thumbs_of_ = sent_;
        }
        if (!task_->finished()) return;  // one at a time: the newest goes out when it ends
    }
    if (sent_ && *sent_ == params) return;
    sent_ = params;
    task_ = std::make_unique<BackgroundTask<LayerThumbnails>>(
        [params](const TaskControl& control) { return render_layer_thumbnails(params, thumb_size, control); },
        wake_);
}

noise::Params LayersPanel::shown(const noise::Params& params) const {
    return alone_ ? layer_alone(params, selected_) : params;
}

// [SECTION] The list -------------------------------------------------------------------------

void LayersPanel::draw_row(noise::Params& params, int number, int& move_from, int& move_to) {
    noise::StackLayer* layer = number >= 2 ? &params.stack[static_cast<std::size_t>(number - 2)] : nullptr;
    bool& mute               = layer ? layer->mute : params.base_layer.mute;
    bool& solo               = layer ? layer->solo : params.base_layer.solo;
    const ImGuiStyle& style  = ImGui::GetStyle();
    const float row_h        = static_cast<float>(thumb_size) + 4.0f;
    const ImVec2 top         = ImGui::GetCursorScreenPos();
    const float width        = ImGui::GetContentRegionAvail().x;
    ImGui::PushID(number);

    // The whole row selects, drags and takes a drop; the widgets on it come later and win the mouse.
    if (ImGui::Selectable("##row", selected_ == number,
                          ImGuiSelectableFlags_AllowItemOverlap | ImGuiSelectableFlags_AllowDoubleClick,
                          ImVec2(0, row_h))) {
        selected_ = number;
        if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
            renaming_     = number;
            rename_text_  = noise::layer_name(params, number);
            rename_focus_ = true;
            rename_seen_  = false;
        }
    }
    report_item(number_key("layers.row.", number));
    if (number >= 2 && ImGui::BeginDragDropSource()) {
        ImGui::SetDragDropPayload("noise_layer", &number, sizeof number);
        ImGui::Text("Move %s", noise::layer_name(params, number).c_str());
        ImGui::EndDragDropSource();
    }
    if (ImGui::BeginDragDropTarget()) {
        if (const ImGuiPayload* payload = ImGui::AcceptDragDropPayload("noise_layer")) {
            move_from = *static_cast<const int*>(payload->Data);
            move_to   = std::max(2, number);  // layer 1 stays the field, at the bottom
        }
        ImGui::EndDragDropTarget();
    }

    // The thumbnail.
    const ImVec2 image_at(top.x + 2.0f, top.y + 2.0f);
    const ImVec2 image_end(image_at.x + thumb_size, image_at.y + thumb_size);
    ImDrawList* draw    = ImGui::GetWindowDrawList();
    const auto& texture = thumbs_[static_cast<std::size_t>(number - 1)];
    if (texture && texture->id())
        draw->AddImage(texture->id(), image_at, image_end);
    else
        draw->AddRectFilled(image_at, image_end, colours::layer_thumb_wait);
    if (mute) draw->AddRectFilled(image_at, image_end, colours::muted_veil);
    report_rect(number_key("layers.thumb.", number), image_at, image_end);

    // Line 1: the name (or its text field), Solo and Mute at the right.
    const float text_x    = image_end.x + 8.0f;
    const float toggles_w = ImGui::CalcTextSize("S").x + ImGui::CalcTextSize("M").x +
                            4 * style.FramePadding.x + style.ItemSpacing.x;
    const float toggles_x = top.x + width - toggles_w - 2.0f;
    ImGui::SetCursorScreenPos(ImVec2(text_x, top.y + 1.0f));
    if (renaming_ == number) {
        if (rename_focus_) ImGui::SetKeyboardFocusHere();
        ImGui::SetNextItemWidth(toggles_x - text_x - style.ItemSpacing.x);
        const bool done =
            ImGui::InputText("##name", &rename_text_,
                             ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
        report_item(number_key("layers.name.", number));
        // The focus arrives a frame or two later: the field ends once it has been active and is
        // not (Enter, a click elsewhere), or on a click elsewhere before it ever was.
        const bool active = ImGui::IsItemActive();
        rename_seen_ |= active;
        if (done || (rename_seen_ && !active)) {
            (layer ? layer->name : params.base_layer.name) = rename_text_;
            renaming_                                      = 0;
        } else if (!rename_seen_ && !rename_focus_ && ImGui::IsMouseClicked(ImGuiMouseButton_Left) &&
                   !ImGui::IsItemHovered()) {
            renaming_ = 0;
        }
        rename_focus_ = false;
    } else {
        const std::string name = noise::layer_name(params, number);
        if (mute)
            ImGui::TextDisabled("%s", name.c_str());
        else
            ImGui::TextUnformatted(name.c_str());
        report_item(number_key("layers.name.", number));
    }
    ImGui::SetCursorScreenPos(ImVec2(toggles_x, top.y + 1.0f));
    toggle_button("S", solo, colours::solo_on,
                  "Solo: this layer's own heights alone (saved with the settings)");
    report_item(number_key("layers.solo.", number));
    ImGui::SameLine();
    toggle_button("M", mute, colours::mute_on,
                  number == 1 ? "Mute: the stack starts from height 0 instead of the field"
                              : "Mute: leave this layer out of the stack");
    report_item(number_key("layers.mute.", number));

    // Line 2: the opacity, labelled with the blend; layer 1 is the ground the others blend onto.
    ImGui::SetCursorScreenPos(ImVec2(text_x, top.y + row_h - ImGui::GetFrameHeight() - 1.0f));
    if (layer) {
        const std::string format =
            std::string(noise::blend_mode_names[static_cast<std::size_t>(layer->blend)]) + " %.3f";
        ImGui::SetNextItemWidth(top.x + width - text_x - 2.0f);
        const double lo = 0.0, hi = 1.0;
        ImGui::SliderScalar("##opacity", ImGuiDataType_Double, &layer->opacity, &lo, &hi, format.c_str(),
                            ImGuiSliderFlags_AlwaysClamp);
        report_item(number_key("layers.opacity.", number));
    } else {
        ImGui::AlignTextToFramePadding();
        ImGui::TextDisabled("the field");
    }
    ImGui::PopID();
    ImGui::SetCursorScreenPos(ImVec2(top.x, top.y + row_h + style.ItemSpacing.y));
    ImGui::Dummy(ImVec2(width, 0.0f));
}

// [SECTION] The buttons ----------------------------------------------------------------------

void LayersPanel::draw_buttons(noise::Params& params) {
    const float third = (ImGui::GetContentRegionAvail().x - 2 * ImGui::GetStyle().ItemSpacing.x) / 3.0f;
    const bool full   = noise::layer_count(params) >= noise::max_stack_layers;
    ImGui::BeginDisabled(full);
    struct Kind {
        const char* label;
        const char* key;
        noise::LayerSource source;
        const char* name;
    };
    static constexpr Kind kinds[] = {
        {"+ Noise", "layers.add_noise", noise::LayerSource::noise, "Noise"},
        {"+ Shape", "layers.add_shape", noise::LayerSource::shape, "Shape"},
        {"+ Constant", "layers.add_constant", noise::LayerSource::constant, "Constant"}};
    for (const Kind& kind : kinds) {
        if (&kind != kinds) ImGui::SameLine();
        if (ImGui::Button(kind.label, ImVec2(third, 0))) {
            // Above the selected layer, as a paint program adds one.
            const int number = selected_ + 1;
            message_ =
                noise::insert_layer(params, number, panel_new_layer(params, number, kind.source, kind.name));
            if (message_.empty()) selected_ = number;
        }
        report_item(kind.key);
    }
    ImGui::EndDisabled();
    if (full) hover_tooltip("The stack is full: 8 layers at most (noise::max_stack_layers).");

    ImGui::BeginDisabled(full);
    if (ImGui::Button("Duplicate", ImVec2(third, 0))) {
        message_ = noise::duplicate_layer(params, selected_);
        if (message_.empty()) ++selected_;
    }
    ImGui::EndDisabled();
    report_item("layers.duplicate");
    ImGui::SameLine();
    ImGui::BeginDisabled(selected_ == 1);
    if (ImGui::Button("Remove", ImVec2(third, 0))) {
        message_ = noise::remove_layer(params, selected_);
        if (message_.empty()) --selected_;
    }
    ImGui::EndDisabled();
    report_item("layers.remove");
    if (selected_ == 1) hover_tooltip("Layer 1 is the field itself: it stays.");
    ImGui::Checkbox("Show the selected layer alone", &alone_);
    report_item("layers.alone");
    hover_tooltip(
        "The preview shows the selected layer's own heights only. A way of looking: not saved, and the "
        "Solo buttons are not touched.");
}

// [SECTION] The selected layer's controls ----------------------------------------------------

void LayersPanel::draw_selected(noise::Params& params) {
    ImGui::Separator();
    if (selected_ == 1) {
        ImGui::TextWrapped(
            "Layer 1 is the field itself: its noise, shaping and erosion are on the "
            "Field tab, where they have always been. The layers above it blend onto it.");
        report_item("layers.field_note");
        return;
    }
    noise::StackLayer& layer = params.stack[static_cast<std::size_t>(selected_ - 2)];
    const std::string prefix = "layer." + std::to_string(selected_) + ".";
    ImGui::Text("Layer %d: %s", selected_, noise::layer_name(params, selected_).c_str());
    // Which field the teaching views explain (taught_field), where the layer is chosen.
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s", taught_field(params, selected_).layer == selected_
                                 ? "The teaching views explain this layer's own noise."
                                 : "No noise of its own: the teaching views explain layer 1.");
    ImGui::PopStyleColor();
    report_item("layers.taught_note");
    const noise::StackLayer before = layer;
    const auto entries             = entries_for(layer, params.placement == noise::Placement::world);
    std::vector<std::string> layer_names;  // "1: Field", "2: Noise 2", ...: the mask layer's choices
    for (int n = 1; n <= noise::layer_count(params); ++n)
        layer_names.push_back(std::to_string(n) + ": " + noise::layer_name(params, n));
    draw_layer_controls(layer, entries, controls_, prefix, layer_names, selected_);
    if (layer.source == noise::LayerSource::heightmap)
        ImGui::TextWrapped("File: %s", layer.heightmap.empty() ? "(none)" : layer.heightmap.c_str());
    // A shape's, constant's or heightmap's own remap curve (a noise layer's is its field's, below).
    if (layer.source != noise::LayerSource::noise) draw_height_curve(layer, controls_, prefix);
    // A source or mask just switched to noise gets its field (noise/layer_edit.hpp).
    if (!(layer == before)) noise::give_layer_fields(params, layer, selected_);
    // Open at first, and not indented: the labels keep the controls' column.
    constexpr ImGuiTreeNodeFlags open_unindented =
        ImGuiTreeNodeFlags_DefaultOpen | ImGuiTreeNodeFlags_NoTreePushOnOpen;
    if (params.placement == noise::Placement::world && (!layer.field.empty() || !layer.mask_field.empty())) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        ImGui::TextWrapped(
            "Placed in the world: a field's Frequency below multiplies the noise-space point "
            "(1 reads where layer 1 does), whatever the frame's frequency.");
        ImGui::PopStyleColor();
        report_item("layers.world_note");
    }
    if (layer.source == noise::LayerSource::noise && !layer.field.empty() &&
        ImGui::TreeNodeEx("Noise", open_unindented)) {
        report_item("layers.noise");
        draw_field_controls(layer.field.front(), controls_, prefix, &controls_.curve_editor);
    }
    if (layer.mask == noise::LayerMask::field && !layer.mask_field.empty() &&
        ImGui::TreeNodeEx("Mask field", open_unindented)) {
        report_item("layers.mask_field");
        draw_field_controls(layer.mask_field.front(), controls_, prefix + "mask.",
                            &controls_.mask_curve_editor);
    }
}

// [SECTION] The panel ------------------------------------------------------------------------

bool LayersPanel::draw_tab_bar() {
    bool layers = false;
    if (ImGui::BeginTabBar("left_tabs")) {
        if (ImGui::BeginTabItem("Field")) ImGui::EndTabItem();
        report_item("tab_field");
        if (ImGui::BeginTabItem("Layers")) {
            layers = true;
            ImGui::EndTabItem();
        }
        report_item("tab_layers");
        ImGui::EndTabBar();
    }
    return layers;
}

void LayersPanel::fit(const noise::Params& params) {
    selected_ = std::clamp(selected_, 1, noise::layer_count(params));
    if (renaming_ > noise::layer_count(params)) renaming_ = 0;
}

void LayersPanel::draw(const FrameContext& frame) {
    noise::Params& params     = frame.settings.params;
    const auto clamp_to_stack = [&] { fit(params); };
    clamp_to_stack();
    update_thumbnails(params);

    // The buttons above the list, so that they stay put as it grows under the hand.
    draw_buttons(params);
    clamp_to_stack();
    if (!message_.empty()) error_text(message_);
    ImGui::Separator();
    int move_from = 0, move_to = 0;
    for (int number = noise::layer_count(params); number >= 1; --number)
        draw_row(params, number, move_from, move_to);
    if (move_from != 0 && move_from != move_to) {
        message_ = noise::move_layer(params, move_from, move_to);
        if (message_.empty()) selected_ = move_to;
    }
    if (!controls_.rejected.empty()) error_text(controls_.rejected);
    draw_selected(params);
}

nlohmann::json LayersPanel::report_state(const noise::Params& params) const {
    nlohmann::json layers = nlohmann::json::array();
    layers.push_back({{"name", noise::layer_name(params, 1)},
                      {"mute", params.base_layer.mute},
                      {"solo", params.base_layer.solo}});
    for (std::size_t k = 0; k < params.stack.size(); ++k) {
        const noise::StackLayer& layer = params.stack[k];
        layers.push_back({{"name", noise::layer_name(params, static_cast<int>(k) + 2)},
                          {"source", noise::layer_source_names[static_cast<std::size_t>(layer.source)]},
                          {"blend", noise::blend_mode_names[static_cast<std::size_t>(layer.blend)]},
                          {"opacity", layer.opacity},
                          {"mute", layer.mute},
                          {"solo", layer.solo},
                          {"mask", noise::layer_mask_names[static_cast<std::size_t>(layer.mask)]},
                          {"mask_layer", layer.mask_layer}});
    }
    return {{"layers", layers},
            {"selected", selected_},
            {"alone", alone_},
            {"renaming", renaming_},
            {"message", message_},
            {"thumbnails_done", thumbnails_done_},
            {"thumbnails_current", thumbs_of_ && *thumbs_of_ == params},
            {"thumbnails",
             std::count_if(thumbs_.begin(), thumbs_.end(), [](const auto& t) { return t != nullptr; })}};
}

}  // namespace app::gui
