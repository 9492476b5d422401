// The algorithm table: see algorithms.hpp.
#include "noise/algorithms.hpp"

#include <algorithm>
#include <array>

#include "kernel_plan.hpp"
#include "noise/perlin.hpp"
#include "reference_trace.hpp"
#include "noise/value.hpp"

namespace noise {
namespace {

double perlin_reference(const Lattice& lattice, const Point& p, const Params& params, std::int64_t period) {
    return perlin_noise(lattice, p, params.dimension, params.gradients, params.interpolation, period);
}
double value_reference(const Lattice& lattice, const Point& p, const Params& params, std::int64_t period) {
    return value_noise(lattice, p, params.dimension, params.interpolation, params.smooth, period);
}
double white_reference(const Lattice& lattice, const Point& p, const Params& params, std::int64_t period) {
    return white_noise(lattice, p, params.dimension, params.smooth, period);
}

detail::Dual perlin_gradient(const Lattice& lattice, const Point& p, const Params& params, std::int64_t period) {
    return perlin_noise_gradient(lattice, p, params.dimension, params.gradients, params.interpolation, period);
}
detail::Dual value_gradient(const Lattice& lattice, const Point& p, const Params& params, std::int64_t period) {
    return value_noise_gradient(lattice, p, params.dimension, params.interpolation, params.smooth, period);
}
detail::Dual white_gradient(const Lattice& lattice, const Point& p, const Params& params, std::int64_t period) {
    return detail::Dual{white_noise(lattice, p, params.dimension, params.smooth, period)};
}

detail::Dual perlin_trace(const Lattice& lattice, const Point& p, const Params& params, std::int64_t period,
                          OctaveTrace& trace) {
    return perlin_noise_trace(lattice, p, params.dimension, params.gradients, params.interpolation, period, trace);
}
detail::Dual value_trace(const Lattice& lattice, const Point& p, const Params& params, std::int64_t period,
                         OctaveTrace& trace) {
    return value_noise_trace(lattice, p, params.dimension, params.interpolation, params.smooth, period, trace);
}
detail::Dual white_trace(const Lattice& lattice, const Point& p, const Params& params, std::int64_t period,
                         OctaveTrace& trace) {
    return white_noise_trace(lattice, p, params.dimension, params.smooth, period, trace);
}

// The parameters only some algorithms read, and which ones each reads.
constexpr std::array<std::string_view, 3> dependent_keys{"gradients", "interpolation", "smooth"};
constexpr std::array<std::string_view, 2> perlin_reads{"gradients", "interpolation"};
constexpr std::array<std::string_view, 2> value_reads{"interpolation", "smooth"};
constexpr std::array<std::string_view, 1> white_reads{"smooth"};

// In the order of the Algorithm enum (checked below).
constexpr std::array<AlgorithmInfo, 3> table{{
    {Algorithm::perlin, "perlin", "gradient noise: a random gradient at each lattice point, 0 at the points",
     perlin_reads, {-1.0, 1.0}, true, perlin_reference, perlin_gradient, perlin_trace,
     detail::make_perlin_kernel},
    {Algorithm::value, "value", "value noise: a random value at each lattice point, blended between them",
     value_reads, {-1.0, 1.0}, true, value_reference, value_gradient, value_trace,
     detail::make_value_kernel},
    {Algorithm::white, "white", "white noise: each cell holds its lattice point's random value",
     white_reads, {-1.0, 1.0}, false, white_reference, white_gradient, white_trace,
     detail::make_white_kernel},
}};

constexpr bool table_matches_enum() {
    if (table.size() != algorithm_names.size()) return false;
    for (std::size_t i = 0; i < table.size(); ++i)
        if (static_cast<std::size_t>(table[i].algorithm) != i || table[i].name != algorithm_names[i]) return false;
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

std::string unused_reason(const Params& params, std::string_view key) {
    const AlgorithmInfo& info = algorithm_info(params.algorithm);
    if (!info.uses(key)) return "Not used by " + std::string(info.name) + " noise: " + std::string(info.summary) + ".";
    if ((key == "warp_frequency" || key == "warp_octaves") && !(params.warp_amplitude > 0.0))
        return "Domain warp is off: set a warp amplitude above 0 first.";
    if (key == "layers" && params.dimension < 2)
        return "The rotated layer turns the x-y plane: 1D noise has no plane to turn.";
    return {};
}

std::span<const AlgorithmInfo> algorithm_table() { return table; }

const AlgorithmInfo& algorithm_info(Algorithm algorithm) { return table[static_cast<std::size_t>(algorithm)]; }

}  // namespace noise
