// warp_rows.hpp (internal): the fast path of a row when the field is warped or layered.
//
// The compiled row kernels (kernel_plan.hpp) assume that along a row only x changes. A warp
// moves every pixel by its own amount and the rotated layer reads a turned row, so neither is a
// row any more. What still is a row, and takes the SIMD kernels:
//   - each component of the warp field w (fractal.hpp), an fBm of gradient noise read at the
//     pixels themselves: one row kernel's plan per component, and the components together where
//     the kernel can fill them at once (they differ only in their seeds: the pixels' cells are
//     found once for all of them);
//   - without a warp, the first layer F(p), the unturned octave sum: the configuration's own
//     row kernel.
// What is left, F at the displaced points q and F at the turned points R q, goes through the
// point kernel (point_kernel.hpp): every lane its own point, or the reference's own octave sum
// for the configurations it does not compile.
// Everything is resolved once per RowKernel, so a render picks its path once, not per pixel.
//
// Same bits as FractalNoise::at: the pixels' x is computed as the kernels compute it, the warp
// rows equal the components' layer() bit for bit (RowKernel's guarantee), q and R q are formed
// with the same operations as FractalNoise::warped and ::rotated, and the point kernel equals
// FractalNoise::layer bit for bit (its guarantee).
#pragma once

#include <array>
#include <memory>
#include <span>
#include <vector>

#include "kernel_plan.hpp"
#include "noise/fractal.hpp"
#include "noise/kernel.hpp"
#include "point_kernel.hpp"

namespace noise::detail {

struct WarpPlan {
    const FractalNoise* noise = nullptr;
    std::vector<KernelPlan> warp_rows;    // one per component of w; none without a warp
    bool warp_rows_together = false;      // filled at once, by warp_rows[0].kernel.fill_fields
    std::unique_ptr<PointKernel> points;  // F at the moved and turned points
    // z and w at every point of a batch, where the warp does not move them (a 1D or 2D field).
    alignas(64) std::array<std::array<double, point_capacity>, 2> unmoved;
};

// Only for a noise that has a warp or a rotated layer.
std::unique_ptr<WarpPlan> make_warp_plan(const FractalNoise& noise);

// One chunk (`count`, at most max_chunk pixels) of RowKernel::fill_row / fill_octave_row: the
// field, or with only_octave >= 0 that octave's weighted share of the first layer at the warped
// points (octave_weight(o) * octave(o, warped(p)), as the trace records it), into `out`, or
// with out == nullptr rounded to float into `out_float` (as a Chunk). `plain` is the
// configuration's own row kernel, for the first layer when there is no warp.
void fill_warped_chunk(const WarpPlan& warp, const KernelPlan& plain, const RowSpec& row, int only_octave,
                       int count, double* out, float* out_float);

}  // namespace noise::detail
