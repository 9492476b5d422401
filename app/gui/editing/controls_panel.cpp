#include "gui/editing/controls_panel.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string_view>
#include <vector>

#include "core/terrain_scale.hpp"
#include "core/view_keys.hpp"
#include "gui/common/ui_report.hpp"
#include "gui/editing/curve_editor.hpp"
#include "gui/editing/texture_rules.hpp"
#include "noise/algorithms.hpp"
#include "noise/lattice.hpp"
#include "noise/shaping.hpp"

namespace app::gui {

namespace {

// [SECTION] Layout helpers -------------------------------------------------------------------

// A choice control's value (its name table's index, stored as a double like every field's) as
// the choice itself; nullopt outside the table.
template <class Choice, std::size_t count>
std::optional<Choice> as_choice(double value, const std::array<std::string_view, count>&) {
    if (!(value >= 0 && value < static_cast<double>(count)) || value != std::floor(value))
        return std::nullopt;
    return static_cast<Choice>(static_cast<int>(value));
}

// Label on the left (artists scan labels, not widgets), the control filling the rest.
void label(std::string_view text, std::string_view tooltip) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(text.data(), text.data() + text.size());
    if (!tooltip.empty() && ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 24.0f);
        ImGui::TextUnformatted(tooltip.data(), tooltip.data() + tooltip.size());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
    ImGui::SameLine(controls_label_width());
    ImGui::SetNextItemWidth(-1.0f);
}

void item_tooltip(std::string_view tooltip) {
    // After a short hover only, and never while dragging: the tooltip would cover the preview.
    if (tooltip.empty() || !ImGui::IsItemHovered() || ImGui::IsItemActive() ||
        ImGui::GetCurrentContext()->HoveredIdTimer < 0.6f)
        return;
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 24.0f);
    ImGui::TextUnformatted(tooltip.data(), tooltip.data() + tooltip.size());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

// A combo whose items are reported as "key=name", so a test can click an entry of the open list.
bool choice_combo(std::string_view key, std::span<const std::string_view> names, double& value) {
    const std::string id      = "##" + std::string(key);
    const auto current        = static_cast<std::size_t>(value);
    const std::string preview = current < names.size() ? std::string(names[current]) : "?";
    bool edited               = false;
    if (ImGui::BeginCombo(id.c_str(), preview.c_str())) {
        for (std::size_t i = 0; i < names.size(); ++i) {
            const std::string name(names[i]);
            if (ImGui::Selectable(name.c_str(), i == current)) {
                value  = static_cast<double>(i);
                edited = true;
            }
            if (i == current) ImGui::SetItemDefaultFocus();
            // An algorithm's entry says what it draws: its summary in the algorithm table.
            if (key == "algorithm") item_tooltip(noise::algorithm_table()[i].summary);
            report_item(std::string(key) + "=" + name);
        }
        ImGui::EndCombo();
    }
    return edited;
}

// [SECTION] One control from a table entry ---------------------------------------------------

enum class Widget { combo, checkbox, int_slider, drag, log_slider, slider };

Widget widget_for(std::span<const std::string_view> names, bool toggle, bool integer, double min,
                  double max) {
    if (!names.empty()) return Widget::combo;
    if (toggle) return Widget::checkbox;
    if (integer) return max - min <= 64 ? Widget::int_slider : Widget::drag;
    if (min > 0 && max / min >= 1000) return Widget::log_slider;
    if (max - min <= 360) return Widget::slider;  // up to a full circle of degrees
    return Widget::drag;
}

// Draws the widget for `value` and returns true when the user changed it.
bool number_widget(std::string_view key, Widget widget, bool integer, double min, double max, double& value,
                   std::span<const std::string_view> names) {
    const std::string id = "##" + std::string(key);
    bool edited          = false;
    switch (widget) {
        case Widget::combo:
            edited = choice_combo(key, names, value);
            break;
        case Widget::checkbox: {
            bool on = value != 0.0;
            edited  = ImGui::Checkbox(id.c_str(), &on);
            value   = on ? 1.0 : 0.0;
            break;
        }
        case Widget::int_slider: {
            int v  = static_cast<int>(value);
            edited = ImGui::SliderInt(id.c_str(), &v, static_cast<int>(min), static_cast<int>(max), "%d",
                                      ImGuiSliderFlags_AlwaysClamp);
            value  = v;
            break;
        }
        case Widget::drag: {
            if (integer) {
                // A seed has no "near": a drag over four billion values jumped by thousands. A
                // number field with steppers, typing, and Up/Down over it step by one instead.
                const double step = 1.0, fast_step = 100.0;
                edited =
                    ImGui::InputScalar(id.c_str(), ImGuiDataType_Double, &value, &step, &fast_step, "%.0f");
                const ImGuiIO& io = ImGui::GetIO();
                if (ImGui::IsItemHovered() && !ImGui::IsItemActive()) {
                    const double by = io.KeyCtrl ? fast_step : step;
                    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_UpArrow))) value += by, edited = true;
                    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_DownArrow)))
                        value -= by, edited = true;
                }
                value = std::clamp(std::round(value), min, max);
                break;
            }
            // Reals move by hundredths; Ctrl+click (or double-click) types an exact number.
            edited = ImGui::DragScalar(id.c_str(), ImGuiDataType_Double, &value, 0.01f, &min, &max, "%.4f",
                                       ImGuiSliderFlags_AlwaysClamp);
            break;
        }
        case Widget::log_slider: {
            // The slider spans the useful part (1/100 to 1000); typing reaches the whole range.
            const double lo = std::max(min, 0.01);
            const double hi = std::min(max, 1000.0);
            edited          = ImGui::SliderScalar(id.c_str(), ImGuiDataType_Double, &value, &lo, &hi, "%.4g",
                                                  ImGuiSliderFlags_Logarithmic);
            break;
        }
        case Widget::slider:
            edited = ImGui::SliderScalar(id.c_str(), ImGuiDataType_Double, &value, &min, &max, "%.3f",
                                         ImGuiSliderFlags_AlwaysClamp);
            break;
    }
    return edited;
}

