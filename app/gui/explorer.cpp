// gui/explorer.cpp: the explorer window's frame.
//
// Index
//   [SECTION] Construction and files
//   [SECTION] The frame
//   [SECTION] Shortcuts and menu
//   [SECTION] Panels
//   [SECTION] Requests to the workers
//   [SECTION] The UI report's state
#include "gui/explorer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

#include <GLFW/glfw3.h>
#include <imgui.h>

#include "core/view_keys.hpp"
#include "gui/theme.hpp"
#include "gui/curve_plot.hpp"
#include "gui/influence_image.hpp"
#include "gui/view_transform.hpp"
#include "noise/algorithms.hpp"

namespace app::gui {

namespace {

constexpr float controls_width = 350.0f;
constexpr float stats_width = 230.0f;
constexpr ImGuiWindowFlags panel_flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                         ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                                         ImGuiWindowFlags_NoBringToFrontOnFocus;

}  // namespace

// [SECTION] Construction and files -------------------------------------------------------------

Explorer::Explorer(const Settings& initial, int preview_size_override, std::function<void()> wake)
    : settings_(initial),
      history_(initial),
      teach_(wake),
      preview_size_override_(preview_size_override),
      wake_(wake),
      terrain_(std::make_unique<TerrainView>(wake)),
      image_worker_(std::make_unique<RenderWorker>(wake)),
      curve_worker_(std::make_unique<RenderWorker>(wake)) {
    load_shipped_presets(presets_);
    presets_.baseline = initial;
    presets_.folders = user_folders();
    std::string notice;
    presets_.recent = load_recent(presets_.folders, &notice);
    add_notice(notice);
    invalid_ = noise::validate(settings_.params);
}

void Explorer::started_from(const std::string& path) { presets_.current = path; }

void Explorer::add_notice(const std::string& text) {
    if (!text.empty()) notice_ += (notice_.empty() ? "" : "\n") + text;
}

// The settings as last opened or saved: quitting either had nothing unsaved, or the user chose
// "Quit without saving", and the next start should not bring back what they discarded.
Session Explorer::session() const { return {presets_.baseline, presets_.current}; }

bool Explorer::busy() const {
    return image_worker_->status().busy || curve_worker_->status().busy || export_.running() || opening(presets_) ||
           gesture_ || teach_.animation.on || teach_.compare.busy() || (influence_task_ && !influence_task_->finished()) ||
           (terrain_shown_ && terrain_->busy());
}

// The preview shows a lattice view's image instead of the noise: only in the 2D tab, where that
// image is drawn (the terrain and the 1D curve are built from the noise itself), and only for
// algorithms that blend lattice corners (not cellular noise).
bool Explorer::shows_influence() const {
    return lattice_.layers.field != FieldLayer::noise && !terrain_shown_ && settings_.params.dimension >= 2 &&
           noise::algorithm_info(settings_.params.algorithm).square_lattice;
}

// The newest lattice view image asked for is the one on screen.
bool Explorer::influence_shown() const { return shown_influence_.has_value() && shown_influence_ == sent_influence_; }

bool Explorer::settled() const {
    if (opening(presets_)) return false;
    if (!invalid_.empty()) return !image_worker_->status().busy;
    if (shows_influence())
        return influence_shown() && curve_.has_value();
    return !image_worker_->status().busy && field_.has_image() && !field_.image().coarse &&
           shown_generation_ == image_worker_->latest_generation() && curve_.has_value() &&
           (!terrain_shown_ || terrain_->shows(shown_generation_));
}

std::string Explorer::title() const {
    const std::string mark = modified() ? " *" : "";
    if (presets_.current.empty()) return "Noise Explorer" + mark;
    return "Noise Explorer - " + presets_.current.filename().string() + mark;
}

bool Explorer::modified() const { return settings_ != presets_.baseline; }

void Explorer::request_quit() {
    if (modified()) confirm_quit_ = true;
    else quit_ = true;
}

// [SECTION] The frame ------------------------------------------------------------------------

void Explorer::draw(WindowInbox& inbox) {
    report_.begin_frame();
    take_results();
    update_teach_views(teach_, settings_, ImGui::GetTime(),
                       field_.has_image() && !field_.image().coarse && shown_generation_ == image_worker_->latest_generation());

    // A file read in the background arrives here; until then the settings are untouched.
    if (take_opened_preset(presets_, settings_)) controls_.rejected.clear();
    // Dropped files: the first that loads wins; the others' errors would only hide its message.
    if (!inbox.dropped.empty()) {
        open_preset(presets_, {inbox.dropped.begin(), inbox.dropped.end()}, wake_);
        inbox.dropped.clear();
    }
    handle_shortcuts(inbox.shortcuts);

    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    draw_menu_bar();
    const float top = ImGui::GetFrameHeight();  // the menu bar
    const ImVec2 origin(viewport->Pos.x, viewport->Pos.y + top);
    const ImVec2 size(viewport->Size.x, viewport->Size.y - top);
    // Narrow windows give the controls less room, but never less than they need to be usable.
    const float left = std::clamp(size.x * 0.3f, 320.0f, controls_width);
    const float preview_h = std::floor(size.y * 0.64f);
    draw_controls_window(origin, ImVec2(left, size.y));
    draw_preview_window(ImVec2(origin.x + left, origin.y), ImVec2(size.x - left, preview_h));
    draw_curve_window(ImVec2(origin.x + left, origin.y + preview_h), ImVec2(size.x - left, size.y - preview_h));

    const DialogKeys keys{inbox.escape, inbox.enter};
    inbox.escape = inbox.enter = false;
    draw_preset_dialogs(presets_, settings_, keys, report_, wake_);
    draw_export_dialog(export_, settings_, keys, report_);
    draw_quit_prompt(keys);
    lattice_.probe.draw_window(lattice_.layers, settings_.params,
                                ImVec2(origin.x + size.x - 490.0f, origin.y + 8.0f), report_);

    // Undo: a gesture in progress (any held widget, a pan, a wheel burst) is one step when done.
    history_.observe(settings_, ImGui::IsAnyItemActive() || gesture_);
    invalid_ = noise::validate(settings_.params);
    send_requests();
    const noise::Params b = shown_params(teach_, snapshot_ ? snapshot_->params : settings_.params);
    teach_.compare.update(snapshot_, b, teach_.chosen, want_width_, want_height_);
}

void Explorer::take_results() {
    // The worker's images are the noise itself; while a teaching mode shows something else they
    // are dropped (the request is sent again when the mode returns to the noise).
    if (auto image = image_worker_->take_image(); image && !shows_influence()) {
        shown_generation_ = image->generation;
        field_.set_image(std::move(*image));
    }
    if (influence_task_) {
        if (auto outcome = influence_task_->take(); outcome && outcome->result && !influence_task_->cancelling()) {
            field_.set_image(std::move(*outcome->result));
            shown_influence_ = sent_influence_;
        }
    }
    if (auto curve = curve_worker_->take_curve()) curve_ = std::move(*curve);
    field_.refresh(settings_.view);
}

// [SECTION] Shortcuts and menu ---------------------------------------------------------------

void Explorer::undo() {
    if (auto previous = history_.undo(settings_)) settings_ = *previous;
}

void Explorer::flip_snapshot() {
    if (snapshot_) std::swap(*snapshot_, settings_);
}

void Explorer::redo() {
    if (auto next = history_.redo(settings_)) settings_ = *next;
}

void Explorer::handle_shortcuts(std::vector<Shortcut>& shortcuts) {
    const ImGuiIO& io = ImGui::GetIO();
    // Text fields keep their own Ctrl+Z; a modal dialog keeps the keyboard to itself.
    const bool keyboard_free = !io.WantTextInput && !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId);
    for (const Shortcut& s : shortcuts) {
        if (!keyboard_free) break;
        const bool shift = (s.mods & GLFW_MOD_SHIFT) != 0;
        switch (s.key) {
            case GLFW_KEY_Z: shift ? redo() : undo(); break;
            case GLFW_KEY_Y: redo(); break;
            case GLFW_KEY_S: presets_.want_save = true; break;
            case GLFW_KEY_O: presets_.want_open = true; break;
            case GLFW_KEY_E: export_.want_open = true; break;
            case GLFW_KEY_Q: request_quit(); break;
            case GLFW_KEY_B: flip_snapshot(); break;
            default: break;
        }
    }
    shortcuts.clear();
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
        if (ImGui::MenuItem("Export image...", "Ctrl+E")) export_.want_open = true;
        ImGui::Separator();
        if (ImGui::MenuItem("Quit", "Ctrl+Q")) request_quit();
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Edit")) {
        if (ImGui::MenuItem("Undo", "Ctrl+Z", false, history_.can_undo())) undo();
        if (ImGui::MenuItem("Redo", "Ctrl+Y", false, history_.can_redo())) redo();
        ImGui::Separator();
        if (ImGui::MenuItem("Randomise seed")) settings_.params.seed = random_seed(settings_.params.seed);
        if (ImGui::MenuItem("Reset all to defaults")) settings_ = Settings{};
        ImGui::EndMenu();
    }
    // A/B: keep the settings aside, try something, and flip between the two. The flip is an
    // ordinary change, so Undo takes it back.
    if (ImGui::BeginMenu(snapshot_ ? "Compare (B kept)" : "Compare")) {
        if (ImGui::MenuItem("Keep these settings as B")) snapshot_ = settings_;
        report_.item("snapshot");
        if (ImGui::MenuItem("Flip A/B", "Ctrl+B", false, snapshot_.has_value())) flip_snapshot();
        report_.item("flip_snapshot");
        if (ImGui::MenuItem("Forget B", nullptr, false, snapshot_.has_value())) snapshot_.reset();
        teach_.compare.draw_menu_items(snapshot_.has_value(), report_);
        ImGui::EndMenu();
    }
    report_.item("compare_menu");
    draw_teach_menu();
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
        draw_lattice_menu_items(lattice_.layers, settings_.params, report_);
        ImGui::Separator();
        draw_animation_menu_items(teach_, settings_, report_);
        ImGui::EndMenu();
    }
    report_.item("teach_menu");
}

