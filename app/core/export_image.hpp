// app/core/export_image.hpp: render a preset to an image file, in bands, atomically.
//
//     app::ExportRequest request{.size = {4033, 4033}, .format = app::ExportFormat::png16,
//                                .path = "height.png"};
//     app::export_image(preset, request, &cancel, &progress);   // throws app::ExportError
//
// Formats (export_formats.hpp holds their table; here, what each writes):
//     png8   8-bit grayscale PNG                 unit value -> floor(u * 255 + 0.5)
//     rgb8   8-bit RGB PNG through the preset's ramp and hillshade (colour.hpp), as on screen
//     png16  16-bit grayscale PNG (Unreal's heightmap import) u -> floor(u * 65535 + 0.5)
//     r16    headerless 16-bit little-endian samples (Unreal/Unity "RAW 16"), row-major, top row
//            first, plus OUT.json: width, height, format, byte order, the raw value range mapped
//            to 0..65535, the full image and region, and the preset
//     normal8 8-bit RGB PNG, a tangent-space normal map of the mapped surface in metres
//            (normal_map.hpp: the library's gradients, view.terrain_height and terrain_spacing,
//            green up or down by view.normal_convention)
//     r32    headerless 32-bit little-endian IEEE floats, row-major, top row first, plus OUT.json
//            as for r16 ("sample": "float32")
//     exr32  single-channel ("Y") 32-bit float OpenEXR, ZIP-compressed (exr_stream_writer.hpp);
//            the preset and the export facts in string attributes noiseExplorerPreset and
//            noiseExplorerExport
//     glb    glTF 2.0 binary mesh of the terrain in metres, request.mesh_grid vertices a side, with
//            normals and UVs (terrain_mesh_file.hpp); the export facts and the preset in the
//            glTF's top-level "extras"
//     obj    the same mesh as Wavefront OBJ text, the export facts in comment lines
//     weights8  8-bit grayscale PNG of one texture layer's weight, request.layer (Unreal landscape
//            layer weight maps: the layers' maps sum to 255 at every pixel; texture_layers.hpp)
//     weights16 the same in 16 bits, summing to 65535 (Godot Terrain3D, generic)
//     splat8 8-bit RGBA PNG of layers 4k .. 4k+3, k = request.layer (Unity splat/alpha maps: the
//            channels of all the images sum to 255 at every pixel; a missing layer is 0)
//     mask16 16-bit grayscale PNG of one terrain mask, request.mask: slope, height, curvature or
//            aspect, and with erosion.method=simulate flow, wear or deposit (terrain_masks.hpp
//            gives each map's mapping; the export facts repeat it)
// The float formats hold, by request.float_values, the unit value (float(u), the same u as
// every other format: 0 and 1 at the ends of the mapping, clamped) or the raw noise value
// itself (float(raw), unclamped: what `sample` prints, rounded to float).
// The unit value is raw noise through the mapping of value_mapping.hpp: the nominal range, or
// with view.mapping = stretch the min/max measured over the FULL image (a first pass), so the
// windows of a split export share one scale. Every PNG carries the preset and the export facts
// in text chunks (png_text.hpp). A request's `caption` is painted over the rows after they are
// converted, before they reach the encoder; only its box differs from the uncaptioned image.
//
// Memory and time: rows are rendered in bands of about 2^20 pixels and streamed to the PNG
// encoder (png_stream_writer.hpp) or the raw file, so the peak is a few MB plus the band (about
// 4 MB of floats at 16384 wide) whatever the image size. The PNG encoder compresses on its own
// threads, a bounded queue of chunks behind the rows handed to it, so band k is compressed while
// band k + 1 renders; `threads` sets both pools (the OS shares the cores between them).
//
// Region: renders only the window [x0, x1) x [y0, y1) of the full size.width x size.height image;
// the file is the window's size. Windows of a grid placed side by side give the full image
// byte for byte (hillshade included: each window renders a one-pixel border for its slopes).
//
// Nothing is lost: the output is written to a temp file and renamed into place (atomic_file.hpp);
// on any error or cancellation no file is created and an existing one is left untouched. An
// existing output is refused unless `overwrite`; anything but a regular file (a device, FIFO,
// socket, folder or symbolic link) always. A replaced file keeps its mode (and owner where
// permitted). r16/r32 and OUT.json are committed together: the folder holds both old files or
// both new ones, never a new .r16 beside an old .json. Safe to call on a worker thread; `cancel`
// is polled between rows; `progress` goes from 0 to 1.
#pragma once

#include <array>
#include <atomic>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/export_formats.hpp"
#include "core/image_size.hpp"
#include "core/preset.hpp"
#include "core/terrain_masks.hpp"
#include "core/terrain_mesh_file.hpp"
#include "core/tile_grid.hpp"
#include "noise/enum_names.hpp"
#include "noise/render.hpp"

