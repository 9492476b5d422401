// app/core/engine_profile.hpp: the whole set of files a terrain engine imports, in one go.
//
//     app::export_profile(preset, {.profile = app::EngineProfile::unreal, .size = {1009, 1009},
//                                  .base = "out/valley"}, &cancel, &progress);
//
// For DIR/NAME it writes, all committed together with NAME.manifest.json (export_set in
// export_image.hpp): a failure, a cancellation or a signal leaves the folder as it was, old files
// included; nothing of the new set appears until every file of it is complete.
//     unreal  NAME_height.png (png16), NAME_normal.png (normal8, DirectX: green down),
//             NAME_slope/curvature/aspect.png (mask16), NAME_layer_LAYER.png (weights8 per layer,
//             summing to 255: Unreal's landscape layer weight maps), all at the landscape size
//     unity   NAME_height.r16 (+ .r16.json), NAME_normal.png (OpenGL: green up), the masks,
//             NAME_splatK.png (splat8, layers 4K..4K+3) at the alphamap size: the power of two
//             W - 1 when the heightmap is 2^n + 1 (Unity's sizes), else W x H
//     godot   NAME_height.exr (exr32, unit values), NAME_normal.png (OpenGL), the masks,
//             NAME_layer_LAYER.png (weights16 per layer, summing to 65535)
// The manifest lists every file with its role, format and size, the import figures
// (terrain_scale.hpp: Unreal's X/Y/Z scale, Unity's terrain width/length/height, Godot's height
// scale and vertex spacing) and the preset. Texture layers: the preset's or the default set.
// Limits: the size is any export size (1x1 to 16384x16384); every file of the set is held open
// until the commit, and the disk needs room for the old set and the new one at once.
#pragma once

#include <array>
#include <atomic>
#include <filesystem>
#include <optional>
#include <string_view>

#include "core/export_image.hpp"
#include "noise/enum_names.hpp"

namespace app {

enum class EngineProfile { unreal, unity, godot };
inline constexpr std::array<std::string_view, 3> engine_profile_names{"unreal", "unity", "godot"};
static_assert(noise::names_match_enum<EngineProfile>(engine_profile_names));

std::optional<EngineProfile> parse_engine_profile(std::string_view name);

struct ProfileRequest {
    EngineProfile profile = EngineProfile::unreal;
    ImageSize size;
    std::filesystem::path base;  // DIR/NAME: the files are DIR/NAME_height.png ... DIR/NAME.manifest.json
    bool overwrite   = false;
    unsigned threads = 0;
};

// "DIR/NAME" -> "DIR/NAME.manifest.json".
std::filesystem::path profile_manifest_path(const std::filesystem::path& base);

// The set's exports, in the order they are written (the manifest lists them so).
std::vector<SetPart> profile_parts(const Preset& preset, const ProfileRequest& request);

// Throws ExportError like export_image.
ExportResult export_profile(const Preset& preset, const ProfileRequest& request,
                            const std::atomic<bool>* cancel = nullptr,
                            std::atomic<double>* progress   = nullptr);

}  // namespace app