void Explorer::draw_quit_prompt(const DialogKeys& keys) {
    if (std::exchange(confirm_quit_, false)) ImGui::OpenPopup("Unsaved changes");
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (!ImGui::BeginPopupModal("Unsaved changes", nullptr, ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize))
        return;
    const std::string since = presets_.current.empty() ? "start" : presets_.current.filename().string();
    ImGui::Text("The settings have changed since %s. Quit anyway?", since.c_str());
    ImGui::TextDisabled("Quitting also ends the undo history.");
    if (ImGui::Button("Save...", ImVec2(140, 0))) {
        presets_.want_save = true;
        ImGui::CloseCurrentPopup();
    }
    report_.item("quit_save");
    ImGui::SameLine();
    if (ImGui::Button("Quit without saving", ImVec2(170, 0))) quit_ = true;
    report_.item("quit_discard");
    ImGui::SameLine();
    if (ImGui::Button("Cancel", ImVec2(120, 0)) || keys.escape) ImGui::CloseCurrentPopup();
    report_.item("quit_cancel");
    ImGui::EndPopup();
}

// [SECTION] Panels ---------------------------------------------------------------------------

void Explorer::draw_controls_window(ImVec2 pos, ImVec2 size) {
    ImGui::SetNextWindowPos(pos);
    ImGui::SetNextWindowSize(size);
    ImGui::Begin("Controls", nullptr, panel_flags | ImGuiWindowFlags_NoTitleBar);

    // Presets and files.
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Preset");
    ImGui::SameLine(118.0f);
    draw_shipped_combo(presets_, report_, wake_);
    const float third = (ImGui::GetContentRegionAvail().x - 2 * ImGui::GetStyle().ItemSpacing.x) / 3.0f;
    if (ImGui::Button("Open...", ImVec2(third, 0))) presets_.want_open = true;
    report_.item("open");
    ImGui::SameLine();
    if (ImGui::Button("Save...", ImVec2(third, 0))) presets_.want_save = true;
    report_.item("save");
    ImGui::SameLine();
    if (ImGui::Button("Export...", ImVec2(third, 0))) export_.want_open = true;
    report_.item("export");

    ImGui::BeginDisabled(!history_.can_undo());
    if (ImGui::Button("Undo", ImVec2(third, 0))) undo();
    ImGui::EndDisabled();
    report_.item("undo");
    ImGui::SameLine();
    ImGui::BeginDisabled(!history_.can_redo());
    if (ImGui::Button("Redo", ImVec2(third, 0))) redo();
    ImGui::EndDisabled();
    report_.item("redo");
    ImGui::SameLine();
    if (ImGui::Button("New seed", ImVec2(third, 0))) settings_.params.seed = random_seed(settings_.params.seed);
    report_.item("randomise_seed");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Pick a new random seed: same look, a different landscape.");

    // The controls scroll in their own region above a status area of fixed height, so a message
    // appearing or going never moves a control, least of all the one under the hand.
    const float status_height = 2.0f * ImGui::GetTextLineHeightWithSpacing() + 2.0f * ImGui::GetStyle().ItemSpacing.y;
    ImGui::BeginChild("controls", ImVec2(0, -status_height), false);
    if (ImGui::CollapsingHeader("Noise", ImGuiTreeNodeFlags_DefaultOpen)) draw_noise_controls(settings_, controls_, report_);
    if (ImGui::CollapsingHeader("View", ImGuiTreeNodeFlags_DefaultOpen)) draw_view_controls(settings_, controls_, report_);
    if (ImGui::CollapsingHeader("Terrain", ImGuiTreeNodeFlags_DefaultOpen)) draw_terrain_controls(settings_, controls_, report_);
    ImGui::EndChild();

    // Messages: why something did not happen, what was adjusted, where the user is looking.
    ImGui::Separator();
    ImGui::BeginChild("status", ImVec2(0, 0), false);
    error_text(presets_.error);
    error_text(controls_.rejected);
    error_text(invalid_);
    if (!presets_.message.empty()) notice_.clear();  // the user has moved on
    error_text(notice_);
    if (!controls_.note.empty()) ImGui::TextWrapped("%s", controls_.note.c_str());
    if (!presets_.message.empty() && presets_.error.empty()) ImGui::TextDisabled("%s", presets_.message.c_str());
    ImGui::EndChild();
    report_.item("status");
    ImGui::End();
}

