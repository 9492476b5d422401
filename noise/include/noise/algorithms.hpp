// noise/algorithms.hpp: the one table of noise algorithms.
//
// Each algorithm is one row: its stable name, a one-line summary, which of the algorithm-dependent
// parameters change its output (the window hides the others), the range of one octave's raw value, the
// readable per-point reference (perlin.hpp, value.hpp, worley.hpp) and the factory of its compiled row kernel
// (kernel.hpp). A new algorithm plugs in here and nowhere else: FractalNoise, the render kernels,
// the output mapping and the controls all read this table.
//
//     const noise::AlgorithmInfo& info = noise::algorithm_info(noise::Algorithm::value);
//     info.uses("gradients");   // false: value noise has no gradients
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "noise/fractal.hpp"
#include "noise/params.hpp"

namespace noise {

struct OctaveTrace;  // trace.hpp

namespace detail {
struct ResolvedKernel;       // kernel_plan.hpp: the row function of one configuration on one SIMD target
struct ResolvedPointKernel;  // point_kernel.hpp: the same at arbitrary points
struct Dual;                 // dual.hpp: a value with its partial derivatives
}  // namespace detail

struct AlgorithmInfo {
    Algorithm algorithm;
    std::string_view name;     // == algorithm_names[algorithm]
    std::string_view summary;  // one line for tooltips and --help
    // The keys of `algorithm_dependent_keys()` this algorithm reads; it ignores the others.
    std::span<const std::string_view> reads;
    Range octave_range;   // nominal range of one octave's raw value (fbm's range)
    bool differentiable;  // false: a step function, whose gradient trace.hpp estimates
    // true: the octave blends the 2^D corners of a square lattice cell (trace.hpp's corners and
    // blends), which the teaching views draw; false: simplex (a triangular or body-centred
    // lattice) and worley (no corners are blended, each cell holds a feature point).
    bool square_lattice;
    // true: a whole period of lattice cells maps the lattice onto itself, so `tile` can make the
    // noise repeat; false (simplex): no square period repeats a skewed lattice, `tile` must be 0.
    bool tiles;

    // The readable per-point reference: octave noise at an already scaled point.
    double (*reference)(const Lattice& lattice, const Point& p, const Params& params, const Periods& period);
    // The same reference on dual numbers (trace.hpp): the value with its gradient, and the value
    // with its gradient and every step recorded in `trace`.
    detail::Dual (*reference_gradient)(const Lattice& lattice, const Point& p, const Params& params,
                                       const Periods& period);
    detail::Dual (*reference_trace)(const Lattice& lattice, const Point& p, const Params& params,
                                    const Periods& period, OctaveTrace& trace);
    // The compiled row kernel for params, on the best SIMD target this CPU has (resolved per call).
    detail::ResolvedKernel (*make_kernel)(const Params& params);
    // The compiled point kernel (warp, rotated layer), or nullptr where the reference reads the
    // points (point_kernel.hpp).
    detail::ResolvedPointKernel (*make_point_kernel)(const Params& params) = nullptr;

    // Whether the parameter `key` changes this algorithm's output: every key that is not
    // algorithm-dependent does, the others when listed in `reads`.
    bool uses(std::string_view key) const;
};

std::span<const AlgorithmInfo> algorithm_table();
const AlgorithmInfo& algorithm_info(Algorithm algorithm);

// The parameters that only some algorithms read ("gradients", "interpolation", "smooth", ...).
std::span<const std::string_view> algorithm_dependent_keys();

// Why the parameter `key` changes nothing under `params`, as one sentence for a tooltip, or an
// empty string when it does change the output. The window shows only the controls that apply.
// The algorithm decides most (`uses`); a few keys depend on another setting as well.
std::string unused_reason(const Params& params, std::string_view key);

}  // namespace noise
