// The layer stack's blend (layer_stack.hpp) on SIMD lanes, one pixel per lane, one layer at a time.
//
// stack_stage.hpp's layer_weight and blend_onto, operation for operation: the same IEEE operations
// in the same order, every choice the scalar code makes with the same comparison and a blend
// (std::min(a, b) is "b < a ? b : a", std::clamp(t, 0, 1) is two such choices; never Highway's Min
// and Max, whose choice for equal or unordered operands is the instruction's). So every target
// gives the scalar code's bits, and the last few pixels of a row take the scalar code itself.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/stack_kernel.cpp"
#include <hwy/foreach_target.h>  // re-includes this file once per target
#include <hwy/highway.h>

#include <cstddef>

#include "stack_rows.hpp"
#include "stack_stage.hpp"

HWY_BEFORE_NAMESPACE();
namespace noise {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

using D  = hn::ScalableTag<double>;
using VD = hn::Vec<D>;

// std::clamp(t, 0, 1): t < 0 ? 0 : (1 < t ? 1 : t).
VD Clamp01(VD t) {
    const D d;
    const VD zero = hn::Zero(d), one = hn::Set(d, 1.0);
    return hn::IfThenElse(hn::Lt(t, zero), zero, hn::IfThenElse(hn::Lt(one, t), one, t));
}

// stack_stage.hpp's mask_weight.
VD MaskWeight(const StackLayer& layer, VD m) {
    const D d;
    const VD one = hn::Set(d, 1.0);
    if (layer.mask_invert) m = hn::Sub(one, m);
    const double f = layer.mask_falloff;
    if (f > 0.0) {
        const VD c = Clamp01(hn::Div(hn::Sub(m, hn::Set(d, layer.mask_threshold - f)), hn::Set(d, 2.0 * f)));
        return hn::Mul(hn::Mul(c, c), hn::Sub(hn::Set(d, 3.0), hn::Mul(hn::Set(d, 2.0), c)));
    }
    return hn::IfThenElseZero(hn::Ge(m, hn::Set(d, layer.mask_threshold)), one);
}

// stack_stage.hpp's blend.
VD Blend(BlendMode mode, VD a, VD b) {
    const D d;
    const VD one = hn::Set(d, 1.0);
    switch (mode) {
        case BlendMode::normal:
            return b;
        case BlendMode::add:
            return hn::Add(a, b);
        case BlendMode::subtract:
            return hn::Sub(a, b);
        case BlendMode::multiply:
            return hn::Mul(a, b);
        case BlendMode::min:
            return hn::IfThenElse(hn::Lt(b, a), b, a);
        case BlendMode::max:
            return hn::IfThenElse(hn::Lt(a, b), b, a);
        case BlendMode::screen:
            return hn::Sub(one, hn::Mul(hn::Sub(one, a), hn::Sub(one, b)));
        case BlendMode::difference:
            return hn::Abs(hn::Sub(a, b));
    }
    return b;
}

void BlendLayerRow(const StackLayer& layer, const double* own, const double* mask, double* a,
                   std::size_t count) {
    const D d;
    const std::size_t lanes = hn::Lanes(d);
    const VD opacity        = hn::Set(d, layer.opacity);
    std::size_t i           = 0;
    for (; i + lanes <= count; i += lanes) {
        const VD below = hn::LoadU(d, a + i);
        const VD weight =
            mask != nullptr ? hn::Mul(opacity, MaskWeight(layer, hn::LoadU(d, mask + i))) : opacity;
        const VD blended = Blend(layer.blend, below, hn::LoadU(d, own + i));
        hn::StoreU(hn::Add(below, hn::Mul(hn::Sub(blended, below), weight)), d, a + i);
    }
    for (; i < count; ++i)
        a[i] = detail::blend_onto(layer, a[i], own[i],
                                  detail::layer_weight(layer, mask != nullptr ? mask + i : nullptr));
}

}  // namespace HWY_NAMESPACE
}  // namespace noise
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace noise::detail {
HWY_EXPORT(BlendLayerRow);

void blend_layer_row(const StackLayer& layer, const double* own, const double* mask, double* a,
                     std::size_t count) {
    HWY_DYNAMIC_DISPATCH(BlendLayerRow)(layer, own, mask, a, count);
}
}  // namespace noise::detail
#endif
