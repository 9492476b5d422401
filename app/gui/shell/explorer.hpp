// gui/shell/explorer.hpp: the explorer window's state and its frame: controls, preview, curve, dialogs.
//
// One `Explorer` lives for the program's run. Each frame (`draw`, between ImGui::NewFrame and
// ImGui::Render) it:
//   1. takes the newest results from the render workers (the preview's image, the curve) and
//      re-colours;
//   2. opens files dropped on the window and handles the Ctrl shortcuts (menus.cpp,
//      handle_shortcuts, lists them);
//   3. lays out the menu bar, the controls panel (left), the preview or, in its "3D terrain"
//      tab, the terrain view (right, top) and the curve plot with the field's statistics (right,
//      bottom) from the display size, so the layout is the same on every run (no imgui.ini) and
//      follows the window when it is resized;
//   4. shows the undo history the settings, and sends the workers a request when what they
//      compute from has changed (invalid settings are shown, not sent).
// The GLFW/GL set-up and the main loop are in gui_main.cpp; nothing here blocks. Its code, the
// files explorer*.cpp and menus.cpp of shell/: explorer.cpp (the frame's composition), menus.cpp
// (1-2 and the menu bar), explorer_requests.cpp (1 and 4), explorer_report.cpp (the UI report's
// state), explorer_lessons.cpp (a lesson's steps shown in the window).
#pragma once

#include <algorithm>
#include <array>
#include <functional>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/shader_source.hpp"
#include "gui/common/background_task.hpp"
#include "gui/common/panel.hpp"
#include "gui/common/settings.hpp"
#include "gui/common/ui_report.hpp"
#include "gui/editing/controls_panel.hpp"
#include "gui/editing/undo_history.hpp"
#include "gui/figures/figure_export.hpp"
#include "gui/files/export_dialog.hpp"
#include "gui/files/preset_dialogs.hpp"
#include "gui/gpu/gpu_view.hpp"
#include "gui/layers/layers_panel.hpp"
#include "gui/lessons/lesson_panel.hpp"
#include "gui/lessons/presenter_mode.hpp"
#include "gui/preview/compare_view.hpp"
#include "gui/preview/curve_panel.hpp"
#include "gui/preview/preview_panel.hpp"
#include "gui/preview/render_worker.hpp"
#include "gui/preview/shown_field.hpp"
#include "gui/shell/window_inbox.hpp"
#include "gui/teaching/lattice_views.hpp"
#include "gui/teaching/teach_views.hpp"
#include "gui/terrain/terrain_view.hpp"

namespace app::gui {

class Explorer {
  public:
    // `wake` is called from worker threads when a result is ready (glfwPostEmptyEvent).
    Explorer(const Settings& initial, int preview_size_override, std::function<void()> wake);

    // Builds one ImGui frame, first taking what the window's callbacks collected (dropped files:
    // the first that opens wins; Ctrl shortcuts). Main thread only.
    void draw(WindowInbox& inbox);
    // The settings came from this file (--preset, read once before the window opened, or the
    // last session's file), whose preset is called `name` ("" when unknown).
    void started_from(const std::string& path, const std::string& name);
    // A line about the start itself (a session or recent list set aside, a crashed start), shown
    // in the status area until the user opens or saves a file.
    void add_notice(const std::string& text);
    // Edit > Place in the world: the settings' frame preset placed in the world (noise/placement.hpp),
    // the conversion's note in the status area, or why not.
    void place_in_world();
    // File > Copy as GLSL / HLSL: the field as shader source on the clipboard, or why not.
    void copy_shader(ShaderLanguage language);
    // What to remember for the next start.
    Session session() const;

    // True while anything is still moving (a render, an export, an animation): any panel's
    // busy() (panels()) or what the composition itself runs (composition_busy). The main loop
    // then keeps drawing at a steady rate instead of sleeping until the next event.
    bool busy() const;
    // True when busy only because the preview's image or the curve is being rendered: nothing on
    // screen moves but a progress indicator until the worker posts its result (and the post wakes
    // the main loop), so the loop may draw fewer frames meanwhile (gui_main.cpp [3]).
    bool only_rendering() const;
    // True when the preview shows the full image of the newest settings (for --screenshot).
    bool settled() const;
    bool wants_quit() const { return quit_; }
    // Ctrl+Q, File > Quit and the window's close button: quits at once when nothing is unsaved,
    // else asks first (save, quit without saving, or stay).
    void request_quit();
    // The settings differ from the file last opened or saved (or from the start-up settings).
    bool modified() const;
    // "Noise Explorer - clouds.json *": the window's title names the file in use, and marks
    // unsaved changes.
    std::string title() const;

    // How long the last frame took on the window's thread, from waking to the swap: on the clock
    // and in the thread's own CPU time. The slowest of each is in the UI report
    // ("slowest_frame_ms", "slowest_frame_cpu_ms"). Tests judge work done on the window's thread
    // by its CPU time, which a loaded machine does not stretch, and a stall by the clock.
    void note_frame_time(double milliseconds, double cpu_milliseconds) {
        slowest_frame_ms_     = std::max(slowest_frame_ms_, milliseconds);
        slowest_frame_cpu_ms_ = std::max(slowest_frame_cpu_ms_, cpu_milliseconds);
    }
    nlohmann::json report_state() const;

