// The layer stack on dual numbers (stack_stage.hpp's stack_heights<Dual>), on SIMD lanes, one pixel
// per lane: the gradient rows' stack (stack_rows.hpp's stack_gradient_row) for the normal maps and
// the erosion filter.
//
// Per vector of pixels: layer 1's raw value and gradient as a unit height (layer1_unit), each
// layer's own height (a shape's or a constant's placed here on lanes, through its own curve; a
// noise layer's, a mask field's and a heightmap's from the rows the caller made), the blends and
// weights layer by layer, and back to layer 1's raw values (layer1_raw). A warped shape's own
// height comes first, a row at a time (WarpedShapeRow: the profile at the points its warp field
// moved, from the warp's gradient rows). Every step is stack_stage.hpp's on dual_lanes-inl.h's
// numbers, the same IEEE operations in the same order, so each lane is the scalar Dual's bits on
// every target.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/stack_dual_kernel.cpp"
#include <hwy/foreach_target.h>  // re-includes this file once per target
#include <hwy/highway.h>

#include <cmath>
#include <cstddef>
#include <span>

#include "simd/dual_lanes-inl.h"
#include "stack_rows.hpp"

HWY_BEFORE_NAMESPACE();
namespace noise {
namespace HWY_NAMESPACE {

using detail::DualRowView;

HWY_INLINE DualLanes LoadDual(const DualRowView& row, std::size_t i) {
    const DF d;
    return {hn::LoadU(d, row.v + i), hn::LoadU(d, row.x + i), hn::LoadU(d, row.y + i)};
}

// shape_height: a shape layer's height at the frame point (fx, fy).
HWY_INLINE DualLanes ShapeHeightDual(const StackLayer& layer, const DualLanes& fx, const DualLanes& fy) {
    const DF d;
    const DualLanes dx = Minus(fx, Constant(layer.shape_x));
    const DualLanes dy = Minus(fy, Constant(layer.shape_y));
    const double r     = layer.shape_radius;
    if (layer.shape == LayerShape::ramp) {
        const double radians = layer.shape_angle * (M_PI / 180.0);
        const DualLanes along =
            Plus(Scaled(hn::Set(d, std::cos(radians)), dx), Scaled(hn::Set(d, std::sin(radians)), dy));
        return Clamped01(Plus(Constant(0.5), Divided(along, hn::Set(d, 2.0 * r))));
    }
    const DualLanes distance = SqrtDual(Plus(Times(dx, dx), Times(dy, dy)));
    switch (layer.shape) {
        case LayerShape::radial:
            return OneMinus(SmoothStepDual(Divided(distance, hn::Set(d, r))));
        case LayerShape::plateau: {
            const double inner = (1.0 - layer.shape_falloff) * r;
            return OneMinus(SmoothStepDual(Divided(Minus(distance, Constant(inner)), hn::Set(d, r - inner))));
        }
        case LayerShape::cone:
            return OneMinus(Clamped01(Divided(distance, hn::Set(d, r))));
        case LayerShape::ramp:
            break;
    }
    return Constant(0.0);
}

// stack_stage.hpp's blend: b blended onto a.
HWY_INLINE DualLanes BlendDual(BlendMode mode, const DualLanes& a, const DualLanes& b) {
    switch (mode) {
        case BlendMode::normal:
            return b;
        case BlendMode::add:
            return Plus(a, b);
        case BlendMode::subtract:
            return Minus(a, b);
        case BlendMode::multiply:
            return Times(a, b);
        case BlendMode::min:  // min_of: b.value < a.value ? b : a
            return Pick(hn::Lt(b.value, a.value), a, b);
        case BlendMode::max:  // max_of: a.value < b.value ? b : a
            return Pick(hn::Lt(a.value, b.value), a, b);
        case BlendMode::screen:
            return OneMinus(Times(OneMinus(a), OneMinus(b)));
        case BlendMode::difference:
            return Absolute(Minus(a, b));
    }
    return b;
}

// stack_stage.hpp's mask_weight.
HWY_INLINE DualLanes MaskWeightDual(const StackLayer& layer, DualLanes m) {
    const DF d;
    if (layer.mask_invert) m = OneMinus(m);
    const double f = layer.mask_falloff;
    if (f > 0.0)
        return SmoothStepDual(Divided(Minus(m, Constant(layer.mask_threshold - f)), hn::Set(d, 2.0 * f)));
    return {hn::IfThenElseZero(hn::Ge(m.value, hn::Set(d, layer.mask_threshold)), hn::Set(d, 1.0)),
            hn::Zero(d), hn::Zero(d)};
}

// One vector of pixels from i: the rows' own heights, or a placed source's (placed_own_height).
class StackAt {
  public:
    StackAt(const LayerStack& stack, std::span<const DualRowView> own, std::span<const DualRowView> masks,
            VF frame_x, VF frame_y)
        : stack_(stack), own_(own), masks_(masks) {
        const DF d;
        const VF per_unit = hn::Set(d, stack.frame_per_unit());
        fx_               = {frame_x, per_unit, hn::Zero(d)};  // Dual::along(0, ...)
        fy_               = {frame_y, hn::Zero(d), per_unit};  // Dual::along(1, ...)
    }