void Explorer::draw_preview_window(ImVec2 pos, ImVec2 size) {
    ImGui::SetNextWindowPos(pos);
    ImGui::SetNextWindowSize(size);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(6, 6));
    ImGui::Begin("Preview", nullptr, panel_flags | ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar |
                                         ImGuiWindowFlags_NoScrollWithMouse);
    const WorkerStatus status = image_worker_->status();
    PreviewStatus shown;
    shown.rendering = status.busy;
    shown.coarse = status.coarse_stage;
    shown.progress = status.rows_total > 0 ? static_cast<float>(status.rows_done) / static_cast<float>(status.rows_total) : 0.0f;
    shown.error = !invalid_.empty() ? invalid_ : status.error;
    frame_.size = chosen_size(export_);
    frame_.label = chosen_size_label(export_);
    // The picture's views: the 2D preview, or the field as a 3D landscape (terrain_view.hpp).
    if (ImGui::BeginTabBar("views")) {
        if (ImGui::BeginTabItem("2D preview")) {
            terrain_shown_ = false;
            ImGui::EndTabItem();
        }
        report_.item("tab_preview");
        if (ImGui::BeginTabItem("3D terrain")) {
            terrain_shown_ = true;
            ImGui::EndTabItem();
        }
        report_.item("tab_terrain");
        ImGui::EndTabBar();
    }
    if (terrain_shown_) {
        const TerrainLayout layout = terrain_->draw(settings_, field_, frame_, preview_size_override_, report_);
        want_width_ = layout.image_width;
        want_height_ = layout.image_height;
        gesture_ = false;  // the camera is not a setting: nothing for the undo history
    } else if (settings_.params.dimension == 1) {  // the curve itself, large, instead of stripes
        const BigCurveLayout layout = draw_big_curve(teach_, settings_, curve_, curve_fit_y_, report_);
        want_width_ = layout.image_width;
        want_height_ = layout.image_height;
        gesture_ = layout.gesture;
    } else {
        if (shows_influence() && influence_task_) {
            shown.rendering = !influence_task_->finished();
            shown.coarse = false;
            shown.progress = static_cast<float>(influence_task_->progress());
        }
        teach_.compare.draw_divider_grip(report_);  // first, so it takes the mouse before the picture's pan
        const PreviewLayout layout =
            draw_preview(settings_, preview_, field_, shown, frame_, preview_size_override_, lattice_, report_);
        want_width_ = layout.image_width;
        want_height_ = layout.image_height;
        gesture_ = layout.gesture;
        teach_.compare.draw_over(field_, layout.picture_min, layout.picture_max, layout.repeats);
    }
    draw_teach_badges(teach_, settings_, ImVec2(pos.x + size.x - 6.0f, pos.y + 6.0f));
    ImGui::End();
    ImGui::PopStyleVar();
}

