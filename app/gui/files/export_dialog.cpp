#include "gui/files/export_dialog.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <system_error>
#include <thread>
#include <vector>

#include "core/export_image.hpp"
#include "core/image_size.hpp"
#include "core/tile_grid.hpp"
#include "core/tiling_check.hpp"
#include "gui/common/theme.hpp"

namespace app::gui {

// [SECTION] The job ----------------------------------------------------------------------------

namespace {

// The export as a background task: a copy of the settings, rendered and written by the same core
// code as the CLI. Returns the message to show; throws the failure's one-line message.
// With `tiles` (a grid of more than one), each tile and the manifest, as `export --tiles` does.
BackgroundTask<std::string>::Work export_work(Preset preset, ExportRequest request, TileGrid grid,
                                              std::vector<Tile> tiles) {
    return [preset = std::move(preset), request = std::move(request), grid,
            tiles = std::move(tiles)](const TaskControl& control) {
        try {
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
        } catch (const ExportError& e) {
            if (e.cause() == ExportError::Cause::cancelled)
                throw std::runtime_error("Export cancelled; no file written.");
            throw;
        } catch (const std::bad_alloc&) {
            throw std::runtime_error("Not enough memory to export " + std::to_string(request.size.width) +
                                     " x " + std::to_string(request.size.height) + "; no file written.");
        }
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
    ImageSize size;  // {0, 0}: custom
};

const std::vector<SizeChoice>& size_choices() {
    static const std::vector<SizeChoice> choices = [] {
        std::vector<SizeChoice> out;
        for (const NamedSize& named : named_sizes) {
            char label[64];
            std::snprintf(label, sizeof label, "%.*s  (%d x %d)", static_cast<int>(named.name.size()),
                          named.name.data(), named.size.width, named.size.height);
            out.push_back({label, named.size});
        }
        for (int side = 256; side <= 8192; side *= 2)
            out.push_back({std::to_string(side) + " x " + std::to_string(side), {side, side}});
        out.push_back({"custom ...", {0, 0}});
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
    if (static_cast<ExportFormat>(dialog.format) == ExportFormat::normal8) {
        // The normal map depends on the Terrain settings: say which, so the slopes are no surprise.
        const ViewSettings& view = settings.view;
        ImGui::TextDisabled("normal8: %s convention, %g m height, %g m spacing (Terrain controls)",
                            normal_convention_names[static_cast<std::size_t>(view.normal_convention)].data(),
                            view.terrain_height, view.terrain_spacing);
    } else if (is_float_format(static_cast<ExportFormat>(dialog.format))) {
        // r32 / exr32: the mapped value in [0, 1] or the noise itself (export --values).
        ImGui::SetCursorPosX(label_column);
        if (ImGui::RadioButton("values 0..1", !dialog.raw_values)) dialog.raw_values = false;
        report_item("export_values=unit");
        ImGui::SameLine();
        if (ImGui::RadioButton("raw noise values", dialog.raw_values)) dialog.raw_values = true;
        report_item("export_values=raw");
    } else {
        ImGui::TextDisabled("png16 / r16: engine heightmaps; png8: gray; rgb8: the colours on screen");
    }
}

// Size: a named or square size, or a custom one typed in. Returns the size chosen.
ImageSize draw_size_row(ExportDialog& dialog) {
    const auto& sizes = size_choices();
    row_label("Size");
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##export_size",
                          sizes[static_cast<std::size_t>(dialog.size_index)].label.c_str())) {
        for (std::size_t i = 0; i < sizes.size(); ++i)
            if (ImGui::Selectable(sizes[i].label.c_str(), dialog.size_index == static_cast<int>(i)))
                dialog.size_index = static_cast<int>(i);
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

// File: the path typed in, or picked in the folder view below it.
void draw_path_row(ExportDialog& dialog) {
    row_label("File");
    ImGui::SetNextItemWidth(-1);
    if (ImGui::InputText("##export_path", &dialog.path)) dialog.confirm_replace = false;
    report_item("export_path");
    const std::vector<std::string> extensions{
        std::string(export_format_extension(static_cast<ExportFormat>(dialog.format)))};
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

// Starts the export job with a copy of the settings.
void start_export(ExportDialog& dialog, const Settings& settings, ImageSize size, const TilePlan& plan,
                  bool overwrite) {
    Preset preset;
    preset.params = settings.params;
    preset.view   = settings.view;
    ExportRequest request;
    request.size         = size;
    request.format       = static_cast<ExportFormat>(dialog.format);
    request.path         = dialog.path;
    request.overwrite    = overwrite;
    request.float_values = dialog.raw_values ? FloatValues::raw : FloatValues::unit;
    dialog.error.clear();
    dialog.message.clear();
    dialog.confirm_replace = false;
    // No wake-up needed: the window keeps drawing while an export runs (Explorer::busy).
    std::error_code ec;
    dialog.exporting = std::filesystem::absolute(dialog.path, ec);
    dialog.job       = std::make_unique<BackgroundTask<std::string>>(
        export_work(std::move(preset), std::move(request), plan.grid, plan.tiles), nullptr);
}

// Cancel while it runs; else Export, which asks first when it would replace files.
void draw_start_buttons(ExportDialog& dialog, const Settings& settings, ImageSize size, const TilePlan& plan,
                        bool busy) {
    const std::string invalid = noise::validate(settings.params);
    if (busy) {
        if (ImGui::Button("Cancel export", ImVec2(140, 0))) dialog.job->cancel();
        report_item("export_cancel");
    } else if (dialog.confirm_replace) {
        if (plan.tiled)
            ImGui::TextColored(ImColor(colours::warning), "Tiles of %s exist. Replace them?",
                               dialog.path.c_str());
        else
            ImGui::TextColored(ImColor(colours::warning), "%s exists. Replace it?", dialog.path.c_str());
        if (ImGui::Button("Replace", ImVec2(120, 0))) start_export(dialog, settings, size, plan, true);
        report_item("export_replace");
        ImGui::SameLine();
        if (ImGui::Button("Keep it", ImVec2(120, 0))) dialog.confirm_replace = false;
    } else {
        ImGui::BeginDisabled(!invalid.empty() || dialog.path.empty() || !plan.error.empty());
        if (ImGui::Button("Export", ImVec2(120, 0))) {
            std::error_code ec;
            bool exists = plan.tiled ? std::filesystem::exists(tile_manifest_path(dialog.path), ec)
                                     : std::filesystem::exists(dialog.path, ec);
            for (const auto& tile : plan.tiles) exists = exists || std::filesystem::exists(tile.path, ec);
            if (exists) {
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
    draw_format_row(dialog, settings);
    const ImageSize size = draw_size_row(dialog);
    const TilePlan plan  = draw_tiles_row(dialog, size);
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
