// app/python/installed_presets.hpp: the shipped presets as the module finds them.
//
// The program finds its presets from its own place (<exe>/../share/noise-explorer/presets,
// app::shipped_presets_dir). Inside Python the executable is python3, which says nothing about
// where the module was installed, so the module looks beside itself first:
//     <prefix>/lib/python3/dist-packages/noise_explorer.*.so -> <prefix>/share/noise-explorer/presets
// (the relative path is fixed when the module is configured: NOISE_EXPLORER_PRESETS_FROM_MODULE),
// then where the program would look (from /usr/bin/python3 that is /usr/share/noise-explorer/presets,
// and in the build tree the source tree's assets/presets).
#pragma once

#include <filesystem>
#include <string_view>
#include <vector>

namespace noise_python {

std::filesystem::path shipped_presets_dir();

// The shipped *.json presets, sorted by file name.
std::vector<std::filesystem::path> shipped_presets();

// A `Preset.load` argument: an existing file (or anything with a '/') as is, else the shipped
// preset of that name ("clouds" or "clouds.json"), else the argument (loading then says it is
// missing).
std::filesystem::path resolve_preset(std::string_view argument);

}  // namespace noise_python
