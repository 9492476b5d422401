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

LayerStack::LayerStack(const FractalNoise& noise) : base_(&noise) {
    const Params& params = noise.params();
    if (params.base_layer.solo) solo_ = 1;
    for (std::size_t k = 0; k < params.stack.size(); ++k) {
        const StackLayer& settings = params.stack[k];
        Layer layer;
        layer.settings = &settings;
        layer.needed   = !settings.mute;
        if (settings.source == LayerSource::noise) {
            layer.field       = noise.alongside(settings.field.front());
            layer.field_range = nominal_range(settings.field.front());
        }
        if (!settings.height_curve.empty()) {
            Params with_curve;
            with_curve.curve   = settings.height_curve;
            layer.height_curve = make_shaping_plan(with_curve);  // its curve's knots and segments only
        }
        if (settings.mask == LayerMask::field) {
            layer.mask       = noise.alongside(settings.mask_field.front());
            layer.mask_range = nominal_range(settings.mask_field.front());
        }
        if (settings.solo && solo_ == 0) solo_ = static_cast<int>(k) + 2;
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

// A unit height from a raw value of a field with this nominal range.
double unit_of(double value, Range range) { return detail::unit_height(value, range); }

// Layer k's own height at p, one point at a time (the reference).
double own_height(const LayerStack& stack, const LayerStack::Layer& layer, const Point& p) {
    if (layer.field) return unit_of(layer.field->at(p), layer.field_range);
    return detail::curved(layer,
                          detail::placed_height(*layer.settings, stack.frame_x(p[0]), stack.frame_y(p[1])));
}

}  // namespace

double LayerStack::apply(const Point& p, double u) const {
    std::array<double, max_stack_layers> own{};
    for (std::size_t k = 0; k < layers_.size(); ++k)
        if (layers_[k].needed) own[k] = own_height(*this, layers_[k], p);
    return detail::stack_heights(
        *this, u, [&](std::size_t k) { return own[k]; },
        [&](std::size_t k) { return unit_of(layers_[k].mask->at(p), layers_[k].mask_range); });
}

namespace detail {

StackRows::StackRows(const LayerStack& stack) : stack_(&stack) {
    for (const LayerStack::Layer& layer : stack.layers()) {
        fields_.push_back(layer.field && layer.needed ? std::make_unique<RowKernel>(*layer.field) : nullptr);
        const bool masks = layer.mask && !layer.settings->mute && stack.solo() == 0;
        masks_.push_back(masks ? std::make_unique<RowKernel>(*layer.mask) : nullptr);
    }
}

void StackRows::apply(const RowSpec& row, std::span<double> units) const {
    const auto layers       = stack_->layers();
    const std::size_t count = units.size();
    // Every needed layer's own heights along the row, then the blend layer by layer on lanes. The
    // rows live in buffers each thread keeps (a fresh zeroed vector per row cost a fifth of a
    // four-layer stack's time); only the parts this row fills are read.
    thread_local std::vector<double> own, mask, field;
    own.resize(std::max(own.size(), layers.size() * count));
    mask.resize(std::max(mask.size(), layers.size() * count));
    for (std::size_t k = 0; k < layers.size(); ++k) {
        const std::span<double> heights(own.data() + k * count, count);
        if (fields_[k]) {
            fields_[k]->fill_row(row, heights);
            const Range range = layers[k].field_range;
            for (double& h : heights) h = unit_height(h, range);
        } else if (layers[k].needed) {
            const double fy = stack_->frame_y(row.y);
            for (std::size_t i = 0; i < count; ++i) {
                const double x = row.x_origin + (row.first + static_cast<int>(i) + 0.5) * row.x_step;
                heights[i] = curved(layers[k], placed_height(*layers[k].settings, stack_->frame_x(x), fy));
            }
        }
        if (masks_[k]) {
            const std::span<double> masks(mask.data() + k * count, count);
            masks_[k]->fill_row(row, masks);
            const Range range = layers[k].mask_range;
            for (double& m : masks) m = unit_height(m, range);
        }
    }
    // stack_heights, layer by layer over the row: the same steps for every pixel, on lanes.
    if (stack_->solo() > 1) {
        const double* solo = own.data() + static_cast<std::size_t>(stack_->solo() - 2) * count;
        std::copy(solo, solo + count, units.begin());
        return;
    }
    if (stack_->solo() == 1) return;
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

void stack_gradient_row(const LayerStack& stack, const RowSpec& row, double step, std::span<double> value,
                        std::span<double> gx, std::span<double> gy) {
    const auto layers       = stack.layers();
    const std::size_t count = value.size();
    // A row of unit heights with their x and y slopes: a field's rows through its nominal range.
    struct DualRow {
        std::vector<double> v, x, y;
        Dual at(std::size_t i) const { return {v[i], {x[i], y[i], 0.0, 0.0}}; }
    };
    const auto field_rows = [&](const FractalNoise& field, Range range) {
        DualRow r{std::vector<double>(count), std::vector<double>(count), std::vector<double>(count)};
        value_gradient_row(field, row, step, r.v, r.x, r.y);
        for (std::size_t i = 0; i < count; ++i) {
            const Dual unit = unit_height(r.at(i), range);  // as trace.cpp's `stacked` takes it
            r.v[i]          = unit.value;
            r.x[i]          = unit.slope[0];
            r.y[i]          = unit.slope[1];
        }
        return r;
    };
    std::vector<DualRow> own(layers.size()), masks(layers.size());
    for (std::size_t k = 0; k < layers.size(); ++k) {
        const LayerStack::Layer& layer = layers[k];
        if (layer.needed && layer.field) {
            own[k] = field_rows(*layer.field, layer.field_range);
        } else if (layer.needed) {
            own[k] = {std::vector<double>(count), std::vector<double>(count), std::vector<double>(count)};
            const Dual fy = Dual::along(1, stack.frame_y(row.y), stack.frame_per_unit());
            for (std::size_t i = 0; i < count; ++i) {
                const double x = row.x_origin + (row.first + static_cast<int>(i) + 0.5) * row.x_step;
                const Dual h   = curved(
                      layer, placed_height(*layer.settings,
                                           Dual::along(0, stack.frame_x(x), stack.frame_per_unit()), fy));
                own[k].v[i] = h.value;
                own[k].x[i] = h.slope[0];
                own[k].y[i] = h.slope[1];
            }
        }
        if (layer.mask && !layer.settings->mute && stack.solo() == 0)
            masks[k] = field_rows(*layer.mask, layer.mask_range);
    }
    const ShapingPlan& plan = stack.base().shaping();
    for (std::size_t i = 0; i < count; ++i) {
        const Dual u = (Dual{value[i], {gx[i], gy[i], 0.0, 0.0}} - Dual{plan.lo}) * plan.inv_span;
        const Dual a = stack_heights(
            stack, u, [&](std::size_t k) { return own[k].at(i); },
            [&](std::size_t k) { return masks[k].at(i); });
        const Dual v = Dual{plan.lo} + a * plan.span;
        value[i]     = v.value;
        gx[i]        = v.slope[0];
        gy[i]        = v.slope[1];
    }
}

}  // namespace detail

}  // namespace noise
