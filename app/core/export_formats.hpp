// app/core/export_formats.hpp: the one table of export formats.
//
// Each format is one row: its stable name (--format, presets of the dialog), the file name
// extension, the bits per sample, the container, whether a sidecar OUT.json describes it, the
// option it reads besides the image (--values, --map, --layer, --splat, --mesh-grid), whether
// --animate can write it, and a one-line summary. `noise-explorer --help`, `export --help`, the
// errors that list the formats, the export dialog's buttons and the checks of docs/cli.md's
// format table read this table; export_image.hpp says what each writes, byte by byte.
//
//     const app::ExportFormatInfo& info = app::export_format_info(app::ExportFormat::r16);
//     info.extension;   // ".r16"
//     info.sidecar;     // true: OUT.json beside it
//
// docs/architecture.md#how-to-add-an-export-format lists what else a new format touches.
#pragma once

#include <array>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "noise/enum_names.hpp"

namespace app {

enum class ExportFormat {
    png8,
    rgb8,
    png16,
    r16,
    normal8,
    r32,
    exr32,
    mask16,
    glb,
    obj,
    weights8,
    weights16,
    splat8
};
inline constexpr std::array<std::string_view, 13> export_format_names{
    "png8",   "rgb8", "png16", "r16",      "normal8",   "r32",   "exr32",
    "mask16", "glb",  "obj",   "weights8", "weights16", "splat8"};
static_assert(noise::names_match_enum<ExportFormat>(export_format_names));

// What a format reads beyond the preset, the size and the file: the one option that goes with it.
enum class FormatTakes {
    nothing,
    values,     // --values unit|raw: the float formats
    map,        // --map: the terrain mask
    layer,      // --layer: one texture layer's weight map
    splat,      // --splat: the RGBA image of four layers
    mesh_grid,  // --mesh-grid: the vertices of a mesh
};

struct ExportFormatInfo {
    ExportFormat format;
    std::string_view name;       // == export_format_names[format]
    std::string_view extension;  // the usual file name extension, ".png"
    int bits;                    // per sample (per channel); meshes: their floats' 32
    std::string_view container;  // "PNG", "raw" (headerless), "OpenEXR", "glTF", "OBJ"
    bool sidecar;                // headerless: OUT.json describes it (sidecar_path)
    FormatTakes takes;
    bool animates;             // --animate writes its frames (PNG of the field's values)
    std::string_view summary;  // one line for --help and the dialog's tooltip
};

std::span<const ExportFormatInfo> export_format_table();
const ExportFormatInfo& export_format_info(ExportFormat format);

// Parses "png16" etc.; nullopt if unknown.
std::optional<ExportFormat> parse_export_format(std::string_view name);

// The names joined by `separator`, in the table's order ("png8|rgb8|...|splat8").
std::string export_format_list(std::string_view separator);
// The names of the formats that `keep` accepts, as a sentence: "png8, rgb8 or png16" (with
// last = " and ": "png8, rgb8 and png16").
template <class Keep>
std::string export_formats_where(Keep keep, std::string_view last = " or ") {
    std::vector<std::string_view> kept;
    for (const ExportFormatInfo& info : export_format_table())
        if (keep(info)) kept.push_back(info.name);
    std::string text;
    for (std::size_t i = 0; i < kept.size(); ++i)
        text += std::string(i == 0 ? "" : i + 1 == kept.size() ? last : ", ") + std::string(kept[i]);
    return text;
}

// Why a file named `path` cannot hold `format`'s bytes, or "" when it can. A name's extension
// says what the file holds: one that names another container (another row's extension, or an
// image or mesh format we do not write, .jpg, .tif, .fbx ...) is refused, so no raw floats are
// named .png and no PNG .r32. A name without an extension, or with one no program reads as an
// image (.raw, .bin, .height), is the caller's choice. Case does not matter (.PNG is .png).
//     file_name_problem(ExportFormat::r32, "h.png")
//     // "'h.png': .png is the extension of png8, rgb8, ... and splat8, not of r32 (headerless
//     //  raw samples): name it .r32 (or .raw), or choose png8, rgb8, ... or splat8"
std::string file_name_problem(ExportFormat format, const std::filesystem::path& path);

// The format a typed extension points at, so a dialog can follow what is typed: the one row
// with that extension, `current` when it already has it (the PNG rows share ".png"), png16 for
// ".png" otherwise (what engines import); nullopt for an extension of no row.
std::optional<ExportFormat> format_named_by(const std::filesystem::path& path, ExportFormat current);

inline bool is_float_format(ExportFormat format) {
    return export_format_info(format).takes == FormatTakes::values;
}
inline bool is_weight_format(ExportFormat format) {
    const FormatTakes takes = export_format_info(format).takes;
    return takes == FormatTakes::layer || takes == FormatTakes::splat;
}
inline bool is_mesh_format(ExportFormat format) {
    return export_format_info(format).takes == FormatTakes::mesh_grid;
}
// The headerless formats, which describe themselves in OUT.json.
inline bool has_sidecar(ExportFormat format) { return export_format_info(format).sidecar; }
inline std::string_view export_format_extension(ExportFormat format) {
    return export_format_info(format).extension;
}

}  // namespace app
