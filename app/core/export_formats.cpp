// The export format table: see export_formats.hpp.
#include "core/export_formats.hpp"

#include <algorithm>
#include <cctype>

namespace app {
namespace {

// In the order of the ExportFormat enum (checked below).
constexpr std::array<ExportFormatInfo, 13> table{{
    {ExportFormat::png8, "png8", ".png", 8, "PNG", false, FormatTakes::nothing, true, "8-bit grayscale PNG"},
    {ExportFormat::rgb8, "rgb8", ".png", 8, "PNG", false, FormatTakes::nothing, true,
     "8-bit RGB PNG through the preset's ramp and hillshade, as on screen"},
    {ExportFormat::png16, "png16", ".png", 16, "PNG", false, FormatTakes::nothing, true,
     "16-bit grayscale PNG (Unreal's heightmap import)"},
    {ExportFormat::r16, "r16", ".r16", 16, "raw", true, FormatTakes::nothing, false,
     "raw 16-bit little-endian samples (Unreal/Unity RAW 16) + OUT.json sidecar"},
    {ExportFormat::normal8, "normal8", ".png", 8, "PNG", false, FormatTakes::nothing, false,
     "8-bit RGB tangent-space normal map (view keys terrain_height, terrain_spacing, normal_convention)"},
    {ExportFormat::r32, "r32", ".r32", 32, "raw", true, FormatTakes::values, false,
     "raw 32-bit float little-endian + OUT.json sidecar; --values unit|raw"},
    {ExportFormat::exr32, "exr32", ".exr", 32, "OpenEXR", false, FormatTakes::values, false,
     "single-channel 32-bit float OpenEXR (channel Y, ZIP), preset in its header; --values unit|raw"},
    {ExportFormat::mask16, "mask16", ".png", 16, "PNG", false, FormatTakes::map, false,
     "16-bit grayscale PNG of one terrain mask, --map MASK (below)"},
    {ExportFormat::glb, "glb", ".glb", 32, "glTF", false, FormatTakes::mesh_grid, false,
     "glTF 2.0 binary mesh of the terrain in metres (normals, UVs); --mesh-grid N (2..2049, default 257)"},
    {ExportFormat::obj, "obj", ".obj", 32, "OBJ", false, FormatTakes::mesh_grid, false,
     "the same mesh as Wavefront OBJ text; --mesh-grid N"},
    {ExportFormat::weights8, "weights8", ".png", 8, "PNG", false, FormatTakes::layer, false,
     "8-bit grayscale weight map of texture layer --layer NAME|N (Unreal); all layers sum to 255"},
    {ExportFormat::weights16, "weights16", ".png", 16, "PNG", false, FormatTakes::layer, false,
     "the same in 16 bits, summing to 65535 (Godot Terrain3D, generic)"},
    {ExportFormat::splat8, "splat8", ".png", 8, "PNG", false, FormatTakes::splat, false,
     "8-bit RGBA splat map of layers 4N..4N+3, --splat N (Unity); channels sum to 255"},
}};

constexpr bool table_matches_enum() {
    if (table.size() != export_format_names.size()) return false;
    for (std::size_t i = 0; i < table.size(); ++i)
        if (static_cast<std::size_t>(table[i].format) != i || table[i].name != export_format_names[i])
            return false;
    return true;
}
static_assert(table_matches_enum(), "one row per ExportFormat, in enum order, named as export_format_names");

// Extensions of image and mesh files that no row writes: a file named so would be misread.
constexpr std::array<std::string_view, 16> foreign_extensions{
    ".jpg", ".jpeg", ".tif", ".tiff", ".bmp",  ".tga", ".gif", ".webp",
    ".dds", ".hdr",  ".ktx", ".svg",  ".gltf", ".fbx", ".stl", ".ply"};

std::string lower_extension(const std::filesystem::path& path) {
    std::string extension = path.extension().string();
    std::ranges::transform(extension, extension.begin(),
                           [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return extension;
}

// "a PNG file", "headerless raw samples": what a row's file holds, for the refusal.
std::string holds(const ExportFormatInfo& info) {
    return info.container == "raw" ? std::string("headerless raw samples")
                                   : "a " + std::string(info.container) + " file";
}

}  // namespace

std::span<const ExportFormatInfo> export_format_table() { return table; }

const ExportFormatInfo& export_format_info(ExportFormat format) {
    return table[static_cast<std::size_t>(format)];
}

std::optional<ExportFormat> parse_export_format(std::string_view name) {
    for (const ExportFormatInfo& info : table)
        if (info.name == name) return info.format;
    return std::nullopt;
}

std::string file_name_problem(ExportFormat format, const std::filesystem::path& path) {
    const ExportFormatInfo& info = export_format_info(format);
    const std::string extension  = lower_extension(path);
    if (extension.empty() || extension == info.extension) return {};
    const auto theirs      = [&](const ExportFormatInfo& row) { return row.extension == extension; };
    const bool another_row = std::ranges::any_of(table, theirs);
    if (!another_row && std::ranges::find(foreign_extensions, extension) == foreign_extensions.end())
        return {};
    // GIF is written, but only as an animation (animation_export.hpp), which does not ask here.
    const std::string whose = another_row           ? export_formats_where(theirs, " and ")
                              : extension == ".gif" ? std::string("an animation (--animate)")
                                                    : std::string("a format no export writes");
    std::string text = "'" + path.filename().string() + "': " + extension + " is the extension of " + whose +
                       ", not of " + std::string(info.name) + " (" + holds(info) + "): name it " +
                       std::string(info.extension) + (info.sidecar ? " (or .raw)" : "");
    if (another_row) text += ", or choose " + export_formats_where(theirs);
    return text;
}

std::optional<ExportFormat> format_named_by(const std::filesystem::path& path, ExportFormat current) {
    const std::string extension = lower_extension(path);
    if (extension == export_format_info(current).extension) return current;
    if (extension == ".png") return ExportFormat::png16;
    for (const ExportFormatInfo& info : table)
        if (info.extension == extension) return info.format;
    return std::nullopt;
}

std::string export_format_list(std::string_view separator) {
    std::string text;
    for (const ExportFormatInfo& info : table)
        text += (text.empty() ? std::string() : std::string(separator)) + std::string(info.name);
    return text;
}

}  // namespace app
