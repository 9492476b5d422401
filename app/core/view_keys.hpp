// app/core/view_keys.hpp: the view settings' keys, for presets and `--set`, beside noise's table.
//
// noise::param_table() describes the noise parameters; this table, built with the same
// machinery (noise/field_table.hpp), describes app::ViewSettings (view_settings.hpp), so presets, `--set
// mapping=stretch` and error messages treat the view keys exactly like the noise keys:
//     mapping    fixed | stretch
//     ramp       gray | terrain | ocean | fire | ice | sand | viridis | marble | wood
//     hillshade  true | false          repeat_3x3  true | false       show_octaves  true | false
//     scanline   0 .. 1 (fraction of the preview height)
// and the terrain's (the terrain view, normal8 exports, the engine figures):
//     terrain_height  0.1 .. 10000 m      terrain_spacing  0.01 .. 100 m     sea_level  0 .. 1
//     light_azimuth   0 .. 360 degrees    light_elevation  0 .. 90 degrees
//     terrain_colour  height | slope      wireframe  true | false     normal_convention  opengl | directx
// Errors are one line in the noise library's style: "ramp: 'pink' is not allowed: expected one
// of gray, terrain, ocean, fire, ice, sand, viridis, marble, wood".
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "core/view_settings.hpp"
#include "noise/field_table.hpp"

namespace app {

using ViewKeyKind = noise::FieldKind;
using ViewKeyInfo = noise::FieldInfo<ViewSettings>;

// Every view key, in the order presets list them.
std::span<const ViewKeyInfo> view_key_table();

// The table in two parts: the picture's keys (mapping .. scanline) and the terrain's, the last
// `terrain_key_count` entries, so the window can show them under their own headings.
inline constexpr std::size_t terrain_key_count = 8;
std::span<const ViewKeyInfo> picture_key_table();
std::span<const ViewKeyInfo> terrain_key_table();

// The entry with this key, or nullptr.
const ViewKeyInfo* find_view_key(std::string_view key);

// Parses the text form ("stretch", "on", "0.25") and stores it; "" on success, else one line
// naming the key, the value and what is allowed. `view` is unchanged on error.
std::string set_view_key(ViewSettings& view, std::string_view key, std::string_view text);

// The export size a preset keeps, "view": {"export_size": "WxH"} (ViewSettings::export_width,
// export_height): outside the table, since it is two numbers in one text. Reading takes what
// `export --size` takes for one file ("1009x1009", "unreal-1009"); a preset writes "WxH", and only
// when a size is kept, so a preset from before the key keeps its text.
inline constexpr std::string_view export_size_key = "export_size";
// "" on success, else one line naming the key, the value and what is allowed; `view` unchanged then.
std::string set_export_size(ViewSettings& view, std::string_view text);
// "WxH", or "" when no size is kept.
std::string format_export_size(const ViewSettings& view);

// The text form `set_view_key` reads back.
inline std::string format_view_key(const ViewSettings& view, const ViewKeyInfo& info) {
    return noise::format_field(view, info);
}

}  // namespace app