namespace app {

// What a float format (r32, exr32) stores: the mapped value in [0, 1] or the raw noise value.
enum class FloatValues { unit, raw };
inline constexpr std::array<std::string_view, 2> float_values_names{"unit", "raw"};
static_assert(noise::names_match_enum<FloatValues>(float_values_names));

struct ExportRequest {
    ImageSize size;  // the full image
    ExportFormat format = ExportFormat::png16;
    std::filesystem::path path;
    bool overwrite = false;
    std::optional<noise::Region> region;  // a window of the full image (its width/height must equal size);
                                          // required past max_image_side (export_window_problem)
    unsigned threads         = 0;         // render and PNG compression threads; 0: one per core
    FloatValues float_values = FloatValues::unit;   // r32 and exr32 only
    TerrainMask mask         = TerrainMask::slope;  // mask16 only
    int layer     = 0;  // weights8, weights16: the layer's index; splat8: the image (layers 4k .. 4k+3)
    int mesh_grid = default_mesh_grid;  // glb and obj: vertices along a row
    // png8, rgb8 and png16 of a whole image: a line of text burnt into the bottom-left corner
    // (caption.hpp; an animation frame's "z = 0.250") and named in the export facts. Empty: none,
    // and the file is byte for byte what it was before captions existed.
    std::string caption;
};

struct ExportResult {
    noise::Range range;                        // the raw values mapped to black and white
    std::vector<std::filesystem::path> files;  // written: the image (and the sidecar: has_sidecar)
};

class ExportError : public std::runtime_error {
  public:
    // other: about the output file (said after "-o: "); setting: about a setting or the machine
    // (the size, the threads), its message naming them itself.
    enum class Cause { exists, cancelled, other, setting };
    ExportError(Cause cause, const std::string& message) : std::runtime_error(message), cause_(cause) {}
    Cause cause() const { return cause_; }

  private:
    Cause cause_;
};

// "" or why `request` cannot be written as one file: a size past max_image_side without a region
// (a larger image, up to max_world_side, is exported in regions of at most max_image_side), a
// larger region, or view.mapping = stretch on an image past max_image_side (its measure renders
// the whole image for every window). export_image refuses these as ExportError (setting).
std::string export_window_problem(const Preset& preset, const ExportRequest& request);

// Throws ExportError with one line naming the file or the setting at fault.
ExportResult export_image(const Preset& preset, const ExportRequest& request,
                          const std::atomic<bool>* cancel = nullptr, std::atomic<double>* progress = nullptr);

// A grid of tiles (tile_grid.hpp), each an export_image of its region to its own file, then
// (when `whole_grid`) the manifest, committed as one set: every target is checked before the
// first tile renders, every tile is rendered into its temp file, and only then are all put in
// place together (commit_together). A failure, a cancellation or a signal before that leaves
// the folder exactly as it was, old tiles and manifest included (with `overwrite` too), and
// nothing new; a failure while they are put in place renames the old files back. The set keeps
// one descriptor per file open until the commit (the soft limit is raised to fit, up to the
// hard one) and needs the disk space of the old set and the new one at once. `progress` counts
// finished tiles. Returns the files written and the last tile's range.
ExportResult export_tiles(const Preset& preset, const ExportRequest& request, const TileGrid& grid,
                          const std::vector<Tile>& tiles, bool whole_grid,
                          const std::atomic<bool>* cancel = nullptr, std::atomic<double>* progress = nullptr);

// The preset's texture layers, or the default set when it has none (texture_layers.hpp).
std::vector<TextureLayer> effective_texture_layers(const Preset& preset);

// One export of a set (export_set): the preset it renders (an engine profile sets the normal
// convention), the request, and its role in the set's manifest.
struct SetPart {
    Preset preset;
    ExportRequest request;
    std::string role;
};

// Several exports and a manifest committed as one set, as export_tiles does: every target is
// checked before the first renders, every file staged, then all put in place together
// (commit_together); a failure, a cancellation or a signal before that leaves the folder exactly
// as it was. `overwrite` applies to the manifest (each part has its own). `progress` counts
// finished parts.
ExportResult export_set(const std::vector<SetPart>& parts, const std::filesystem::path& manifest_path,
                        const std::string& manifest_text, bool overwrite,
                        const std::atomic<bool>* cancel = nullptr, std::atomic<double>* progress = nullptr);

// "OUT" -> "OUT.json": where the raw formats (r16, r32: has_sidecar) put their description.
std::filesystem::path sidecar_path(const std::filesystem::path& raw_file);

// Parses "unit" or "raw"; nullopt if unknown.
std::optional<FloatValues> parse_float_values(std::string_view name);

// The name of the OpenEXR string attributes that hold the preset and the export facts.
inline constexpr std::string_view exr_preset_attribute = "noiseExplorerPreset";
inline constexpr std::string_view exr_export_attribute = "noiseExplorerExport";

}  // namespace app
