// gui/shell/gui_main.cpp: GLFW + OpenGL 3.3 core (glad) + Dear ImGui set-up and the main loop.
//
// The steps, numbered as in the code (after ImGui's example_glfw_opengl3):
//   0. options and --preset, before any window: a bad one is one line on stderr and exit 2; the
//      last session (a bad one is set aside, never fatal), guarded by the start marker;
//   1. GLFW window and OpenGL 3.3 core context (no display: one line, exit 2), glad;
//   2. Dear ImGui without imgui.ini (the layout is computed from the window size);
//   3. wait for events, as long as [3] in the loop says: 1/60 s while something moves (a drag,
//      an export, the first frames), 0.1 s while only a render runs (its progress at 10 Hz), a
//      quarter second just after input (tooltips appear on a timer), else until the next event
//      (10 s at most).
//      glfwSwapInterval does not throttle under Xvfb, so without the wait the loop would eat a
//      core. The workers wake the loop with glfwPostEmptyEvent;
//   4. build the frame (Explorer::draw) and render it;
//   5. --screenshot: after N frames and once the preview has finished, read the back buffer;
//   6. --ui-report: one JSON line when anything changed; then swap.
#include "gui/shell/gui_main.hpp"

#include <glad/gl.h>
#include <time.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/shown_text.hpp"
// glad first: GLFW must not pull in the system GL header.
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include "core/interrupt_signals.hpp"
#include "core/preset.hpp"
#include "core/state_files.hpp"
#include "gui/common/theme.hpp"
#include "gui/files/user_files.hpp"
#include "gui/shell/explorer.hpp"
#include "gui/shell/gui_options.hpp"
#include "gui/shell/key_taps.hpp"
#include "gui/shell/screenshot.hpp"

