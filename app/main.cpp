// noise-explorer: the GUI by default, or one of the commands `export` and `sample`.
//
// Each command parses its own arguments and owns its errors (exit status 2, one line on stderr
// naming the argument, its value and what is allowed); main only picks the command.
#include <algorithm>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "cli/export_command.hpp"
#include "cli/sample_command.hpp"
#include "core/export_formats.hpp"
#ifdef NOISE_EXPLORER_HAS_GUI
#include "gui/shell/gui_main.hpp"
#endif

namespace {

// The extensions of the files the export formats write (export_formats.hpp), each once.
std::string exported_extensions() {
    std::vector<std::string_view> seen;
    std::string text;
    for (const app::ExportFormatInfo& info : app::export_format_table()) {
        if (std::find(seen.begin(), seen.end(), info.extension) != seen.end()) continue;
        seen.push_back(info.extension);
        text += (text.empty() ? "" : ", ") + std::string(info.extension);
    }
    return text;
}

// The formats and extensions come from the format table, so a new format is listed.
std::string usage() {
    return R"(Noise Explorer: explore coherent noise, its fractal sums, shaping, layers and erosion.

Usage:
  noise-explorer [FILE | --preset FILE]    open the window (FILE: a preset .json or a file this
                                           program exported: )" +
           exported_extensions() + R"();
                                           see --help-gui for test options
  noise-explorer export [--preset FILE] [--set key=value]... [--size WxH|NAME] --format FORMAT
                 [--values unit|raw] -o OUT [--force]
                 [--region X0,Y0,X1,Y1 | --tiles CxR [--tile-edges shared|split] [--tile X,Y]] [--threads N]
                 [--animate slice|octaves [--frames N] [--step S] [--loop] [--fps N] [--sequence] [--caption]]
                                           render a preset to an image file (or an animated PNG)
                 FORMAT: )" +
           app::export_format_list("|") + R"(|glsl|hlsl
                 (each one's options: `noise-explorer export --help`)
  noise-explorer sample [--preset FILE] [--set key=value]... [--size WxH]
                                           read points "x [y [z [w]]]" from stdin, one per line,
                                           and print the raw noise value of each (%.17g)
  noise-explorer export --help | sample --help | --help | --version

Parameters (--set key=value) are listed by `noise-explorer sample --help`.
)";
}

}  // namespace

int main(int argc, char** argv) {
    const std::string_view first = argc > 1 ? argv[1] : "";
    if (first == "sample") return app::sample_main(argc - 1, argv + 1);
    if (first == "export") return app::export_main(argc - 1, argv + 1);
    if (first == "--help" || first == "-h") {
        std::fputs(usage().c_str(), stdout);
        return 0;
    }
    if (first == "--version") {
        std::printf("noise-explorer %s\n", NOISE_EXPLORER_VERSION);
        return 0;
    }
#ifdef NOISE_EXPLORER_HAS_GUI
    return app::gui_main(argc, argv);
#else
    std::fputs("noise-explorer: this build has no window (NOISE_EXPLORER_GUI=OFF); use export or sample\n",
               stderr);
    return 2;
#endif
}