    DualLanes own(std::size_t k, std::size_t i) const {
        if (own_[k].v != nullptr) return LoadDual(own_[k], i);
        const LayerStack::Layer& layer = stack_.layers()[k];
        const StackLayer& settings     = *layer.settings;
        const DualLanes height = settings.source == LayerSource::shape ? ShapeHeightDual(settings, fx_, fy_)
                                                                       : Constant(settings.constant);
        return layer.height_curve.knots.empty() ? height : CurveDual(layer.height_curve, height);
    }
    DualLanes mask(std::size_t k, std::size_t i) const { return LoadDual(masks_[k], i); }

  private:
    const LayerStack& stack_;
    std::span<const DualRowView> own_, masks_;
    DualLanes fx_, fy_;
};

// stack_heights on layer 1's unit height u.
HWY_INLINE DualLanes StackHeightsDual(const LayerStack& stack, const StackAt& at, std::size_t i,
                                      const DualLanes& u) {
    const auto layers = stack.layers();
    if (stack.solo() == 1) return u;
    if (stack.solo() > 1) return at.own(static_cast<std::size_t>(stack.solo() - 2), i);
    DualLanes a = stack.base().params().base_layer.mute ? Constant(0.0) : u;
    for (std::size_t k = 0; k < layers.size(); ++k) {
        const StackLayer& layer = *layers[k].settings;
        if (layer.mute) continue;
        DualLanes weight = Constant(layer.opacity);  // layer_weight
        if (layer.mask != LayerMask::none) {
            const DualLanes m = layer.mask == LayerMask::field ? at.mask(k, i)
                                : layer.mask_layer == 1
                                    ? u
                                    : at.own(static_cast<std::size_t>(layer.mask_layer - 2), i);
            weight            = Times(weight, MaskWeightDual(layer, m));
        }
        a = Plus(a, Times(Minus(BlendDual(layer.blend, a, at.own(k, i)), a), weight));  // blend_onto
    }
    return a;
}

void StackDualRow(const LayerStack& stack, std::span<const DualRowView> own,
                  std::span<const DualRowView> masks, const double* frame_x, double frame_y, double* value,
                  double* gx, double* gy, std::size_t count) {
    const DF d;
    const std::size_t lanes = hn::Lanes(d);
    const ShapingPlan& plan = stack.base().shaping();
    const VF inv_span = hn::Set(d, plan.inv_span), span = hn::Set(d, plan.span), fy = hn::Set(d, frame_y);
    for (std::size_t i = 0; i < count; i += lanes) {
        const StackAt at(stack, own, masks, hn::LoadU(d, frame_x + i), fy);
        const DualLanes raw{hn::LoadU(d, value + i), hn::LoadU(d, gx + i), hn::LoadU(d, gy + i)};
        const DualLanes u      = Scaled(inv_span, Minus(raw, Constant(plan.lo)));  // layer1_unit
        const DualLanes a      = StackHeightsDual(stack, at, i, u);
        const DualLanes result = Plus(Constant(plan.lo), Scaled(span, a));  // layer1_raw
        hn::StoreU(result.value, d, value + i);
        hn::StoreU(result.dx, d, gx + i);
        hn::StoreU(result.dy, d, gy + i);
    }
}

// A warped shape's own height (warped_own_height<Dual>) for `count` pixels: the placed point
// Dual::along(axis, frame, frame_per_unit) plus shape_warp times the warp field's dual number
// (wx, wy: its raw value and gradient), the profile there, through the layer's own curve.
void WarpedShapeRow(const LayerStack& stack, const LayerStack::Layer& layer, const double* frame_x,
                    double frame_y, DualRowView wx, DualRowView wy, double* v, double* gx, double* gy,
                    std::size_t count) {
    const DF d;
    const std::size_t lanes    = hn::Lanes(d);
    const StackLayer& settings = *layer.settings;
    const VF amplitude = hn::Set(d, settings.shape_warp), per_unit = hn::Set(d, stack.frame_per_unit());
    const DualLanes along_y{hn::Set(d, frame_y), hn::Zero(d), per_unit};
    for (std::size_t i = 0; i < count; i += lanes) {
        const DualLanes along_x{hn::LoadU(d, frame_x + i), per_unit, hn::Zero(d)};
        const DualLanes fx     = Plus(along_x, Scaled(amplitude, LoadDual(wx, i)));
        const DualLanes fy     = Plus(along_y, Scaled(amplitude, LoadDual(wy, i)));
        const DualLanes height = ShapeHeightDual(settings, fx, fy);
        const DualLanes own =
            layer.height_curve.knots.empty() ? height : CurveDual(layer.height_curve, height);
        hn::StoreU(own.value, d, v + i);
        hn::StoreU(own.dx, d, gx + i);
        hn::StoreU(own.dy, d, gy + i);
    }
}

}  // namespace HWY_NAMESPACE
}  // namespace noise
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace noise::detail {
HWY_EXPORT(StackDualRow);
HWY_EXPORT(WarpedShapeRow);

void warped_shape_row(const LayerStack& stack, const LayerStack::Layer& layer, const double* frame_x,
                      double frame_y, DualRowView wx, DualRowView wy, double* v, double* gx, double* gy,
                      std::size_t count) {
    HWY_DYNAMIC_DISPATCH(WarpedShapeRow)(stack, layer, frame_x, frame_y, wx, wy, v, gx, gy, count);
}

void stack_dual_row(const LayerStack& stack, std::span<const DualRowView> own,
                    std::span<const DualRowView> masks, const double* frame_x, double frame_y, double* value,
                    double* gx, double* gy, std::size_t count) {
    HWY_DYNAMIC_DISPATCH(StackDualRow)(stack, own, masks, frame_x, frame_y, value, gx, gy, count);
}
}  // namespace noise::detail
#endif
