// stack_rows.hpp (internal): the layer stack (layer_stack.hpp) along a row of a RowKernel.
//
// Each noise layer and mask field gets its own RowKernel, resolved with the row kernel of layer 1
// (so a forced SIMD target applies to them too), as does each component of a warped shape's warp
// field; shapes and heightmaps are read pixel by pixel.
// apply gives, for every pixel, LayerStack::apply at its point bit for bit: the own heights come
// from kernels that equal FractalNoise::at, and the blend is stack_stage.hpp's steps on lanes,
// layer by layer (blend_layer_row).
#pragma once

#include <array>
#include <memory>
#include <span>
#include <vector>

#include "noise/kernel.hpp"
#include "noise/layer_stack.hpp"

namespace noise::detail {

// a[i] = blend_onto(layer, a[i], own[i], layer_weight(layer, mask ? &mask[i] : nullptr)) for every
// i < count, on the CPU's widest SIMD target (simd/stack_kernel.cpp), bit for bit.
void blend_layer_row(const StackLayer& layer, const double* own, const double* mask, double* a,
                     std::size_t count);

// value[i], gx[i], gy[i], layer 1's shaped value and gradient at pixel i of `row`, become the
// stack's, bit for bit what value_gradient gives at that pixel's point: each noise layer's and mask
// field's own rows from value_gradient_row, heightmaps per pixel, then stack_dual_row. (A dual
// number's slopes along z and w never enter those along x, y.)
void stack_gradient_row(const LayerStack& stack, const RowSpec& row, double step, std::span<double> value,
                        std::span<double> gx, std::span<double> gy);

// A row of dual numbers: unit heights and their slopes along x and y.
struct DualRowView {
    const double *v = nullptr, *x = nullptr, *y = nullptr;
};

// stack_heights<Dual> between layer1_unit and layer1_raw for `count` pixels, on the CPU's widest
// SIMD target (simd/stack_dual_kernel.cpp), bit for bit: value, gx, gy are layer 1's raw value and
// slopes in and the stack's out; own[k] is layer k + 2's own height and masks[k] its mask field's
// unit height (stack.layers()'s order), or empty for a shape or a constant, placed on the lanes at
// frame_x[i], frame_y (LayerStack::frame_x, frame_y of the pixel's point). Every array is read in
// whole vectors: `count` a multiple of max_row_lanes, the pixels past a row's end any values.
inline constexpr std::size_t max_row_lanes = 16;
void stack_dual_row(const LayerStack& stack, std::span<const DualRowView> own,
                    std::span<const DualRowView> masks, const double* frame_x, double frame_y, double* value,
                    double* gx, double* gy, std::size_t count);

// A warped shape layer's own height and slopes (warped_own_height<Dual>) at `count` pixels, on the
// CPU's widest SIMD target, bit for bit: the placed points frame_x[i], frame_y moved by shape_warp
// times the warp field's raw values and gradients wx, wy. Read and written in whole vectors, as
// stack_dual_row.
void warped_shape_row(const LayerStack& stack, const LayerStack::Layer& layer, const double* frame_x,
                      double frame_y, DualRowView wx, DualRowView wy, double* v, double* gx, double* gy,
                      std::size_t count);

class StackRows {
  public:
    explicit StackRows(const LayerStack& stack);
    // values[i], layer 1's raw value at pixel i of `row`, becomes the stack's.
    void apply(const RowSpec& row, std::span<double> values) const;

  private:
    const LayerStack* stack_;
    std::vector<std::unique_ptr<RowKernel>> fields_;  // per layer: its noise field's, or null
    std::vector<std::unique_ptr<RowKernel>> masks_;   // per layer: its mask field's, or null
    std::vector<std::array<std::unique_ptr<RowKernel>, 2>>
        warps_;  // per layer: a warped shape's warp field's
};

}  // namespace noise::detail
