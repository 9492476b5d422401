// export_image: validate, (measure), simulate, stage each file through its encoder (export_encoders.hpp)
// or as a mesh, commit; sets and tiles all-or-nothing.
#include "core/export_image.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <new>
#include <optional>
#include <system_error>

#include "core/atomic_file.hpp"
#include "core/export_encoders.hpp"
#include "core/export_facts.hpp"
#include "core/export_failure.hpp"
#include "core/field_stats.hpp"
#include "core/tile_grid.hpp"
#include "core/value_mapping.hpp"
#include "noise/fractal.hpp"
#include "noise/render.hpp"
#include "noise/simulated_field.hpp"
#include "noise_io/image_kinds.hpp"

namespace app {

using export_failure::cancelled;
using export_failure::fail;
using export_failure::not_finite;
using export_failure::refuse_setting;

namespace {

// About 4 MB of floats per band: big enough to keep every thread busy, small enough that a
// 16384 x 16384 export needs no more memory than a thumbnail.
constexpr std::size_t band_pixels = std::size_t{1} << 20;
// At least this many bands, so progress moves and cancel answers quickly on small exports too.
constexpr int min_bands = 32;

// A thread that cannot start (EAGAIN): the address space for its stack, or the process limit.
// Under an address-space limit (`ulimit -v`) it is memory, reported as such with what the export
// needs; else the system's thread limit, not memory.
[[noreturn]] void threads_refused() {
    struct rlimit address_space {};
    if (::getrlimit(RLIMIT_AS, &address_space) == 0 && address_space.rlim_cur != RLIM_INFINITY)
        throw std::bad_alloc();
    refuse_setting(
        "--threads: the system refused to start another thread (the process limit, `ulimit -u`, or the "
        "address space for its stack, `ulimit -v`): use fewer --threads or raise the limit");
}

ExportError from(const AtomicFileError& error) {
    return ExportError(error.cause() == AtomicFileError::Cause::exists ? ExportError::Cause::exists
                                                                       : ExportError::Cause::other,
                       error.what());
}

int band_rows(int width, int rows) {
    const int by_memory =
        static_cast<int>(std::max<std::size_t>(1, band_pixels / static_cast<std::size_t>(width)));
    const int by_count = std::max(1, (rows + min_bands - 1) / min_bands);
    return std::min(by_memory, by_count);
}

// Progress over all passes: `total` rows, of which `done` are finished, from `start` (what a
// simulation before them took) to 1.
class ProgressMeter {
  public:
    ProgressMeter(std::atomic<double>* out, long long total, double start = 0.0)
        : out_(out), total_(std::max(total, 1LL)), start_(start) {
        report();
    }
    void advance(long long rows) {
        done_ += rows;
        report();
    }

