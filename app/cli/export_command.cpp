// `export`: parse the arguments (command_line.hpp), build the preset, run export_image, report one line.
#include "cli/export_command.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "cli/command_line.hpp"
#include "cli/shader_command.hpp"
#include "core/animation_export.hpp"
#include "core/engine_profile.hpp"
#include "core/export_image.hpp"
#include "core/image_size.hpp"
#include "core/interrupt_signals.hpp"
#include "core/preset.hpp"
#include "core/shown_text.hpp"
#include "core/tile_grid.hpp"
#include "core/tiling_check.hpp"
#include "core/view_keys.hpp"

namespace app {
namespace {

constexpr int exit_usage       = 2;
constexpr int exit_interrupted = 130;

// Set by SIGINT, SIGTERM, SIGHUP... (interrupt_signals.hpp); export_image polls it between rows and cleans
// up.
std::atomic<bool> interrupted{false};

// Every error: one line on stderr, "export: " first, status 2. Values in messages are already
// quoted with shown(); control bytes that reach here anyway (from a library's message) are
// escaped the same way, so no message can split the line or drive the terminal.
int usage_error(const std::string& message) {
    std::string line;
    for (const char c : message) {
        const auto byte = static_cast<unsigned char>(c);
        line += byte < 0x20 || byte == 0x7F ? escaped(std::string_view(&c, 1)) : std::string(1, c);
    }
    std::fprintf(stderr, "export: %s\n", line.c_str());
    return exit_usage;
}

// [SECTION] The arguments -----------------------------------------------------------------

constexpr std::string_view option_list =
    "expected --preset, --set, --size, --format, --values, --map, --layer, --splat, --mesh-grid, --profile, "
    "-o, "
    "--force, --region, "
    "--tiles, "
    "--tile-edges, "
    "--tile, --threads, --animate, --frames, --step, --loop, --fps, --sequence, --caption or --help";

// Enough for any machine we know of, and few enough that their stacks fit in memory.
constexpr unsigned max_threads = 1024;

// What each option accepts, for its messages.
constexpr std::string_view preset_allowed =
    "expected a preset .json, a shipped preset's name (e.g. alpine-ridges) or a PNG this program exported";
constexpr std::string_view set_allowed =
    "expected key=value, e.g. octaves=6 (keys: see `noise-explorer sample --help`)";
constexpr std::string_view size_allowed =
    "expected WxH from 1x1 to 16384x16384 (larger in --region or --tiles windows) or a name like unreal-1009";
// "expected png8, rgb8, ... or splat8", from the format table, so a new format is listed.
const std::string format_allowed =
    "expected " + export_formats_where([](const ExportFormatInfo&) { return true; });

// "glb or obj": the formats that take an option (export_formats.hpp), for "only ... take it".
std::string formats_taking(FormatTakes takes) {
    return export_formats_where([takes](const ExportFormatInfo& info) { return info.takes == takes; },
                                " and ");
}
constexpr std::string_view splat_allowed     = "expected 0 for layers 0-3, 1 for layers 4-7";
constexpr std::string_view mesh_grid_allowed = "expected an integer from 2 to 2049 (vertices along a row)";
constexpr std::string_view map_allowed =
    "expected slope, height, curvature or aspect (and flow, wear or deposit with erosion.method=simulate)";
constexpr std::string_view values_allowed  = "expected unit (mapped to [0, 1], the default) or raw";
constexpr std::string_view output_allowed  = "expected the output file name";
constexpr std::string_view region_allowed  = "expected X0,Y0,X1,Y1 (pixels, end exclusive) inside the image";
constexpr std::string_view threads_allowed = "expected an integer from 0 to 1024 (0: one per core)";
constexpr std::string_view tiles_allowed   = "expected CxR, e.g. 4x4";
constexpr std::string_view tile_edges_allowed =
    "expected shared (Unreal: tiles share their borders) or split";
constexpr std::string_view tile_allowed = "expected X,Y, the column and row of one tile of --tiles";
constexpr std::string_view animate_allowed =
    "expected slice (along z in 3D, w in 4D) or octaves (the build-up)";
constexpr std::string_view frames_allowed = "expected an integer from 2 to 1000";
constexpr std::string_view step_allowed   = "expected a decimal number of noise units, e.g. 0.05";
constexpr std::string_view fps_allowed    = "expected an integer from 1 to 100";

// The command line as given: every value as text, every occurrence.
struct Arguments {
    std::vector<std::string> preset, assignments, size, format, values, map, layer, splat, mesh_grid, profile,
        output, region, threads, tiles, tile_edges, tile, animate, frames, step, fps;
    bool force = false, loop = false, sequence = false, caption = false;
};

// --threads: plain decimal digits only (no sign, space, hex or exponent), 0 .. max_threads.
std::string parse_thread_count(std::string_view text, unsigned& threads) {
    const char* end   = text.data() + text.size();
    unsigned value    = 0;
    const auto result = std::from_chars(text.data(), end, value);  // unsigned: no '-' either
    const bool number = result.ptr == end && result.ec != std::errc::invalid_argument;
    if (!number)
        return "--threads: " + shown(text) + " is not a thread count: " + std::string(threads_allowed);
    if (result.ec == std::errc::result_out_of_range || value > max_threads)
        return "--threads: " + shown(text) + " is out of range: " + std::string(threads_allowed);
    threads = value;
    return {};
}

// The common name of a set (--profile, --tiles, --sequence) is the stem its files are named
// after: OUT_height.png, OUT_x0_y0.png, OUT.manifest.json. A folder ("out/"), "." or ".." names
// no file, and a stem that is empty or starts with a dot would make hidden or nameless files
// ("_height.png", ".tiles.json"). "" or the one error line.
std::string checked_set_name(const std::string& output, std::string_view set, std::string_view allowed) {
    const std::filesystem::path path(output);
    const std::string name = path.filename().string();
    const std::string stem =
        set == "--tiles" || (set == "--sequence" && path.extension() == ".png") ? path.stem().string() : name;
    const bool folder = name.empty() || name == "." || name == "..";
    if (folder || stem.empty() || stem.starts_with('.'))
        return "-o: " + shown(output) + (folder ? " is a folder" : " starts with a dot") + ": " +
               std::string(set) + " names its files after -o, " + std::string(allowed);
    return {};
}

// --tiles, --tile-edges, --tile: the tiles to write (empty: one image) and whether they are the
// whole grid (then the manifest is written too). "" or the one error line.
std::string checked_tiles(const Arguments& given, const ExportRequest& request, TileGrid& grid,
                          std::vector<Tile>& tiles, bool& whole_grid) {
    std::string error;
    const auto tiles_text = once(given.tiles, "--tiles", tiles_allowed, error);
    const auto edges_text = once(given.tile_edges, "--tile-edges", tile_edges_allowed, error);
    const auto tile_text  = once(given.tile, "--tile", tile_allowed, error);
    if (!error.empty()) return error;
    if (!tiles_text) {
        if (edges_text) return "--tile-edges: only with --tiles CxR";
        if (tile_text) return "--tile: only with --tiles CxR";
        return {};
    }
    if (!given.region.empty())
        return "--tiles: cannot be combined with --region (each tile is a region of the full image)";
    const auto parsed = parse_tile_grid(*tiles_text);
    if (!parsed.grid) return parsed.error;
    if (auto bad = checked_set_name(request.path.string(), "--tiles",
                                    "expected DIR/NAME.EXT, e.g. out/hills.png (out/hills_x0_y0.png, ...)");
        !bad.empty())
        return bad;
    grid = *parsed.grid;
    if (edges_text) {
        std::size_t i = 0;
        while (i < tile_edges_names.size() && tile_edges_names[i] != *edges_text) ++i;
        if (i == tile_edges_names.size())
            return "--tile-edges: " + shown(*edges_text) +
                   " is not allowed: " + std::string(tile_edges_allowed);
        grid.edges = static_cast<TileEdges>(i);
    }
    tiles = plan_tiles(grid, request.size, request.path, error);
    if (!error.empty()) return error;
    whole_grid = !tile_text;
    if (tile_text) {
        const auto index = parse_tile_index(*tile_text, grid, error);
        if (!index) return error;
        tiles = {tiles[static_cast<std::size_t>(index->second * grid.columns + index->first)]};
    }
    return {};
}

// A plain decimal number ("0.05", "-1"; no exponent, hex or inf), whole unless `real`, or nullopt.
std::optional<double> parse_number(std::string_view text, bool real) {
    double value     = 0.0;
    const char* end  = text.data() + text.size();
    const auto found = std::from_chars(text.data(), end, value, std::chars_format::fixed);
    if (found.ec != std::errc() || found.ptr != end || !std::isfinite(value)) return std::nullopt;
    if (!real && (value != std::floor(value) || text.find('.') != std::string_view::npos))
        return std::nullopt;
    return value;
}

// --animate and its options: "" or the one error line; `animate` says whether it was given.
std::string checked_animation(const Arguments& given, const Preset& preset, const ExportRequest& request,
                              AnimationRequest& animation, bool& animate) {
    std::string error;
    const auto path_text   = once(given.animate, "--animate", animate_allowed, error);
    const auto frames_text = once(given.frames, "--frames", frames_allowed, error);
    const auto step_text   = once(given.step, "--step", step_allowed, error);
    const auto fps_text    = once(given.fps, "--fps", fps_allowed, error);
    if (!error.empty()) return error;
    animate = path_text.has_value();
    if (!animate) {
        if (frames_text || step_text || fps_text || given.loop || given.sequence || given.caption)
            return std::string(frames_text      ? "--frames"
                               : step_text      ? "--step"
                               : fps_text       ? "--fps"
                               : given.loop     ? "--loop"
                               : given.sequence ? "--sequence"
                                                : "--caption") +
                   ": only an animation takes it: add --animate slice or --animate octaves";
        return {};
    }
    if (*path_text == "slice")
        animation.path = AnimationPath::slice;
    else if (*path_text == "octaves")
        animation.path = AnimationPath::octaves;
    else
        return "--animate: " + shown(*path_text) + " is not allowed: " + std::string(animate_allowed);
    if (animation.path == AnimationPath::octaves && (frames_text || step_text || given.loop))
        return std::string(frames_text ? "--frames"
                           : step_text ? "--step"
                                       : "--loop") +
               ": --animate octaves has one frame per octave (set octaves=N): expected --animate slice";
    if (frames_text) {
        const auto frames = parse_number(*frames_text, false);
        if (!frames || *frames < 2 || *frames > max_animation_frames)
            return "--frames: " + shown(*frames_text) + " is not allowed: " + std::string(frames_allowed);
        animation.frames = static_cast<int>(*frames);
    }
    if (step_text) {
        const auto step = parse_number(*step_text, true);
        if (!step) return "--step: " + shown(*step_text) + " is not a number: " + std::string(step_allowed);
        animation.step = *step;
    }
    animation.fps = default_animation_fps(animation.path);
    if (fps_text) {
        const auto fps = parse_number(*fps_text, false);
        if (!fps || *fps < 1 || *fps > 100)
            return "--fps: " + shown(*fps_text) + " is not allowed: " + std::string(fps_allowed);
        animation.fps = static_cast<int>(*fps);
    }
    animation.loop     = given.loop;
    animation.sequence = given.sequence;
    animation.caption  = given.caption;
    if (animation.sequence)
        if (auto bad =
                checked_set_name(request.path.string(), "--sequence",
                                 "expected DIR/NAME.png, e.g. out/hills.png (out/hills-0000.png, ...)");
            !bad.empty())
            return bad;
    if (!given.region.empty() || !given.tiles.empty())
        return std::string(given.region.empty() ? "--tiles" : "--region") +
               ": an animation writes whole frames: expected --animate without it";
    return check_animation(preset.params, animation, request.format);
}

// Checks every argument and builds the preset and the request; "" or the one error line. With
// --profile, `profile` is set and the request holds the size, -o, --force and --threads only.
std::string checked_request(const Arguments& given, Preset& preset, ExportRequest& request,
                            std::optional<EngineProfile>& profile) {
    std::string error;
    const auto preset_argument = once(given.preset, "--preset", preset_allowed, error);
    const auto given_size      = once(given.size, "--size", size_allowed, error);
    const auto format_text     = once(given.format, "--format", format_allowed, error);
    const auto values_text     = once(given.values, "--values", values_allowed, error);
    const auto map_text        = once(given.map, "--map", map_allowed, error);
    const auto mesh_grid_text  = once(given.mesh_grid, "--mesh-grid", mesh_grid_allowed, error);
    const auto profile_text    = once(given.profile, "--profile", "expected unreal, unity or godot", error);
    const auto layer_text   = once(given.layer, "--layer", "expected a texture layer's name or index", error);
    const auto splat_text   = once(given.splat, "--splat", splat_allowed, error);
    const auto output       = once(given.output, "-o", output_allowed, error);
    const auto region_text  = once(given.region, "--region", region_allowed, error);
    const auto threads_text = once(given.threads, "--threads", threads_allowed, error);
    if (!error.empty()) return error;
    for (const auto& assignment : given.assignments)
        if (assignment.empty()) return "--set: the value is missing or empty: " + std::string(set_allowed);
    if (threads_text)
        if (auto bad = parse_thread_count(*threads_text, request.threads); !bad.empty()) return bad;

    try {
        if (preset_argument) preset = load_preset(resolve_preset_argument(*preset_argument));
    } catch (const PresetError& failure) {
        return std::string("--preset: ") + failure.what();
    }
    try {
        for (const auto& assignment : given.assignments) apply_assignment(preset, assignment);
    } catch (const PresetError& failure) {
        return failure.what();
    }
    if (auto invalid = noise::validate(preset.params); !invalid.empty()) return "--set: " + invalid;

    // --size, else the size the preset keeps (view.export_size), else none: a size must be chosen.
    const std::string kept_size                = format_export_size(preset.view);
    const std::optional<std::string> size_text = given_size          ? given_size
                                                 : kept_size.empty() ? std::nullopt
                                                                     : std::optional(kept_size);
    if (!size_text)
        return "--size is required (the preset keeps no view.export_size): " + std::string(size_allowed);
    // Past one file's side, the image exists only as windows (--region, --tiles), each one file;
    // an engine set and a mesh are whole images.
    const auto size = parse_export_size(*size_text, region_text || !given.tiles.empty());
    if (!size.size) return size.error;
    const std::string one_file_error = parse_image_size(*size_text).error;
    if (profile_text) {
        profile = parse_engine_profile(*profile_text);
        if (!profile)
            return "--profile: " + shown(*profile_text) + " is not allowed: expected unreal, unity or godot";
        for (const auto& [option, values] : {std::pair{"--format", &given.format},
                                             {"--values", &given.values},
                                             {"--map", &given.map},
                                             {"--layer", &given.layer},
                                             {"--splat", &given.splat},
                                             {"--mesh-grid", &given.mesh_grid},
                                             {"--region", &given.region},
                                             {"--tiles", &given.tiles},
                                             {"--animate", &given.animate}})
            if (!values->empty())
                return std::string(option) +
                       ": --profile writes the engine's whole set: expected --profile without it";
        if (!one_file_error.empty()) return one_file_error + " (an engine set's files are whole images)";
        if (!output) return "-o is required: expected DIR/NAME, the set's common name";
        if (auto bad = checked_set_name(*output, "--profile",
                                        "expected DIR/NAME, e.g. out/hills (out/hills_height.png, ...)");
            !bad.empty())
            return bad;
        request.size      = *size.size;
        request.path      = *output;
        request.overwrite = given.force;
        return {};
    }
    if (!format_text) return "--format is required: " + format_allowed;
    const auto format = parse_export_format(*format_text);
    if (!format) return "--format: " + shown(*format_text) + " is not a format: " + format_allowed;
    if (values_text) {
        const auto values = parse_float_values(*values_text);
        if (!values)
            return "--values: " + shown(*values_text) + " is not allowed: " + std::string(values_allowed);
        if (!is_float_format(*format))
            return "--values: only the float formats " + formats_taking(FormatTakes::values) +
                   " take it, not --format " + std::string(*format_text);
        request.float_values = *values;
    }
    if (export_format_info(*format).takes == FormatTakes::map) {
        if (!map_text)
            return "--map is required with --format " + std::string(*format_text) + ": " +
                   std::string(map_allowed);
        const auto mask = parse_terrain_mask(*map_text);
        if (!mask) return "--map: " + shown(*map_text) + " is not a map: " + std::string(map_allowed);
        request.mask = *mask;
    } else if (map_text) {
        return "--map: only --format " + formats_taking(FormatTakes::map) + " takes it, not --format " +
               std::string(*format_text);
    }
    if (export_format_info(*format).takes == FormatTakes::layer) {
        const auto layers = effective_texture_layers(preset);
        std::string names;
        for (std::size_t i = 0; i < layers.size(); ++i) names += (i ? ", " : "") + layers[i].name;
        const std::string allowed = "expected a layer of the preset (" + names + ") or its index 0 to " +
                                    std::to_string(layers.size() - 1);
        if (!layer_text)
            return "--layer is required with --format " + std::string(*format_text) + ": " + allowed;
        const int index = find_texture_layer(layers, *layer_text);
        if (index < 0) return "--layer: " + shown(*layer_text) + " is not a layer: " + allowed;
        request.layer = index;
    } else if (layer_text) {
        return "--layer: only --format " + formats_taking(FormatTakes::layer) + " take it, not --format " +
               std::string(*format_text);
    }
    if (export_format_info(*format).takes == FormatTakes::splat) {
        const std::size_t images = (effective_texture_layers(preset).size() + 3) / 4;
        if (splat_text) {
            const auto image = parse_number(*splat_text, false);
            if (!image || *image < 0 || *image >= static_cast<double>(images))
                return "--splat: " + shown(*splat_text) + " is not allowed: expected 0" +
                       (images > 1 ? " or 1 (layers 4-7)" : " (the preset has at most 4 layers)");
            request.layer = static_cast<int>(*image);
        }
    } else if (splat_text) {
        return "--splat: only --format " + formats_taking(FormatTakes::splat) + " takes it, not --format " +
               std::string(*format_text);
    }
    if (mesh_grid_text) {
        if (!is_mesh_format(*format))
            return "--mesh-grid: only the mesh formats " + formats_taking(FormatTakes::mesh_grid) +
                   " take it, not --format " + std::string(*format_text);
        const auto grid = parse_number(*mesh_grid_text, false);
        if (!grid || *grid < min_mesh_grid || *grid > max_mesh_grid)
            return "--mesh-grid: " + shown(*mesh_grid_text) +
                   " is not allowed: " + std::string(mesh_grid_allowed);
        request.mesh_grid = static_cast<int>(*grid);
    }
    if (is_mesh_format(*format)) {
        if (region_text) return "--region: a mesh is written whole: expected --format glb or obj without it";
        if (!given.tiles.empty())
            return "--tiles: a mesh is written whole: expected --format glb or obj without it";
        if (!one_file_error.empty()) return one_file_error + " (a mesh is written whole)";
        if (size.size->width < 2 || size.size->height < 2)
            return "--size: " + shown(*size_text) + " is too small for a mesh: expected at least 2x2";
        if (auto problem = mesh_grid_problem(*size.size, request.mesh_grid); !problem.empty())
            return (mesh_grid_text ? "--mesh-grid: "
                                   : "--mesh-grid (default " + std::to_string(request.mesh_grid) + "): ") +
                   problem;
    }
    if (!output) return "-o is required: " + std::string(output_allowed);

    request.size      = *size.size;
    request.format    = *format;
    request.path      = *output;
    request.overwrite = given.force;
    if (region_text) {
        const auto region = parse_region(*region_text, request.size);
        if (!region.region) return region.error;
        request.region = region.region;
    }
    return {};
}

// What an export needs, as address space (what `ulimit -v` limits): each of its render and
// compression threads reserves an 8 MB stack, and with its buffers (a band of 2^20 raw floats is
// shared, deflate chunks of 256 KiB are per thread) that makes about 18 MB per --threads; the
// program itself about 8 MB. Measured minimum at 4096x4096 png16: 24 MB for 1 thread, 43 MB for
// 2, 78 MB for 4; the size of an image does not matter (it is streamed in bands). What is held
// whole comes on top: a mesh's grid, 24 bytes a vertex (terrain_mesh_file.hpp), and the erosion
// simulation's image, about 64 bytes a pixel (simulated_field.hpp).
std::string memory_message(const ExportRequest& request, const Preset& preset, bool profile) {
    const unsigned threads =
        request.threads != 0 ? request.threads : std::max(1u, std::thread::hardware_concurrency());
    const auto pixels = static_cast<unsigned long long>(request.size.width) *
                        static_cast<unsigned long long>(request.size.height);
    unsigned long long bytes = (8ull + 18ull * threads) * 1000000ull;
    std::string held;
    if (!profile && is_mesh_format(request.format)) {
        const auto rows = static_cast<unsigned long long>(terrain_grid_rows(request.size, request.mesh_grid));
        bytes += 24ull * rows * static_cast<unsigned long long>(request.mesh_grid);
        held = ", the mesh's grid of " + std::to_string(request.mesh_grid) + "x" + std::to_string(rows) +
               " vertices held whole";
    }
    if (preset.params.erosion_method == noise::ErosionMethod::simulate) {
        bytes += 64ull * pixels;
        held += ", the erosion simulation's whole image";
    }
    const unsigned long long megabytes = (bytes + 500000ull) / 1000000ull;
    return "not enough memory to render " + std::to_string(request.size.width) + "x" +
           std::to_string(request.size.height) + " with " + std::to_string(threads) + " thread" +
           (threads == 1 ? "" : "s") + held + " (it needs about " +
           (megabytes >= 1000
                ? std::to_string(megabytes / 1000) + "." + std::to_string(megabytes % 1000 / 100) + " GB"
                : std::to_string(megabytes) + " MB") +
           " of address space): free some memory, raise `ulimit -v`" +
           (held.empty() ? ", or use fewer --threads" : ", or export a smaller size");
}

std::string help_footer() {
    std::string sizes;
    for (const auto& named : named_sizes) sizes += (sizes.empty() ? "" : " ") + std::string(named.name);
    // One line per row of the format table (export_formats.hpp), so a new format is listed.
    std::string formats = "\nFormats:\n";
    for (const ExportFormatInfo& info : export_format_table()) {
        std::string name(info.name);
        name.resize(std::max<std::size_t>(name.size() + 1, 10), ' ');
        formats += "  " + name + std::string(info.summary) + "\n";
    }
    return formats +
           "  glsl, hlsl  shader source: one function per --preset (repeatable), no --size; see\n"
           "            docs/shaders.md\n"
           "--map MASK (mask16): slope 0..90 degrees -> 0..65535; height as png16; curvature 32768 = flat,\n"
           "  (sample - 32768) / 32768 = spacing * laplacian; aspect degrees clockwise from north (up the\n"
           "  image) -> sample / 65536 * 360; with erosion.method=simulate also flow|wear|deposit, the\n"
           "  simulation's water, rock taken and rock laid down\n"
           "--values unit|raw (" +
           formats_taking(FormatTakes::values) +
           "): the mapped value in [0, 1] (default) or the raw noise value\n"
           "Sizes: WxH from 1x1 to 16384x16384, or one of\n  " +
           sizes +
           "\n--region renders only that pixel window (end exclusive) of the full image; the windows of a "
           "grid\n"
           "fit together byte for byte. With --region or --tiles the full image may be up to 2147483647\n"
           "on a side, each window (one file) up to 16384x16384. Every PNG carries its preset: --preset\n"
           "image.png restores it.\n"
           "--animate slice|octaves writes an animated PNG (APNG) of --frames frames, --step noise units\n"
           "apart along z (3D) or w (4D), --loop: on a circle in z and w (4D), ending where it began;\n"
           "octaves: octave 0, then 0-1, 0-2, ...; --sequence: OUT-0000.png, OUT-0001.png, ... instead.\n"
           "--tiles CxR writes OUT_x{column}_y{row}.EXT (Unreal World Partition / World Machine naming) and\n"
           "OUT.tiles.json; with --tile-edges shared (default) neighbours share their border pixels, so\n"
           "W = C * (w - 1) + 1 (4033 = 4 tiles of 1009); split: W = C * w. --tile X,Y writes one tile.\n"
           "--profile unreal|unity|godot -o DIR/NAME writes the engine's set: heightmap, normal map, slope,\n"
           "curvature and aspect masks, layer weights and DIR/NAME.manifest.json, all or nothing.\n"
           "Keys for --set: see `noise-explorer sample --help`; view keys: mapping, ramp, hillshade,\n"
           "repeat_3x3, show_octaves, scanline, terrain_height, terrain_spacing, sea_level, light_azimuth,\n"
           "light_elevation, terrain_colour, wireframe, normal_convention.\n";
}

// Prints "export: 42%" on the terminal until stopped.
class ProgressLine {
  public:
    explicit ProgressLine(const std::atomic<double>& progress) : progress_(progress) {
        thread_ = std::thread([this] { run(); });
    }
    ~ProgressLine() {
        {
            std::lock_guard lock(mutex_);
            stop_ = true;
        }
        wake_.notify_one();
        thread_.join();
        std::fputs("\r              \r", stderr);
    }

