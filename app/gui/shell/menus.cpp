// gui/shell/menus.cpp: the explorer window's menu bar, its Ctrl shortcuts and the quit prompt.
//
// Part of Explorer (explorer.hpp); explorer.cpp composes the frame and calls these.
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_internal.h>  // the open popups' names, for the report

#include <string>
#include <utility>
#include <vector>

#include "core/shader_source.hpp"
#include "gui/shell/explorer.hpp"
#include "noise/placement.hpp"

namespace app::gui {

void Explorer::undo() {
    if (auto previous = history_.undo(settings_)) settings_ = *previous;
}

void Explorer::flip_snapshot() {
    if (snapshot_) std::swap(*snapshot_, settings_);
}

void Explorer::redo() {
    if (auto next = history_.redo(settings_)) settings_ = *next;
}

void Explorer::reset_all() {
    settings_ = Settings{};
    presets_.current.clear();
    presets_.current_name.clear();
}

namespace {

// The innermost open popup's window name ("##Combo_00", "Open preset"), or "(opening)" in the
// frame it was asked for, before ImGui made its window.
std::string top_popup_name() {
    const ImGuiContext& g = *ImGui::GetCurrentContext();
    if (g.OpenPopupStack.empty()) return "(none)";
    const ImGuiWindow* window = g.OpenPopupStack.back().Window;
    return window ? window->Name : "(opening)";
}

}  // namespace

void Explorer::handle_shortcuts(std::vector<Shortcut>& shortcuts) {
    const ImGuiIO& io = ImGui::GetIO();
    // Text fields keep their own Ctrl+Z; a modal dialog keeps the keyboard to itself. ImGui sets
    // WantTextInput for the frame after a field was typed in, even when Return closed it then:
    // a Ctrl+Z pressed right after Return (a frame later on a busy machine) is the explorer's.
    const bool typing        = io.WantTextInput && ImGui::IsAnyItemActive();
    const bool keyboard_free = !typing && !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId);
    keyboard_held_by_        = typing ? "a text field" : keyboard_free ? "" : "the popup " + top_popup_name();
    for (const Shortcut& s : shortcuts) {
        if (!keyboard_free) break;
        const bool shift = (s.mods & GLFW_MOD_SHIFT) != 0;
        switch (s.key) {
            case GLFW_KEY_Z:
                shift ? redo() : undo();
                break;
            case GLFW_KEY_Y:
                redo();
                break;
            case GLFW_KEY_S:
                presets_.want_save = true;
                break;
            case GLFW_KEY_O:
                presets_.want_open = true;
                break;
            case GLFW_KEY_E:
                export_.want_open = true;
                break;
            case GLFW_KEY_Q:
                request_quit();
                break;
            case GLFW_KEY_B:
                flip_snapshot();
                break;
            default:
                break;
        }
    }
    shortcuts.clear();
}

void Explorer::place_in_world() {
    // An ordinary change of the settings: the undo history records it like an edit.
    if (const std::string error = noise::place_in_world(settings_.params); !error.empty())
        add_notice("Place in the world: " + error);
    else
        presets_.message = std::string(noise::world_conversion_note);
}

void Explorer::copy_shader(ShaderLanguage language) {
    const std::string what = language == ShaderLanguage::glsl ? "Copy as GLSL" : "Copy as HLSL";
    if (const std::string refusal = shader_refusal(settings_.params); !refusal.empty()) {
        add_notice(what + ": " + refusal);
        return;
    }
    // Named as `export --format glsl` names the same preset (its name, else its file's stem).
    const std::string name = shader_entry_name(presets_.current_name, presets_.current.stem().string());
    ImGui::SetClipboardText(
        shader_source(std::vector<ShaderEntry>{{name, settings_.params}}, language).c_str());
    presets_.message = what + ": " + name + " is on the clipboard";
}

