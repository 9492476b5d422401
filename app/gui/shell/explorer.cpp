// gui/shell/explorer.cpp: the explorer window's frame.
//
// The frame's composition: which part goes where, in which order, with what it needs from the
// others. What the frame does besides (menus and shortcuts, the workers' requests, the UI
// report) has its own file in shell/: menus.cpp, explorer_requests.cpp, explorer_report.cpp.
//
// Index
//   [SECTION] Construction and files
//   [SECTION] The frame
//   [SECTION] Panels
#include "gui/shell/explorer.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

#include "gui/common/theme.hpp"
#include "gui/preview/view_transform.hpp"
#include "noise/algorithms.hpp"

namespace app::gui {

namespace {

constexpr float controls_width = 350.0f;
// The three panels tile the window under the menu bar. They draw no background of their own: the
// frame is cleared to the same colour (gui_main.cpp [4]), and under Mesa's software renderer their
// three opaque rectangles, the window's whole area blended once more, were a third of a frame's CPU.
constexpr ImGuiWindowFlags panel_flags =
    ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoBackground;

}  // namespace

// [SECTION] Construction and files -------------------------------------------------------------

Explorer::Explorer(const Settings& initial, int preview_size_override, std::function<void()> wake)
    : settings_(initial),
      history_(initial),
      layers_(wake),
      preview_(preview_size_override, wake),
      compare_(wake),
      wake_(wake),
      terrain_(std::make_unique<TerrainView>(wake)),
      curve_(wake),
      gpu_(wake) {
    load_shipped_presets(presets_);
    presets_.baseline = initial;
    presets_.folders  = user_folders();
    std::string notice;
    presets_.recent = load_recent(presets_.folders, &notice);
    add_notice(notice);
    invalid_ = noise::validate(settings_.params);
    update_taught();
    lessons_.read_shipped(wake_);
}

void Explorer::started_from(const std::string& path, const std::string& name) {
    presets_.current      = path;
    presets_.current_name = name;
}

void Explorer::add_notice(const std::string& text) {
    if (!text.empty()) notice_ += (notice_.empty() ? "" : "\n") + text;
}

// The settings as last opened or saved: quitting either had nothing unsaved, or the user chose
// "Quit without saving", and the next start should not bring back what they discarded.
Session Explorer::session() const { return {presets_.baseline, presets_.current}; }

bool Explorer::busy() const {
    for (const Panel* panel : panels())
        if (panel->busy()) return true;
    return composition_busy();
}

bool Explorer::only_rendering() const {
    if (composition_busy() || preview_.gesturing()) return false;
    for (const Panel* panel : panels())
        if (panel != &preview_ && panel != &curve_ && panel->busy()) return false;
    return preview_.busy() || curve_.busy();
}

bool Explorer::composition_busy() const {
    return gesture_ || (influence_task_ && !influence_task_->finished()) || lattice_.flow.busy() ||
           (terrain_shown_ && terrain_->busy()) || select_2d_tab_;
}

// The preview shows a lattice view's image instead of the noise: only in the 2D tab, where that
// image is drawn (the terrain and the 1D curve are built from the noise itself), and only for
// algorithms that blend lattice corners (not cellular noise).
bool Explorer::shows_influence() const {
    return lattice_.layers.field != FieldLayer::noise && !terrain_shown_ && taught_.params.dimension >= 2 &&
           noise::algorithm_info(taught_.params.algorithm).square_lattice();
}

// The newest lattice view image asked for is the one on screen.
bool Explorer::influence_shown() const {
    return shown_influence_.has_value() && shown_influence_ == sent_influence_;
}

// A pinned probe has its column; a lesson that pins one at some step keeps the column from its
// first step to its last, so the picture beside it never changes its place or size.
bool Explorer::probe_column_kept() const {
    return lattice_.layers.probe_pinned ||
           (lessons_.player().active() && pins_probe_somewhere(lessons_.player().lesson()));
}

bool Explorer::settled() const {
    if (presets_.busy()) return false;  // a file is being read: the settings will change
    if (!invalid_.empty()) return !preview_.worker_status().busy;
    if (shows_influence()) return influence_shown() && curve_.curve().has_value();
    return preview_.settled() && curve_.curve().has_value() &&
           (!terrain_shown_ || terrain_->shows(preview_.shown_generation()));
}

std::string Explorer::title() const {
    const std::string mark = modified() ? " *" : "";
    if (presets_.current.empty()) return "Noise Explorer" + mark;
    return "Noise Explorer - " + presets_.current.filename().string() + mark;
}

bool Explorer::modified() const { return settings_ != presets_.baseline; }

void Explorer::request_quit() {
    if (modified())
        confirm_quit_ = true;
    else
        quit_ = true;
}

// [SECTION] The frame ------------------------------------------------------------------------

void Explorer::update_taught() {
    layers_.fit(settings_.params);
    taught_ = taught_field(settings_.params, layers_.selected());
    // The preview's solo and mute are layer 1's octaves; a layer above moves with the slice only,
    // read where the stack reads it (the moving slice times its scale).
    taught_shown_ = taught_.layer == 1
                        ? shown_params(teach_, taught_.params)
                        : taught_field(animated(settings_.params, teach_.animation), taught_.layer).params;
}

template <class Draw>
void Explorer::with_probe_taught(Draw&& draw) {
    LatticeViewSettings& layers = lattice_.layers;
    const double x = layers.probe_x, y = layers.probe_y;
    layers.probe_x *= taught_.scale;
    layers.probe_y *= taught_.scale;
    const double taught_x = layers.probe_x, taught_y = layers.probe_y;
    draw();
    // A point typed into the probe's window is in the taught field's space: back to the preview's.
    layers.probe_x = layers.probe_x == taught_x ? x : layers.probe_x / taught_.scale;
    layers.probe_y = layers.probe_y == taught_y ? y : layers.probe_y / taught_.scale;
}

void Explorer::draw(WindowInbox& inbox) {
    take_results();
    update_teach_views(teach_, settings_, ImGui::GetTime(), preview_.shows_newest());

    // A file read in the background arrives here; until then the settings are untouched.
    if (take_opened_preset(presets_, settings_)) controls_.clear_rejected();
    // Dropped files: the first that loads wins; the others' errors would only hide its message. A
    // plain image (not an export) becomes a heightmap layer.
    if (!inbox.dropped.empty()) {
        open_dropped(presets_, {inbox.dropped.begin(), inbox.dropped.end()}, wake_);
        inbox.dropped.clear();
    }
    handle_shortcuts(inbox.shortcuts);
    update_lessons();
    presenter_.handle_key();
    presenter_.begin_frame();
    update_taught();

    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    draw_menu_bar();
    const float top = ImGui::GetFrameHeight();  // the menu bar
    const ImVec2 origin(viewport->Pos.x, viewport->Pos.y + top);
    const ImVec2 size(viewport->Size.x, viewport->Size.y - top);
    // Narrow windows give the controls less room, but never less than they need to be usable.
    const float left      = std::clamp(size.x * 0.3f, 320.0f, controls_width);
    const float preview_h = std::floor(size.y * 0.64f);
    // A pinned probe takes a column at the right, beside the picture and the curve, never over them.
    const FrameContext frame{settings_, invalid_};
    float probe_w = 0.0f;
    if (presenter_.on()) {
        probe_w = draw_presenter_windows(frame, origin, size);  // the lesson and the picture only
    } else {
        // A lesson's panel sits above the controls: the student reads the step and tries it below.
        const float lesson_h = draw_lesson_window(origin, left, std::floor(size.y * 0.55f));
        draw_controls_window(frame, ImVec2(origin.x, origin.y + lesson_h), ImVec2(left, size.y - lesson_h));
        probe_w = probe_column_kept() ? probe_column_width(size.x - left) : 0.0f;
        draw_preview_window(frame, ImVec2(origin.x + left, origin.y),
                            ImVec2(size.x - left - probe_w, preview_h));
        draw_curve_window(frame, ImVec2(origin.x + left, origin.y + preview_h),
                          ImVec2(size.x - left - probe_w, size.y - preview_h));
    }

    const DialogKeys keys{inbox.escape, inbox.enter};
    inbox.escape = inbox.enter = false;
    draw_preset_dialogs(presets_, settings_, keys, wake_);
    draw_export_dialog(export_, settings_, keys);
    if (export_.size_edited) {  // the size picked in the dialog is the preset's now (view.export_size)
        export_.size_edited          = false;
        const ImageSize picked       = chosen_size(export_);
        settings_.view.export_width  = picked.width;
        settings_.view.export_height = picked.height;
    }
    draw_quit_prompt(keys);
    lessons_.draw_open_dialog(keys, wake_);
    const Settings shown{animated(settings_.params, teach_.animation), settings_.view,
                         settings_.texture_layers};
    figures_.draw(
        {shown, lattice_.layers},
        static_cast<double>(std::max(1, want_height_)) / static_cast<double>(std::max(1, want_width_)), keys,
        wake_);
    const std::string idle_note =
        lessons_.player().active() && pins_probe_somewhere(lessons_.player().lesson())
            ? "The probe's column: this lesson pins the probe on " +
                  probe_steps_text(lessons_.player().lesson()) + ", and its numbers appear here then."
            : std::string();
    with_probe_taught([&] {
        lattice_.probe.draw_window(lattice_.layers, taught_.params,
                                   ImVec2(origin.x + size.x - probe_w, origin.y), ImVec2(probe_w, size.y),
                                   idle_note);
    });

    // Undo: a gesture in progress (any held widget, a pan, a wheel burst) is one step when done.
    history_.observe(settings_, ImGui::IsAnyItemActive() || gesture_);
    invalid_ = noise::validate(settings_.params);
    update_taught();
    send_requests();
    const noise::Params b = shown_params(teach_, snapshot_ ? snapshot_->params : settings_.params);
    compare_.update(snapshot_, b, teach_.chosen, want_width_, want_height_,
                    preview_.export_frame().size.width);
    // The field as the preview shows it (send_requests), drawn by its exported shader.
    gpu_.update(layers_.shown(shown_params(teach_, settings_.params)), invalid_.empty(), want_width_,
                want_height_);
    gpu_.draw(settings_.view);
    presenter_.draw_blank();  // last: over every window
    presenter_.end_frame();
}

// [SECTION] Panels ---------------------------------------------------------------------------

void Explorer::draw_controls_window(const FrameContext& frame, ImVec2 pos, ImVec2 size) {
    ImGui::SetNextWindowPos(pos);
    ImGui::SetNextWindowSize(size);
    ImGui::Begin("Controls", nullptr, panel_flags | ImGuiWindowFlags_NoTitleBar);

    // Presets and files.
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Preset");
    ImGui::SameLine(controls_label_width());  // the column of the sections' labels below
    draw_shipped_combo(presets_, wake_);
    const float third = (ImGui::GetContentRegionAvail().x - 2 * ImGui::GetStyle().ItemSpacing.x) / 3.0f;
    if (ImGui::Button("Open...", ImVec2(third, 0))) presets_.want_open = true;
    report_item("open");
    ImGui::SameLine();
    if (ImGui::Button("Save...", ImVec2(third, 0))) presets_.want_save = true;
    report_item("save");
    ImGui::SameLine();
    if (ImGui::Button("Export...", ImVec2(third, 0))) export_.want_open = true;
    report_item("export");

    ImGui::BeginDisabled(!history_.can_undo());
    if (ImGui::Button("Undo", ImVec2(third, 0))) undo();
    ImGui::EndDisabled();
    report_item("undo");
    ImGui::SameLine();
    ImGui::BeginDisabled(!history_.can_redo());
    if (ImGui::Button("Redo", ImVec2(third, 0))) redo();
    ImGui::EndDisabled();
    report_item("redo");
    ImGui::SameLine();
    if (ImGui::Button("New seed", ImVec2(third, 0)))
        settings_.params.seed = random_seed(settings_.params.seed);
    report_item("randomise_seed");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Pick a new random seed: same look, a different landscape.");

    // The controls scroll in their own region above a status area of fixed height, so a message
    // appearing or going never moves a control, least of all the one under the hand.
    const float status_height =
        2.0f * ImGui::GetTextLineHeightWithSpacing() + 2.0f * ImGui::GetStyle().ItemSpacing.y;
    const bool layers_tab = layers_.draw_tab_bar();  // "Field" (the controls) or "Layers"
    ImGui::BeginChild("controls", ImVec2(0, -status_height), false);
    if (layers_tab)
        layers_.draw(frame);
    else
        controls_.draw(frame, curve_.before_histogram());
    ImGui::EndChild();

    // Messages: why something did not happen, what was adjusted, where the user is looking.
    ImGui::Separator();
    ImGui::BeginChild("status", ImVec2(0, 0), false);
    error_text(presets_.error);
    error_text(controls_.rejected());
    error_text(invalid_);
    if (!presets_.message.empty()) notice_.clear();  // the user has moved on
    error_text(notice_);
    if (!controls_.note().empty()) ImGui::TextWrapped("%s", controls_.note().c_str());
    if (!presets_.message.empty() && presets_.error.empty())
        ImGui::TextDisabled("%s", presets_.message.c_str());
    ImGui::EndChild();
    report_item("status");
    ImGui::End();
}

void Explorer::draw_preview_window(const FrameContext& frame, ImVec2 pos, ImVec2 size) {
    ImGui::SetNextWindowPos(pos);
    ImGui::SetNextWindowSize(size);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(6, 6));
    ImGui::Begin("Preview", nullptr,
                 panel_flags | ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar |
                     ImGuiWindowFlags_NoScrollWithMouse);
    PreviewStatus shown           = preview_.status(invalid_);
    preview_.export_frame().size  = chosen_size(export_);
    preview_.export_frame().label = chosen_size_label(export_);
    // The picture's views: the 2D preview, or the field as a 3D landscape (terrain_view.hpp).
    if (ImGui::BeginTabBar("views")) {
        // A lesson's step asks for the 2D tab until ImGui shows it (a frame later).
        const ImGuiTabItemFlags to_2d = select_2d_tab_ ? ImGuiTabItemFlags_SetSelected : 0;
        if (ImGui::BeginTabItem("2D preview", nullptr, to_2d)) {
            terrain_shown_ = false;
            select_2d_tab_ = false;
            ImGui::EndTabItem();
        }
        report_item("tab_preview");
        if (ImGui::BeginTabItem("3D terrain")) {
            terrain_shown_ = !select_2d_tab_;
            ImGui::EndTabItem();
        }
        report_item("tab_terrain");
        ImGui::EndTabBar();
    }
    if (terrain_shown_) {
        const TerrainLayout layout = terrain_->draw(settings_, preview_.field(), preview_.export_frame(),
                                                    preview_.size_override(), preview_.colour());
        want_width_                = layout.image_width;
        want_height_               = layout.image_height;
        gesture_                   = false;  // the camera is not a setting: nothing for the undo history
    } else if (settings_.params.dimension == 1) {  // the curve itself, large, instead of stripes
        const BigCurveLayout layout = draw_big_curve(teach_, settings_, curve_.curve(), curve_.fit_y());
        want_width_                 = layout.image_width;
        want_height_                = layout.image_height;
        gesture_                    = layout.gesture;
    } else {
        if (shows_influence() && influence_task_) {
            shown.rendering = !influence_task_->finished();
            shown.coarse    = false;
            shown.progress  = static_cast<float>(influence_task_->progress());
        }
        compare_.draw_divider_grip();  // first, so it takes the mouse before the picture's pan
        // What the other parts draw on the picture, in the preview's order: B's half under the
        // overlays, the readout from B on B's half, the lattice views on top.
        PictureLayers layers;
        layers.image = [this](ImDrawList* draw, const ViewTransform& view, int repeats) {
            compare_.draw_image(draw, preview_.field(), view, repeats);
        };
        layers.field_at = [this](ImVec2 screen) { return compare_.b_at(screen); };
        // The lattice views draw the taught field over the same screen, in its own noise space.
        layers.overlays = [this](ImDrawList* draw, const ViewTransform& view, int repeats) {
            // Water follows the picture's own field (the whole stack), not the taught one.
            draw_flow_views(draw, view, repeats, lattice_, wake_, presenter_.line_scale());
            update_taught();  // this frame's pan or zoom is in the settings now
            ViewTransform taught = view;
            taught.params        = taught_.params;
            with_probe_taught(
                [&] { draw_lattice_views(draw, taught, repeats, lattice_, presenter_.line_scale()); });
        };
        const PreviewLayout layout = preview_.draw(frame, shown, lattice_.layers, layers);
        want_width_                = layout.image_width;
        want_height_               = layout.image_height;
        gesture_                   = layout.gesture;
        compare_.draw_marks();
    }
    const bool teaching = lattice_.layers.lattice || lattice_.layers.probe_pinned ||
                          lattice_.layers.field != FieldLayer::noise || teach_.tab != BottomTab::curve;
    draw_teach_badges(teach_, settings_, ImVec2(pos.x + size.x - 6.0f, pos.y + 6.0f),
                      teaching ? taught_.layer : 1);
    ImGui::End();
    ImGui::PopStyleVar();
}

