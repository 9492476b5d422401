// stack_stage.hpp (internal): the layer stack of layer_stack.hpp, written once over a number type.
//
// On doubles it is LayerStack::apply and apply_row (layer_stack.cpp); on dual numbers (dual.hpp)
// it carries the gradient through every source, blend and weight by the chain rule (trace.cpp).
// Both do the same double operations in the same order, so the value is the same bits.
#pragma once

#include <cmath>
#include <type_traits>

#include "dual.hpp"
#include "noise/layer_stack.hpp"
#include "shaping_stage.hpp"

namespace noise::detail {

// A field's raw value as a unit height through its nominal range: (v - lo) times 1 / (hi - lo), a
// multiplication rather than a division (a row's pass costs a fraction as much; every path does
// the same two operations, so the bits agree).
template <class V>
V unit_height(const V& v, Range range) {
    return (v - V{range.lo}) * (1.0 / (range.hi - range.lo));
}

// Layer 1's raw value as the unit height the stack works in, and back (layer 1's nominal range,
// as the shaping stage has it): every path of the stack converts here.
template <class V>
V layer1_unit(const ShapingPlan& plan, const V& v) {
    return (v - V{plan.lo}) * plan.inv_span;
}
template <class V>
V layer1_raw(const ShapingPlan& plan, const V& u) {
    return V{plan.lo} + u * plan.span;
}

// smoothstep: 3t^2 - 2t^3 of t clamped to [0, 1] (flat outside).
template <class V>
V smooth_step(const V& t) {
    const V c = clamp01(t);
    return c * c * (3.0 - 2.0 * c);
}

// A shape layer's height at the frame point (fx, fy) (layer_stack.hpp's profiles).
template <class V>
V shape_height(const StackLayer& layer, const V& fx, const V& fy) {
    const V dx     = fx - V{layer.shape_x};
    const V dy     = fy - V{layer.shape_y};
    const double r = layer.shape_radius;
    if (layer.shape == LayerShape::ramp) {
        const double radians = layer.shape_angle * (M_PI / 180.0);
        const V along        = dx * std::cos(radians) + dy * std::sin(radians);
        return clamp01(V{0.5} + along / (2.0 * r));
    }
    using std::sqrt;
    const V d = sqrt(dx * dx + dy * dy);  // at the centre: slope 0 (dual.hpp's sqrt)
    switch (layer.shape) {
        case LayerShape::radial:
            return 1.0 - smooth_step(d / r);
        case LayerShape::plateau: {
            const double inner = (1.0 - layer.shape_falloff) * r;
            return 1.0 - smooth_step((d - V{inner}) / (r - inner));
        }
        case LayerShape::cone:
            return 1.0 - clamp01(d / r);
        case LayerShape::ramp:
            break;
    }
    return V{0.0};
}

// Catmull-Rom through four samples at t in [0, 1] between the middle two: the cubic through them
// with the slopes (p2 - p0) / 2 and (p3 - p1) / 2, C1 across segments.
template <class V>
V catmull_rom(double p0, double p1, double p2, double p3, const V& t) {
    const V cubic = V{3.0 * (p1 - p2) + p3 - p0} * t;
    const V quad  = (V{2.0 * p0 - 5.0 * p1 + 4.0 * p2 - p3} + cubic) * t;
    return V{p1} + 0.5 * t * (V{p2 - p0} + quad);
}

// The heightmap's sample at texel (i, j), past the edges as the layer says.
inline double texel(const HeightSamples& image, MapEdges edges, std::int64_t i, std::int64_t j) {
    const std::int64_t w = image.width, h = image.height;
    if (edges == MapEdges::repeat) {
        i = ((i % w) + w) % w;
        j = ((j % h) + h) % h;
    } else {
        i = std::clamp<std::int64_t>(i, 0, w - 1);
        j = std::clamp<std::int64_t>(j, 0, h - 1);
    }
    return image.values[static_cast<std::size_t>(j * w + i)];
}

// A heightmap layer's height at the frame point (fx, fy): bicubic between texel centres.
template <class V>
V heightmap_height(const StackLayer& layer, const V& fx, const V& fy) {
    const HeightSamples& image = *layer.heightmap_image.samples;
    const double texels        = image.width / layer.map_width;  // texels per frame unit
    const V px                 = (fx - V{layer.map_x}) * texels - V{0.5};
    const V py                 = (fy - V{layer.map_y}) * texels - V{0.5};
    // Far outside the frame the texel index would leave int64: clamp it well inside first.
    const double x0 = std::floor(std::clamp(value_of(px), -1e15, 1e15));
    const double y0 = std::floor(std::clamp(value_of(py), -1e15, 1e15));
    const V tx = px - V{x0}, ty = py - V{y0};
    const auto i = static_cast<std::int64_t>(x0), j = static_cast<std::int64_t>(y0);
    V rows[4];
    for (std::int64_t r = 0; r < 4; ++r) {
        const std::int64_t row = j - 1 + r;
        rows[r]                = catmull_rom(
                           texel(image, layer.map_edges, i - 1, row), texel(image, layer.map_edges, i, row),
                           texel(image, layer.map_edges, i + 1, row), texel(image, layer.map_edges, i + 2, row), tx);
    }
    // The same cubic down the column, on the rows' heights (which carry x's slope).
    const V cubic = (3.0 * (rows[1] - rows[2]) + rows[3] - rows[0]) * ty;
    const V quad  = (2.0 * rows[0] - 5.0 * rows[1] + 4.0 * rows[2] - rows[3] + cubic) * ty;
    return rows[1] + 0.5 * ty * (rows[2] - rows[0] + quad);
}

// A shape's, a constant's or a heightmap's height at the frame point (noise layers read their own
// field: the caller's).
template <class V>
V placed_height(const StackLayer& layer, const V& fx, const V& fy) {
    switch (layer.source) {
        case LayerSource::shape:
            return shape_height(layer, fx, fy);
        case LayerSource::heightmap:
            return heightmap_height(layer, fx, fy);
        case LayerSource::constant:
        case LayerSource::noise:
            break;
    }
    return V{layer.constant};
}

// A placed source's height through its own remap curve, when it has one.
template <class V>
V curved(const LayerStack::Layer& layer, const V& height) {
    return layer.height_curve.knots.empty() ? height : shape_curve(layer.height_curve, height);
}

// A shape's, constant's or heightmap's own height at the noise-space point (x, y), through its
// own curve: on doubles, or on dual numbers whose slopes are along x and y.
template <class V>
V placed_own_height(const LayerStack& stack, const LayerStack::Layer& layer, double x, double y) {
    if constexpr (std::is_same_v<V, Dual>) {
        const Dual fx = Dual::along(0, stack.frame_x(x), stack.frame_per_unit());
        const Dual fy = Dual::along(1, stack.frame_y(y), stack.frame_per_unit());
        return curved(layer, placed_height(*layer.settings, fx, fy));
    } else {
        return curved(layer, placed_height(*layer.settings, stack.frame_x(x), stack.frame_y(y)));
    }
}

// A warped shape's own height at the noise-space point (x, y), through its own curve, from its
// warp field's components there, w0 and w1 (layer.warp's at or value_gradient at that point): the
// profile at the placed point moved by shape_warp w (layer_stack.hpp). On dual numbers the placed
// point's slopes are frame_per_unit plus shape_warp times the field's: the chain rule through w.
template <class V>
V warped_own_height(const LayerStack& stack, const LayerStack::Layer& layer, double x, double y, const V& w0,
                    const V& w1) {
    const double amplitude = layer.settings->shape_warp;
    if constexpr (std::is_same_v<V, Dual>) {
        const Dual fx = Dual::along(0, stack.frame_x(x), stack.frame_per_unit()) + amplitude * w0;
        const Dual fy = Dual::along(1, stack.frame_y(y), stack.frame_per_unit()) + amplitude * w1;
        return curved(layer, placed_height(*layer.settings, fx, fy));
    } else {
        return curved(layer, placed_height(*layer.settings, stack.frame_x(x) + amplitude * w0,
                                           stack.frame_y(y) + amplitude * w1));
    }
}

// b blended onto a.
template <class V>
V blend(BlendMode mode, const V& a, const V& b) {
    using std::abs;
    switch (mode) {
        case BlendMode::normal:
            return b;
        case BlendMode::add:
            return a + b;
        case BlendMode::subtract:
            return a - b;
        case BlendMode::multiply:
            return a * b;
        case BlendMode::min:
            return min_of(a, b);
        case BlendMode::max:
            return max_of(a, b);
        case BlendMode::screen:
            return 1.0 - (1.0 - a) * (1.0 - b);
        case BlendMode::difference:
            return abs(a - b);
    }
    return b;
}

// The mask's weight k from its unit height m: the soft step across [t - f, t + f].
template <class V>
V mask_weight(const StackLayer& layer, V m) {
    if (layer.mask_invert) m = 1.0 - m;
    const double f = layer.mask_falloff;
    if (f > 0.0) return smooth_step((m - V{layer.mask_threshold - f}) / (2.0 * f));
    return V{value_of(m) >= layer.mask_threshold ? 1.0 : 0.0};
}

// A layer's weight: its opacity, times its mask's weight when `m` (the mask's unit height) is given.
template <class V>
V layer_weight(const StackLayer& layer, const V* m) {
    V weight{layer.opacity};
    if (m != nullptr) weight = weight * mask_weight(layer, *m);
    return weight;
}

// The layer's own height b blended onto a with the weight: a + (blend(a, b) - a) w.
template <class V>
V blend_onto(const StackLayer& layer, const V& a, const V& b, const V& weight) {
    return a + (blend(layer.blend, a, b) - a) * weight;
}

// The stack on layer 1's unit height u. own(k) is layer k + 2's own height (k indexes
// stack.layers()), mask(k) its mask field's unit height; both are asked only when needed.
// (simd/stack_kernel.cpp runs the same steps layer by layer on lanes.)
template <class V, class Own, class MaskField>
V stack_heights(const LayerStack& stack, const V& u, Own&& own, MaskField&& mask) {
    const auto layers = stack.layers();
    if (stack.solo() == 1) return u;
    if (stack.solo() > 1) return own(static_cast<std::size_t>(stack.solo() - 2));
    V a = stack.base().params().base_layer.mute ? V{0.0} : u;
    for (std::size_t k = 0; k < layers.size(); ++k) {
        const StackLayer& layer = *layers[k].settings;
        if (layer.mute) continue;
        V m{};
        if (layer.mask == LayerMask::layer)
            m = layer.mask_layer == 1 ? u : own(static_cast<std::size_t>(layer.mask_layer - 2));
        else if (layer.mask == LayerMask::field)
            m = mask(k);
        a = blend_onto(layer, a, own(k), layer_weight(layer, layer.mask == LayerMask::none ? nullptr : &m));
    }
    return a;
}

}  // namespace noise::detail