void Explorer::draw_curve_window(ImVec2 pos, ImVec2 size) {
    ImGui::SetNextWindowPos(pos);
    ImGui::SetNextWindowSize(size);
    ImGui::Begin("Curve", nullptr, panel_flags | ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar);
    // The teaching tabs (teach_views.hpp) share this panel with the curve and the statistics.
    const BottomTab tab = draw_bottom_tabs(teach_, report_);
    if (tab != BottomTab::curve) {
        const noise::Params shown = shown_params(teach_, settings_.params);
        const ViewTransform view = ViewTransform::of(shown, std::max(1, want_width_), std::max(1, want_height_));
        const double row_y = view.row_y(view.row_at(settings_.view.scanline));
        if (tab == BottomTab::octaves) teach_.octaves.draw(settings_, shown, row_y, teach_.chosen, wake_, report_);
        else teach_.interpolation.draw(settings_, shown, row_y, wake_, report_);
        ImGui::End();
        return;
    }

    // Left: the plot, with a one-line caption saying which curve it is.
    const float plot_width = std::max(120.0f, ImGui::GetContentRegionAvail().x - stats_width - 8.0f);
    ImGui::BeginChild("plot", ImVec2(plot_width, 0), false, ImGuiWindowFlags_NoScrollbar);
    if (settings_.params.dimension == 1) {
        ImGui::TextUnformatted("1D noise");
    } else {
        const double y = curve_ ? curve_->y : 0.0;
        ImGui::Text("Row under the scanline: y = %.4f", y);
    }
    // The y fit is a way of looking, not a setting of the picture: not in presets or the history.
    const char* fit_label = "fit y";
    const float fit_x = plot_width - ImGui::CalcTextSize(fit_label).x - ImGui::GetFrameHeight() - 12.0f;
    // Simplex noise's lattice is skewed or rotated: the whole numbers of x are not its vertices.
    const char* lines = settings_.params.algorithm != noise::Algorithm::simplex ? "  lines: lattice positions"
                                                                                          : "  lines: whole units of x";
    const char* hint  = settings_.view.show_octaves ? "  thin: each octave's weighted share" : lines;
    ImGui::SameLine();
    if (ImGui::GetCursorPosX() + ImGui::CalcTextSize(hint).x < fit_x) ImGui::TextDisabled("%s", hint);  // if room
    ImGui::SameLine(fit_x);
    ImGui::Checkbox(fit_label, &curve_fit_y_);
    report_.item("fit_y");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Fit the y axis to the curve instead of the algorithm's full range");
    curve_samples_ = curve_samples_for_width(plot_width);
    // With invalid settings nothing new is rendered: what is shown belongs to the last valid
    // settings, and says so, dimmed.
    const bool stale = !invalid_.empty();
    if (stale) ImGui::PushStyleVar(ImGuiStyleVar_Alpha, 0.4f);
    draw_curve_plot(curve_, settings_.view.show_octaves, curve_fit_y_, report_, "curve", teach_.chosen);
    if (stale) {
        ImGui::PopStyleVar();
        stale_label();
    }
    ImGui::EndChild();

    // Right: what the field contains.
    ImGui::SameLine();
    ImGui::BeginChild("stats", ImVec2(0, 0), false, ImGuiWindowFlags_NoScrollbar);
    if (stale) ImGui::PushStyleVar(ImGuiStyleVar_Alpha, 0.4f);
    draw_field_stats();
    if (stale) {
        ImGui::PopStyleVar();
        stale_label();
    }
    ImGui::EndChild();
    ImGui::End();
}

