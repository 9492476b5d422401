// app/cli/shader_command.hpp: `noise-explorer export --format glsl|hlsl`, a preset as
// shader source (shader_source.hpp).
//
//     noise-explorer export --format glsl|hlsl --preset FILE|NAME [--preset ...] [--set key=value]...
//                           -o OUT [--force]
//
// One entry function per preset, named by shader_function_name of its name. --set needs exactly
// one --preset. Exit status 0; 2 with one line on stderr (a preset the shader cannot hold says
// which key and what to do); the file is written atomically or not at all. Arguments are read as
// every command reads them (command_line.hpp).
#pragma once

namespace app {

// Whether argv asks for a shader (--format glsl or hlsl): export_main then hands it over.
bool asks_for_shader(int argc, char** argv);

// argv[0] is "export".
int shader_export_main(int argc, char** argv);

}  // namespace app