  private:
    void report() {
        if (out_)
            out_->store(start_ + (1.0 - start_) *
                                     std::min(1.0, static_cast<double>(done_) / static_cast<double>(total_)));
    }
    std::atomic<double>* out_;
    long long total_;
    double start_;
    long long done_ = 0;
};

// erosion.method simulate (simulated_field.hpp): the whole image simulated once; every window and
// every part of a set of that size draws from the one result.
using Simulation = std::shared_ptr<const noise::SimulatedField>;

// The share of an export's progress its simulation takes (the rest renders and encodes).
constexpr double simulation_share = 0.8;

Simulation simulate_image(const noise::Params& params, ImageSize size, unsigned threads,
                          const std::atomic<bool>* cancel, std::atomic<double>* progress, double share) {
    noise::SimulationControl control;
    control.threads = threads;
    control.cancel  = cancel;
    if (progress) control.progress = [progress, share](double done) { progress->store(done * share); };
    if (auto problem = simulation_size_problem(size); !problem.empty()) refuse_setting(problem);
    std::optional<noise::SimulatedField> field;
    try {
        field = noise::simulate_field(params, size.width, size.height, control);
    } catch (const std::invalid_argument& error) {
        const std::string_view what = error.what();
        if (what.starts_with("heights: "))  // the field before erosion, not a key of ours
            refuse_setting("erosion.method = simulate: the field before erosion is not finite (" +
                           std::string(what.substr(9)) +
                           "): the layers' heights pass the range of 32-bit floats; expected finite heights");
        refuse_setting(std::string(what));
    } catch (const std::system_error& error) {
        if (error.code() == std::errc::resource_unavailable_try_again) threads_refused();
        throw;
    }
    if (!field) cancelled();
    return std::make_shared<const noise::SimulatedField>(std::move(*field));
}

// Pass 1 of Mapping::stretch: min/max over the full image (not just the window), so every
// window of a split export maps through the same range.
noise::Range measure_full_image(const noise::FractalNoise& noise, const ExportRequest& request,
                                const std::atomic<bool>* cancel, ProgressMeter& meter) {
    const int width = request.size.width, height = request.size.height;
    const int rows = band_rows(width, height);
    FieldStatsAccumulator stats(noise::nominal_range(noise.params()), 1);
    std::vector<float> raw;
    for (int y = 0; y < height; y += rows) {
        const noise::Region band{width, height, 0, y, width, std::min(y + rows, height)};
        render_block(noise, band, raw, request, cancel);
        stats.add(raw);
        meter.advance(band.rows());
    }
    return stats.result().measured_range();
}

// One export's files, complete in their temp files but not yet in place.
struct StagedExport {
    std::unique_ptr<AtomicFile> image;
    std::unique_ptr<AtomicFile> sidecar;  // r16/r32's OUT.json
    ExportResult result;
};

noise::Region checked_window(const ExportRequest& request, const Preset& preset) {
    if (auto problem = export_window_problem(preset, request); !problem.empty()) refuse_setting(problem);
    const auto [width, height] = request.size;
    const noise::Region window = request.region.value_or(noise::Region::full(width, height));
    if (window.width != width || window.height != height)
        fail("region belongs to a " + std::to_string(window.width) + "x" + std::to_string(window.height) +
             " image, not the " + std::to_string(width) + "x" + std::to_string(height) + " export");
    if (auto error = noise::validate(window); !error.empty()) fail("region: " + error);
    return window;
}

// glb or obj: the whole grid in memory (terrain_mesh_file.hpp), then the file.
void stage_mesh(const Preset& preset, const Preset& drawn, const ExportRequest& request,
                const noise::Region& window, noise::Range range, const std::atomic<bool>* cancel,
                StagedExport& staged) {
    if (request.region) fail("region: a mesh is written whole");
    if (request.mesh_grid < min_mesh_grid || request.mesh_grid > max_mesh_grid)
        fail("mesh grid " + std::to_string(request.mesh_grid) + " is out of range: expected " +
             std::to_string(min_mesh_grid) + " to " + std::to_string(max_mesh_grid));
    if (request.size.width < 2 || request.size.height < 2) fail("a mesh needs a size of at least 2x2");
    if (auto problem = mesh_grid_problem(request.size, request.mesh_grid); !problem.empty())
        fail("mesh grid: " + problem);
    try {
        const TerrainGrid grid =
            terrain_grid(drawn, request.size, request.mesh_grid, range, request.threads, cancel);
        if (grid.columns == 0 || (cancel && cancel->load())) cancelled();
        for (std::size_t i = 0; i < grid.positions.size(); ++i)
            if (!std::isfinite(grid.positions[i]) || !std::isfinite(grid.normals[i])) {
                const std::size_t vertex = i / 3;
                const auto column = static_cast<double>(vertex % static_cast<std::size_t>(grid.columns));
                const auto row    = static_cast<double>(vertex / static_cast<std::size_t>(grid.columns));
                not_finite(request, std::isfinite(grid.positions[i]) ? grid.normals[i] : grid.positions[i],
                           column * (request.size.width - 1.0) / (grid.columns - 1),
                           row * (request.size.height - 1.0) / (grid.rows - 1));
            }
        staged.image = std::make_unique<AtomicFile>(request.path, request.overwrite);
        if (request.format == ExportFormat::glb)
            write_glb(grid, export_facts_json(preset, request, window, range, true), *staged.image);
        else
            write_obj(grid, export_facts_json(preset, request, window, range, true), *staged.image);
    } catch (const AtomicFileError& error) {
        throw from(error);
    } catch (const std::system_error& error) {
        if (error.code() == std::errc::resource_unavailable_try_again) threads_refused();
        fail(failure_text(error));
    }
}

// Renders and encodes one export into its temp files, which are not in place until committed.
// `simulation`: the image's, when a set already simulated it; else simulated here when the
// preset asks for it.
StagedExport stage_export(const Preset& preset, const ExportRequest& request, const std::atomic<bool>* cancel,
                          std::atomic<double>* progress, Simulation simulation = nullptr) {
    const noise::Region window = checked_window(request, preset);
    if (auto error = noise::validate(preset.params); !error.empty()) fail(error);
    if (auto problem = file_name_problem(request.format, request.path); !problem.empty()) fail(problem);
    const bool simulated = preset.params.erosion_method == noise::ErosionMethod::simulate;
    if (request.format == ExportFormat::mask16 && is_simulation_mask(request.mask) && !simulated)
        fail("map: '" + std::string(terrain_mask_names[static_cast<std::size_t>(request.mask)]) +
             "' is a map of the erosion simulation: expected erosion.method = simulate, or slope, height, "
             "curvature or aspect");
    if (is_weight_format(request.format)) {
        const std::size_t count = effective_texture_layers(preset).size();
        const std::size_t limit = request.format == ExportFormat::splat8 ? (count + 3) / 4 : count;
        if (request.layer < 0 || static_cast<std::size_t>(request.layer) >= limit)
            fail("layer " + std::to_string(request.layer) + " is out of range: expected 0 to " +
                 std::to_string(limit - 1));
        // A band on flow, wear or deposit without the simulation: refused before anything is drawn.
        if (auto problem = texture_layers_problem(preset.texture_layers, simulated); !problem.empty())
            refuse_setting(problem);
    }
    if (!request.caption.empty()) {
        if (request.format != ExportFormat::png8 && request.format != ExportFormat::rgb8 &&
            request.format != ExportFormat::png16)
            fail("caption: only png8, rgb8 and png16 images take a caption");
        if (request.region) fail("caption: a caption is painted on a whole image, not on a region");
    }
    const bool writes_sidecar = has_sidecar(request.format);  // the raw formats, r16 and r32: OUT.json beside
    const auto sidecar        = sidecar_path(request.path);
    try {
        // Refuse before rendering: a full-size render that then cannot be saved wastes minutes.
        check_writable_target(request.path, request.overwrite);
        if (writes_sidecar) check_writable_target(sidecar, request.overwrite);
    } catch (const AtomicFileError& error) {
        throw from(error);
    }

    double simulated_share = 0.0;
    if (simulated && !simulation) {
        simulated_share = simulation_share;
        simulation =
            simulate_image(preset.params, request.size, request.threads, cancel, progress, simulated_share);
    }
    // What is drawn: the preset's field, or the simulation's result; the files carry the preset.
    Preset drawn = preset;
    drawn.view =
        terrain_view(preset.params, preset.view, request.size.width);  // the simulated frame's metres
    if (simulation) drawn.params = simulation->params;
    const noise::FractalNoise noise(drawn.params);
    const bool stretch = preset.view.mapping == Mapping::stretch;
    ProgressMeter meter(progress, (stretch ? request.size.height : 0) + window.rows(), simulated_share);
    const noise::Range range = mapping_range(
        preset.params, preset.view,
        stretch ? measure_full_image(noise, request, cancel, meter) : noise::nominal_range(preset.params));
    StagedExport staged;
    staged.result = {range, {request.path}};
    if (writes_sidecar) staged.result.files.push_back(sidecar);
    if (is_mesh_format(request.format)) {
        stage_mesh(preset, drawn, request, window, range, cancel, staged);
        meter.advance(window.rows());
        return staged;
    }

    try {
        staged.image = std::make_unique<AtomicFile>(request.path, request.overwrite);
        if (writes_sidecar) {
            staged.sidecar = std::make_unique<AtomicFile>(sidecar, request.overwrite);
            staged.sidecar->write(export_facts_json(preset, request, window, range, true));
        }
        const EncodeInputs inputs{
            .preset  = preset,
            .request = request,
            .noise   = noise,
            .window  = window,
            .range   = range,
            .scale   = TerrainScale::of(preset.params, drawn.view, range, request.size.width),
            .maps    = simulation ? &simulation->maps : nullptr,
            .peaks   = simulation ? simulation_peaks(simulation->maps) : SimulationPeaks{},
            .cancel  = cancel};
        auto encoder            = make_encoder(inputs, *staged.image);
        const int rows_per_band = band_rows(window.columns() + 2 * encoder->halo(), window.rows());
        for (int y = window.y0; y < window.y1; y += rows_per_band) {
            if (cancel && cancel->load()) cancelled();
            const int rows = std::min(rows_per_band, window.y1 - y);
            encoder->write_band({request.size.width, request.size.height, window.x0, y, window.x1, y + rows});
            meter.advance(rows);
        }
        encoder->finish();
        encoder.reset();
    } catch (const AtomicFileError& error) {
        throw from(error);
    } catch (const ExportError&) {
        throw;
    } catch (const std::invalid_argument& error) {
        fail(error.what());
    } catch (const std::system_error& error) {
        if (error.code() == std::errc::resource_unavailable_try_again) threads_refused();
        fail(failure_text(error));
    } catch (const std::runtime_error& error) {
        fail(failure_text(error));
    }
    return staged;
}

// Puts every staged file in place at once: all new, or (on an error, thrown as ExportError) all
// as they were. The raw file and its sidecar describe each other, and a grid's tiles and
// manifest describe one image: a new .r16 beside the old .json, or a new tile among old ones,
// would be read wrong.
void commit_staged(std::span<const StagedExport> staged, AtomicFile* manifest) {
    std::vector<AtomicFile*> files;
    for (const auto& one : staged) {
        files.push_back(one.image.get());
        if (one.sidecar) files.push_back(one.sidecar.get());
    }
    if (manifest) files.push_back(manifest);
    try {
        commit_together(files);
    } catch (const AtomicFileError& error) {
        throw from(error);
    }
}

}  // namespace

std::vector<TextureLayer> effective_texture_layers(const Preset& preset) {
    return preset.texture_layers.empty()
               ? default_texture_layers(terrain_height_m(preset.params, preset.view), preset.view.sea_level)
               : preset.texture_layers;
}

// The heightmap reader finds a raw file's sidecar by the same rule (noise_io/image_kinds.hpp).
std::filesystem::path sidecar_path(const std::filesystem::path& raw_file) {
    return noise::io::sidecar_path(raw_file);
}

namespace {

// The path every set of files takes (tiles, engine sets): every target checked before the first
// renders, every part staged into its temp files, then all of them and the manifest (if any) put
// in place together. A failure, a cancellation or a signal before that leaves the folder exactly
// as it was; the staged files vanish with their destructors. `what` starts the message when the
// set needs more open files than the process may have.
ExportResult commit_set(const std::vector<SetPart>& parts, const std::filesystem::path* manifest_path,
                        const std::string& manifest_text, bool overwrite, std::string_view what,
                        const std::atomic<bool>* cancel, std::atomic<double>* progress) {
    std::size_t file_count = manifest_path ? 1 : 0;
    try {
        for (const auto& part : parts) {
            check_writable_target(part.request.path, part.request.overwrite);
            ++file_count;
            if (has_sidecar(part.request.format)) {
                check_writable_target(sidecar_path(part.request.path), part.request.overwrite);
                ++file_count;
            }
        }
        if (manifest_path) check_writable_target(*manifest_path, overwrite);
    } catch (const AtomicFileError& error) {
        throw from(error);
    }
    // Every file of the set stays open until the set is committed.
    if (!reserve_open_files(file_count))
        fail(std::string(what) + "the " + std::to_string(file_count) +
             " files of the set must be open at once until all are written, more than this process may "
             "open (ulimit -n): raise the limit" +
             (what.empty() ? "" : " or write fewer tiles at a time with --tile X,Y"));

    // Each simulated field once, on the first part's image (the heightmap's, in an engine set),
    // whatever the number of windows (tiles) and maps; a part of another size (a splat map)
    // renders the same result at its own pixels.
    std::vector<std::pair<const SetPart*, Simulation>> simulations;
    const auto simulation_of = [&](const SetPart& part) -> Simulation {
        if (part.preset.params.erosion_method != noise::ErosionMethod::simulate) return nullptr;
        for (const auto& [other, simulation] : simulations)
            if (other->preset.params == part.preset.params) return simulation;
        if (auto error = noise::validate(part.preset.params); !error.empty()) fail(error);
        // Its progress fills the first part's share (the first part simulates: the heightmap, a tile).
        simulations.emplace_back(
            &part, simulate_image(part.preset.params, part.request.size, part.request.threads, cancel,
                                  progress, 1.0 / static_cast<double>(parts.size())));
        return simulations.back().second;
    };
    std::vector<StagedExport> staged;
    staged.reserve(parts.size());
    std::atomic<double> part_progress{0.0};
    for (std::size_t i = 0; i < parts.size(); ++i) {
        staged.push_back(
            stage_export(parts[i].preset, parts[i].request, cancel, &part_progress, simulation_of(parts[i])));
        try {
            staged.back().image->park();
            if (staged.back().sidecar) staged.back().sidecar->park();
        } catch (const AtomicFileError& error) {
            throw from(error);
        }
        if (progress) progress->store(static_cast<double>(i + 1) / static_cast<double>(parts.size()));
    }
    std::unique_ptr<AtomicFile> manifest;
    if (manifest_path) {
        try {
            manifest = std::make_unique<AtomicFile>(*manifest_path, overwrite);
            manifest->write(manifest_text);
        } catch (const AtomicFileError& error) {
            throw from(error);
        }
    }
    if (cancel && cancel->load()) cancelled();
    commit_staged(staged, manifest.get());

    ExportResult result{};
    for (auto& one : staged) {
        result.files.insert(result.files.end(), one.result.files.begin(), one.result.files.end());
        result.range = one.result.range;
    }
    if (manifest) result.files.push_back(manifest->target());
    return result;
}

}  // namespace

ExportResult export_tiles(const Preset& preset, const ExportRequest& request, const TileGrid& grid,
                          const std::vector<Tile>& tiles, bool whole_grid, const std::atomic<bool>* cancel,
                          std::atomic<double>* progress) {
    std::vector<SetPart> parts;
    parts.reserve(tiles.size());
    for (const auto& tile : tiles) {
        SetPart part{preset, request, {}};
        part.request.region = tile.region;
        part.request.path   = tile.path;
        parts.push_back(std::move(part));
    }
    const auto manifest_path = tile_manifest_path(request.path);
    const std::string manifest_text =
        whole_grid ? tile_manifest_json(grid, request.size, tiles,
                                        export_format_names[static_cast<std::size_t>(request.format)],
                                        preset_to_json(preset))
                   : std::string();
    return commit_set(parts, whole_grid ? &manifest_path : nullptr, manifest_text, request.overwrite,
                      "--tiles: ", cancel, progress);
}

ExportResult export_set(const std::vector<SetPart>& parts, const std::filesystem::path& manifest_path,
                        const std::string& manifest_text, bool overwrite, const std::atomic<bool>* cancel,
                        std::atomic<double>* progress) {
    return commit_set(parts, &manifest_path, manifest_text, overwrite, "", cancel, progress);
}

std::optional<FloatValues> parse_float_values(std::string_view name) {
    for (std::size_t i = 0; i < float_values_names.size(); ++i)
        if (float_values_names[i] == name) return static_cast<FloatValues>(i);
    return std::nullopt;
}

// One file holds at most max_image_side on a side; the full image may be larger (up to
// max_world_side) when the file is a window of it: the window is rendered alone, in bands, so
// nothing grows with the full image, but a stretch mapping's measure would render all of it for
// every window.
std::string export_window_problem(const Preset& preset, const ExportRequest& request) {
    const auto [width, height] = request.size;
    const std::string size     = std::to_string(width) + "x" + std::to_string(height);
    const std::string one_file = std::to_string(max_image_side) + "x" + std::to_string(max_image_side);
    if (width < 1 || height < 1)
        return "size " + size + " is out of range: expected 1x1 to " + one_file +
               ", or larger cut into regions";
    const bool one_file_size = width <= max_image_side && height <= max_image_side;
    if (!one_file_size && !request.region)
        return "size " + size + " is larger than one file: expected 1x1 to " + one_file +
               ", or a region of at most that of a larger image";
    if (request.region) {
        const noise::Region& w = *request.region;
        if (w.columns() > max_image_side || w.rows() > max_image_side)
            return "region " + std::to_string(w.x0) + "," + std::to_string(w.y0) + "," +
                   std::to_string(w.x1) + "," + std::to_string(w.y1) + " is " + std::to_string(w.columns()) +
                   "x" + std::to_string(w.rows()) + " pixels: one file may have at most " + one_file +
                   " (cut it into smaller regions)";
    }
    if (!one_file_size && preset.view.mapping == Mapping::stretch)
        return "view.mapping: 'stretch' measures the whole " + size +
               " image for every window: expected view.mapping=fixed past " + one_file;
    return {};
}

ExportResult export_image(const Preset& preset, const ExportRequest& request, const std::atomic<bool>* cancel,
                          std::atomic<double>* progress) {
    StagedExport staged = stage_export(preset, request, cancel, progress);
    commit_staged(std::span(&staged, 1), nullptr);
    return std::move(staged.result);
}

}  // namespace app