// Right-click menu: reset to the default.
bool reset_menu(std::string_view key, double& value, double default_value) {
    const std::string id = "reset " + std::string(key);
    bool reset           = false;
    if (ImGui::BeginPopupContextItem(id.c_str())) {
        if (ImGui::MenuItem("Reset to default")) {
            value = default_value;
            reset = true;
        }
        ImGui::EndPopup();
    }
    return reset;
}

// Whether a control changes anything under the current settings: noise/algorithms.hpp knows which
// parameters each algorithm reads (and the few that depend on another setting). View settings
// always apply.
bool applies(const noise::Params& params, std::string_view key) {
    return noise::unused_reason(params, key).empty();
}
bool applies(const ViewSettings&, std::string_view) { return true; }
// A layer's keys: the layers panel passes only those its source and mask read.
bool applies(const noise::StackLayer&, std::string_view) { return true; }

// Tiling needs a whole-number lacunarity (every octave must wrap on the tile), and a
// whole-number warp frequency when the warp is on. Rather than let a
// drag pass through 1.957 and turn the preview into an error, the slider steps through whole
// numbers while tiling is on; turning tiling on rounds a fractional lacunarity, and says so.
void keep_tiling_valid(noise::Params& params, std::string_view key, double& value, std::string& note) {
    if (key == "lacunarity" && params.tile != 0) value = std::round(value);
    // An algorithm whose lattice no period repeats cannot tile (noise::validate): choosing one turns
    // tiling off, and says so, rather than turning the preview into an error.
    const auto algorithm = as_choice<noise::Algorithm>(value, noise::algorithm_names);
    if (key == "algorithm" && params.tile != 0 && algorithm && !noise::algorithm_info(*algorithm).tiles) {
        char text[160];
        std::snprintf(text, sizeof text, "Tiling (period %u) turned off: %s noise cannot tile.", params.tile,
                      noise::algorithm_names[static_cast<std::size_t>(*algorithm)].data());
        note        = text;
        params.tile = 0;
    }
    if (key == "tile" && value != 0 && params.lacunarity != std::round(params.lacunarity)) {
        const double rounded = std::max(1.0, std::round(params.lacunarity));
        char text[160];
        std::snprintf(text, sizeof text, "Lacunarity %.3g rounded to %.0f: tiling needs a whole number.",
                      params.lacunarity, rounded);
        note              = text;
        params.lacunarity = rounded;
    }
    // The same for the warp's frequency while the warp is on (the warp must repeat with the tile).
    if (key == "warp_frequency" && params.tile != 0 && params.warp_amplitude > 0)
        value = std::max(1.0, std::round(value));
    const bool warp_tiled = (key == "tile" && value != 0 && params.warp_amplitude > 0) ||
                            (key == "warp_amplitude" && value > 0 && params.tile != 0);
    if (warp_tiled && params.warp_frequency != std::round(params.warp_frequency)) {
        const double rounded = std::max(1.0, std::round(params.warp_frequency));
        char text[160];
        std::snprintf(text, sizeof text,
                      "Warp frequency %.3g rounded to %.0f: a warp that tiles needs a whole number.",
                      params.warp_frequency, rounded);
        note += (note.empty() ? "" : " ") + std::string(text);
        params.warp_frequency = rounded;
    }
}
void keep_tiling_valid(ViewSettings&, std::string_view, double&, std::string&) {}
void keep_tiling_valid(noise::StackLayer&, std::string_view, double&, std::string&) {}

