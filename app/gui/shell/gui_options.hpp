// gui/shell/gui_options.hpp: the window's command-line options.
//
//   FILE, --preset FILE    open this preset (.json) or a file this program exported (.png,
//                          .exr, .r16/.r32 beside its .json, .glb, .obj); one of the two at most
//   --screenshot FILE      after --frames N frames (and once the preview has finished
//   --frames N             rendering), write the window to FILE as PNG and exit 0
//   --ui-report FILE       append a JSON line per changed frame (see ui_report.hpp)
//   --preview-size N       render the preview N pixels wide whatever the panel's size (tests use
//                          a large N to make a render slow on purpose)
//   --window-size WxH      initial window size (default 1280x800)
//   --session / --no-session   continue from the last session and remember this one (the
//                          default, except in the test layout); or neither
// --screenshot and --ui-report imply the test layout. A bad option is one line on stderr naming
// it and its value, and exit status 2.
#pragma once

#include <string>

namespace app::gui {

struct GuiOptions {
    std::string preset;
    std::string screenshot;
    int frames = 0;
    std::string ui_report;
    int preview_size  = 0;  // 0: follow the panel
    int window_width  = 1280;
    int window_height = 800;
    bool help         = false;
    bool session      = false;  // --session
    bool no_session   = false;  // --no-session
    // Remember and restore sessions: by default for people, not for scripted runs.
    bool uses_session() const {
        return !no_session && (session || (screenshot.empty() && ui_report.empty()));
    }
};

struct ParsedOptions {
    GuiOptions options;
    std::string error;  // one line, empty on success
};

// argv[0] is the program; argv[1..] are the GUI options.
ParsedOptions parse_gui_options(int argc, char** argv);

extern const char* const gui_help_text;

}  // namespace app::gui
