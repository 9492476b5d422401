// Value + gradient and the trace of one evaluation: see trace.hpp.
#include "noise/trace.hpp"

#include <stdexcept>

#include "noise/algorithms.hpp"
#include "octave_sum.hpp"
#include "reference_trace.hpp"

namespace noise {
namespace {

// Octave i samples p * scale (+ the octave's shift), so by the chain rule its gradient with
// respect to p is its own gradient times the scale.
detail::Dual chain_octave_scale(detail::Dual n, double scale) {
    for (double& s : n.slope) s *= scale;
    return n;
}

ValueGradient as_value_gradient(const detail::Dual& d) {
    return {d.value, d.slope, GradientMethod::analytic};
}

// Central differences of the fractal sum itself, over `step` along each axis.
ValueGradient finite_differences(const FractalNoise& noise, const Point& p, double step) {
    if (!(step > 0.0)) throw std::invalid_argument("value_gradient: step must be positive");
    ValueGradient vg{noise.at(p), {}, GradientMethod::finite_difference};
    for (int axis = 0; axis < noise.params().dimension; ++axis) {
        Point before = p, after = p;
        before[static_cast<std::size_t>(axis)] -= step;
        after[static_cast<std::size_t>(axis)] += step;
        vg.gradient[static_cast<std::size_t>(axis)] = (noise.at(after) - noise.at(before)) / (2.0 * step);
    }
    return vg;
}

}  // namespace

GradientMethod gradient_method(const Params& params) {
    return algorithm_info(params.algorithm).differentiable ? GradientMethod::analytic
                                                           : GradientMethod::finite_difference;
}

ValueGradient value_gradient(const FractalNoise& noise, const Point& p, double step) {
    const Params& params = noise.params();
    if (gradient_method(params) == GradientMethod::finite_difference) return finite_differences(noise, p, step);
    const AlgorithmInfo& info = algorithm_info(params.algorithm);
    const auto octaves        = noise.octaves();
    return as_value_gradient(detail::sum_octaves<detail::Dual>(
        params.fractal, octaves, noise.divisor(), [&](int i) {
            const OctaveSetup& octave = octaves[static_cast<std::size_t>(i)];
            const detail::Dual n = info.reference_gradient(*octave.lattice, noise.octave_point(i, p), params, octave.period);
            return chain_octave_scale(n, octave.scale);
        }));
}

Trace trace_point(const FractalNoise& noise, const Point& p, double step) {
    const Params& params = noise.params();
    const AlgorithmInfo& info = algorithm_info(params.algorithm);
    const auto octaves        = noise.octaves();
    Trace trace;
    trace.octaves.resize(octaves.size());
    const detail::Dual total = detail::sum_octaves<detail::Dual>(
        params.fractal, octaves, noise.divisor(),
        [&](int i) {
            const OctaveSetup& octave = octaves[static_cast<std::size_t>(i)];
            OctaveTrace& octave_trace = trace.octaves[static_cast<std::size_t>(i)];
            octave_trace.point        = noise.octave_point(i, p);
            const detail::Dual n      = info.reference_trace(*octave.lattice, octave_trace.point, params, octave.period, octave_trace);
            octave_trace.value        = n.value;
            octave_trace.gradient     = n.slope;
            octave_trace.weight       = noise.octave_weight(i);
            return chain_octave_scale(n, octave.scale);
        },
        [&](int i, const detail::Dual& added) {
            trace.octaves[static_cast<std::size_t>(i)].contribution = added.value / noise.divisor();
        });
    trace.total = as_value_gradient(total);
    if (gradient_method(params) == GradientMethod::finite_difference) {
        // White noise: the slopes above are the 0 inside a cell; report the step's estimate.
        trace.total = finite_differences(noise, p, step);
    }
    return trace;
}

}  // namespace noise
