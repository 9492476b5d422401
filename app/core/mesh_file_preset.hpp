// app/core/mesh_file_preset.hpp: the preset a mesh export carries, read back for --preset and
// the window's Open (load_preset).
//
//     if (is_glb_head(head)) return parse_preset_json(read_glb_preset(in, head), ...);
//
// glb: the glTF JSON chunk's "extras" are the export's facts, the preset among them ("preset").
// obj: the same facts as "# " comment lines after the first line ("# noise-explorer terrain
// mesh: ..."), before the first non-comment line. Only the head of the file is read, so a
// 200 MB mesh opens as fast as a preset: at most mesh_preset_limit bytes of JSON or comments.
// Each returns the preset's JSON text; a file without one, or a damaged head, throws ReadError
// (in.fail) saying so in one line.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "core/read_limited.hpp"

namespace app {

// The facts and a preset at its longest, with room to spare.
inline constexpr std::size_t mesh_preset_limit = (std::size_t{1} << 20) + (std::size_t{64} << 10);

// `head`: the first 8 bytes of the file (fewer: not a mesh), already read from `in`.
bool is_glb_head(std::string_view head);
bool is_obj_head(std::string_view head);

std::string read_glb_preset(LimitedInput& in, std::string_view head);
std::string read_obj_preset(LimitedInput& in, std::string_view head);

}  // namespace app
