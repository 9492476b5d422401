// gui/shell/explorer_report.cpp: the explorer window's state for the `--ui-report` test hook.
//
// Part of Explorer (explorer.hpp): one JSON object a frame, written by UiReport when it changed.
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "core/export_image.hpp"
#include "core/view_keys.hpp"
#include "gui/shell/explorer.hpp"
#include "noise/params.hpp"
#include "noise/shaping.hpp"

namespace app::gui {

nlohmann::json Explorer::report_state() const {
    nlohmann::json state;
    nlohmann::json params = nlohmann::json::object();
    for (const noise::ParamInfo& info : noise::param_table())
        params[std::string(info.key)] = noise::format_param(settings_.params, info);
    params["curve"]     = noise::format_curve(settings_.params.curve);  // the shaping stage's lists
    params["placement"] = noise::format_param(settings_.params, noise::placement_param());
    if (!settings_.params.mask_field.empty()) {
        for (const noise::ParamInfo& info : noise::param_table())
            params["mask." + std::string(info.key)] =
                noise::format_param(settings_.params.mask_field[0], info);
        params["mask.curve"] = noise::format_curve(settings_.params.mask_field[0].curve);
    }
    state["params"]     = std::move(params);
    nlohmann::json view = nlohmann::json::object();
    for (const ViewKeyInfo& info : view_key_table())
        view[std::string(info.key)] = format_view_key(settings_.view, info);
    state["view"]             = std::move(view);
    const WorkerStatus status = preview_.worker_status();
    const ShownField& field   = preview_.field();
    nlohmann::json preview;
    preview["generation"]   = field.has_image() ? field.image().generation : 0;
    preview["checksum"]     = field.checksum();
    preview["width"]        = field.image().width;
    preview["height"]       = field.image().height;
    preview["coarse"]       = field.image().coarse;
    preview["render_ms"]    = field.image().milliseconds;
    preview["colour"]       = preview_colour_names[static_cast<std::size_t>(field.colour())];  // shown
    preview["colour_asked"] = preview_colour_names[static_cast<std::size_t>(preview_.colour())];
    state["preview"]        = std::move(preview);
    // The preview's image comes from the worker, or in a lattice view's mode from its own task.
    const bool influence          = shows_influence();
    state["requested_generation"] = influence ? influence_generation_ : preview_.latest_generation();
    state["rendering"]            = influence ? influence_task_ && !influence_task_->finished() : status.busy;
    state["rows_done"]            = status.rows_done;
    state["rows_total"]           = status.rows_total;
    state["cancelled_renders"]    = status.cancelled_renders;  // images abandoned for a newer request
    state["simulations_run"]      = status.simulations_run;    // kept results (tab switches) not counted
    const std::optional<CurveResult>& sampled = curve_.curve();
    nlohmann::json curve;
    curve["generation"] = sampled ? sampled->generation : 0;
    std::uint64_t hash  = 0xcbf29ce484222325ull;  // FNV-1a of the curve's values, to see it change
    if (sampled)
        for (double v : sampled->sum) {
            hash ^= static_cast<std::uint64_t>(std::llround(v * 1e6));
            hash *= 0x100000001b3ull;
        }
    curve["checksum"]       = std::to_string(hash);
    curve["y"]              = sampled ? sampled->y : 0.0;
    state["curve"]          = std::move(curve);
    state["error"]          = invalid_;
    state["preset_error"]   = presets_.error;
    state["status_message"] = presets_.message;  // the status area's line (a copy, a save)
    state["notice"]         = notice_;
    state["current_preset"] = presets_.current.string();
    state["title"]          = title();
    nlohmann::json recent   = nlohmann::json::array();
    for (const auto& path : presets_.recent) recent.push_back(path.string());
    state["recent"]       = std::move(recent);
    state["snapshot"]     = snapshot_.has_value();
    state["note"]         = controls_.note();
    state["stale"]        = !invalid_.empty();
    state["view_tab"]     = terrain_shown_ ? "terrain" : "preview";
    state["terrain"]      = terrain_->report_state();
    state["export_frame"] = {{"show", preview_.export_frame().show},
                             {"width", preview_.export_frame().size.width},
                             {"height", preview_.export_frame().size.height}};
    state["rejected"]     = controls_.rejected();
    state["opening"]      = presets_.opening_path.string();
    state["stack_layers"] = settings_.params.stack.size();  // layers above the field
    // Why a Ctrl shortcut would be ignored now ("" when it would not be).
    state["keyboard_held_by"] = keyboard_held_by_;
    // Rounded up to whole milliseconds, so the line changes only when a new slowest frame comes.
    state["slowest_frame_ms"]     = std::ceil(slowest_frame_ms_);
    state["slowest_frame_cpu_ms"] = std::ceil(slowest_frame_cpu_ms_);
    state["can_undo"]             = history_.can_undo();
    state["can_redo"]             = history_.can_redo();
    state["export"]               = {{"running", export_.running()},
                                     {"error", export_.error},
                                     {"message", export_.message},
                                     {"format", export_format_names[static_cast<std::size_t>(export_.format)]},
                                     {"path", export_.path},
                                     {"size", chosen_size_label(export_)}};
    state["teach"]                = teach_report(teach_, settings_);
    state["teach"]["compare"]     = compare_.report_state();
    state["gpu_view"]             = gpu_.report_state();
    if (preview_.readout())
        state["readout"] = {{"image", std::string(1, preview_.readout()->image)},
                            {"x", preview_.readout()->x},
                            {"y", preview_.readout()->y},
                            {"value", preview_.readout()->value}};
    if (preview_.readout() && preview_.readout()->sample)
        state["readout"]["sample"] = {
            {"map", preview_colour_names[static_cast<std::size_t>(preview_.readout()->colour)]},
            {"value", *preview_.readout()->sample}};
    if (preview_.readout() && !preview_.readout()->weights.empty())
        state["readout"]["weights"] = preview_.readout()->weights;
    // The texture rules in effect (the preset's, or the default set) as the preset writes them.
    state["texture_rules"] = {
        {"own", !settings_.texture_layers.empty()},
        {"rules",
         nlohmann::json::parse(texture_layers_json(effective_texture_layers(preset_of(settings_))).dump())}};
    state["lattice_views"]   = lattice_views_report(lattice_, influence_shown());
    state["lesson"]          = lessons_.report_state();
    state["presenter"]       = presenter_.on();
    state["presenter_blank"] = presenter_.blank();
    state["figure"]          = figures_.report_state();
    state["layers"]          = layers_.report_state(settings_.params);
    state["taught"]          = {{"layer", taught_.layer}, {"scale", taught_.scale}};  // update_taught
    if (field.has_image())
        state["field"] = {
            {"min", field.summary().min}, {"max", field.summary().max}, {"mean", field.summary().mean}};
    return state;
}

}  // namespace app::gui