// Seed 004's prime sets change the constants of Elias' IntNoise, so octave_seeds = primes needs
// hash = elias (noise::validate). Choosing either side sets the other, and says so. Likewise the
// rotated layer repeats only with a square period: turning it on drops a tile_y of its own.
void keep_combinations_valid(noise::Params& params, std::string_view key, double value, std::string& note) {
    if (key == "octave_seeds" &&
        as_choice<noise::OctaveSeeds>(value, noise::octave_seeds_names) == noise::OctaveSeeds::primes &&
        params.hash != noise::Hash::elias) {
        params.hash = noise::Hash::elias;
        note += (note.empty() ? "" : " ") + std::string("Hash set to elias: the prime sets are IntNoise's.");
    }
    if (key == "hash" && as_choice<noise::Hash>(value, noise::hash_names) != noise::Hash::elias &&
        params.octave_seeds == noise::OctaveSeeds::primes) {
        params.octave_seeds = noise::OctaveSeeds::offset;
        note += (note.empty() ? "" : " ") +
                std::string("Octave seeds set to offset: prime sets need the elias hash.");
    }
    if (key == "layers" && as_choice<noise::Layers>(value, noise::layers_names) == noise::Layers::rotated &&
        params.tile_y != 0 && params.tile_y != params.tile) {
        params.tile_y = 0;
        note += (note.empty() ? "" : " ") +
                std::string("Tile period y set to 0: the rotated layer repeats only with a square period.");
    }
}
void keep_combinations_valid(ViewSettings&, std::string_view, double, std::string&) {}
void keep_combinations_valid(noise::StackLayer&, std::string_view, double, std::string&) {}

