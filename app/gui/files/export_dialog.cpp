#include "gui/files/export_dialog.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string_view>
#include <system_error>
#include <thread>
#include <vector>

#include "core/engine_profile.hpp"
#include "core/export_image.hpp"
#include "core/image_size.hpp"
#include "core/terrain_masks.hpp"
#include "core/tile_grid.hpp"
#include "core/tiling_check.hpp"
#include "gui/common/theme.hpp"

namespace app::gui {

// [SECTION] The job ----------------------------------------------------------------------------

namespace {

// `write()`'s message, with the failures said as the dialog says them: a cancellation and a
// lack of memory in one line that tells the user nothing was written.
template <class Write>
std::string with_export_failures(ImageSize size, const Write& write) {
    try {
        return write();
    } catch (const ExportError& e) {
        if (e.cause() == ExportError::Cause::cancelled)
            throw std::runtime_error("Export cancelled; no file written.");
        throw;
    } catch (const std::bad_alloc&) {
        throw std::runtime_error("Not enough memory to export " + std::to_string(size.width) + " x " +
                                 std::to_string(size.height) + "; no file written.");
    }
}

// The export as a background task: a copy of the settings, rendered and written by the same core
// code as the CLI. Returns the message to show; throws the failure's one-line message.
// With `tiles` (a grid of more than one), each tile and the manifest, as `export --tiles` does.
BackgroundTask<std::string>::Work export_work(Preset preset, ExportRequest request, TileGrid grid,
                                              std::vector<Tile> tiles) {
    return [preset = std::move(preset), request = std::move(request), grid,
            tiles = std::move(tiles)](const TaskControl& control) {
        return with_export_failures(request.size, [&] {
            if (!tiles.empty()) {
                const ExportResult result =
                    export_tiles(preset, request, grid, tiles, true, &control.cancelled, &control.progress);
                std::error_code ec;
                const auto folder = std::filesystem::absolute(request.path, ec).parent_path();
                return "Exported " + std::to_string(tiles.size()) + " tiles and " +
                       tile_manifest_path(request.path).filename().string() + " to " + folder.string();
            }
            const ExportResult result = export_image(preset, request, &control.cancelled, &control.progress);
            std::error_code ec;
            const auto where = [&](const std::filesystem::path& file) {
                const auto absolute = std::filesystem::absolute(file, ec);
                return (ec ? file : absolute).string();
            };
            std::string message = "Exported " + where(request.path);
            if (result.files.size() > 1) message += " (+ " + result.files[1].filename().string() + ")";
            return message;
        });
    };
}

// An engine's whole set (export --profile) as a background task, written all or nothing.
BackgroundTask<std::string>::Work profile_work(Preset preset, ProfileRequest request) {
    return [preset = std::move(preset), request = std::move(request)](const TaskControl& control) {
        return with_export_failures(request.size, [&] {
            const ExportResult result =
                export_profile(preset, request, &control.cancelled, &control.progress);
            std::error_code ec;
            const auto folder = std::filesystem::absolute(request.base, ec).parent_path();
            return "Exported the " +
                   std::string(engine_profile_names[static_cast<std::size_t>(request.profile)]) +
                   " set: " + std::to_string(result.files.size()) + " files, listed in " +
                   profile_manifest_path(request.base).filename().string() + ", to " + folder.string();
        });
    };
}

}  // namespace

// A full path from the start: the dialog and its messages always say where the file goes.
ExportDialog::ExportDialog() {
    std::error_code ec;
    const auto here = std::filesystem::current_path(ec);
    path            = ((ec ? std::filesystem::path(".") : here) / "heightmap.png").string();
}

namespace {

// Shows the folder in the desktop's file manager, without waiting for it. The child is reaped
// by a detached thread, so no zombie is left behind.
std::string open_folder(const std::filesystem::path& folder) {
    std::string program = "xdg-open";
    char* argv[]        = {program.data(), const_cast<char*>(folder.c_str()), nullptr};
    pid_t pid           = 0;
    if (posix_spawnp(&pid, program.c_str(), nullptr, nullptr, argv, environ) != 0)
        return "cannot start xdg-open: the file is in " + folder.string();
    std::thread([pid] { waitpid(pid, nullptr, 0); }).detach();
    return {};
}

}  // namespace
ExportDialog::~ExportDialog() = default;  // cancels and joins a running job

bool ExportDialog::running() const { return job && !job->finished(); }

namespace {

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

}  // namespace

ImageSize chosen_size(const ExportDialog& dialog) {
    if (const SizeChoice& choice = chosen_choice(dialog); choice.size.width != 0) return choice.size;
    return {std::clamp(dialog.custom_width, 1, max_image_side),
            std::clamp(dialog.custom_height, 1, max_image_side)};
}

std::string chosen_size_label(const ExportDialog& dialog) {
    if (const SizeChoice& choice = chosen_choice(dialog); choice.size.width != 0) return choice.label;
    const ImageSize size = chosen_size(dialog);
    return std::to_string(size.width) + " x " + std::to_string(size.height);
}

// [SECTION] The dialog ---------------------------------------------------------------------------

namespace {

constexpr float label_column = 90.0f;  // where each row's field starts, after its label

// What the Tiles row plans: the grid, its tiles (none for one image) and why it cannot be.
struct TilePlan {
    TileGrid grid;
    bool tiled = false;
    std::vector<Tile> tiles;
    std::string error;
};

void row_label(const char* label) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(label);
    ImGui::SameLine(label_column);
}

void warning_text(const char* format, const char* text) {
    ImGui::PushStyleColor(ImGuiCol_Text, colours::warning);
    ImGui::TextWrapped(format, text);
    ImGui::PopStyleColor();
}

// Opening the dialog, and a finished job's outcome (handed back once, open or not).
void open_and_take_outcome(ExportDialog& dialog) {
    if (dialog.want_open) {
        dialog.want_open       = false;
        dialog.confirm_replace = false;
        if (!dialog.running()) {
            dialog.error.clear();
            dialog.message.clear();
        }
        ImGui::OpenPopup("Export image");
    }
    if (dialog.job) {
        if (auto outcome = dialog.job->take()) {
            dialog.message = outcome->result.value_or("");
            dialog.error   = outcome->error;
            if (outcome->result) dialog.exported = dialog.exporting;
            dialog.job.reset();
        }
    }
}

// [SECTION] One image or an engine's set ------------------------------------------------------

std::optional<EngineProfile> chosen_profile(const ExportDialog& dialog) {
    if (dialog.engine_set <= 0) return std::nullopt;
    return static_cast<EngineProfile>(dialog.engine_set - 1);
}

// A set is named DIR/NAME (its files are DIR/NAME_height.png ...): a manifest picked in the
// folder view names its set.
std::filesystem::path set_base(const std::string& path) {
    constexpr std::string_view manifest = ".manifest.json";
    if (path.size() > manifest.size() && path.ends_with(manifest))
        return path.substr(0, path.size() - manifest.size());
    return path;
}

ProfileRequest profile_request(const ExportDialog& dialog, ImageSize size, bool overwrite) {
    ProfileRequest request;
    request.profile   = *chosen_profile(dialog);
    request.size      = size;
    request.base      = set_base(dialog.path);
    request.overwrite = overwrite;
    return request;
}

// Export: one image of the format below, or an engine's whole set (export --profile). The path
// follows: a set's base has no extension, one image gets its format's back.
void draw_kind_row(ExportDialog& dialog) {
    row_label("Export");
    const auto choose = [&](int kind) {
        if (kind == dialog.engine_set) return;
        std::filesystem::path path = set_base(dialog.path);
        dialog.path = (kind == 0 ? with_format_extension(path, static_cast<ExportFormat>(dialog.format))
                                 : path.replace_extension())
                          .string();
        dialog.engine_set      = kind;
        dialog.confirm_replace = false;
    };
    if (ImGui::RadioButton("one image", dialog.engine_set == 0)) choose(0);
    report_item("export_set=none");
    for (std::size_t i = 0; i < engine_profile_names.size(); ++i) {
        ImGui::SameLine();
        const std::string name(engine_profile_names[i]);
        if (ImGui::RadioButton((name + " set").c_str(), dialog.engine_set == static_cast<int>(i) + 1))
            choose(static_cast<int>(i) + 1);
        report_item("export_set=" + name);
    }
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

// The terrain figures a format is computed in, so its slopes are no surprise.
void terrain_figures_text(const char* what, const ViewSettings& view) {
    ImGui::TextDisabled("%s: %g m height, %g m spacing (Terrain controls)", what, view.terrain_height,
                        view.terrain_spacing);
}

// Below the format: what the chosen format depends on, and its own choices (export's --values,
// --map, --layer, --mesh-grid).
void draw_format_choices(ExportDialog& dialog, const Settings& settings) {
    const ExportFormat format = static_cast<ExportFormat>(dialog.format);
    const ViewSettings& view  = settings.view;
    if (format == ExportFormat::normal8) {
        ImGui::TextDisabled("normal8: %s convention, %g m height, %g m spacing (Terrain controls)",
                            normal_convention_names[static_cast<std::size_t>(view.normal_convention)].data(),
                            view.terrain_height, view.terrain_spacing);
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
        for (std::size_t i = 0; i < terrain_mask_names.size(); ++i) {
            if (i != 0) ImGui::SameLine();
            const std::string name(terrain_mask_names[i]);
            if (ImGui::RadioButton(name.c_str(), dialog.mask_map == static_cast<int>(i)))
                dialog.mask_map = static_cast<int>(i);
            report_item("export_map=" + name);
        }
        terrain_figures_text("mask16", view);
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
        terrain_figures_text(splat ? "splat8" : "weights", view);
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

// Format: the radio buttons, and below them what the chosen format depends on.
void draw_format_row(ExportDialog& dialog, const Settings& settings) {
    row_label("Format");
    for (std::size_t i = 0; i < export_format_names.size(); ++i) {
        // Four to a row: all seven in one row are wider than the dialog.
        if (i % 4 != 0)
            ImGui::SameLine();
        else if (i != 0)
            ImGui::SetCursorPosX(label_column);
        const std::string name(export_format_names[i]);
        if (ImGui::RadioButton(name.c_str(), dialog.format == static_cast<int>(i))) {
            dialog.format = static_cast<int>(i);
            dialog.path   = with_format_extension(dialog.path, static_cast<ExportFormat>(i)).string();
            dialog.confirm_replace = false;
        }
        report_item("export_format=" + name);
    }
    draw_format_choices(dialog, settings);
}

// Size: a named or square size, or a custom one typed in. Returns the size chosen.
ImageSize draw_size_row(ExportDialog& dialog) {
    const auto& sizes = size_choices();
    row_label("Size");
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##export_size",
                          sizes[static_cast<std::size_t>(dialog.size_index)].label.c_str())) {
        for (std::size_t i = 0; i < sizes.size(); ++i) {
            if (ImGui::Selectable(sizes[i].label.c_str(), dialog.size_index == static_cast<int>(i)))
                dialog.size_index = static_cast<int>(i);
            report_item("export_size=" + sizes[i].name);
        }
        ImGui::EndCombo();
    }
    report_item("export_size");
    if (chosen_choice(dialog).size.width == 0) {
        ImGui::SetCursorPosX(label_column);
        ImGui::SetNextItemWidth(200);
        ImGui::InputInt2("##custom_size", &dialog.custom_width);
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

// File: the path typed in, or picked in the folder view below it (a set's DIR/NAME, or a
// manifest of one).
void draw_path_row(ExportDialog& dialog) {
    row_label(chosen_profile(dialog) ? "Name" : "File");
    ImGui::SetNextItemWidth(-1);
    if (ImGui::InputText("##export_path", &dialog.path)) dialog.confirm_replace = false;
    report_item("export_path");
    const std::vector<std::string> extensions{
        chosen_profile(dialog)
            ? std::string(".json")
            : std::string(export_format_extension(static_cast<ExportFormat>(dialog.format)))};
    if (dialog.browser.draw(dialog.path, extensions, "export_browse",
                            6 * ImGui::GetTextLineHeightWithSpacing()) != FileBrowser::Pick::none)
        dialog.confirm_replace = false;
}

// The running export's progress, the last outcome and "Open folder" after a success.
void draw_progress_and_messages(ExportDialog& dialog, bool busy) {
    if (busy) {
        char label[64];
        std::snprintf(label, sizeof label, "%s %.0f%%", dialog.job->cancelling() ? "cancelling" : "exporting",
                      dialog.job->progress() * 100.0);
        ImGui::ProgressBar(static_cast<float>(dialog.job->progress()), ImVec2(-1, 0), label);
        report_item("export_progress");
    }
    error_text(dialog.error);
    if (!dialog.message.empty()) ImGui::TextWrapped("%s", dialog.message.c_str());
    if (!dialog.exported.empty() && !busy && dialog.error.empty()) {
        if (ImGui::SmallButton("Open folder")) {
            const std::string failure = open_folder(dialog.exported.parent_path());
            if (!failure.empty()) dialog.message = failure;
        }
        report_item("export_open_folder");
    }
}

// Starts the export job (one image, a tile grid or a set) with a copy of the settings.
void start_export(ExportDialog& dialog, const Settings& settings, ImageSize size, const TilePlan& plan,
                  bool overwrite) {
    BackgroundTask<std::string>::Work work;
    if (chosen_profile(dialog)) {
        work = profile_work(preset_of(settings), profile_request(dialog, size, overwrite));
    } else {
        ExportRequest request;
        request.size         = size;
        request.format       = static_cast<ExportFormat>(dialog.format);
        request.path         = dialog.path;
        request.overwrite    = overwrite;
        request.float_values = dialog.raw_values ? FloatValues::raw : FloatValues::unit;
        request.mask         = static_cast<TerrainMask>(dialog.mask_map);
        request.layer        = dialog.layer;
        request.mesh_grid    = dialog.mesh_grid;
        work                 = export_work(preset_of(settings), std::move(request), plan.grid, plan.tiles);
    }
    dialog.error.clear();
    dialog.message.clear();
    dialog.confirm_replace = false;
    // No wake-up needed: the window keeps drawing while an export runs (Explorer::busy).
    std::error_code ec;
    dialog.exporting = std::filesystem::absolute(dialog.path, ec);
    dialog.job       = std::make_unique<BackgroundTask<std::string>>(std::move(work), nullptr);
}

// Whether the export would replace a file: the image, a tile or the grid's manifest, or a file
// of the set or its manifest.
bool would_replace(const ExportDialog& dialog, const Settings& settings, ImageSize size,
                   const TilePlan& plan) {
    std::error_code ec;
    const auto exists = [&](const std::filesystem::path& path) { return std::filesystem::exists(path, ec); };
    if (chosen_profile(dialog)) {
        const ProfileRequest request = profile_request(dialog, size, false);
        bool any                     = exists(profile_manifest_path(request.base));
        for (const SetPart& part : profile_parts(preset_of(settings), request))
            any = any || exists(part.request.path) ||
                  (has_sidecar(part.request.format) && exists(r16_sidecar_path(part.request.path)));
        return any;
    }
    bool any = plan.tiled ? exists(tile_manifest_path(dialog.path)) : exists(dialog.path);
    for (const auto& tile : plan.tiles) any = any || exists(tile.path);
    return any;
}

// Cancel while it runs; else Export, which asks first when it would replace files.
void draw_start_buttons(ExportDialog& dialog, const Settings& settings, ImageSize size, const TilePlan& plan,
                        bool busy) {
    const std::string invalid = noise::validate(settings.params);
    if (busy) {
        if (ImGui::Button("Cancel export", ImVec2(140, 0))) dialog.job->cancel();
        report_item("export_cancel");
    } else if (dialog.confirm_replace) {
        if (chosen_profile(dialog))
            ImGui::TextColored(ImColor(colours::warning), "Files of the set %s exist. Replace them?",
                               dialog.path.c_str());
        else if (plan.tiled)
            ImGui::TextColored(ImColor(colours::warning), "Tiles of %s exist. Replace them?",
                               dialog.path.c_str());
        else
            ImGui::TextColored(ImColor(colours::warning), "%s exists. Replace it?", dialog.path.c_str());
        if (ImGui::Button("Replace", ImVec2(120, 0))) start_export(dialog, settings, size, plan, true);
        report_item("export_replace");
        ImGui::SameLine();
        if (ImGui::Button("Keep it", ImVec2(120, 0))) dialog.confirm_replace = false;
        report_item("export_keep");
    } else {
        ImGui::BeginDisabled(!invalid.empty() || dialog.path.empty() || !plan.error.empty());
        if (ImGui::Button("Export", ImVec2(120, 0))) {
            if (would_replace(dialog, settings, size, plan)) {
                dialog.confirm_replace = true;
                dialog.message.clear();
            } else {
                start_export(dialog, settings, size, plan, false);
            }
        }
        report_item("export_start");
        ImGui::EndDisabled();
        if (!invalid.empty()) {
            ImGui::SameLine();
            ImGui::TextDisabled("(fix the settings first)");
        }
    }
}

}  // namespace

void draw_export_dialog(ExportDialog& dialog, const Settings& settings, const DialogKeys& keys) {
    open_and_take_outcome(dialog);

    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    // Fixed width, height following the content (messages and confirmations come and go).
    ImGui::SetNextWindowSizeConstraints(ImVec2(520, 0), ImVec2(520, 10000));
    if (!ImGui::BeginPopupModal("Export image", nullptr,
                                ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize))
        return;

    dialog.size_index = std::clamp(dialog.size_index, 0, static_cast<int>(size_choices().size()) - 1);
    const bool busy   = dialog.running();
    ImGui::BeginDisabled(busy);
    draw_kind_row(dialog);
    if (!chosen_profile(dialog)) draw_format_row(dialog, settings);
    const ImageSize size = draw_size_row(dialog);
    TilePlan plan;  // a set is never tiled
    if (chosen_profile(dialog)) {
        const ProfileRequest request = profile_request(dialog, size, false);
        draw_set_files(profile_parts(preset_of(settings), request), request);
    } else {
        plan = draw_tiles_row(dialog, size);
    }
    draw_path_row(dialog);
    ImGui::EndDisabled();

    // An export meant to tile that would show a seam says so before it is written.
    const std::string seam = tiling_warning(settings.params, size);
    if (!seam.empty()) {
        warning_text("Note: %s.", seam.c_str());
        report_item("export_tiling_warning");
    }

    draw_progress_and_messages(dialog, busy);
    draw_start_buttons(dialog, settings, size, plan, busy);
    ImGui::SameLine();
    // Closing the dialog does not stop a running export; it finishes in the background.
    if (ImGui::Button("Close", ImVec2(120, 0)) || (!busy && keys.escape)) ImGui::CloseCurrentPopup();
    report_item("export_close");
    ImGui::EndPopup();
}

}  // namespace app::gui
