// noise/algorithms.hpp: the one table of noise algorithms.
//
// Each algorithm is one row: its stable name, a one-line summary, which of the algorithm-dependent
// parameters change its output (the window hides the others), the range of one octave's raw value,
// what the teaching views draw of it (its lattice, what each lattice point carries, the probe's
// note), what one octave costs, the readable per-point reference (perlin.hpp, value.hpp, ...) and
// the factory of its compiled row kernel (kernel.hpp), if it has one. FractalNoise, the render
// kernels, the output mapping, the controls and the window read this table and never name an
// algorithm; docs/architecture.md#how-to-add-an-algorithm lists the few files a new one touches.
//
//     const noise::AlgorithmInfo& info = noise::algorithm_info(noise::Algorithm::value);
//     info.uses("gradients");   // false: value noise has no gradients
//     info.corner;              // CornerKind::value: the probe draws each lattice point's value
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

// The lattice one octave reads, as the teaching views draw it (trace.hpp's OctaveTrace):
enum class LatticeKind {
    square,  // the octave blends the 2^D corners (4^D for the cubic curve) of a square cell:
             // the trace's corners and blends; the corner views and the cell figure draw them
    skewed,  // simplex-type: sums the vertices of a skewed (triangular, body-centred) lattice, no
             // square cells and no blends; the probe lists the vertices (probe_simplex.cpp)
    cells,   // cellular: each square cell holds a feature point; the trace's corners are the
             // cells searched, its `nearest` (and `second_nearest`) the ones that decided
};

// What each lattice point carries, as the overlay and the probe draw it:
enum class CornerKind {
    gradient,  // a gradient vector g (an arrow); the corner's value is g . d
    value,     // a pseudo-random value (a grey dot)
    feature,   // a feature point inside its cell (a dot where it lies); the corner's value its distance
};

struct AlgorithmInfo {
    Algorithm algorithm;
    std::string_view name;     // == algorithm_names[algorithm]
    std::string_view summary;  // one line for tooltips and --help
    // The keys of `algorithm_dependent_keys()` this algorithm reads; it ignores the others.
    std::span<const std::string_view> reads;
    Range octave_range;   // nominal range of one octave's raw value (fbm's range)
    bool differentiable;  // false: a step function, whose gradient trace.hpp estimates
    LatticeKind lattice;
    CornerKind corner;
    // true: a whole period of lattice cells maps the lattice onto itself, so `tile` can make the
    // noise repeat; false (simplex): no square period repeats a skewed lattice, `tile` must be 0.
    bool tiles;
    // Lattice points one octave reads along each axis, at least: one octave costs about
    // cost_per_axis^D points, 4^D where the cubic curve is read ("interpolation" in `reads`),
    // times 3^D where "smooth" is read and on. The preview predicts render times from it.
    int cost_per_axis;
    // One sentence the probe's window shows beside its drawing: how the octave's value arises.
    std::string_view probe_note;

    // The readable per-point reference: octave noise at an already scaled point.
    double (*reference)(const Lattice& lattice, const Point& p, const Params& params, const Periods& period);
    // The same reference on dual numbers (trace.hpp): the value with its gradient, and the value
    // with its gradient and every step recorded in `trace`.
    detail::Dual (*reference_gradient)(const Lattice& lattice, const Point& p, const Params& params,
                                       const Periods& period);
    detail::Dual (*reference_trace)(const Lattice& lattice, const Point& p, const Params& params,
                                    const Periods& period, OctaveTrace& trace);
    // The compiled row kernel for params, on the best SIMD target this CPU has (resolved per call),
    // or nullptr: then rows are read through the reference, pixel by pixel (the same values,
    // RowKernel::target() says "reference"). A new algorithm can start without one.
    detail::ResolvedKernel (*make_kernel)(const Params& params) = nullptr;
    // The compiled point kernel (warp, rotated layer), or nullptr where the reference reads the
    // points (point_kernel.hpp).
    detail::ResolvedPointKernel (*make_point_kernel)(const Params& params) = nullptr;

    // Whether the parameter `key` changes this algorithm's output: every key that is not
    // algorithm-dependent does, the others when listed in `reads`.
    bool uses(std::string_view key) const;
    bool square_lattice() const { return lattice == LatticeKind::square; }
    // About how many lattice points one pixel of these params reads (octaves x points per octave,
    // see cost_per_axis): renders are timed per unit of this.
    double relative_cost(const Params& params) const;
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