  private:
    // The parts that answer busy() themselves (panel.hpp); a new part is listed here once.
    std::array<const Panel*, 11> panels() const {
        return {&controls_, &preview_, &curve_,   &presets_, &export_, &figures_,
                &compare_,  &teach_,   &lessons_, &layers_,  &gpu_};
    }
    // What the composition itself runs: the lattice view's image, the terrain while its tab is
    // shown, the big 1D curve's gesture and the 2D tab a lesson asked for.
    bool composition_busy() const;
    void take_results();
    void handle_shortcuts(std::vector<Shortcut>& shortcuts);
    void draw_menu_bar();
    void draw_teach_menu();
    // The lessons (explorer_lessons.cpp).
    LessonScene lesson_scene() const;
    void show_scene(const LessonScene& scene);
    void update_lessons();
    float draw_lesson_window(ImVec2 pos, float width, float max_height);
    bool probe_column_kept() const;
    float draw_presenter_windows(const FrameContext& frame, ImVec2 origin, ImVec2 size);
    void draw_controls_window(const FrameContext& frame, ImVec2 pos, ImVec2 size);
    void draw_preview_window(const FrameContext& frame, ImVec2 pos, ImVec2 size);
    void draw_curve_window(const FrameContext& frame, ImVec2 pos, ImVec2 size);
    void draw_quit_prompt(const DialogKeys& keys);
    void send_requests();
    // The field the teaching views explain: the Layers panel's selected layer's own
    // (taught_field), and as their tabs and images show it (shown_params). Called where the
    // settings may have changed since: the frame's start, after the preview's pan or zoom, and
    // before the requests.
    void update_taught();
    // Calls `draw` with the probe in the taught field's noise space (it is pinned in the
    // preview's, layer 1's), and puts it back after; what `draw` changed is kept (a point typed
    // into the probe's window, taken back to the preview's space).
    template <class Draw>
    void with_probe_taught(Draw&& draw);
    void send_influence_request(const noise::Params& params);
    bool shows_influence() const;
    bool influence_shown() const;
    void undo();
    void flip_snapshot();
    void redo();
    // Edit > Reset all to defaults: the defaults as an untitled document, so Ctrl+S cannot save
    // them over the file that was open (an ordinary change: Undo brings the settings back).
    void reset_all();

    Settings settings_;
    UndoHistory history_;
    ControlsPanel controls_;
    LayersPanel layers_;  // the Layers tab beside the controls (gui/layers/)
    PreviewPanel preview_;
    bool terrain_shown_ = false;  // the "3D terrain" tab instead of the "2D preview"
    bool select_2d_tab_ = false;  // a lesson step asks for the "2D preview" tab (once)
    PresetDialogs presets_;
    ExportDialog export_;
    FigureExport figures_;  // File > Export figure (gui/figures/)
    TeachViews teach_;      // the teaching views (teach_views.hpp): ways of looking, not settings
    CompareView compare_;   // A beside the kept B, or their difference (compare_view.hpp)
    LatticeViews lattice_;
    TaughtField taught_;          // what the teaching views read (update_taught)
    noise::Params taught_shown_;  // ... and what their tabs and images show of it
    LessonPanel lessons_;         // the Lessons menu and panel (gui/lessons/)
    PresenterMode presenter_;     // View > Presenter mode (gui/lessons/presenter_mode.hpp)
    std::function<void()> wake_;
    double slowest_frame_ms_     = 0.0;
    double slowest_frame_cpu_ms_ = 0.0;
    bool quit_                   = false;
    bool confirm_quit_           = false;  // the unsaved-changes question opens next frame
    std::optional<Settings> snapshot_;     // "B", kept aside to compare with the live settings
    bool gesture_ = false;                 // a pan, scanline drag or wheel burst this frame (any view)
    std::string invalid_;                  // noise::validate's message for the current settings
    std::string notice_;                   // add_notice's lines
    // Who keeps the keyboard from the Ctrl shortcuts ("" when nobody does: handle_shortcuts), for
    // the UI report: a test whose shortcut did nothing says why.
    std::string keyboard_held_by_;

    // The image size the view shown wants (the 2D preview, the big 1D curve or the terrain).
    int want_width_ = 0, want_height_ = 0;

    // The teaching preview modes' image (influence_image.hpp), rendered by a task of its own.
    struct InfluenceKey {
        noise::Params params;
        int width = 0, height = 0;
        FieldLayer layer                           = FieldLayer::noise;
        int corner                                 = 0;
        bool operator==(const InfluenceKey&) const = default;
    };
    std::optional<InfluenceKey> sent_influence_, shown_influence_;
    std::unique_ptr<BackgroundTask<ImageResult>> influence_task_;
    std::uint64_t influence_generation_ = 0;

    // Last: the workers' threads must stop before the state above goes away.
    std::unique_ptr<TerrainView> terrain_;
    CurvePanel curve_;  // the curve and its worker (curve_panel.hpp)
    GpuView gpu_;       // View > GPU view and its task (gui/gpu/gpu_view.hpp)
};

}  // namespace app::gui