// "stale" over the child window drawn last, top right, in the error colour.
void Explorer::stale_label() {
    const char* text = "stale: last valid settings";
    const ImVec2 min = ImGui::GetWindowPos();
    const ImVec2 at(min.x + ImGui::GetWindowWidth() - ImGui::CalcTextSize(text).x - 8.0f, min.y + 22.0f);
    ImGui::GetWindowDrawList()->AddText(at, IM_COL32(255, 130, 110, 255), text);
}

void Explorer::draw_field_stats() {
    if (!field_.has_image()) {
        ImGui::TextDisabled("rendering ...");
        return;
    }
    const FieldSummary& s = field_.summary();
    const ImageResult& image = field_.image();
    ImGui::TextUnformatted("Field");
    ImGui::Separator();
    ImGui::Text("min   %+.4f", s.min);
    ImGui::Text("max   %+.4f", s.max);
    ImGui::Text("mean  %+.4f", s.mean);
    // Histogram of the mapped values: where the picture's tones sit in [0, 1].
    const float height = std::max(30.0f, ImGui::GetContentRegionAvail().y - 3.5f * ImGui::GetTextLineHeightWithSpacing());
    float peak = 0.0f;
    for (float v : s.histogram) peak = std::max(peak, v);
    // 1.86's PlotHistogram takes no negative width: the width comes from SetNextItemWidth.
    ImGui::SetNextItemWidth(-1);
    ImGui::PlotHistogram("##histogram", s.histogram.data(), static_cast<int>(s.histogram.size()), 0, nullptr, 0.0f,
                         peak * 1.05f, ImVec2(0, height));
    report_.item("histogram");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("How many pixels have each value: left maps to black, right to white");
    // The histogram's ends are the mapping range: the raw values shown as black and white.
    char lo[32], hi[32];
    std::snprintf(lo, sizeof lo, "%+.2f", field_.range().lo);
    std::snprintf(hi, sizeof hi, "%+.2f", field_.range().hi);
    ImGui::TextDisabled("%s", lo);
    ImGui::SameLine(ImGui::GetContentRegionMax().x - ImGui::CalcTextSize(hi).x);
    ImGui::TextDisabled("%s", hi);
    ImGui::Text("%d x %d%s", image.width, image.height, image.coarse ? " (coarse)" : "");
    ImGui::Text("rendered in %.1f ms", image.milliseconds);
}