// Every control of one metadata table (noise parameters or view settings): the label and
// tooltip, the widget its kind and range call for, and a right-click reset to the default.
// Only the controls that change something are shown: the gradient set appears with Perlin noise,
// the smoothing with value noise, and so on, so the panel lists what the chosen noise is made of.
// `prefix` goes before each key in the UI report ("mask." for the mask field's controls).
template <class Settings>
bool draw_table(Settings& settings, std::span<const noise::FieldInfo<Settings>> table, ControlsState& state,
                std::string_view prefix = {}) {
    bool held = false;
    const Settings defaults{};
    for (const auto& info : table) {
        if (!applies(settings, info.key)) continue;
        const std::string key = std::string(prefix) + std::string(info.key);
        ImGui::PushID(key.c_str());
        const std::string_view tooltip = info.tooltip;
        label(info.label, tooltip);
        double value       = info.get(settings);
        const bool integer = info.kind == noise::FieldKind::integer;
        const Widget widget =
            widget_for(info.names, info.kind == noise::FieldKind::toggle, integer, info.min, info.max);
        bool edited = number_widget(key, widget, integer, info.min, info.max, value, info.names);
        report_item(key);
        held |= ImGui::IsItemActive();
        item_tooltip(tooltip);
        edited |= reset_menu(info.key, value, info.get(defaults));
        if (edited) {
            state.note.clear();
            keep_tiling_valid(settings, info.key, value, state.note);
            keep_combinations_valid(settings, info.key, value, state.note);
            std::string error = noise::set_field_value(settings, info, value);
            if (!error.empty())
                state.rejected = std::move(error);
            else
                state.rejected.clear();
        }
        ImGui::PopID();
    }
    return held;
}

// [SECTION] Sections -------------------------------------------------------------------------

bool draw_noise_controls(Settings& settings, ControlsState& state) {
    const auto table  = noise::param_table();
    const auto stages = noise::shaping_param_table().size() + noise::erosion_param_table().size();
    return draw_table(settings.params, table.first(table.size() - stages), state);
}

bool draw_erosion_controls(Settings& settings, ControlsState& state) {
    return draw_table(settings.params, noise::erosion_param_table(), state);
}

// A curve's preset combo and its editor over `input_histogram` (may be empty), reported as
// `prefix` + "curve_preset", "curve_editor", ...: the field's, or the mask field's ("mask.").
bool draw_curve(std::vector<noise::CurvePoint>& curve, CurveEditorState& editor, ControlsState& state,
                std::span<const float> input_histogram, const std::string& prefix) {
    label("Curve", "Shaping: remap the unit heights through a curve you draw (x in, y out).");
    double preset = 0;  // "custom" unless the points are a preset's
    std::vector<std::string_view> names{"custom", "none"};
    names.insert(names.end(), noise::curve_preset_names.begin(), noise::curve_preset_names.end());
    if (curve.empty()) preset = 1;
    for (std::size_t i = 0; i < noise::curve_preset_names.size(); ++i)
        if (curve == noise::curve_preset(static_cast<noise::CurvePreset>(i)))
            preset = static_cast<double>(i + 2);
    if (choice_combo(prefix + "curve_preset", names, preset) && preset >= 1) {
        const auto error = noise::parse_curve(names[static_cast<std::size_t>(preset)], curve);
        state.rejected   = error;
    }
    report_item(prefix + "curve_preset");
    ImGui::SetCursorPosX(controls_label_width());
    draw_curve_editor(curve, editor, input_histogram, prefix);
    return editor.dragged >= 0;
}

// The curve and its editor, the terraces, mask, invert, scale-bias and clamp, and with a mask the
// mask field's own noise controls and curve (reported as "mask.KEY").
bool draw_shaping_controls(Settings& settings, ControlsState& state, std::span<const float> input_histogram) {
    noise::Params& params = settings.params;
    bool held             = draw_curve(params.curve, state.curve_editor, state, input_histogram, "");
    held |= draw_table(params, noise::shaping_param_table(), state);
    if (params.mask == noise::MaskMode::none) return held;
    // The mask field: a complete set of noise keys of its own, but read in our view (offsets,
    // slice, tile) and without a mask of its own (noise/shaping.hpp).
    noise::Params& mask = noise::mask_field_of(params);
    if (ImGui::TreeNodeEx("Mask field", ImGuiTreeNodeFlags_DefaultOpen)) {
        report_item("mask_field");
        held |= draw_field_controls(mask, state, "mask.", &state.mask_curve_editor);
        ImGui::TreePop();
    }
    return held;
}

