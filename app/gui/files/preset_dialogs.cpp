#include "gui/files/preset_dialogs.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <system_error>
#include <utility>

#include "core/heightmap_file.hpp"
#include "core/shown_text.hpp"
#include "gui/common/theme.hpp"

namespace app::gui {

namespace {

Preset to_preset(const Settings& settings, const std::filesystem::path& path) {
    Preset preset = preset_of(settings);
    preset.name   = path.stem().string();
    return preset;
}

bool save_to(PresetDialogs& dialogs, const Settings& settings, const std::filesystem::path& path,
             bool overwrite) {
    try {
        // The user's presets folder is ours to create; any other folder must exist already.
        std::error_code ec;
        if (!dialogs.folders.presets.empty() && path.parent_path() == dialogs.folders.presets)
            std::filesystem::create_directories(dialogs.folders.presets, ec);
        save_preset(to_preset(settings, path), path, overwrite);
        dialogs.recent       = remember_recent(dialogs.folders, dialogs.recent, path);
        dialogs.current      = path;
        dialogs.current_name = path.stem().string();  // to_preset's name
        dialogs.baseline     = settings;
        dialogs.error.clear();
        dialogs.message = "Saved " + path.string();
        return true;
    } catch (const std::exception& e) {
        dialogs.error = failure_text(e);
        return false;
    }
}

}  // namespace

void load_shipped_presets(PresetDialogs& dialogs) {
    dialogs.shipped.clear();
    std::vector<std::filesystem::path> paths;
    try {
        paths = shipped_presets();
    } catch (const std::exception&) {
        return;  // no presets folder: the list stays empty, the rest of the window works
    }
    for (const auto& path : paths) {
        try {
            const Preset preset = load_preset(path);
            dialogs.shipped.push_back(
                {path, preset.name.empty() ? path.stem().string() : preset.name, preset.description});
        } catch (const std::exception&) {
            // A broken shipped file is a packaging bug; skipping it keeps the others usable.
        }
    }
}

std::filesystem::path suggested_save_path(const PresetDialogs& dialogs) {
    const auto& current = dialogs.current;
    bool shipped        = false;
    for (const auto& preset : dialogs.shipped) shipped |= preset.path == current;
    if (current.extension() == ".json" && !shipped) return current;
    const std::string name = current.empty() ? "my-preset.json" : current.stem().string() + ".json";
    return dialogs.folders.presets.empty() ? std::filesystem::path(name) : dialogs.folders.presets / name;
}

namespace {

// The first of `paths` that opens, on a background task: a preset or an export's preset, or with
// `images` a plain image (one that carries no preset) as a heightmap to import.
void start_opening(PresetDialogs& dialogs, std::vector<std::filesystem::path> paths, bool images,
                   std::function<void()> wake) {
    if (paths.empty() || dialogs.busy()) return;
    dialogs.opening_path = paths.front();
    dialogs.error.clear();
    dialogs.message = "Opening " + paths.front().string() + " ...";
    // The task gets copies of the paths; load_preset bounds its own time and size (preset.hpp).
    auto work = [paths = std::move(paths), images](const TaskControl& control) {
        std::string first_error;
        for (const auto& path : paths) {
            if (control.cancelled) break;
            try {
                if (images && !holds_preset(path))
                    return PresetDialogs::Opened{
                        {}, path, std::make_shared<const noise::HeightSamples>(read_heightmap(path))};
                return PresetDialogs::Opened{load_preset(path), path, nullptr};
            } catch (const std::exception& e) {
                if (first_error.empty()) first_error = failure_text(e);
            }
        }
        throw PresetError(first_error.empty() ? "cancelled" : first_error);
    };
    dialogs.opening =
        std::make_unique<BackgroundTask<PresetDialogs::Opened>>(std::move(work), std::move(wake));
}

}  // namespace

void open_preset(PresetDialogs& dialogs, std::vector<std::filesystem::path> paths,
                 std::function<void()> wake) {
    start_opening(dialogs, std::move(paths), false, std::move(wake));
}

void open_dropped(PresetDialogs& dialogs, std::vector<std::filesystem::path> paths,
                  std::function<void()> wake) {
    start_opening(dialogs, std::move(paths), true, std::move(wake));
}

void import_heightmap(PresetDialogs& dialogs, const std::filesystem::path& path, std::function<void()> wake) {
    if (dialogs.busy()) return;
    dialogs.opening_path = path;
    dialogs.error.clear();
    dialogs.message = "Importing " + path.string() + " ...";
    // read_heightmap bounds its own time and size (heightmap_file.hpp).
    auto work = [path](const TaskControl&) {
        return PresetDialogs::Opened{
            {}, path, std::make_shared<const noise::HeightSamples>(read_heightmap(path))};
    };
    dialogs.opening =
        std::make_unique<BackgroundTask<PresetDialogs::Opened>>(std::move(work), std::move(wake));
}

bool take_opened_preset(PresetDialogs& dialogs, Settings& settings) {
    if (!dialogs.opening) return false;
    auto outcome = dialogs.opening->take();
    if (!outcome) return false;
    dialogs.opening.reset();
    dialogs.opening_path.clear();
    if (!outcome->result) {
        dialogs.error = outcome->error;
        dialogs.message.clear();
        dialogs.refocus = true;
        return false;
    }
    if (outcome->result->heightmap) {
        // The layer keeps the file's absolute name, as a preset's heightmap does once read.
        const auto path = heightmap_path(outcome->result->path.string(), {});
        if (auto error = add_heightmap_layer(settings.params, path, outcome->result->heightmap);
            !error.empty()) {
            dialogs.error = escaped(path.string(), 160) + ": " + error;
            dialogs.message.clear();
            return false;
        }
        dialogs.error.clear();
        dialogs.message =
            "Imported " + path.string() + " as layer " + std::to_string(settings.params.stack.size() + 1);
        dialogs.close_import_dialog = true;
        return true;
    }
    settings             = settings_of(outcome->result->preset);
    dialogs.current      = outcome->result->path;
    dialogs.current_name = outcome->result->preset.name;
    dialogs.baseline     = settings;
    dialogs.recent       = remember_recent(dialogs.folders, dialogs.recent, dialogs.current);
    dialogs.error.clear();
    dialogs.message           = "Opened " + dialogs.current.string();
    dialogs.close_open_dialog = true;
    return true;
}

void draw_preset_dialogs(PresetDialogs& dialogs, const Settings& settings, const DialogKeys& keys,
                         const std::function<void()>& wake) {
    const ImVec2 centre = ImGui::GetMainViewport()->GetCenter();

    // [SECTION] Open
    if (dialogs.want_open) {
        dialogs.want_open = false;
        dialogs.error.clear();
        if (dialogs.open_path.empty()) dialogs.open_path = dialogs.current.string();
        ImGui::OpenPopup("Open preset");
    }
    ImGui::SetNextWindowPos(centre, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    // Fixed width, height following the content (messages and confirmations come and go).
    ImGui::SetNextWindowSizeConstraints(ImVec2(560, 0), ImVec2(560, 10000));
    if (ImGui::BeginPopupModal("Open preset", nullptr,
                               ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::TextUnformatted("A preset .json, or a PNG exported by Noise Explorer:");
        ImGui::SetNextItemWidth(-1);
        // Focus the path on opening and again after a failure, so the user can type a fix.
        if (ImGui::IsWindowAppearing() || std::exchange(dialogs.refocus, false))
            ImGui::SetKeyboardFocusHere();
        ImGui::InputText("##open_path", &dialogs.open_path);
        const bool enter = keys.enter;
        report_item("open_path");
        const bool busy = dialogs.busy();
        if (!dialogs.shipped.empty()) {
            ImGui::Spacing();
            ImGui::TextDisabled("Shipped presets (double-click to open):");
            if (ImGui::BeginListBox("##shipped", ImVec2(-1, 6 * ImGui::GetTextLineHeightWithSpacing()))) {
                for (const auto& shipped : dialogs.shipped) {
                    const bool selected = dialogs.open_path == shipped.path.string();
                    if (ImGui::Selectable(shipped.name.c_str(), selected,
                                          ImGuiSelectableFlags_AllowDoubleClick)) {
                        dialogs.open_path = shipped.path.string();
                        if (ImGui::IsMouseDoubleClicked(0)) open_preset(dialogs, {shipped.path}, wake);
                    }
                    if (!shipped.description.empty() && ImGui::IsItemHovered())
                        ImGui::SetTooltip("%s", shipped.description.c_str());
                }
                ImGui::EndListBox();
            }
        }
        ImGui::Spacing();
        ImGui::TextDisabled("Or browse (double-click a file to open it):");
        if (dialogs.open_browser.draw(
                dialogs.open_path, {".json", ".png", ".exr", ".r16", ".r32", ".glb", ".obj"}, "open_browse",
                8 * ImGui::GetTextLineHeightWithSpacing()) == FileBrowser::Pick::confirmed &&
            !busy)
            open_preset(dialogs, {dialogs.open_path}, wake);
        error_text(dialogs.error);
        if (busy) ImGui::TextDisabled("Reading %s ...", dialogs.opening_path.string().c_str());
        ImGui::BeginDisabled(busy);
        if (ImGui::Button("Open", ImVec2(120, 0)) || (enter && !busy)) {
            if (dialogs.open_path.empty()) {
                dialogs.error   = "Type a file name first.";
                dialogs.refocus = true;
            } else {
                open_preset(dialogs, {dialogs.open_path}, wake);
            }
        }
        report_item("open_start");
        ImGui::EndDisabled();
        ImGui::SameLine();
        // Cancel closes the dialog; a read in progress still ends by itself, and if it succeeds
        // the settings change then (the user asked for that file).
        if (ImGui::Button("Cancel", ImVec2(120, 0)) || keys.escape) ImGui::CloseCurrentPopup();
        if (std::exchange(dialogs.close_open_dialog, false)) ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
    }
    dialogs.close_open_dialog = false;  // opened from elsewhere (combo, menu, drop): nothing to close

    // [SECTION] Import heightmap
    if (dialogs.want_import) {
        dialogs.want_import = false;
        dialogs.error.clear();
        ImGui::OpenPopup("Import heightmap");
    }
    ImGui::SetNextWindowPos(centre, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(560, 0), ImVec2(560, 10000));
    if (ImGui::BeginPopupModal("Import heightmap", nullptr,
                               ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::TextWrapped(
            "A heightmap image (PNG, 8 or 16 bits; r16 or r32 with its .json; OpenEXR), added as a new "
            "top layer covering the frame:");
        ImGui::SetNextItemWidth(-1);
        if (ImGui::IsWindowAppearing() || std::exchange(dialogs.refocus, false))
            ImGui::SetKeyboardFocusHere();
        ImGui::InputText("##import_path", &dialogs.import_path);
        report_item("import_path");
        const bool busy = dialogs.busy();
        if (dialogs.import_browser.draw(dialogs.import_path, {".png", ".exr", ".r16", ".r32", ".raw"},
                                        "import_browse", 8 * ImGui::GetTextLineHeightWithSpacing()) ==
                FileBrowser::Pick::confirmed &&
            !busy)
            import_heightmap(dialogs, dialogs.import_path, wake);
        error_text(dialogs.error);
        if (busy) ImGui::TextDisabled("Reading %s ...", dialogs.opening_path.string().c_str());
        ImGui::BeginDisabled(busy);
        if (ImGui::Button("Import", ImVec2(120, 0)) || (keys.enter && !busy)) {
            if (dialogs.import_path.empty()) {
                dialogs.error   = "Type a file name first.";
                dialogs.refocus = true;
            } else {
                import_heightmap(dialogs, dialogs.import_path, wake);
            }
        }
        report_item("import_start");
        ImGui::EndDisabled();
        ImGui::SameLine();
        if (ImGui::Button("Cancel", ImVec2(120, 0)) || keys.escape) ImGui::CloseCurrentPopup();
        if (std::exchange(dialogs.close_import_dialog, false)) ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
    }
    dialogs.close_import_dialog = false;

    // [SECTION] Save (with confirmation before replacing a file)
    if (dialogs.want_save) {
        dialogs.want_save = false;
        dialogs.error.clear();
        dialogs.confirm_replace = false;
        dialogs.save_path       = suggested_save_path(dialogs).string();
        ImGui::OpenPopup("Save preset");
    }
    ImGui::SetNextWindowPos(centre, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    // Fixed width, height following the content (messages and confirmations come and go).
    ImGui::SetNextWindowSizeConstraints(ImVec2(560, 0), ImVec2(560, 10000));
    if (ImGui::BeginPopupModal("Save preset", nullptr,
                               ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::TextUnformatted("Save the current settings as a preset (.json):");
        ImGui::SetNextItemWidth(-1);
        if (ImGui::IsWindowAppearing() || std::exchange(dialogs.refocus, false))
            ImGui::SetKeyboardFocusHere();
        if (ImGui::InputText("##save_path", &dialogs.save_path)) dialogs.confirm_replace = false;
        report_item("save_path");
        // Browsing to a file means saving over it (after the confirmation below).
        if (dialogs.save_browser.draw(dialogs.save_path, {".json"}, "save_browse",
                                      8 * ImGui::GetTextLineHeightWithSpacing()) != FileBrowser::Pick::none)
            dialogs.confirm_replace = false;
        error_text(dialogs.error);
        std::error_code ec;
        const std::filesystem::path path = dialogs.save_path;
        if (dialogs.confirm_replace) {
            ImGui::TextColored(ImColor(colours::warning), "%s exists. Replace it?", path.string().c_str());
            if (ImGui::Button("Replace", ImVec2(120, 0)) && save_to(dialogs, settings, path, true))
                ImGui::CloseCurrentPopup();
            report_item("save_replace");
        } else if (ImGui::Button("Save", ImVec2(120, 0)) || keys.enter) {
            if (dialogs.save_path.empty())
                dialogs.error = "Type a file name first.";
            else if (std::filesystem::exists(path, ec))
                dialogs.confirm_replace = true;
            else if (save_to(dialogs, settings, path, false))
                ImGui::CloseCurrentPopup();
            dialogs.refocus = !dialogs.error.empty();
        }
        ImGui::SameLine();
        if (ImGui::Button("Cancel", ImVec2(120, 0)) || keys.escape) ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
    }
}

void draw_shipped_combo(PresetDialogs& dialogs, const std::function<void()>& wake) {
    // The shipped preset's name, else the file in use, else an invitation.
    std::string current = dialogs.current.empty() ? "(choose a preset)" : dialogs.current.filename().string();
    for (const auto& shipped : dialogs.shipped)
        if (shipped.path == dialogs.current) current = shipped.name;
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##preset", current.c_str())) {
        for (const auto& shipped : dialogs.shipped) {
            if (ImGui::Selectable(shipped.name.c_str(), shipped.path == dialogs.current))
                open_preset(dialogs, {shipped.path}, wake);
            if (!shipped.description.empty() && ImGui::IsItemHovered())
                ImGui::SetTooltip("%s", shipped.description.c_str());
            report_item("preset=" + shipped.path.stem().string());
        }
        ImGui::EndCombo();
    }
    report_item("preset");
}

}  // namespace app::gui
