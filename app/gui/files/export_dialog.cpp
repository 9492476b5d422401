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

#include "core/engine_profile.hpp"
#include "core/export_image.hpp"
#include "core/tile_grid.hpp"
#include "core/tiling_check.hpp"
#include "gui/common/theme.hpp"
#include "gui/files/export_rows.hpp"

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

// [SECTION] The dialog ---------------------------------------------------------------------------

// Opening the dialog, and a finished job's outcome (handed back once, open or not).
void open_and_take_outcome(ExportDialog& dialog, const Settings& settings) {
    if (dialog.want_open) {
        dialog.want_open = false;
        if (settings.view.export_width > 0 && settings.view.export_height > 0 && !dialog.running())
            choose_size(dialog, {settings.view.export_width, settings.view.export_height});
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
        request.format       = dialog.format;
        request.path         = dialog.path;
        request.overwrite    = overwrite;
        request.float_values = dialog.raw_values ? FloatValues::raw : FloatValues::unit;
        request.mask         = dialog.mask_map;
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
                  (has_sidecar(part.request.format) && exists(sidecar_path(part.request.path)));
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
        // A name whose extension names another format, said before anything is rendered.
        const std::string name_problem =
            chosen_profile(dialog) ? std::string() : file_name_problem(dialog.format, dialog.path);
        if (!name_problem.empty()) {
            warning_text("%s", name_problem.c_str());
            report_item("export_name_problem");
        }
        ImGui::BeginDisabled(!invalid.empty() || dialog.path.empty() || !plan.error.empty() ||
                             !name_problem.empty());
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
    open_and_take_outcome(dialog, settings);

    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    // Fixed width, height following the content (messages and confirmations come and go).
    ImGui::SetNextWindowSizeConstraints(ImVec2(520, 0), ImVec2(520, 10000));
    if (!ImGui::BeginPopupModal("Export image", nullptr,
                                ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize))
        return;

    const bool busy = dialog.running();
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