bool draw_view_controls(Settings& settings, ControlsState& state) {
    return draw_table(settings.view, picture_key_table(), state);
}

bool draw_terrain_controls(Settings& settings, ControlsState& state) {
    if (!simulation_sets_metres(settings.params))
        return draw_table(settings.view, terrain_key_table(), state);
    // While the simulation runs, its frame is the terrain's (terrain_scale.hpp): the metres are the
    // Erosion section's Frame width and Relief, named here instead of a second pair that would
    // disagree with them.
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped(
        "The simulated frame: %g m wide, %g m from unit height 0 to 1 (Erosion: Frame width, "
        "Relief).",
        settings.params.erosion_extent, settings.params.erosion_relief);
    ImGui::PopStyleColor();
    report_item("terrain_metres");
    std::vector<ViewKeyInfo> rest;
    for (const ViewKeyInfo& info : terrain_key_table())
        if (info.key != "terrain_height" && info.key != "terrain_spacing") rest.push_back(info);
    return draw_table(settings.view, std::span<const ViewKeyInfo>(rest), state);
}

}  // namespace

// The labels' column: the widest label of every table these controls draw, and a gap, so no
// label runs under its control ("Catchment exponent" did at a fixed 118 px). Measured once, when
// the font exists; at least the 118 px the column always had.
float controls_label_width() {
    static const float width = [] {
        float widest     = 0.0f;
        const auto widen = [&](std::string_view text) {
            widest = std::max(widest, ImGui::CalcTextSize(text.data(), text.data() + text.size()).x);
        };
        for (const auto& info : noise::param_table()) widen(info.label);
        for (const auto& info : noise::layer_table()) widen(info.label);
        for (const auto& info : view_key_table()) widen(info.label);
        return std::max(118.0f, widest + 2.0f * ImGui::GetStyle().ItemSpacing.x);
    }();
    return width;
}

// [SECTION] Fields and layers, for other panels ----------------------------------------------

bool draw_field_controls(noise::Params& field, ControlsState& state, std::string_view prefix,
                         CurveEditorState* curve_editor) {
    // Read in layer 1's view (offsets, slice, tile), without a mask of its own and not eroded
    // (noise/shaping.hpp, noise/layer_stack.hpp): those keys are layer 1's.
    static constexpr std::array<std::string_view, 8> not_for_field{
        "offset_x", "offset_y", "z", "w", "tile", "mask", "mask_threshold", "mask_falloff"};
    const auto table = noise::param_table();
    std::vector<noise::ParamInfo> shown;
    for (const auto& info : table.first(table.size() - noise::erosion_param_table().size()))
        if (std::find(not_for_field.begin(), not_for_field.end(), info.key) == not_for_field.end())
            shown.push_back(info);
    bool held = draw_table(field, std::span<const noise::ParamInfo>(shown), state, prefix);
    // Its own remap curve (no histogram: the preview shows the stack, not this field alone).
    if (curve_editor) held |= draw_curve(field.curve, *curve_editor, state, {}, std::string(prefix));
    return held;
}