// [SECTION] Requests to the workers ----------------------------------------------------------

void Explorer::send_requests() {
    if (!invalid_.empty() || want_width_ <= 0 || want_height_ <= 0) return;
    // The animation's slice, and the octaves chosen by solo / mute (teach_views.hpp).
    const noise::Params params = shown_params(teach_, settings_.params);

    const ImageKey image{params, want_width_, want_height_, teach_.chosen};
    if (!shows_influence() && influence_task_) {
        influence_task_.reset();  // a lattice view's mode left: its next image starts afresh
        sent_influence_.reset();
        shown_influence_.reset();
    }
    if (shows_influence()) {
        send_influence_request(params);
        sent_image_.reset();  // back on the noise, the picture is asked for again
    } else if (!sent_image_ || !(*sent_image_ == image)) {
        PreviewRequest request;
        request.params = params;
        request.width = want_width_;
        request.height = want_height_;
        request.curve_samples = 0;
        request.chosen = teach_.chosen;
        image_worker_->submit(request);
        sent_image_ = image;
    }

    // The curve is the preview row under the scanline: the same y as that row's pixels.
    const ViewTransform view = ViewTransform::of(params, want_width_, want_height_);
    const double y = view.row_y(view.row_at(settings_.view.scanline));
    const bool octave_rows = settings_.view.show_octaves || params.dimension == 1;  // the big 1D curve shows them
    const CurveKey curve{params, params.dimension == 1 ? 0.0 : y, curve_samples_, octave_rows, teach_.chosen};
    if (!sent_curve_ || !(*sent_curve_ == curve)) {
        PreviewRequest request;
        request.params = params;
        request.need_image = false;
        request.curve_y = curve.y;
        request.curve_samples = curve.samples;
        request.curve_octaves = curve.octaves;
        request.chosen = teach_.chosen;
        curve_worker_->submit(request);
        sent_curve_ = curve;
    }
}

