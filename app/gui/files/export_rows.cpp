// The export dialog's rows: see export_rows.hpp.
#include "gui/files/export_rows.hpp"

#include <imgui.h>
#include <imgui_internal.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string_view>

#include "core/image_size.hpp"
#include "core/terrain_masks.hpp"
#include "gui/common/theme.hpp"

namespace app::gui {

namespace {

constexpr float label_column = 90.0f;  // where each row's field starts, after its label

void row_label(const char* label) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(label);
    ImGui::SameLine(label_column);
}

// [SECTION] Sizes ------------------------------------------------------------------------------

struct SizeChoice {
    std::string label;
    std::string name;  // as export --size takes it ("unity-33", "512x512"), "custom" for the last
    ImageSize size;    // {0, 0}: custom
};

const std::vector<SizeChoice>& size_choices() {
    static const std::vector<SizeChoice> choices = [] {
        std::vector<SizeChoice> out;
        for (const NamedSize& named : named_sizes) {
            char label[64];
            std::snprintf(label, sizeof label, "%.*s  (%d x %d)", static_cast<int>(named.name.size()),
                          named.name.data(), named.size.width, named.size.height);
            out.push_back({label, std::string(named.name), named.size});
        }
        for (int side = 256; side <= 8192; side *= 2)
            out.push_back({std::to_string(side) + " x " + std::to_string(side),
                           std::to_string(side) + "x" + std::to_string(side),
                           {side, side}});
        out.push_back({"custom ...", "custom", {0, 0}});
        return out;
    }();
    return choices;
}

// The extension that suits the format, so the default path follows the chosen format.
std::filesystem::path with_format_extension(std::filesystem::path path, ExportFormat format) {
    path.replace_extension(export_format_extension(format));
    return path;
}

// The size list's entry the dialog points at (a stale index is clamped to the list).
const SizeChoice& chosen_choice(const ExportDialog& dialog) {
    const auto& sizes = size_choices();
    return sizes[static_cast<std::size_t>(
        std::clamp(dialog.size_index, 0, static_cast<int>(sizes.size()) - 1))];
}

// [SECTION] What to export -----------------------------------------------------------------------

// A set is named DIR/NAME (its files are DIR/NAME_height.png ...): a manifest picked in the
// folder view names its set.
std::filesystem::path set_base(const std::string& path) {
    constexpr std::string_view manifest = ".manifest.json";
    if (path.size() > manifest.size() && path.ends_with(manifest))
        return path.substr(0, path.size() - manifest.size());
    return path;
}

// Where the terrain's metres are set: the simulated frame (Erosion) or the Terrain controls.
const char* metres_source(const noise::Params& params) {
    return simulation_sets_metres(params) ? "the simulated frame" : "Terrain controls";
}

// The terrain figures a format is computed in, so its slopes are no surprise.
void terrain_figures_text(const char* what, const ViewSettings& view, const noise::Params& params) {
    ImGui::TextDisabled("%s: %g m height, %g m spacing (%s)", what, view.terrain_height, view.terrain_spacing,
                        metres_source(params));
}

// Below the format: what the chosen format depends on, and its own choices (export's --values,
// --map, --layer, --mesh-grid).
void draw_format_choices(ExportDialog& dialog, const Settings& settings) {
    const ExportFormat format = dialog.format;
    // The metres at the chosen size (a simulated frame's when the simulation runs): terrain_scale.hpp.
    const ViewSettings view = terrain_view(settings.params, settings.view, chosen_size(dialog).width);
    if (format == ExportFormat::normal8) {
        ImGui::TextDisabled("normal8: %s convention, %g m height, %g m spacing (%s)",
                            normal_convention_names[static_cast<std::size_t>(view.normal_convention)].data(),
                            view.terrain_height, view.terrain_spacing, metres_source(settings.params));
    } else if (is_float_format(format)) {
        // The mapped value in [0, 1] or the noise itself.
        ImGui::SetCursorPosX(label_column);
        if (ImGui::RadioButton("values 0..1", !dialog.raw_values)) dialog.raw_values = false;
        report_item("export_values=unit");
        ImGui::SameLine();
        if (ImGui::RadioButton("raw noise values", dialog.raw_values)) dialog.raw_values = true;
        report_item("export_values=raw");
    } else if (format == ExportFormat::mask16) {
        row_label("Map");
        const bool simulated = settings.params.erosion_method == noise::ErosionMethod::simulate;
        for (std::size_t i = 0; i < terrain_mask_names.size(); ++i) {
            const auto mask = static_cast<TerrainMask>(i);
            // flow, wear and deposit: the erosion simulation's maps, offered when it runs
            if (is_simulation_mask(mask) && !simulated) continue;
            if (i != 0) ImGui::SameLine();
            const std::string name(terrain_mask_names[i]);
            if (ImGui::RadioButton(name.c_str(), dialog.mask_map == mask)) dialog.mask_map = mask;
            report_item("export_map=" + name);
        }
        terrain_figures_text("mask16", view, settings.params);
    } else if (is_weight_format(format)) {
        // One layer's weights, or (splat8) one RGBA image of four layers: the preset's layers or
        // the default set, by name.
        const std::vector<TextureLayer> layers = effective_texture_layers(preset_of(settings));
        const bool splat                       = format == ExportFormat::splat8;
        const int count  = static_cast<int>(splat ? (layers.size() + 3) / 4 : layers.size());
        dialog.layer     = std::clamp(dialog.layer, 0, count - 1);
        const auto label = [&](int i) {
            if (!splat) return std::to_string(i) + ": " + layers[static_cast<std::size_t>(i)].name;
            std::string text = "image " + std::to_string(i) + ":";
            for (std::size_t l = static_cast<std::size_t>(i) * 4;
                 l < layers.size() && l < static_cast<std::size_t>(i) * 4 + 4; ++l)
                text += " " + layers[l].name;
            return text;
        };
        row_label(splat ? "Image" : "Layer");
        ImGui::SetNextItemWidth(-1);
        if (ImGui::BeginCombo("##export_layer", label(dialog.layer).c_str())) {
            for (int i = 0; i < count; ++i)
                if (ImGui::Selectable(label(i).c_str(), dialog.layer == i)) dialog.layer = i;
            ImGui::EndCombo();
        }
        report_item("export_layer");
        terrain_figures_text(splat ? "splat8" : "weights", view, settings.params);
    } else if (is_mesh_format(format)) {
        row_label("Grid");
        ImGui::SetNextItemWidth(120);
        ImGui::InputInt("##export_mesh_grid", &dialog.mesh_grid);
        dialog.mesh_grid = std::clamp(dialog.mesh_grid, min_mesh_grid, max_mesh_grid);  // what is used
        report_item("export_mesh_grid");
        ImGui::SameLine();
        ImGui::TextDisabled("vertices along a row, in metres (Terrain controls)");
    } else {
        ImGui::TextDisabled("png16 / r16: engine heightmaps; png8: gray; rgb8: the colours on screen");
    }
}

}  // namespace

