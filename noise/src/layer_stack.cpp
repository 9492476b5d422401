// The layer stack, evaluated: see layer_stack.hpp.
#include "noise/layer_stack.hpp"

#include <algorithm>
#include <array>

#include "noise/trace.hpp"
#include "stack_rows.hpp"
#include "stack_stage.hpp"

namespace noise {

bool has_stack(const Params& params) {
    return !params.stack.empty() || params.base_layer.mute || params.base_layer.solo;
}

LayerStack::LayerStack(const FractalNoise& noise)
    : base_(&noise), world_(noise.params().placement == Placement::world) {
    const Params& params = noise.params();
    // The first solo layer, if any: then only its own heights are read.
    if (params.base_layer.solo) solo_ = 1;
    for (std::size_t k = 0; k < params.stack.size() && solo_ == 0; ++k)
        if (params.stack[k].solo) solo_ = static_cast<int>(k) + 2;
    for (std::size_t k = 0; k < params.stack.size(); ++k) {
        const StackLayer& settings = params.stack[k];
        Layer layer;
        layer.settings = &settings;
        layer.needed   = !settings.mute;
        if (settings.source == LayerSource::noise) {
            layer.field       = noise.alongside(settings.field.front());
            layer.field_range = nominal_range(settings.field.front());
        }
        if (settings.source == LayerSource::shape && settings.shape_warp > 0.0) {
            // fractal.hpp's warp field, 2D, read alongside the stack as the layer's own noise
            // would be: shape_warp_frequency cycles per placed unit (field_scale).
            Params warp;
            warp.dimension    = 2;
            warp.warp_octaves = settings.shape_warp_octaves;
            warp.seed         = settings.shape_warp_seed;
            for (int axis = 0; axis < 2; ++axis) {
                Params component                           = warp_component_params(warp, axis);
                component.frequency                        = settings.shape_warp_frequency;
                layer.warp[static_cast<std::size_t>(axis)] = noise.alongside(component);
            }
        }
        if (!settings.height_curve.empty()) {
            Params with_curve;
            with_curve.curve   = settings.height_curve;
            layer.height_curve = make_shaping_plan(with_curve);  // its curve's knots and segments only
        }
        // A mask field is read only where the layer is blended (stack_heights asks for no other).
        if (settings.mask == LayerMask::field && !settings.mute && solo_ == 0) {
            layer.mask       = noise.alongside(settings.mask_field.front());
            layer.mask_range = nominal_range(settings.mask_field.front());
        }
        layers_.push_back(std::move(layer));
    }
    // A layer is read when it is blended, masks another or is the solo one: with a solo layer,
    // only that one.
    for (std::size_t k = 0; k < layers_.size(); ++k) {
        const StackLayer& settings = *layers_[k].settings;
        if (!settings.mute && settings.mask == LayerMask::layer && settings.mask_layer >= 2)
            layers_[static_cast<std::size_t>(settings.mask_layer - 2)].needed = true;
    }
    if (solo_ != 0)
        for (std::size_t k = 0; k < layers_.size(); ++k) layers_[k].needed = static_cast<int>(k) + 2 == solo_;
}

namespace {

// Layer k's own height at p, one point at a time (the reference).
double own_height(const LayerStack& stack, const LayerStack::Layer& layer, const Point& p) {
    if (layer.field) return detail::unit_height(layer.field->at(p), layer.field_range);
    if (layer.warp[0])
        return detail::warped_own_height<double>(stack, layer, p[0], p[1], layer.warp[0]->at(p),
                                                 layer.warp[1]->at(p));
    return detail::placed_own_height<double>(stack, layer, p[0], p[1]);
}

}  // namespace

double LayerStack::apply(const Point& p, double v) const {
    std::array<double, max_stack_layers> own{};
    for (std::size_t k = 0; k < layers_.size(); ++k)
        if (layers_[k].needed) own[k] = own_height(*this, layers_[k], p);
    const ShapingPlan& plan = base_->shaping();
    const double a          = detail::stack_heights(
                 *this, detail::layer1_unit(plan, v), [&](std::size_t k) { return own[k]; },
                 [&](std::size_t k) { return detail::unit_height(layers_[k].mask->at(p), layers_[k].mask_range); });
    return detail::layer1_raw(plan, a);
}

namespace detail {

StackRows::StackRows(const LayerStack& stack) : stack_(&stack) {
    for (const LayerStack::Layer& layer : stack.layers()) {
        fields_.push_back(layer.field && layer.needed ? std::make_unique<RowKernel>(*layer.field) : nullptr);
        masks_.push_back(layer.mask ? std::make_unique<RowKernel>(*layer.mask) : nullptr);
        std::array<std::unique_ptr<RowKernel>, 2> warp;
        for (std::size_t c = 0; c < 2 && layer.needed && layer.warp[0]; ++c)
            warp[c] = std::make_unique<RowKernel>(*layer.warp[c]);
        warps_.push_back(std::move(warp));
    }
}

void StackRows::apply(const RowSpec& row, std::span<double> values) const {
    const auto layers       = stack_->layers();
    const std::size_t count = values.size();
    // Every needed layer's own heights along the row, then the blend layer by layer on lanes. The
    // rows live in buffers each thread keeps (a fresh zeroed vector per row cost a fifth of a
    // four-layer stack's time); only the parts this row fills are read.
    thread_local std::vector<double> own, mask, field, warp_x, warp_y;
    own.resize(std::max(own.size(), layers.size() * count));
    mask.resize(std::max(mask.size(), layers.size() * count));
    for (std::size_t k = 0; k < layers.size(); ++k) {
        const std::span<double> heights(own.data() + k * count, count);
        if (fields_[k]) {
            fields_[k]->fill_row(row, heights);
            const Range range = layers[k].field_range;
            for (double& h : heights) h = unit_height(h, range);
        } else if (warps_[k][0]) {  // a warped shape: its warp field's rows, then the profile per pixel
            warp_x.resize(std::max(warp_x.size(), count));
            warp_y.resize(std::max(warp_y.size(), count));
            const std::span<double> wx(warp_x.data(), count), wy(warp_y.data(), count);
            warps_[k][0]->fill_row(row, wx);
            warps_[k][1]->fill_row(row, wy);
            for (std::size_t i = 0; i < count; ++i)
                heights[i] =
                    warped_own_height<double>(*stack_, layers[k], row.pixel_x(i), row.y, wx[i], wy[i]);
        } else if (layers[k].needed) {
            for (std::size_t i = 0; i < count; ++i)
                heights[i] = placed_own_height<double>(*stack_, layers[k], row.pixel_x(i), row.y);
        }
        if (masks_[k]) {
            const std::span<double> masks(mask.data() + k * count, count);
            masks_[k]->fill_row(row, masks);
            const Range range = layers[k].mask_range;
            for (double& m : masks) m = unit_height(m, range);
        }
    }
    // stack_heights, layer by layer over the row: the same steps for every pixel, on lanes, in
    // layer 1's unit heights and back (LayerStack::apply's steps).
    const ShapingPlan& plan = stack_->base().shaping();
    std::span<double> units = values;
    for (double& v : units) v = layer1_unit(plan, v);
    if (stack_->solo() > 1) {
        const double* solo = own.data() + static_cast<std::size_t>(stack_->solo() - 2) * count;
        std::copy(solo, solo + count, units.begin());
    } else if (stack_->solo() == 0) {
        field.assign(units.begin(), units.end());  // layer 1's own heights, a mask for others
        if (stack_->base().params().base_layer.mute) std::fill(units.begin(), units.end(), 0.0);
        for (std::size_t k = 0; k < layers.size(); ++k) {
            const StackLayer& layer = *layers[k].settings;
            if (layer.mute) continue;
            const double* weights = nullptr;
            if (layer.mask == LayerMask::layer)
                weights = layer.mask_layer == 1
                              ? field.data()
                              : own.data() + static_cast<std::size_t>(layer.mask_layer - 2) * count;
            else if (layer.mask == LayerMask::field)
                weights = mask.data() + k * count;
            blend_layer_row(layer, own.data() + k * count, weights, units.data(), count);
        }
    }
    for (double& u : units) u = layer1_raw(plan, u);
}

void stack_gradient_row(const LayerStack& stack, const RowSpec& row, double step, std::span<double> value,
                        std::span<double> gx, std::span<double> gy) {
    const auto layers       = stack.layers();
    const std::size_t count = value.size();
    // Every row in whole vectors (stack_dual_row): the pixels past the end are zeros, never read back.
    const std::size_t padded = (count + max_row_lanes - 1) / max_row_lanes * max_row_lanes;
    // A row of unit heights with their x and y slopes.
    struct DualRow {
        std::vector<double> v, x, y;
        explicit DualRow(std::size_t n = 0) : v(n), x(n), y(n) {}
        DualRowView view() const { return {v.data(), x.data(), y.data()}; }
    };
    // A field's raw value and gradient along the row.
    const auto field_rows_raw = [&](const FractalNoise& field) {
        DualRow r(padded);
        value_gradient_row(field, row, step, std::span(r.v).first(count), std::span(r.x).first(count),
                           std::span(r.y).first(count));
        return r;
    };
    // A field's rows through its nominal range.
    const auto field_rows = [&](const FractalNoise& field, Range range) {
        DualRow r = field_rows_raw(field);
        for (std::size_t i = 0; i < count; ++i) {
            const Dual unit =
                unit_height(Dual{r.v[i], {r.x[i], r.y[i], 0.0, 0.0}}, range);  // as trace.cpp's `stacked`
            r.v[i] = unit.value;
            r.x[i] = unit.slope[0];
            r.y[i] = unit.slope[1];
        }
        return r;
    };
    std::vector<double> frame_x(padded);
    for (std::size_t i = 0; i < count; ++i) frame_x[i] = stack.frame_x(row.pixel_x(i));
    std::vector<DualRow> rows(2 * layers.size());  // each layer's own rows, then its mask field's
    std::vector<DualRowView> own(layers.size()), masks(layers.size());
    for (std::size_t k = 0; k < layers.size(); ++k) {
        const LayerStack::Layer& layer = layers[k];
        DualRow& own_rows              = rows[k];
        if (layer.needed && layer.field) {
            own_rows = field_rows(*layer.field, layer.field_range);
        } else if (layer.needed && layer.warp[0]) {
            // A warped shape: its warp field's rows (value_gradient_row, on lanes where covered),
            // then the profile at the moved points, on lanes.
            const DualRow wx = field_rows_raw(*layer.warp[0]), wy = field_rows_raw(*layer.warp[1]);
            own_rows = DualRow(padded);
            warped_shape_row(stack, layer, frame_x.data(), stack.frame_y(row.y), wx.view(), wy.view(),
                             own_rows.v.data(), own_rows.x.data(), own_rows.y.data(), padded);
        } else if (layer.needed && layer.settings->source == LayerSource::heightmap) {
            own_rows = DualRow(padded);  // the bicubic's texels per pixel (shapes and constants: on lanes)
            for (std::size_t i = 0; i < count; ++i) {
                const Dual h  = placed_own_height<Dual>(stack, layer, row.pixel_x(i), row.y);
                own_rows.v[i] = h.value;
                own_rows.x[i] = h.slope[0];
                own_rows.y[i] = h.slope[1];
            }
        }
        if (!own_rows.v.empty()) own[k] = own_rows.view();
        if (layer.mask) {
            rows[layers.size() + k] = field_rows(*layer.mask, layer.mask_range);
            masks[k]                = rows[layers.size() + k].view();
        }
    }
    DualRow out(padded);
    std::copy(value.begin(), value.end(), out.v.begin());
    std::copy(gx.begin(), gx.end(), out.x.begin());
    std::copy(gy.begin(), gy.end(), out.y.begin());
    stack_dual_row(stack, own, masks, frame_x.data(), stack.frame_y(row.y), out.v.data(), out.x.data(),
                   out.y.data(), padded);
    std::copy_n(out.v.begin(), count, value.begin());
    std::copy_n(out.x.begin(), count, gx.begin());
    std::copy_n(out.y.begin(), count, gy.begin());
}

}  // namespace detail

}  // namespace noise