void Explorer::draw_curve_window(const FrameContext& frame, ImVec2 pos, ImVec2 size) {
    ImGui::SetNextWindowPos(pos);
    ImGui::SetNextWindowSize(size);
    ImGui::Begin("Curve", nullptr, panel_flags | ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar);
    // The teaching tabs (teach_views.hpp) share this panel with the curve and the statistics.
    const BottomTab tab = draw_bottom_tabs(teach_);
    if (tab != BottomTab::curve) {
        // The taught field (update_taught); what the tabs edit (a persistence, a curve) goes back
        // to its layer. The preview's solo and mute are layer 1's: a layer's rows do not set them.
        Settings taught{taught_.params, settings_.view, settings_.texture_layers};
        const noise::Params& shown = taught_shown_;
        const ViewTransform view =
            ViewTransform::of(shown, std::max(1, want_width_), std::max(1, want_height_));
        const double row_y = view.row_y(view.row_at(settings_.view.scanline));
        OctaveChoice layer_rows;
        OctaveChoice& chosen = taught_.layer == 1 ? teach_.chosen : layer_rows;
        if (tab == BottomTab::octaves)
            teach_.octaves.draw(taught, shown, view.image_width, view.image_height, row_y, chosen, wake_);
        else
            teach_.interpolation.draw(taught, shown, row_y, wake_);
        give_back_taught(settings_.params, taught_, taught.params);
        ImGui::End();
        return;
    }

    curve_.draw(frame, preview_.field(), teach_.chosen);
    ImGui::End();
}

}  // namespace app::gui