ImageSize chosen_size(const ExportDialog& dialog) {
    if (const SizeChoice& choice = chosen_choice(dialog); choice.size.width != 0) return choice.size;
    return {std::clamp(dialog.custom_width, 1, max_image_side),
            std::clamp(dialog.custom_height, 1, max_image_side)};
}

void choose_size(ExportDialog& dialog, ImageSize size) {
    const auto& sizes = size_choices();
    for (std::size_t i = 0; i < sizes.size(); ++i)
        if (sizes[i].size == size) {
            dialog.size_index = static_cast<int>(i);
            return;
        }
    dialog.size_index    = static_cast<int>(sizes.size()) - 1;  // custom ...
    dialog.custom_width  = size.width;
    dialog.custom_height = size.height;
}

std::string chosen_size_label(const ExportDialog& dialog) {
    if (const SizeChoice& choice = chosen_choice(dialog); choice.size.width != 0) return choice.label;
    const ImageSize size = chosen_size(dialog);
    return std::to_string(size.width) + " x " + std::to_string(size.height);
}

void warning_text(const char* format, const char* text) {
    ImGui::PushStyleColor(ImGuiCol_Text, colours::warning);
    ImGui::TextWrapped(format, text);
    ImGui::PopStyleColor();
}

// [SECTION] One image or an engine's set ------------------------------------------------------

