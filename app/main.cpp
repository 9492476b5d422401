// noise-explorer: the GUI by default, or one of the commands `export` and `sample`.
//
// Each command parses its own arguments and owns its errors (exit status 2, one line on stderr
// naming the argument, its value and what is allowed); main only picks the command.
#include <cstdio>
#include <string_view>

#include "cli/sample_command.hpp"
#include "core/export_command.hpp"
#ifdef NOISE_EXPLORER_HAS_GUI
#include "gui/shell/gui_main.hpp"
#endif

namespace {

constexpr const char* usage =
    R"(Noise Explorer: explore Perlin gradient noise, value noise and their fractal sums.

Usage:
  noise-explorer [FILE | --preset FILE]    open the window (FILE: a preset .json or a file this
                                           program exported: .png, .exr, .r16/.r32, .glb, .obj);
                                           see --help-gui for test options
  noise-explorer export [--preset FILE] [--set key=value]... --size WxH|NAME
                 --format png8|rgb8|png16|r16|normal8|r32|exr32 [--values unit|raw] -o OUT [--force]
                 [--region X0,Y0,X1,Y1 | --tiles CxR [--tile-edges shared|split] [--tile X,Y]] [--threads N]
                 [--animate slice|octaves [--frames N] [--step S] [--loop] [--fps N] [--sequence] [--caption]]
                                           render a preset to an image file (or an animated PNG)
  noise-explorer sample [--preset FILE] [--set key=value]...
                                           read points "x [y [z [w]]]" from stdin, one per line,
                                           and print the raw noise value of each (%.17g)
  noise-explorer export --help | sample --help | --help | --version

Parameters (--set key=value) are listed by `noise-explorer sample --help`.
)";

}  // namespace

int main(int argc, char** argv) {
    const std::string_view first = argc > 1 ? argv[1] : "";
    if (first == "sample") return app::sample_main(argc - 1, argv + 1);
    if (first == "export") return app::export_main(argc - 1, argv + 1);
    if (first == "--help" || first == "-h") {
        std::fputs(usage, stdout);
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
