// Where the module finds the shipped presets: see installed_presets.hpp.
#include "installed_presets.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <system_error>

#include "core/preset.hpp"

namespace noise_python {
namespace {

// The folder the presets would have beside the module's own file, or "" when that is unknown.
std::filesystem::path beside_module() {
    Dl_info info{};
    if (dladdr(reinterpret_cast<const void*>(&beside_module), &info) == 0 || info.dli_fname == nullptr)
        return {};
    return std::filesystem::path(info.dli_fname).parent_path() / NOISE_EXPLORER_PRESETS_FROM_MODULE;
}

}  // namespace

std::filesystem::path shipped_presets_dir() {
    std::error_code ec;
    if (auto dir = beside_module(); !dir.empty() && std::filesystem::is_directory(dir, ec))
        return dir.lexically_normal();
    return app::shipped_presets_dir();
}

std::vector<std::filesystem::path> shipped_presets() { return app::presets_in(shipped_presets_dir()); }

std::filesystem::path resolve_preset(std::string_view argument) {
    const std::filesystem::path given(argument);
    std::error_code ec;
    if (argument.empty() || std::filesystem::exists(given, ec) ||
        argument.find('/') != std::string_view::npos)
        return app::resolve_preset_argument(argument);  // "" is refused there, with its message
    auto shipped = shipped_presets_dir() / given;
    if (shipped.extension() != ".json") shipped += ".json";
    if (std::filesystem::is_regular_file(shipped, ec)) return shipped;
    return given;
}

}  // namespace noise_python
