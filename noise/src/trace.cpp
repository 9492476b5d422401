// Value + gradient and the trace of one evaluation: see trace.hpp.
#include "noise/trace.hpp"

#include <stdexcept>

#include "erosion_stage.hpp"
#include "gradient_rows.hpp"
#include "noise/algorithms.hpp"
#include "octave_sum.hpp"
#include "reference_trace.hpp"
#include "shaping_stage.hpp"
#include "stack_stage.hpp"

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

// The octave sum F at q with its gradient with respect to q.
detail::Dual layer_gradient(const FractalNoise& noise, const Point& q) {
    const Params& params      = noise.params();
    const AlgorithmInfo& info = algorithm_info(params.algorithm);
    const auto octaves        = noise.octaves();
    return detail::sum_octaves<detail::Dual>(params.fractal, octaves, noise.divisor(), [&](int i) {
        const OctaveSetup& octave = octaves[static_cast<std::size_t>(i)];
        const detail::Dual n =
            info.reference_gradient(*octave.lattice, noise.octave_point(i, q), params, octave.periods);
        return chain_octave_scale(n, octave.scale);
    });
}

// L(q) = (F(q) + F(R q)) * 0.5 with its gradient: the second layer's gradient comes back through
// R's transpose (fractal.hpp's R: x' = (x - y) c, y' = (x + y) c, c = Phi, or 1 while tiling).
detail::Dual layered_gradient(const FractalNoise& noise, const Point& q) {
    const detail::Dual first = layer_gradient(noise, q);
    if (!noise.has_rotated_layer()) return first;
    detail::Dual second = layer_gradient(noise, noise.rotated(q));
    const double c      = noise.params().tile != 0 ? 1.0 : seed001_phi;
    const double gx = second.slope[0], gy = second.slope[1];
    second.slope[0] = (gx + gy) * c;  // d/dx: dx'/dx = c, dy'/dx = c
    second.slope[1] = (gy - gx) * c;  // d/dy: dx'/dy = -c, dy'/dy = c
    return (first + second) * 0.5;
}

// The whole field's value and gradient at p: through the warp by the chain rule,
// d value / d p_j = sum_k dL/dq_k (delta_kj + a dw_k/dp_j).
detail::Dual field_gradient(const FractalNoise& noise, const Point& p) {
    if (!noise.has_warp()) return layered_gradient(noise, p);
    const int dimension = noise.params().dimension;
    const double a      = noise.params().warp_amplitude;
    Point q             = p;
    std::array<std::array<double, 4>, 4> dw{};  // dw[k][j] = d w_k / d p_j
    for (int k = 0; k < dimension; ++k) {
        const detail::Dual w =
            layer_gradient(noise.warp_component(k), p);  // value == warp_component(k).layer(p)
        q[static_cast<std::size_t>(k)]  = p[static_cast<std::size_t>(k)] + a * w.value;
        dw[static_cast<std::size_t>(k)] = w.slope;
    }
    const detail::Dual l = layered_gradient(noise, q);
    detail::Dual result{l.value};
    for (std::size_t j = 0; j < static_cast<std::size_t>(dimension); ++j) {
        double sum = l.slope[j];
        for (std::size_t k = 0; k < static_cast<std::size_t>(dimension); ++k)
            sum += l.slope[k] * (a * dw[k][j]);
        result.slope[j] = sum;
    }
    return result;
}

// The shaping stage on dual numbers (shaping_stage.hpp): each step by the chain rule, the mask
// field's value and gradient from its own value_gradient at the same point.
ValueGradient shaped(const FractalNoise& noise, const Point& p, const ValueGradient& field, double step) {
    const ShapingPlan& plan = noise.shaping();
    if (!plan.active) return field;
    ValueGradient mask{};
    if (plan.mask != MaskMode::none) mask = value_gradient(noise.mask(), p, step);
    const detail::Dual result =
        detail::shape<detail::Dual>(plan, {field.value, field.gradient}, {mask.value, mask.gradient});
    return {result.value, result.slope, field.method};
}

// The layer stack on dual numbers (stack_stage.hpp): every layer's own height with its gradient
// (a noise layer's and a mask field's from their own value_gradient), blended as the values are.
ValueGradient stacked(const FractalNoise& noise, const Point& p, const ValueGradient& field, double step) {
    const LayerStack* stack = noise.stack();
    if (stack == nullptr) return field;
    using detail::Dual;
    const auto unit = [](const ValueGradient& vg, Range range) {
        return detail::unit_height(Dual{vg.value, vg.gradient}, range);
    };
    const auto layers = stack->layers();
    std::array<Dual, max_stack_layers> own{};
    for (std::size_t k = 0; k < layers.size(); ++k) {
        const LayerStack::Layer& layer = layers[k];
        if (!layer.needed) continue;
        const auto warp = [&](std::size_t c) {
            const ValueGradient w = value_gradient(*layer.warp[c], p, step);
            return Dual{w.value, w.gradient};
        };
        own[k] = layer.field ? unit(value_gradient(*layer.field, p, step), layer.field_range)
                 : layer.warp[0]
                     ? detail::warped_own_height<Dual>(*stack, layer, p[0], p[1], warp(0), warp(1))
                     : detail::placed_own_height<Dual>(*stack, layer, p[0], p[1]);
    }
    const ShapingPlan& plan = noise.shaping();
    const Dual u            = detail::layer1_unit(plan, Dual{field.value, field.gradient});
    const Dual a            = detail::stack_heights(
                   *stack, u, [&](std::size_t k) { return own[k]; },
                   [&](std::size_t k) { return unit(value_gradient(*layers[k].mask, p, step), layers[k].mask_range); });
    const Dual v = detail::layer1_raw(plan, a);
    return {v.value, v.slope, field.method};
}

}  // namespace