// A lattice view's image: a new task replaces (and so cancels) the one before. Its images count
// generations of their own, so the report (and --screenshot) can tell when the newest is shown.
void Explorer::send_influence_request(const noise::Params& params) {
    const InfluenceKey key{params, want_width_, want_height_, lattice_.layers.field,
                           lattice_.layers.influence_corner};
    if (sent_influence_ && *sent_influence_ == key) return;
    influence_task_.reset();
    const std::uint64_t generation = ++influence_generation_;
    influence_task_ = std::make_unique<BackgroundTask<ImageResult>>(
        [key, generation](const TaskControl& control) {
            ImageResult image = render_influence(key.params, key.width, key.height, key.layer, key.corner, control);
            image.generation  = generation;
            return image;
        },
        wake_);
    sent_influence_ = key;
}

// [SECTION] The UI report's state ------------------------------------------------------------

nlohmann::json Explorer::report_state() const {
    nlohmann::json state;
    nlohmann::json params = nlohmann::json::object();
    for (const noise::ParamInfo& info : noise::param_table()) params[std::string(info.key)] = noise::format_param(settings_.params, info);
    state["params"] = std::move(params);
    nlohmann::json view = nlohmann::json::object();
    for (const ViewKeyInfo& info : view_key_table()) view[std::string(info.key)] = format_view_key(settings_.view, info);
    state["view"] = std::move(view);
    const WorkerStatus status = image_worker_->status();
    nlohmann::json preview;
    preview["generation"] = field_.has_image() ? field_.image().generation : 0;
    preview["checksum"] = field_.checksum();
    preview["width"] = field_.image().width;
    preview["height"] = field_.image().height;
    preview["coarse"] = field_.image().coarse;
    preview["render_ms"] = field_.image().milliseconds;
    state["preview"] = std::move(preview);
    // The preview's image comes from the worker, or in a lattice view's mode from its own task.
    const bool influence = shows_influence();
    state["requested_generation"] = influence ? influence_generation_ : image_worker_->latest_generation();
    state["rendering"] = influence ? influence_task_ && !influence_task_->finished() : status.busy;
    state["rows_done"] = status.rows_done;
    state["rows_total"] = status.rows_total;
    nlohmann::json curve;
    curve["generation"] = curve_ ? curve_->generation : 0;
    std::uint64_t hash = 0xcbf29ce484222325ull;  // FNV-1a of the curve's values, to see it change
    if (curve_)
        for (double v : curve_->sum) {
            hash ^= static_cast<std::uint64_t>(std::llround(v * 1e6));
            hash *= 0x100000001b3ull;
        }
    curve["checksum"] = std::to_string(hash);
    curve["y"] = curve_ ? curve_->y : 0.0;
    state["curve"] = std::move(curve);
    state["error"] = invalid_;
    state["preset_error"] = presets_.error;
    state["notice"] = notice_;
    state["current_preset"] = presets_.current.string();
    state["title"] = title();
    nlohmann::json recent = nlohmann::json::array();
    for (const auto& path : presets_.recent) recent.push_back(path.string());
    state["recent"] = std::move(recent);
    state["snapshot"] = snapshot_.has_value();
    state["note"] = controls_.note;
    state["stale"] = !invalid_.empty();
    state["view_tab"] = terrain_shown_ ? "terrain" : "preview";
    state["terrain"] = terrain_->report_state();
    state["export_frame"] = {{"show", frame_.show}, {"width", frame_.size.width}, {"height", frame_.size.height}};
    state["rejected"] = controls_.rejected;
    state["opening"] = presets_.opening_path.string();
    // Rounded up to whole milliseconds, so the line changes only when a new slowest frame comes.
    state["slowest_frame_ms"] = std::ceil(slowest_frame_ms_);
    state["can_undo"] = history_.can_undo();
    state["can_redo"] = history_.can_redo();
    state["export"] = {{"running", export_.running()}, {"error", export_.error}, {"message", export_.message}};
    state["teach"] = teach_report(teach_, settings_);
    state["lattice_views"] = lattice_views_report(lattice_, influence_shown());
    if (field_.has_image()) state["field"] = {{"min", field_.summary().min}, {"max", field_.summary().max}, {"mean", field_.summary().mean}};
    return state;
}

}  // namespace app::gui