bool draw_layer_controls(noise::StackLayer& layer, std::span<const noise::LayerInfo> entries,
                         ControlsState& state, std::string_view prefix,
                         std::span<const std::string> layer_names, int own_number) {
    const auto picked = std::find_if(entries.begin(), entries.end(),
                                     [](const noise::LayerInfo& info) { return info.key == "mask_layer"; });
    if (picked == entries.end()) return draw_table(layer, entries, state, prefix);
    const auto at = static_cast<std::size_t>(picked - entries.begin());
    bool held     = draw_table(layer, entries.first(at), state, prefix);
    // A layer by its name, not a number to slide past the stack's top.
    const std::string key = std::string(prefix) + "mask_layer";
    ImGui::PushID(key.c_str());
    label(picked->label, picked->tooltip);
    const auto index = static_cast<std::size_t>(layer.mask_layer - 1);
    const std::string current =
        index < layer_names.size() ? layer_names[index] : std::to_string(layer.mask_layer);
    if (ImGui::BeginCombo("##mask_layer", current.c_str())) {
        for (std::size_t i = 0; i < layer_names.size(); ++i) {
            if (static_cast<int>(i) + 1 == own_number) continue;
            if (ImGui::Selectable(layer_names[i].c_str(), i == index)) {
                layer.mask_layer = static_cast<int>(i) + 1;
                state.rejected.clear();
            }
            report_item(key + "=" + layer_names[i]);
        }
        ImGui::EndCombo();
    }
    report_item(key);
    item_tooltip(picked->tooltip);
    ImGui::PopID();
    held |= draw_table(layer, entries.subspan(at + 1), state, prefix);
    return held;
}

bool draw_height_curve(noise::StackLayer& layer, ControlsState& state, std::string_view prefix) {
    return draw_curve(layer.height_curve, state.layer_curve_editor, state, {},
                      std::string(prefix) + "height_");
}

// [SECTION] The panel ------------------------------------------------------------------------

bool ControlsPanel::draw(const FrameContext& frame, std::span<const float> input_histogram) {
    Settings& settings = frame.settings;
    bool held          = false;
    // The sections in order; a "Go to" row above them, since the Erosion section lies past 1500 px
    // of controls on a field with a curve and a mask.
    static constexpr std::array<const char*, 6> sections{"Noise",   "Shaping", "View",
                                                         "Terrain", "Erosion", "Texture rules"};
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("Go to");
    for (std::size_t i = 1; i < sections.size(); ++i) {
        ImGui::SameLine();
        // A narrow panel: the buttons that do not fit on the next line, not past the edge.
        if (ImGui::GetContentRegionAvail().x <
            ImGui::CalcTextSize(sections[i]).x + 2.0f * ImGui::GetStyle().FramePadding.x)
            ImGui::NewLine();
        // "##goto": the header of the same name has the bare label's ID.
        if (ImGui::SmallButton((std::string(sections[i]) + "##goto").c_str())) jump_to_ = static_cast<int>(i);
        std::string key = std::string("goto_") + sections[i];
        std::transform(key.begin(), key.end(), key.begin(),
                       [](unsigned char c) { return c == ' ' ? '_' : std::tolower(c); });
        report_item(key);
    }
    // Each section's header: opened and scrolled to the top of the controls when asked for.
    const auto header = [&](std::size_t i) {
        const bool jump = jump_to_ == static_cast<int>(i);
        if (jump) ImGui::SetNextItemOpen(true);
        const bool open = ImGui::CollapsingHeader(sections[i], ImGuiTreeNodeFlags_DefaultOpen);
        if (jump) {
            ImGui::SetScrollHereY(0.0f);
            jump_to_ = -1;
        }
        return open;
    };
    if (header(0)) held |= draw_noise_controls(settings, state_);
    if (header(1)) {
        report_item("shaping");
        held |= draw_shaping_controls(settings, state_, input_histogram);
    }
    if (header(2)) held |= draw_view_controls(settings, state_);
    if (header(3)) held |= draw_terrain_controls(settings, state_);
    // Last, so that it moves no other control (the tests and the user's hand know where they are).
    if (header(4)) {
        report_item("erosion");
        held |= draw_erosion_controls(settings, state_);
    }
    if (header(5)) held |= draw_texture_rules(settings, state_.rejected);  // texture_rules.hpp
    return held;
}

std::uint32_t random_seed(std::uint32_t previous) {
    // The clock mixed with the previous seed through SplitMix64: a new, unrelated seed each press.
    const auto now = static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
    noise::SplitMix64 mix(now ^ (static_cast<std::uint64_t>(previous) << 32));
    return static_cast<std::uint32_t>(mix.next() >> 32);
}

}  // namespace app::gui
