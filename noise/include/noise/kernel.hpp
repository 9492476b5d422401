// noise/kernel.hpp: the fractal noise of one configuration, compiled, one image row at a time.
//
//     noise::FractalNoise noise(params);
//     noise::RowKernel kernel(noise);            // resolves the configuration and the CPU once
//     kernel.fill_row({.x_origin = params.offset_x, .x_step = params.frequency / width,
//                      .first = 0, .y = y}, row);  // row[i] at x = x_origin + (first + i + 0.5) x_step
//
// FractalNoise::at is the readable reference: one point, every octave, every choice made as it
// goes. A RowKernel makes the choices once: the algorithm table (algorithms.hpp) hands it one
// function compiled for this algorithm x dimension x gradient set x curve family x smoothing, on
// the widest SIMD target the CPU has (Google Highway's runtime dispatch: AVX-512, AVX2, SSE4, or
// the portable fallback). Inside, the octave loop runs outside the pixel loop and each SIMD lane
// computes one pixel.
//
// Guarantee: every value equals FractalNoise::at at the same point, bit for bit, on every target
// (the tests force each target in turn). How: both sides do the same IEEE double operations in
// the same order; no fused multiply-add (-ffp-contract=off, no MulAdd); the cosine curve is a
// polynomial of our own instead of libm's cos (interpolate.hpp).
//
// Speed: along a row only x changes, so a kernel works out the y, z, w part of every lattice
// point once per row and octave, tabulates Ken Perlin's hash chain for the points the row
// touches, and lets each lane read its corners from the table by lane permutes
// (docs/architecture.md#the-row-kernels).
//
// Limits, stated plainly: a kernel keeps its tables on the stack, up to about 1 MB (4D cubic
// with smoothing); the default 8 MB thread stacks of Linux hold that easily. Rows are filled in
// chunks of 1024 pixels; x_step must be positive (pixels in increasing x).
//
// The shaping stage (shaping.hpp) runs on each chunk the kernels filled: the mask field's own
// RowKernel fills the same chunk, and the stage runs on SIMD lanes (shape_values). The layer
// stack (layer_stack.hpp) then blends its layers' own chunks onto it (src/stack_rows.hpp).
//
// The erosion stage (erosion.hpp): with it on, a row is the shaped field's value and gradient at
// each pixel (value_gradient_row's lanes for 2D gradient noise, else the dual numbers pixel by
// pixel), then the filter on SIMD lanes (src/erosion_rows.hpp); the point sampler's at() is the
// reference at each point. The same bits as FractalNoise::at on every target and thread count.
//
// Domain warp and the rotated layer (fractal.hpp) move the pixels off the row: then the kernel
// takes warp_rows.hpp's path, resolved once here too (the warp field's components are rows of
// their own and take SIMD kernels; the field at the moved and turned points takes the point
// kernel, one point per lane). Same bits as FractalNoise::at either way.
//
// A RowKernel is immutable: fill_row is const and safe to call from many threads. It keeps a
// reference to the FractalNoise, which must outlive it.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "noise/fractal.hpp"

namespace noise {

namespace detail {
struct KernelPlan;
struct WarpPlan;
struct ShapeRows;
class StackRows;
class PointKernel;
}  // namespace detail

// The pixels of one row: pixel i of `out` is at x = x_origin + (first + i + 0.5) * x_step, at y
// (ignored in 1D) and the params' z, w. render.hpp's pixel model is x_origin = offset_x,
// x_step = frequency / width.
struct RowSpec {
    double x_origin = 0.0;
    double x_step   = 1.0;  // > 0
    int first       = 0;
    double y        = 0.0;