  private:
    void run() {
        std::unique_lock lock(mutex_);
        while (!wake_.wait_for(lock, std::chrono::milliseconds(200), [this] { return stop_; })) {
            std::fprintf(stderr, "\rexport: %3d%%", static_cast<int>(progress_.load() * 100.0));
            std::fflush(stderr);
        }
    }
    const std::atomic<double>& progress_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stop_ = false;
    std::thread thread_;
};

}  // namespace

int export_main(int argc, char** argv) {
    // --format glsl|hlsl writes shader source, not an image: its own options (shader_command.hpp).
    if (asks_for_shader(argc, argv)) return shader_export_main(argc, argv);
    // A file size limit (ulimit -f) must end in a clean error and no partial file, not SIGXFSZ.
    std::signal(SIGXFSZ, SIG_IGN);

    CommandLine cli("Render a preset to an image file.", "noise-explorer export");
    cli.footer(help_footer());
    Arguments given;
    cli.option("--preset", given.preset, "FILE|NAME",
               "a preset .json, a shipped preset's name, or a PNG exported by us");
    cli.option("--set", given.assignments, "KEY=VALUE", "key=value, applied after the preset (repeatable)");
    cli.option("--size", given.size, "WxH|NAME",
               "WxH or an engine size name (default: the preset's view.export_size; else required)");
    const std::string format_help =
        export_format_list(" | ") + " (required); glsl | hlsl: shader source, see docs/shaders.md";
    cli.option("--format", given.format, "FORMAT", format_help.c_str());
    cli.option("--values", given.values, "unit|raw",
               "r32 and exr32: mapped to [0, 1] (default) or raw noise");
    cli.option("--map", given.map, "slope|height|curvature|aspect|flow|wear|deposit",
               "mask16: the terrain mask to write (flow, wear, deposit: erosion.method=simulate)");
    cli.option("--layer", given.layer, "NAME|N", "weights8, weights16: the texture layer (name or index)");
    cli.option("--splat", given.splat, "N", "splat8: the image of layers 4N..4N+3 (default 0)");
    cli.option("--profile", given.profile, "unreal|unity|godot",
               "the engine's whole set: heightmap, normal map, masks, layer weights, OUT.manifest.json");
    cli.option("--mesh-grid", given.mesh_grid, "N", "glb, obj: vertices along a row (2..2049, default 257)");
    cli.option("-o,--output", given.output, "OUT", "the file to write (required)");
    cli.flag("--force", given.force, "replace OUT if it exists");
    cli.option("--region", given.region, "X0,Y0,X1,Y1", "render only this window of the full image");
    cli.option("--tiles", given.tiles, "CxR", "write a grid of tiles OUT_x0_y0 ... and OUT.tiles.json");
    cli.option("--tile-edges", given.tile_edges, "shared|split",
               "tiles share their borders (default) or not");
    cli.option("--tile", given.tile, "X,Y", "with --tiles: write only this tile (one job of a batch)");
    cli.option("--threads", given.threads, "N", "render and compression threads each (0: one per core)");
    cli.option("--animate", given.animate, "slice|octaves",
               "an animated PNG: the slice moving along z (3D) or w (4D), or the octaves building up");
    cli.option("--frames", given.frames, "N", "--animate slice: the number of frames (default 24)");
    cli.option("--step", given.step, "S", "--animate slice: noise units between frames (default 0.05)");
    cli.flag("--loop", given.loop,
             "--animate slice in 4D: a circle in z and w, so the last frame meets the first");
    cli.option("--fps", given.fps, "N",
               "frames a second of the animated PNG (default 12; --animate octaves: 2)");
    cli.flag("--sequence", given.sequence, "numbered PNGs OUT-0000.png ... instead of one animated PNG");
    cli.flag("--caption", given.caption,
             "each frame says what it shows in its corner (\"octaves 0-2 of 6\", \"z = 0.250\")");
    if (auto error = cli.parse(argc, argv, option_list); !error.empty()) return usage_error(error);
    if (cli.asked_for_help()) {
        std::fputs(cli.help().c_str(), stdout);
        return 0;
    }

    ExportRequest request;
    Preset preset;
    TileGrid grid;
    std::vector<Tile> tiles;
    bool whole_grid = false;
    AnimationRequest animation;
    bool animate = false;
    std::optional<EngineProfile> profile;
    // From here on a signal is a polite request: reading a heightmap (a pipe may take seconds) and
    // the checks end first, then the usual line and status 130, before any file exists.
    install_interrupt_handlers(interrupted);
    const auto stopped = [] {
        std::fputs("export: interrupted; no file was written\n", stderr);
        return exit_interrupted;
    };
    try {
        const std::string invalid = checked_request(given, preset, request, profile);
        if (interrupted.load()) return stopped();
        if (!invalid.empty()) return usage_error(invalid);
        if (auto error = checked_animation(given, preset, request, animation, animate); !error.empty())
            return usage_error(error);
        if (auto error = checked_tiles(given, request, grid, tiles, whole_grid); !error.empty())
            return usage_error(error);
    } catch (const std::bad_alloc&) {
        return usage_error("not enough memory to read the preset and the arguments");
    }

    // An image meant to tile that will show a seam: written anyway (a seam may be wanted), but
    // said, so a pipeline does not find out in the engine.
    if (const std::string seam = tiling_warning(preset.params, request.size); !seam.empty())
        std::fprintf(stderr, "export: warning: %s\n", seam.c_str());

    if (interrupted.load()) return stopped();
    std::atomic<double> progress{0.0};
    try {
        std::optional<ProgressLine> line;
        if (::isatty(STDERR_FILENO)) line.emplace(progress);
        if (profile)
            export_profile(preset,
                           {.profile   = *profile,
                            .size      = request.size,
                            .base      = request.path,
                            .overwrite = request.overwrite,
                            .threads   = request.threads},
                           &interrupted, &progress);
        else if (animate)
            export_animation(preset, request, animation, &interrupted, &progress);
        else if (tiles.empty())
            export_image(preset, request, &interrupted, &progress);
        else
            export_tiles(preset, request, grid, tiles, whole_grid, &interrupted, &progress);
    } catch (const ExportError& error) {
        switch (error.cause()) {
            case ExportError::Cause::exists:
                return usage_error(std::string("-o: ") + error.what() + ": add --force to replace it");
            case ExportError::Cause::cancelled:
                return stopped();
            case ExportError::Cause::other:
                return usage_error(std::string("-o: ") + error.what());
            case ExportError::Cause::setting:
                return usage_error(error.what());
        }
    } catch (const std::bad_alloc&) {
        // Under `ulimit -v` or a full machine; the temp file is gone already (AtomicFile).
        return usage_error(memory_message(request, preset, profile.has_value()));
    } catch (const std::exception& error) {
        return usage_error(failure_text(error));
    }
    return 0;
}

}  // namespace app