std::optional<EngineProfile> chosen_profile(const ExportDialog& dialog) { return dialog.engine_set; }

ProfileRequest profile_request(const ExportDialog& dialog, ImageSize size, bool overwrite) {
    ProfileRequest request;
    request.profile   = *chosen_profile(dialog);
    request.size      = size;
    request.base      = set_base(dialog.path);
    request.overwrite = overwrite;
    return request;
}

// [SECTION] The rows ------------------------------------------------------------------------------

// Export: one image of the format below, or an engine's whole set (export --profile). The path
// follows: a set's base has no extension, one image gets its format's back.
void draw_kind_row(ExportDialog& dialog) {
    row_label("Export");
    const auto choose = [&](std::optional<EngineProfile> kind) {
        if (kind == dialog.engine_set) return;
        std::filesystem::path path = set_base(dialog.path);
        dialog.path = (kind ? path.replace_extension() : with_format_extension(path, dialog.format)).string();
        dialog.engine_set      = kind;
        dialog.confirm_replace = false;
    };
    if (ImGui::RadioButton("one image", !dialog.engine_set)) choose(std::nullopt);
    report_item("export_set=none");
    for (std::size_t i = 0; i < engine_profile_names.size(); ++i) {
        ImGui::SameLine();
        const auto profile = static_cast<EngineProfile>(i);
        const std::string name(engine_profile_names[i]);
        if (ImGui::RadioButton((name + " set").c_str(), dialog.engine_set == profile)) choose(profile);
        report_item("export_set=" + name);
    }
}

// Format: a radio button per row of the format table (export_formats.hpp), each saying on hover
// what it writes, and below them what the chosen format depends on.
void draw_format_row(ExportDialog& dialog, const Settings& settings) {
    row_label("Format");
    const auto formats = export_format_table();
    for (std::size_t i = 0; i < formats.size(); ++i) {
        // Four to a row: all of them in one row are wider than the dialog.
        if (i % 4 != 0)
            ImGui::SameLine();
        else if (i != 0)
            ImGui::SetCursorPosX(label_column);
        const std::string name(formats[i].name);
        if (ImGui::RadioButton(name.c_str(), dialog.format == formats[i].format)) {
            dialog.format          = formats[i].format;
            dialog.path            = with_format_extension(dialog.path, formats[i].format).string();
            dialog.confirm_replace = false;
        }
        // After a short hover only, as the controls' tooltips: a passing pointer leaves no box.
        if (ImGui::IsItemHovered() && ImGui::GetCurrentContext()->HoveredIdTimer >= 0.6f)
            ImGui::SetTooltip("%s", formats[i].summary.data());
        report_item("export_format=" + name);
    }
    draw_format_choices(dialog, settings);
}