GradientMethod gradient_method(const Params& params) {
    return algorithm_info(params.algorithm).differentiable ? GradientMethod::analytic
                                                           : GradientMethod::finite_difference;
}

ValueGradient detail::shaped_value_gradient(const FractalNoise& noise, const Point& p, double step) {
    // A step function has no slope inside its cells (the erosion filter's input: nothing to carve).
    if (gradient_method(noise.params()) == GradientMethod::finite_difference)
        return {noise.stacked(p), {}, GradientMethod::finite_difference};
    return stacked(noise, p, shaped(noise, p, as_value_gradient(field_gradient(noise, p)), step), step);
}

ValueGradient value_gradient(const FractalNoise& noise, const Point& p, double step) {
    const Params& params = noise.params();
    if (gradient_method(params) == GradientMethod::finite_difference)
        return finite_differences(noise, p, step);  // of at(), shaping and erosion included
    if (noise.erosion().active) return detail::eroded_value_gradient(noise, p);
    return stacked(noise, p, shaped(noise, p, as_value_gradient(field_gradient(noise, p)), step), step);
}

void value_gradient_row(const FractalNoise& noise, const RowSpec& row, double step, std::span<double> value,
                        std::span<double> gx, std::span<double> gy) {
    if (gx.size() != value.size() || gy.size() != value.size())
        throw std::invalid_argument("value_gradient_row: the rows differ in length");
    if (!(row.x_step > 0.0)) throw std::invalid_argument("value_gradient_row: x_step must be positive");
    const Params& params = noise.params();
    // Without the erosion filter, an analytic field's value_gradient is shaped_value_gradient.
    if (!noise.erosion().active && gradient_method(params) == GradientMethod::analytic &&
        detail::gradient_rows_cover(noise))
        return detail::shaped_gradient_row(noise, row, step, value, gx, gy);
    for (std::size_t i = 0; i < value.size(); ++i) {
        const Point p{row.pixel_x(i), row.y, params.z, params.w};
        const ValueGradient vg = value_gradient(noise, p, step);
        value[i]               = vg.value;
        gx[i]                  = vg.gradient[0];
        gy[i]                  = vg.gradient[1];
    }
}

Trace trace_point(const FractalNoise& noise, const Point& p, double step) {
    const Params& params      = noise.params();
    const AlgorithmInfo& info = algorithm_info(params.algorithm);
    const auto octaves        = noise.octaves();
    // Under a warp the octaves are those of the point the field is read at, q = warped(p); with
    // the rotated layer, those of the first (unturned) layer. The total is the whole field's.
    const Point q = noise.warped(p);
    Trace trace;
    trace.octaves.resize(octaves.size());
    const detail::Dual total = detail::sum_octaves<detail::Dual>(
        params.fractal, octaves, noise.divisor(),
        [&](int i) {
            const OctaveSetup& octave = octaves[static_cast<std::size_t>(i)];
            OctaveTrace& octave_trace = trace.octaves[static_cast<std::size_t>(i)];
            octave_trace.point        = noise.octave_point(i, q);
            const detail::Dual n      = info.reference_trace(*octave.lattice, octave_trace.point, params,
                                                             octave.periods, octave_trace);
            octave_trace.value        = n.value;
            octave_trace.gradient     = n.slope;
            octave_trace.weight       = noise.octave_weight(i);
            return chain_octave_scale(n, octave.scale);
        },
        [&](int i, const detail::Dual& added) {
            trace.octaves[static_cast<std::size_t>(i)].contribution = added.value / noise.divisor();
        });
    trace.total = as_value_gradient(total);
    if (noise.has_warp() || noise.has_rotated_layer())
        trace.total = as_value_gradient(field_gradient(noise, p));
    if (gradient_method(params) == GradientMethod::finite_difference) {
        // White noise: the slopes above are the 0 inside a cell; report the step's estimate.
        trace.total = finite_differences(noise, p, step);
    } else {
        trace.total = stacked(noise, p, shaped(noise, p, trace.total, step), step);
        if (noise.erosion().active) trace.total = detail::eroded_value_gradient(noise, p);
    }
    return trace;
}

}  // namespace noise