void Explorer::draw_menu_bar() {
    if (!ImGui::BeginMainMenuBar()) return;
    if (ImGui::BeginMenu("File")) {
        if (ImGui::MenuItem("Open preset...", "Ctrl+O")) presets_.want_open = true;
        if (ImGui::BeginMenu("Open recent", !presets_.recent.empty())) {
            for (const auto& path : presets_.recent)
                if (ImGui::MenuItem(path.string().c_str())) open_preset(presets_, {path}, wake_);
            ImGui::EndMenu();
        }
        if (ImGui::MenuItem("Save preset...", "Ctrl+S")) presets_.want_save = true;
        if (ImGui::MenuItem("Import heightmap...")) presets_.want_import = true;
        report_item("import_heightmap");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("A heightmap image as a new top layer (Edit > Undo takes it back).");
        if (ImGui::MenuItem("Export image...", "Ctrl+E")) export_.want_open = true;
        if (ImGui::MenuItem("Export figure...")) figures_.want_open = true;
        report_item("export_figure");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "The preview with its overlays, the probe's cell or the interpolation curves, "
                "without the controls, at a slide's resolution (PNG, or SVG for the line figures).");
        // The field as shader source on the clipboard (docs/shaders.md): a few milliseconds of
        // text, no noise rendered, so it runs here.
        for (const ShaderLanguage language : {ShaderLanguage::glsl, ShaderLanguage::hlsl}) {
            const bool glsl = language == ShaderLanguage::glsl;
            if (ImGui::MenuItem(glsl ? "Copy as GLSL" : "Copy as HLSL")) copy_shader(language);
            report_item(glsl ? "copy_glsl" : "copy_hlsl");
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip(
                    "The field as a shader function, ne_NAME(world), that draws the same noise on "
                    "the GPU (docs/shaders.md).");
        }
        if (ImGui::MenuItem("Open lesson file...")) lessons_.want_open = true;
        ImGui::Separator();
        if (ImGui::MenuItem("Quit", "Ctrl+Q")) request_quit();
        ImGui::EndMenu();
    }
    report_item("file_menu");
    if (ImGui::BeginMenu("Edit")) {
        if (ImGui::MenuItem("Undo", "Ctrl+Z", false, history_.can_undo())) undo();
        if (ImGui::MenuItem("Redo", "Ctrl+Y", false, history_.can_redo())) redo();
        ImGui::Separator();
        if (ImGui::MenuItem("Randomise seed")) settings_.params.seed = random_seed(settings_.params.seed);
        const bool in_world = settings_.params.placement == noise::Placement::world;
        if (ImGui::MenuItem(in_world ? "Placed in the world" : "Place in the world", nullptr, in_world,
                            !in_world))
            place_in_world();
        report_item("place_in_world");
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
            ImGui::SetTooltip(
                "Shapes, heightmaps and the layers' and mask's frequencies move from the frame into noise "
                "units, so every window of the world (other offsets, frequencies, chunks) shows the same "
                "field there (docs/architecture.md, Frames and worlds). The picture stays; Undo takes it "
                "back.");
        if (ImGui::MenuItem("Reset all to defaults")) reset_all();
        report_item("reset_all");
        ImGui::EndMenu();
    }
    report_item("edit_menu");
    // A/B: keep the settings aside, try something, and flip between the two. The flip is an
    // ordinary change, so Undo takes it back.
    if (ImGui::BeginMenu(snapshot_ ? "Compare (B kept)" : "Compare")) {
        if (ImGui::MenuItem("Keep these settings as B")) snapshot_ = settings_;
        report_item("snapshot");
        if (ImGui::MenuItem("Flip A/B", "Ctrl+B", false, snapshot_.has_value())) flip_snapshot();
        report_item("flip_snapshot");
        if (ImGui::MenuItem("Forget B", nullptr, false, snapshot_.has_value())) snapshot_.reset();
        compare_.draw_menu_items(snapshot_.has_value());
        ImGui::EndMenu();
    }
    report_item("compare_menu");
    draw_teach_menu();
    lessons_.draw_menu();
    if (ImGui::BeginMenu("View")) {
        presenter_.draw_menu_item();
        gpu_.draw_menu_item();
        ImGui::EndMenu();
    }
    report_item("view_menu");
    if (ImGui::BeginMenu("Presets")) {
        for (const auto& shipped : presets_.shipped)
            if (ImGui::MenuItem(shipped.name.c_str())) open_preset(presets_, {shipped.path}, wake_);
        if (presets_.shipped.empty()) ImGui::TextDisabled("no shipped presets found");
        ImGui::EndMenu();
    }
    // The file in use, right-aligned, so one always knows what Ctrl+S would save over.
    std::string current = presets_.current.empty() ? "not saved" : presets_.current.filename().string();
    if (modified() && !presets_.current.empty()) current += " (modified)";
    ImGui::SameLine(ImGui::GetWindowWidth() - ImGui::CalcTextSize(current.c_str()).x - 16.0f);
    ImGui::TextDisabled("%s", current.c_str());
    ImGui::EndMainMenuBar();
}

// The teaching views: what a teacher switches on to show how the picture is made.
void Explorer::draw_teach_menu() {
    if (ImGui::BeginMenu("Teach")) {
        draw_lattice_menu_items(lattice_.layers, taught_.params);
        ImGui::Separator();
        draw_animation_menu_items(teach_, settings_);
        ImGui::EndMenu();
    }
    report_item("teach_menu");
}

void Explorer::draw_quit_prompt(const DialogKeys& keys) {
    if (std::exchange(confirm_quit_, false)) ImGui::OpenPopup("Unsaved changes");
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (!ImGui::BeginPopupModal("Unsaved changes", nullptr,
                                ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize))
        return;
    const std::string since = presets_.current.empty() ? "start" : presets_.current.filename().string();
    ImGui::Text("The settings have changed since %s. Quit anyway?", since.c_str());
    ImGui::TextDisabled("Quitting also ends the undo history.");
    if (ImGui::Button("Save...", ImVec2(140, 0))) {
        presets_.want_save = true;
        ImGui::CloseCurrentPopup();
    }
    report_item("quit_save");
    ImGui::SameLine();
    if (ImGui::Button("Quit without saving", ImVec2(170, 0))) quit_ = true;
    report_item("quit_discard");
    ImGui::SameLine();
    if (ImGui::Button("Cancel", ImVec2(120, 0)) || keys.escape) ImGui::CloseCurrentPopup();
    report_item("quit_cancel");
    ImGui::EndPopup();
}

}  // namespace app::gui
