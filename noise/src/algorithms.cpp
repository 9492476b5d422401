// The algorithm table: see algorithms.hpp.
#include "noise/algorithms.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "kernel_plan.hpp"
#include "noise/perlin.hpp"
#include "noise/simplex.hpp"
#include "noise/value.hpp"
#include "noise/voronoi.hpp"
#include "noise/worley.hpp"
#include "point_kernel.hpp"
#include "reference_trace.hpp"

namespace noise {
namespace {

double perlin_reference(const Lattice& lattice, const Point& p, const Params& params, const Periods& period) {
    return perlin_noise(lattice, p, params.dimension, params.gradients, params.interpolation, period);
}
double value_reference(const Lattice& lattice, const Point& p, const Params& params, const Periods& period) {
    return value_noise(lattice, p, params.dimension, params.interpolation, params.smooth, period);
}
double white_reference(const Lattice& lattice, const Point& p, const Params& params, const Periods& period) {
    return white_noise(lattice, p, params.dimension, params.smooth, period);
}

double simplex_reference(const Lattice& lattice, const Point& p, const Params& params, const Periods&) {
    return simplex_noise(lattice, p, params.dimension);  // no tiling (validate): the period is 0
}
double worley_reference(const Lattice& lattice, const Point& p, const Params& params, const Periods& period) {
    return worley_noise(lattice, p, params.dimension, params.cellular_return, params.cellular_distance,
                        params.cellular_jitter, period);
}

double voronoi_reference(const Lattice& lattice, const Point& p, const Params& params,
                         const Periods& period) {
    return voronoi_noise(lattice, p, params.dimension, params.cellular_distance, params.cellular_jitter,
                         period);
}

detail::Dual perlin_gradient(const Lattice& lattice, const Point& p, const Params& params,
                             const Periods& period) {
    return perlin_noise_gradient(lattice, p, params.dimension, params.gradients, params.interpolation,
                                 period);
}
detail::Dual value_gradient(const Lattice& lattice, const Point& p, const Params& params,
                            const Periods& period) {
    return value_noise_gradient(lattice, p, params.dimension, params.interpolation, params.smooth, period);
}
detail::Dual white_gradient(const Lattice& lattice, const Point& p, const Params& params,
                            const Periods& period) {
    return detail::Dual{white_noise(lattice, p, params.dimension, params.smooth, period)};
}
detail::Dual simplex_gradient(const Lattice& lattice, const Point& p, const Params& params, const Periods&) {
    return simplex_noise_gradient(lattice, p, params.dimension);
}
detail::Dual worley_gradient(const Lattice& lattice, const Point& p, const Params& params,
                             const Periods& period) {
    return worley_noise_gradient(lattice, p, params.dimension, params.cellular_return,
                                 params.cellular_distance, params.cellular_jitter, period);
}

detail::Dual voronoi_gradient(const Lattice& lattice, const Point& p, const Params& params,
                              const Periods& period) {
    return detail::Dual{voronoi_reference(lattice, p, params, period)};
}

detail::Dual perlin_trace(const Lattice& lattice, const Point& p, const Params& params, const Periods& period,
                          OctaveTrace& trace) {
    return perlin_noise_trace(lattice, p, params.dimension, params.gradients, params.interpolation, period,
                              trace);
}
detail::Dual value_trace(const Lattice& lattice, const Point& p, const Params& params, const Periods& period,
                         OctaveTrace& trace) {
    return value_noise_trace(lattice, p, params.dimension, params.interpolation, params.smooth, period,
                             trace);
}
detail::Dual white_trace(const Lattice& lattice, const Point& p, const Params& params, const Periods& period,
                         OctaveTrace& trace) {
    return white_noise_trace(lattice, p, params.dimension, params.smooth, period, trace);
}
detail::Dual simplex_trace(const Lattice& lattice, const Point& p, const Params& params, const Periods&,
                           OctaveTrace& trace) {
    return simplex_noise_trace(lattice, p, params.dimension, trace);
}
detail::Dual worley_trace(const Lattice& lattice, const Point& p, const Params& params, const Periods& period,
                          OctaveTrace& trace) {
    return worley_noise_trace(lattice, p, params.dimension, params.cellular_return, params.cellular_distance,
                              params.cellular_jitter, period, trace);
}

detail::Dual voronoi_trace(const Lattice& lattice, const Point& p, const Params& params,
                           const Periods& period, OctaveTrace& trace) {
    return voronoi_noise_trace(lattice, p, params.dimension, params.cellular_distance, params.cellular_jitter,
                               period, trace);
}

// The parameters only some algorithms read, and which ones each reads.
constexpr std::array<std::string_view, 7> dependent_keys{
    "gradients",       "interpolation",     "smooth",         "hash",
    "cellular_return", "cellular_distance", "cellular_jitter"};
constexpr std::array<std::string_view, 3> perlin_reads{"gradients", "interpolation", "hash"};
constexpr std::array<std::string_view, 3> value_reads{"interpolation", "smooth", "hash"};
constexpr std::array<std::string_view, 2> white_reads{"smooth", "hash"};
constexpr std::array<std::string_view, 0> simplex_reads{};
constexpr std::array<std::string_view, 3> worley_reads{"cellular_return", "cellular_distance",
                                                       "cellular_jitter"};
constexpr std::array<std::string_view, 2> voronoi_reads{"cellular_distance", "cellular_jitter"};

// In the order of the Algorithm enum (checked below). A row without make_kernel renders through
// its reference (kernel.cpp); one without make_point_kernel reads warped points through it.
constexpr std::array<AlgorithmInfo, 6> table{{
    {.algorithm          = Algorithm::perlin,
     .name               = "perlin",
     .summary            = "gradient noise: a random gradient at each lattice point, 0 at the points",
     .reads              = perlin_reads,
     .octave_range       = {-1.0, 1.0},
     .differentiable     = true,
     .lattice            = LatticeKind::square,
     .corner             = CornerKind::gradient,
     .tiles              = true,
     .cost_per_axis      = 2,
     .probe_note         = "Each corner's influence is 0 at the corner and grows along its gradient.",
     .reference          = perlin_reference,
     .reference_gradient = perlin_gradient,
     .reference_trace    = perlin_trace,
     .make_kernel        = detail::make_perlin_kernel,
     .make_point_kernel  = detail::make_perlin_point_kernel},
    {.algorithm          = Algorithm::value,
     .name               = "value",
     .summary            = "value noise: a random value at each lattice point, blended between them",
     .reads              = value_reads,
     .octave_range       = {-1.0, 1.0},
     .differentiable     = true,
     .lattice            = LatticeKind::square,
     .corner             = CornerKind::value,
     .tiles              = true,
     .cost_per_axis      = 2,
     .probe_note         = "Value noise passes through the values at the lattice points.",
     .reference          = value_reference,
     .reference_gradient = value_gradient,
     .reference_trace    = value_trace,
     .make_kernel        = detail::make_value_kernel,
     .make_point_kernel  = detail::make_value_point_kernel},
    {.algorithm          = Algorithm::white,
     .name               = "white",
     .summary            = "white noise: each cell holds its lattice point's random value",
     .reads              = white_reads,
     .octave_range       = {-1.0, 1.0},
     .differentiable     = false,
     .lattice            = LatticeKind::square,
     .corner             = CornerKind::value,
     .tiles              = true,
     .cost_per_axis      = 1,
     .probe_note         = "White noise holds the value of the cell's lower corner over the whole cell.",
     .reference          = white_reference,
     .reference_gradient = white_gradient,
     .reference_trace    = white_trace,
     .make_kernel        = detail::make_white_kernel,
     .make_point_kernel  = detail::make_white_point_kernel},
    {.algorithm = Algorithm::simplex,
     .name      = "simplex",
     .summary   = "simplex-type gradient noise (OpenSimplex2 style): fading bumps on a triangular (2D, 4D) "
                  "or body-centred (3D) lattice, no square cells",
     .reads     = simplex_reads,
     .octave_range   = {-1.0, 1.0},
     .differentiable = true,
     .lattice        = LatticeKind::skewed,
     .corner         = CornerKind::gradient,
     .tiles          = false,
     .cost_per_axis  = 2,
     .probe_note =
         "Simplex-type noise sums the fading ramps of the few vertices near the point; no cell is blended.",
     .reference          = simplex_reference,
     .reference_gradient = simplex_gradient,
     .reference_trace    = simplex_trace,
     .make_kernel        = detail::make_simplex_kernel,
     .make_point_kernel  = detail::make_simplex_point_kernel},
    {.algorithm      = Algorithm::worley,
     .name           = "worley",
     .summary        = "cellular noise: distances to the nearest feature points, one scattered in each cell",
     .reads          = worley_reads,
     .octave_range   = {0.0, 1.0},
     .differentiable = true,
     .lattice        = LatticeKind::cells,
     .corner         = CornerKind::feature,
     .tiles          = true,
     .cost_per_axis  = 3,
     .probe_note     = "Cellular noise is a distance to the nearest feature points.",
     .reference      = worley_reference,
     .reference_gradient = worley_gradient,
     .reference_trace    = worley_trace,
     .make_kernel        = detail::make_worley_kernel,
     .make_point_kernel  = detail::make_worley_point_kernel},
    {.algorithm      = Algorithm::voronoi,
     .name           = "voronoi",
     .summary        = "Voronoi cells: each point takes the random value of the cell whose feature point is "
                       "nearest, flat patches with sharp borders",
     .reads          = voronoi_reads,
     .octave_range   = {-1.0, 1.0},
     .differentiable = false,
     .lattice        = LatticeKind::cells,
     .corner         = CornerKind::feature,
     .tiles          = true,
     .cost_per_axis  = 3,
     .probe_note     = "Voronoi noise takes the value of the cell whose feature point is nearest (F1).",
     .reference      = voronoi_reference,
     .reference_gradient = voronoi_gradient,
     .reference_trace    = voronoi_trace},
}};

constexpr bool table_matches_enum() {
    if (table.size() != algorithm_names.size()) return false;
    for (std::size_t i = 0; i < table.size(); ++i)
        if (static_cast<std::size_t>(table[i].algorithm) != i || table[i].name != algorithm_names[i])
            return false;
    return true;
}
static_assert(table_matches_enum(), "one row per Algorithm, in enum order, named as algorithm_names");

}  // namespace

bool AlgorithmInfo::uses(std::string_view key) const {
    const auto has = [key](std::span<const std::string_view> keys) {
        return std::find(keys.begin(), keys.end(), key) != keys.end();
    };
    return !has(dependent_keys) || has(reads);
}

std::span<const std::string_view> algorithm_dependent_keys() { return dependent_keys; }

double AlgorithmInfo::relative_cost(const Params& params) const {
    const int d          = params.dimension;
    const bool cubic     = uses("interpolation") && params.interpolation == Interpolation::cubic;
    const double points  = std::pow(cubic ? 4.0 : static_cast<double>(cost_per_axis), d);
    const double smooths = params.smooth && uses("smooth") ? std::pow(3.0, d) : 1.0;
    return params.octaves * points * smooths;
}

std::string unused_reason(const Params& params, std::string_view key) {
    const AlgorithmInfo& info = algorithm_info(params.algorithm);
    if (!info.uses(key))
        return "Not used by " + std::string(info.name) + " noise: " + std::string(info.summary) + ".";
    if (key == "tile" && !info.tiles)
        return "Not available for " + std::string(info.name) +
               " noise: no square period repeats its lattice.";
    if ((key == "tile_octaves" || key == "tile_y") && params.tile == 0)
        return "Tiling is off: set a tile period first.";
    if (key == "tile_y" && params.dimension < 2) return "1D noise has no y axis to tile.";
    if (key == "tile_y" && params.layers == Layers::rotated)
        return "The rotated layer repeats only with a square period: tile_y must stay 0.";
    if ((key == "warp_frequency" || key == "warp_octaves") && !(params.warp_amplitude > 0.0))
        return "Domain warp is off: set a warp amplitude above 0 first.";
    if (key == "layers" && params.dimension < 2)
        return "The rotated layer turns the x-y plane: 1D noise has no plane to turn.";
    if ((key == "terrace_sharpness" || key == "terrace_invert") && params.terraces == 0)
        return "Terraces are off: set a number of terraces first.";
    if ((key == "mask_threshold" || key == "mask_falloff") && params.mask != MaskMode::select)
        return "Only the select mask reads a threshold and a falloff.";
    if ((key == "clamp_min" || key == "clamp_max") && !params.clamp) return "Clamp is off: turn it on first.";
    // The erosion stage: the filter's keys and the simulation's are each read by one method.
    if (key.starts_with("erosion.") && key != "erosion.method") {
        const auto simulation     = simulation_param_table();
        const bool simulation_key = std::any_of(simulation.begin(), simulation.end(),
                                                [&](const ParamInfo& entry) { return entry.key == key; });
        if (params.erosion_method == ErosionMethod::none)
            return "Erosion is off: choose filter or simulate first.";
        if (simulation_key && params.erosion_method != ErosionMethod::simulate)
            return "Only erosion.method = simulate reads it.";
        if (!simulation_key && params.erosion_method != ErosionMethod::filter)
            return "Only erosion.method = filter reads it.";
    }
    return {};
}

std::span<const AlgorithmInfo> algorithm_table() { return table; }

const AlgorithmInfo& algorithm_info(Algorithm algorithm) {
    return table[static_cast<std::size_t>(algorithm)];
}

}  // namespace noise
