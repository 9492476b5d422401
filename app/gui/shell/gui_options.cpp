#include "gui/shell/gui_options.hpp"

#include <charconv>
#include <string_view>

namespace app::gui {

const char* const gui_help_text = R"(Window options:
  noise-explorer [FILE] [--preset FILE]
                                      FILE: a preset .json, or a file this program exported
                                      (.png, .exr, .r16/.r32 beside its .json, .glb, .obj)
  --screenshot FILE --frames N        render N frames (then wait for the preview), write the
                                      window to FILE as PNG and exit
  --ui-report FILE                    after each frame that changed, append one JSON line with
                                      the widgets' screen rectangles, the parameters and the
                                      preview's generation and checksum (for tests)
  --preview-size N                    render the preview N pixels wide (16..8192)
  --window-size WxH                   initial window size (default 1280x800)
  --no-session                        do not continue from the last session, nor remember
                                      this one (scripted runs with --screenshot or --ui-report
                                      do neither unless given --session)
Without a display run it as `xvfb-run -a noise-explorer`, or render files with `noise-explorer export`.
)";

namespace {

bool parse_int(std::string_view text, int lo, int hi, int& out) {
    int value            = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size() || value < lo || value > hi) return false;
    out = value;
    return true;
}

}  // namespace

ParsedOptions parse_gui_options(int argc, char** argv) {
    ParsedOptions parsed;
    GuiOptions& o = parsed.options;
    auto fail     = [&](std::string message) {
        parsed.error = "noise-explorer: " + std::move(message);
        return parsed;
    };
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--help" || arg == "--help-gui" || arg == "-h") {
            o.help = true;
            continue;
        }
        if (arg == "--session" || arg == "--no-session") {
            (arg == "--session" ? o.session : o.no_session) = true;
            continue;
        }
        const bool takes_value = arg == "--preset" || arg == "--screenshot" || arg == "--frames" ||
                                 arg == "--ui-report" || arg == "--preview-size" || arg == "--window-size";
        // A bare FILE is --preset FILE: what the desktop entry's "Exec=noise-explorer %f" and a
        // file manager's "Open with" pass.
        if (!takes_value && !arg.empty() && arg.front() != '-') {
            if (!o.preset.empty())
                return fail("'" + std::string(arg) + "': one preset file at most (already given: '" +
                            o.preset + "')");
            o.preset = arg;
            continue;
        }
        if (!takes_value) return fail("unknown option '" + std::string(arg) + "' (see --help-gui)");
        if (i + 1 >= argc) return fail(std::string(arg) + ": missing value");
        const std::string_view value = argv[++i];
        if (arg == "--preset") {
            if (!o.preset.empty())
                return fail("--preset: one preset file at most (already given: '" + o.preset + "')");
            o.preset = value;
        } else if (arg == "--screenshot") {
            o.screenshot = value;
        } else if (arg == "--ui-report") {
            o.ui_report = value;
        } else if (arg == "--frames") {
            if (!parse_int(value, 1, 1000000, o.frames))
                return fail("--frames: '" + std::string(value) + "' is not an integer from 1 to 1000000");
        } else if (arg == "--preview-size") {
            if (!parse_int(value, 16, 8192, o.preview_size))
                return fail("--preview-size: '" + std::string(value) + "' is not an integer from 16 to 8192");
        } else if (arg == "--window-size") {
            const auto x = value.find('x');
            if (x == std::string_view::npos || !parse_int(value.substr(0, x), 320, 16384, o.window_width) ||
                !parse_int(value.substr(x + 1), 240, 16384, o.window_height))
                return fail("--window-size: '" + std::string(value) +
                            "' is not WxH with W from 320 and H from 240 to 16384");
        }
        if (value.empty()) return fail(std::string(arg) + ": empty value");
    }
    if (!o.screenshot.empty() && o.frames == 0) o.frames = 3;
    if (o.screenshot.empty() && o.frames != 0)
        return fail("--frames: only meaningful with --screenshot FILE");
    return parsed;
}

}  // namespace app::gui