// Size: a named or square size, or a custom one typed in. Returns the size chosen.
ImageSize draw_size_row(ExportDialog& dialog) {
    const auto& sizes = size_choices();
    dialog.size_index =
        std::clamp(dialog.size_index, 0, static_cast<int>(sizes.size()) - 1);  // a stale index
    row_label("Size");
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##export_size",
                          sizes[static_cast<std::size_t>(dialog.size_index)].label.c_str())) {
        for (std::size_t i = 0; i < sizes.size(); ++i) {
            if (ImGui::Selectable(sizes[i].label.c_str(), dialog.size_index == static_cast<int>(i))) {
                dialog.size_index  = static_cast<int>(i);
                dialog.size_edited = true;
            }
            report_item("export_size=" + sizes[i].name);
        }
        ImGui::EndCombo();
    }
    report_item("export_size");
    if (chosen_choice(dialog).size.width == 0) {
        ImGui::SetCursorPosX(label_column);
        ImGui::SetNextItemWidth(200);
        if (ImGui::InputInt2("##custom_size", &dialog.custom_width)) dialog.size_edited = true;
        dialog.custom_width =
            std::clamp(dialog.custom_width, 1, max_image_side);  // the field shows what is used
        dialog.custom_height = std::clamp(dialog.custom_height, 1, max_image_side);
    }
    return chosen_size(dialog);
}

// Tiles (export --tiles): 1 x 1 is one image. Returns the plan, with the first tile's name shown.
TilePlan draw_tiles_row(ExportDialog& dialog, ImageSize size) {
    row_label("Tiles");
    ImGui::SetNextItemWidth(120);
    ImGui::InputInt2("##export_tiles", &dialog.tile_columns);
    dialog.tile_columns = std::clamp(dialog.tile_columns, 1, 64);
    dialog.tile_rows    = std::clamp(dialog.tile_rows, 1, 64);
    report_item("export_tiles");
    ImGui::SameLine();
    ImGui::Checkbox("shared edges (Unreal)", &dialog.tile_shared_edges);
    report_item("export_tile_edges");
    TilePlan plan;
    plan.grid  = {dialog.tile_columns, dialog.tile_rows,
                 dialog.tile_shared_edges ? TileEdges::shared : TileEdges::split};
    plan.tiled = plan.grid.columns * plan.grid.rows > 1;
    if (plan.tiled) plan.tiles = plan_tiles(plan.grid, size, dialog.path, plan.error);
    if (plan.tiled && plan.error.empty())
        ImGui::TextDisabled("%d tiles of %d x %d: %s ...", plan.grid.columns * plan.grid.rows,
                            plan.tiles.front().region.columns(), plan.tiles.front().region.rows(),
                            plan.tiles.front().path.filename().string().c_str());
    else if (plan.tiled)
        warning_text("%s", plan.error.substr(plan.error.find(' ') + 1).c_str());  // without "--tiles: "
    return plan;
}

// The set's files, named before anything is written, and where the import figures go.
void draw_set_files(const std::vector<SetPart>& parts, const ProfileRequest& request) {
    row_label("Files");
    std::string names;
    for (const SetPart& part : parts) names += part.request.path.filename().string() + ", ";
    names += profile_manifest_path(request.base).filename().string();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", names.c_str());
    ImGui::SetCursorPosX(label_column);
    ImGui::TextDisabled("The manifest lists every file's role and the engine's import figures.");
    ImGui::PopTextWrapPos();
}

// File: the path typed in, or picked in the folder view below it (a set's DIR/NAME, or a
// manifest of one).
void draw_path_row(ExportDialog& dialog) {
    row_label(chosen_profile(dialog) ? "Name" : "File");
    ImGui::SetNextItemWidth(-1);
    if (ImGui::InputText("##export_path", &dialog.path)) {
        dialog.confirm_replace = false;
        // A typed extension chooses the format it names (the buttons above follow); one that
        // names no format we write is refused under the Export button (path_problem).
        if (!chosen_profile(dialog))
            if (auto named = format_named_by(dialog.path, dialog.format)) dialog.format = *named;
    }
    report_item("export_path");
    const std::vector<std::string> extensions{
        chosen_profile(dialog) ? std::string(".json") : std::string(export_format_extension(dialog.format))};
    if (dialog.browser.draw(dialog.path, extensions, "export_browse",
                            6 * ImGui::GetTextLineHeightWithSpacing()) != FileBrowser::Pick::none)
        dialog.confirm_replace = false;
}

}  // namespace app::gui