namespace app {

namespace {

constexpr const char* no_display_message =
    "noise-explorer: cannot open a window (no display?): run it as `xvfb-run -a noise-explorer`, "
    "or render files with `noise-explorer export`\n";

// GLFW reports errors through a callback; it is kept quiet so that a missing display gives the one
// line above, not a cascade of X11 messages.
void glfw_error(int, const char*) {}

// The CPU time this thread has used: a frame's share of it is the work done on the window's
// thread, which another process on the same cores can delay but not lengthen.
double thread_cpu_seconds() {
    timespec now{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

// What GLFW's callbacks write to: the explorer's inbox and the taps kept for ImGui.
struct WindowEvents {
    gui::WindowInbox inbox;
    gui::KeyTaps taps;
};

WindowEvents* events_of(GLFWwindow* window) {
    return static_cast<WindowEvents*>(glfwGetWindowUserPointer(window));
}

void drop_callback(GLFWwindow* window, int count, const char** paths) {
    if (auto* events = events_of(window))
        events->inbox.dropped.insert(events->inbox.dropped.end(), paths, paths + count);
}

// Installed before ImGui's, which chains to it: ImGui still sees every key.
void key_callback(GLFWwindow* window, int key, int, int action, int mods) {
    if (auto* events = events_of(window); events && action == GLFW_PRESS) events->taps.note_press(key, mods);
}

// The presses a frame shows, latched for the explorer (a dialog's Return, the shortcuts).
void latch(gui::WindowInbox& inbox, const std::vector<gui::KeyPress>& presses) {
    for (const gui::KeyPress& press : presses) {
        if (press.mods & GLFW_MOD_CONTROL) inbox.shortcuts.push_back({press.key, press.mods});
        if (press.key == GLFW_KEY_ESCAPE) inbox.escape = true;
        if (press.key == GLFW_KEY_ENTER || press.key == GLFW_KEY_KP_ENTER) inbox.enter = true;
    }
}

// Installed before ImGui's, which chains to it: ImGui queues the character as well.
void character_callback(GLFWwindow* window, unsigned int codepoint) {
    if (auto* events = events_of(window)) events->taps.note_character(codepoint);
}

// Installed before ImGui's, which chains to it: KeyTaps shows each click in a frame of its own.
void mouse_button_callback(GLFWwindow* window, int button, int action, int) {
    if (auto* events = events_of(window); events && action == GLFW_PRESS)
        events->taps.note_click(button, glfwGetTime());
}

// Did the user do anything this frame? Then keep the frame rate up for a moment: hover effects,
// popups and drags need a few frames after the event that started them.
bool input_this_frame() {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f || io.MouseWheel != 0.0f || io.MouseWheelH != 0.0f)
        return true;
    for (bool down : io.MouseDown)
        if (down) return true;
    for (bool down : io.KeysDown)
        if (down) return true;
    return io.WantTextInput;
}

// Did anything new come in this frame: a move, a wheel, a press or release, a typed character?
// A key held counts too (keyboard navigation and repeats need frames); a mouse button held still
// does not (a slider held without moving changes nothing).
bool input_event_this_frame() {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f || io.MouseWheel != 0.0f ||
        io.MouseWheelH != 0.0f || io.InputQueueCharacters.Size > 0)
        return true;
    for (int button = 0; button < IM_ARRAYSIZE(io.MouseDown); ++button)
        if (io.MouseClicked[button] || io.MouseReleased[button]) return true;
    for (bool down : io.KeysDown)
        if (down) return true;
    return false;
}

// [0] What the window starts with: --preset, else the last session, else the welcome preset.
struct StartState {
    gui::Settings initial;
    std::string path;    // the file the settings came from ("" for none)
    std::string name;    // its preset's name ("" for none or unknown)
    std::string notice;  // a session set aside, a crashed start: shown in the window
};

// Returns false, after one line on stderr, when --preset cannot be read. `marker` is set while a
// session is read (see below).
bool read_start_state(const gui::GuiOptions& options, const gui::UserFolders& folders,
                      std::optional<StartMarker>& marker, StartState& start) {
    if (!options.preset.empty()) {
        try {
            const auto path     = resolve_preset_argument(options.preset);
            const Preset preset = load_preset(path);
            start.initial       = gui::settings_of(preset);
            start.path          = path.string();
            start.name          = preset.name;
        } catch (const std::exception& e) {
            std::fprintf(stderr, "noise-explorer: --preset: %s\n", failure_text(e).c_str());
            return false;
        }
    }
    // Without --preset, continue where the last session ended; the very first start shows a
    // shipped preset at its best (the README's screenshot), not the bare defaults, which keep
    // their plain gray for pipelines that export without a preset.
    // A marker from before the session is read until the first frame is drawn: if the last
    // start died in between (a hostile session that crashes us, a driver), this one skips the
    // session instead of dying the same way (state_files.hpp).
    if (options.preset.empty() && options.uses_session()) {
        marker.emplace(folders.config);
        std::optional<gui::Session> session;
        if (marker->previous_start_died())
            start.notice = skip_state_after_crash(folders.config);
        else
            session = gui::load_session(folders, start.notice);
        if (!start.notice.empty()) std::fprintf(stderr, "noise-explorer: %s\n", start.notice.c_str());
        if (session) {
            start.initial = session->settings;
            start.path    = session->file.string();
        } else {
            try {
                const auto path     = resolve_preset_argument(gui::welcome_preset);
                const Preset preset = load_preset(path);
                start.initial       = gui::settings_of(preset);
                start.path          = path.string();
                start.name          = preset.name;
            } catch (const std::exception&) {
                // No shipped presets (an odd install): the defaults then.
            }
        }
    }
    return true;
}

// [1] The window and its OpenGL 3.3 core context, glad loaded. nullptr, after one line on stderr,
// when there is no display or no OpenGL 3.3.
GLFWwindow* open_window(const gui::GuiOptions& options, bool test_mode) {
    glfwSetErrorCallback(glfw_error);
    if (!glfwInit()) {
        std::fputs(no_display_message, stderr);
        return nullptr;
    }
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    if (test_mode) glfwWindowHint(GLFW_RESIZABLE, GLFW_FALSE);
    GLFWwindow* window =
        glfwCreateWindow(options.window_width, options.window_height, "Noise Explorer", nullptr, nullptr);
    if (!window) {
        glfwTerminate();
        std::fputs(no_display_message, stderr);
        return nullptr;
    }
    // Tests read widget positions from the report; with the window at the screen's corner (there
    // is no window manager under Xvfb) window and screen coordinates agree.
    if (test_mode) glfwSetWindowPos(window, 0, 0);
    glfwMakeContextCurrent(window);
    glfwSwapInterval(1);
    if (!gladLoadGL(glfwGetProcAddress)) {
        glfwDestroyWindow(window);
        glfwTerminate();
        std::fputs(
            "noise-explorer: OpenGL 3.3 is not available: run it under `xvfb-run -a noise-explorer` "
            "(Mesa) or use `noise-explorer export`\n",
            stderr);
        return nullptr;
    }
    return window;
}

// [2] Dear ImGui: no imgui.ini, the layout is computed from the window size every frame.
void start_imgui(GLFWwindow* window) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;
    gui::apply_theme();
    ImGui_ImplGlfw_InitForOpenGL(window, true);
    ImGui_ImplOpenGL3_Init("#version 330 core");
}

}  // namespace

