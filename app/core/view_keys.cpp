// The view settings' key table: the same machinery as noise::param_table (noise/field_table.hpp).
#include "core/view_keys.hpp"

#include <array>

#include "core/image_size.hpp"

namespace app {
namespace {

using noise::FieldKind;
using noise::get_field;
using noise::set_field;

template <auto Member>
constexpr ViewKeyInfo entry(FieldKind kind, std::string_view key, std::string_view label,
                            std::string_view tooltip, double min, double max,
                            std::span<const std::string_view> names = {}) {
    return {{key, label, tooltip, kind, min, max, names}, &get_field<Member>, &set_field<Member>};
}

const std::array<ViewKeyInfo, 6 + terrain_key_count> table{
    entry<&ViewSettings::mapping>(
        FieldKind::choice, "mapping", "Mapping",
        "How raw values become gray levels: the algorithm's fixed range (the same scale for "
        "every tile and export) or stretched to this image's min and max.",
        0, mapping_names.size() - 1, mapping_names),
    entry<&ViewSettings::ramp>(FieldKind::choice, "ramp", "Ramp",
                               "The colour ramp of the preview and of rgb8 exports.", 0,
                               ramp_names.size() - 1, ramp_names),
    entry<&ViewSettings::hillshade>(
        FieldKind::toggle, "hillshade", "Hillshade",
        "Shade the field as terrain lit from the north-west, from the slope between "
        "neighbouring pixels.",
        0, 1),
    entry<&ViewSettings::repeat_3x3>(
        FieldKind::toggle, "repeat_3x3", "Repeat 3x3",
        "When tiling, show the tile 3 x 3 times with faint borders, to check the seams.", 0, 1),
    entry<&ViewSettings::show_octaves>(
        FieldKind::toggle, "show_octaves", "Show octaves",
        "Draw each octave's weighted contribution under the sum in the curve plot.", 0, 1),
    entry<&ViewSettings::scanline>(
        FieldKind::real, "scanline", "Scanline",
        "The preview row the curve plot shows, as a fraction of the preview's height.", 0, 1),
    // The terrain keys, last and together: the Terrain section of the window draws this tail.
    entry<&ViewSettings::terrain_height>(
        FieldKind::real, "terrain_height", "Height (m)",
        "Metres from the lowest mapped value (0) to the highest (1): the terrain "
        "view's relief, the normal map's slopes and the engine figures.",
        0.1, 10000),
    entry<&ViewSettings::terrain_spacing>(
        FieldKind::real, "terrain_spacing", "Spacing (m)",
        "Metres between neighbouring samples of the export (Unreal's X/Y scale / "
        "100): the export size times this is the terrain's width.",
        0.01, 100),
    entry<&ViewSettings::sea_level>(
        FieldKind::real, "sea_level", "Sea level",
        "The sea's surface in the terrain view, as a fraction of the height range; 0 "
        "shows no sea.",
        0, 1),
    entry<&ViewSettings::light_azimuth>(
        FieldKind::real, "light_azimuth", "Light azimuth",
        "Where the light comes from, in degrees clockwise from north (the top of the "
        "image): 315 is north-west.",
        0, 360),
    entry<&ViewSettings::light_elevation>(
        FieldKind::real, "light_elevation", "Light elevation",
        "The light's height above the horizon in degrees: low light shows small "
        "relief, 90 lights from straight above.",
        0, 90),
    entry<&ViewSettings::terrain_colour>(
        FieldKind::choice, "terrain_colour", "Colour by",
        "Colour the terrain by height through the ramp, or by slope (flat green, "
        "steep rock, cliffs pale).",
        0, terrain_colour_names.size() - 1, terrain_colour_names),
    entry<&ViewSettings::wireframe>(FieldKind::toggle, "wireframe", "Wireframe",
                                    "Draw the terrain mesh's triangles over the surface.", 0, 1),
    entry<&ViewSettings::normal_convention>(
        FieldKind::choice, "normal_convention", "Normal map",
        "The green channel of normal8 exports: opengl (Y up: Unity, Blender) or "
        "directx (Y down: Unreal).",
        0, normal_convention_names.size() - 1, normal_convention_names),
};

}  // namespace

std::span<const ViewKeyInfo> view_key_table() { return table; }

std::span<const ViewKeyInfo> terrain_key_table() { return view_key_table().last(terrain_key_count); }

std::span<const ViewKeyInfo> picture_key_table() {
    return view_key_table().first(view_key_table().size() - terrain_key_count);
}

const ViewKeyInfo* find_view_key(std::string_view key) { return noise::find_field(view_key_table(), key); }

std::string set_view_key(ViewSettings& view, std::string_view key, std::string_view text) {
    const ViewKeyInfo* info = find_view_key(key);
    if (info == nullptr) return "unknown view setting '" + std::string(key) + "'";
    return noise::set_field_text(view, *info, text);
}

std::string set_export_size(ViewSettings& view, std::string_view text) {
    const SizeParse parsed = parse_image_size(text);
    if (!parsed.size) {
        // parse_image_size speaks of --size; here the key is named.
        std::string error = parsed.error;
        if (error.starts_with("--size")) error.replace(0, 6, export_size_key);
        return error;
    }
    view.export_width  = parsed.size->width;
    view.export_height = parsed.size->height;
    return {};
}

std::string format_export_size(const ViewSettings& view) {
    if (view.export_width <= 0 || view.export_height <= 0) return {};
    return std::to_string(view.export_width) + "x" + std::to_string(view.export_height);
}

}  // namespace app
