// app/cli/export_command.hpp: `noise-explorer export`, the command line around export_image.
//
//     noise-explorer export [--preset FILE|NAME] [--set key=value]... --size WxH|NAME
//                           --format FORMAT [its option: --values, --map, --layer, --splat,
//                           --mesh-grid] -o OUT [--force]
//                           [--region X0,Y0,X1,Y1 | --tiles CxR [--tile-edges E] [--tile X,Y]]
//                           [--profile ENGINE] [--threads N]
//                           [--animate slice|octaves [--frames N] [--step S] [--loop] [--fps N]
//                           [--sequence] [--caption]]
//                           an animated PNG, or numbered PNGs (animation_export.hpp)
//
// The formats, their options and their --help lines come from the format table
// (export_formats.hpp); --format glsl|hlsl goes to shader_command.hpp; every command reads its
// arguments through command_line.hpp.
//
// Exit status 0 on success; 2 on any usage, preset or I/O error, with exactly one line on stderr
// naming the argument or key, its value and what is allowed (no file is created or changed);
// 130 when interrupted (SIGINT/SIGTERM), again leaving nothing behind. Progress goes to stderr
// only when stderr is a terminal. See docs/cli.md for formats, sizes and splitting big exports.
#pragma once

namespace app {

// argv[0] is "export".
int export_main(int argc, char** argv);

}  // namespace app