int gui_main(int argc, char** argv) {
    // [0] Options and the preset, before any window: errors are one line and exit 2.
    const gui::ParsedOptions parsed = gui::parse_gui_options(argc, argv);
    if (!parsed.error.empty()) {
        std::fprintf(stderr, "%s\n", parsed.error.c_str());
        return 2;
    }
    const gui::GuiOptions& options = parsed.options;
    if (options.help) {
        std::fputs(gui::gui_help_text, stdout);
        return 0;
    }
    const gui::UserFolders folders = gui::user_folders();
    std::optional<StartMarker> start_marker;
    StartState start;
    if (!read_start_state(options, folders, start_marker, start)) return 2;
    // --ui-report: installed for the window's run (ui_report.hpp), uninstalled before it goes.
    gui::UiReport report;
    bool reporting = false;

    // [1] Window and GL context.
    const bool test_mode = !options.screenshot.empty() || !options.ui_report.empty();
    GLFWwindow* window   = open_window(options, test_mode);
    if (!window) return 2;

    WindowEvents events;
    gui::WindowInbox& inbox = events.inbox;
    glfwSetWindowUserPointer(window, &events);
    glfwSetDropCallback(window, drop_callback);
    glfwSetKeyCallback(window, key_callback);
    glfwSetCharCallback(window, character_callback);
    glfwSetMouseButtonCallback(window, mouse_button_callback);

    // [2] Dear ImGui.
    start_imgui(window);

    int status = 0;
    // A terminating signal (SIGTERM from a session manager, SIGHUP from a closed terminal) is a
    // request to quit: the loop ends, a running export is cancelled and removes its temp file,
    // the session is remembered. A watcher wakes the loop, which may be waiting for events.
    std::atomic<bool> interrupted{false};
    install_interrupt_handlers(interrupted);
    {
        gui::Explorer explorer(start.initial, options.preview_size, [] { glfwPostEmptyEvent(); });
        std::jthread signal_watcher([&interrupted](std::stop_token stop) {
            while (!stop.stop_requested() && !interrupted)
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
            if (interrupted) glfwPostEmptyEvent();
        });
        if (!start.path.empty()) explorer.started_from(start.path, start.name);
        explorer.add_notice(start.notice);
        if (!options.ui_report.empty()) {
            const std::string error = report.open(options.ui_report);
            if (!error.empty()) {
                std::fprintf(stderr, "noise-explorer: %s\n", error.c_str());
                status = 2;
            }
            gui::install_ui_report(&report);
            reporting = true;
        }

        const auto opened  = std::chrono::steady_clock::now();
        const auto seconds = [&] {
            return std::chrono::duration<double>(std::chrono::steady_clock::now() - opened).count();
        };
        double last_input        = 0.0;
        long frame               = 0;
        long frames_since_event  = 0;  // frames drawn since the last input event
        std::string window_title = "Noise Explorer";
        while (status == 0 && !explorer.wants_quit() && !interrupted) {
            // [3] Wait: short while anything moves, long when idle.
            // Idle, a frame still costs ~11 ms of CPU under Mesa's software renderer: after a few
            // seconds without input only events (or a worker's wake-up) start one.
            const double quiet = seconds() - last_input;
            const bool lively  = explorer.busy() || frame < 3 || !options.screenshot.empty() || quiet < 0.5;
            // While only a render runs (the preview's image, the curve) and nothing came in since
            // the frame after the last event (that frame shows what the event opened: ImGui
            // measures an auto-sized popup in one frame and draws it in the next), draw the
            // progress at 10 Hz: under Mesa's software renderer a frame takes about 11 ms of CPU on
            // the cores the render needs (a 4096-wide preview rendered in 0.83 of the time paced,
            // a 1024-wide eroded one shown 7-10 % sooner: docs/performance-history.md, issue 36). The
            // worker's post and any input end the wait at once.
            const bool paced = frames_since_event >= 1 && frame >= 3 && options.screenshot.empty() &&
                               explorer.only_rendering();
            if (events.taps.pending())
                glfwPollEvents();  // a key tapped twice: its second press shows in the next frame
            else
                glfwWaitEventsTimeout(paced ? 0.1 : lively ? 1.0 / 60.0 : quiet < 3.0 ? 0.25 : 10.0);

            // The close button asks the explorer, which asks the user when something is unsaved.
            if (glfwWindowShouldClose(window)) {
                glfwSetWindowShouldClose(window, GLFW_FALSE);
                explorer.request_quit();
            }

            // [4] The frame.
            const double frame_start     = seconds();
            const double frame_cpu_start = thread_cpu_seconds();
            ImGui_ImplOpenGL3_NewFrame();
            ImGui_ImplGlfw_NewFrame();
            latch(inbox, events.taps.before_frame(ImGui::GetIO()));
            ImGui::NewFrame();
            if (input_this_frame()) last_input = seconds();
            frames_since_event = input_event_this_frame() ? 0 : frames_since_event + 1;
            report.begin_frame();
            explorer.draw(inbox);
            ImGui::Render();
            events.taps.after_frame(ImGui::GetIO());
            if (std::string title = explorer.title(); title != window_title) {
                window_title = std::move(title);
                glfwSetWindowTitle(window, window_title.c_str());
            }
            int fb_width = 0, fb_height = 0;
            glfwGetFramebufferSize(window, &fb_width, &fb_height);
            glViewport(0, 0, fb_width, fb_height);
            // The panels' background (explorer.cpp's panel_flags): they draw none themselves.
            const ImVec4 backdrop = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
            glClearColor(backdrop.x, backdrop.y, backdrop.z, 1.0f);
            glClear(GL_COLOR_BUFFER_BIT);
            ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
            ++frame;
            // The frame's time for the report: taken before the report is built (its state, the
            // preview's checksum above all, is the test's cost, not the user's) and before the swap.
            const double frame_done = seconds();

            // [5] Screenshot: after N frames, once the preview is complete (a minute at most).
            if (!options.screenshot.empty() && frame >= options.frames &&
                (explorer.settled() || seconds() > 60.0)) {
                const std::string error = gui::write_screenshot(options.screenshot, fb_width, fb_height);
                if (!error.empty()) {
                    std::fprintf(stderr, "noise-explorer: --screenshot: %s\n", error.c_str());
                    status = 2;
                }
                break;
            }
            glfwSwapBuffers(window);
            // [6] UI report, once the frame is on the screen: a check that reads a line and then
            // captures the screen sees that frame (llvmpipe draws it in the swap, which on a busy
            // machine can take longer than any fixed pause).
            if (reporting) {
                int wx = 0, wy = 0;
                glfwGetWindowPos(window, &wx, &wy);
                // Taps still waiting for their frame (key_taps.hpp): a check reads the state after them.
                nlohmann::json state  = explorer.report_state();
                state["keys_waiting"] = events.taps.pending();
                report.end_frame(std::move(state), wx, wy, frame, frame_done);
            }
            if (frame == 1 && start_marker) start_marker->first_frame_drawn();
            // The first frames build fonts and shaders; from then on a slow frame is a stall.
            if (frame > 3)
                explorer.note_frame_time((seconds() - frame_start) * 1000.0,
                                         (thread_cpu_seconds() - frame_cpu_start) * 1000.0);
        }
        if (options.uses_session()) gui::save_session(folders, explorer.session());
        if (interrupted && status == 0) status = 128 + interrupting_signal();
    }  // the explorer (and its worker threads) end here, before the GL context goes
    gui::install_ui_report(nullptr);

    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    glfwDestroyWindow(window);
    glfwTerminate();
    return status;
}

}  // namespace app