    // The x of pixel i (the pixel model above), as every reference-side loop over a row reads it.
    double pixel_x(std::size_t i) const { return x_origin + (first + static_cast<int>(i) + 0.5) * x_step; }
};

// The rows of render.hpp's pixel model, an image `width` pixels wide of the params' frame, from
// its pixel `first` on: at the noise-space y of a curve (frame_row), or of the image's pixel row
// py (pixel_row: pixel_point's y, bit for bit).
inline RowSpec frame_row(const Params& params, int width, double y, int first = 0) {
    return {params.offset_x, params.frequency / width, first, y};
}
inline RowSpec pixel_row(const Params& params, int width, int py, int first = 0) {
    const double cell = params.frequency / width;
    return {params.offset_x, cell, first, params.offset_y + (py + 0.5) * cell};
}

class RowKernel {
  public:
    explicit RowKernel(const FractalNoise& noise);
    ~RowKernel();
    RowKernel(const RowKernel&)            = delete;
    RowKernel& operator=(const RowKernel&) = delete;

    // The field along the row, out.size() pixels: the fractal sum, shaped (shaping.hpp).
    void fill_row(const RowSpec& row, std::span<double> out) const;
    void fill_row(const RowSpec& row, std::span<float> out) const;  // rounded as static_cast<float>

    // Octave i's weighted contribution alone: octave_weight(i) * octave(i, p) (never shaped).
    void fill_octave_row(int octave, const RowSpec& row, std::span<double> out) const;

    // The SIMD target the kernel was compiled for: "AVX3", "AVX2", "SSE4", "EMU128", ...
    std::string_view target() const;

  private:
    std::unique_ptr<detail::KernelPlan> plan_;
    std::unique_ptr<detail::WarpPlan> warp_;    // a warp or a rotated layer: warp_rows.hpp's path
    std::unique_ptr<detail::ShapeRows> shape_;  // the shaping stage, when it does something
    std::unique_ptr<detail::StackRows> stack_;  // the layer stack, when there is one
    const FractalNoise* eroded_ = nullptr;      // the field, when the erosion stage is on
};

// The field at arbitrary points, batch-first (the caller owns the buffers): one point per SIMD
// lane, for samplers whose points do not lie on rows (a terrain mesh, a probe, the warped and
// turned points of the row path). Same guarantee as RowKernel: every value is the reference's bit
// for bit, on every target. Resolved once, like a RowKernel; configurations the point kernel does
// not compile (worley, simplex) read the points through the reference, with the same values.
//
//     noise::PointSampler sampler(noise);
//     sampler.at(points, out);                    // out[i] == noise.at(points[i])
//
// Immutable: every call is const and safe from many threads. Keeps a reference to the
// FractalNoise, which must outlive it. out.size() must equal points.size().
class PointSampler {
  public:
    explicit PointSampler(const FractalNoise& noise);
    ~PointSampler();
    PointSampler(const PointSampler&)            = delete;
    PointSampler& operator=(const PointSampler&) = delete;

    void at(std::span<const Point> points, std::span<double> out) const;     // FractalNoise::at
    void layer(std::span<const Point> points, std::span<double> out) const;  // FractalNoise::layer
    // octave_weight(i) * octave(i, p): octave i's share of the layer.
    void octave(int i, std::span<const Point> points, std::span<double> out) const;

    // Whether the octave sum runs compiled (else through the reference), and on which target.
    bool compiled() const;
    std::string_view target() const;

  private:
    const FractalNoise* noise_;
    std::unique_ptr<const detail::PointKernel> layer_;
    std::vector<std::unique_ptr<const detail::PointKernel>> warp_;  // one per warp component, or none
    std::unique_ptr<const PointSampler> mask_;                      // the mask field, or none
};

// Which SIMD targets this build has and this CPU runs, best first (names as `target`).
std::vector<std::string_view> available_simd_targets();

// Makes kernels resolved from now on use the named target (tests and benchmarks compare them):
// the CPU is taken to have nothing better, so a kernel not compiled for it uses its best target
// below (only the point kernel has AVX3_DL; the row kernels run AVX3 under it). An empty name
// restores the automatic choice. Returns false if the target is not available.
// Not thread-safe: call it while no kernel is being resolved.
bool force_simd_target(std::string_view name);

}  // namespace noise
