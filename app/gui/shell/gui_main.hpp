// gui/shell/gui_main.hpp: the window's entry point, called by app/main.cpp when no command is given.
//
//     int app::gui_main(int argc, char** argv);   // full argv; argv[1..] are the window options
//
// Options are in gui_options.hpp (--preset FILE, --screenshot FILE --frames N, --ui-report FILE,
// --preview-size N, --window-size WxH, --help-gui). Exit status: 0 after the window is closed or a
// screenshot is written; 2 for a bad option (one line on stderr naming it) or when no display can
// be opened (one line saying to use `xvfb-run -a noise-explorer` or `noise-explorer export`).
#pragma once

namespace app {

int gui_main(int argc, char** argv);

}  // namespace app
