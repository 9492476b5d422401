// noise/sampler.hpp: one field resolved once, then sampled as often as a game asks, on the calling
// thread: chunks of an unbounded grid and arbitrary points, on SIMD lanes. Stable (noise.hpp).
//
//     const noise::Preset preset = noise::load_preset("river-valleys.json");
//     const noise::Sampler terrain(preset.params);  // the algorithm and the CPU's SIMD target, once
//
//     // A chunk of the world's grid (render.hpp's GridWindow): 65 x 65 samples, whose edge rows
//     // and columns hold the neighbouring chunks' bits exactly, at any distance from the origin.
//     noise::GridWindow chunk{.spacing = 1.0 / 64, .i0 = cx * 64, .j0 = cy * 64, .columns = 65, .rows = 65};
//     std::vector<float> heights(chunk.sample_count());
//     terrain.grid(chunk, heights);                  // heights[(j - j0) * columns + (i - i0)]
//
//     // Points anywhere (a mesh's vertices, a probe, a physics query), batch-first:
//     terrain.points(positions, values);             // values[k] is the field at positions[k]
//
// A row is a window of one row (rows = 1). grid_point(window, i, j) is the point of sample (i, j),
// from its integer indices as grid() computes it: points made with it agree with every chunk.
//
// Guarantee: every value is FractalNoise(params).at at its point, bit for bit, on every SIMD
// target (AVX-512, AVX2, SSE4, the portable one) and whatever the caller's rounding mode (each
// call runs in the default one and restores the caller's); grid() equals render_grid's samples.
// The same Params give the same values in every release of the same major version (noise.hpp).
//
// Speed: grid() runs the row kernels (render's), points() the point kernel: each SIMD lane one
// point, for every algorithm but voronoi and tiled worley, which read the scalar reference
// (docs/performance.md#points-and-grids-through-the-sampler has the measured figures). Neither starts
// threads: call them from the game's own workers. Resolving (the constructor) costs far more than a call:
// keep the Sampler.
//
// Limits: erosion.method = simulate is refused in the constructor, in one line: the simulation
// needs its whole frame (render with a Region simulates it). The erosion filter is drawn on rows
// by grid() and point by point through the reference by points(). A Sampler is immutable; every
// call is const and safe from many threads at once. It owns its field: the Params may go.
#pragma once

#include <memory>
#include <span>
#include <string_view>

#include "noise/fractal.hpp"
#include "noise/params.hpp"
#include "noise/render.hpp"

namespace noise {

class Sampler {
  public:
    // Throws std::invalid_argument with validate's message for invalid params, and for
    // erosion.method = simulate (above).
    explicit Sampler(const Params& params);
    ~Sampler();
    Sampler(Sampler&&) noexcept;
    Sampler& operator=(Sampler&&) noexcept;
    Sampler(const Sampler&)            = delete;
    Sampler& operator=(const Sampler&) = delete;

    // The window's samples, row-major (out.size() == window.sample_count()), as render_grid
    // computes them: sample (i, j) at origin + (index + 0.5) * spacing on each axis, at the
    // params' z, w. Throws std::invalid_argument for an invalid window (validate(GridWindow)) or
    // a buffer of the wrong size.
    void grid(const GridWindow& window, std::span<float> out) const;
    void grid(const GridWindow& window, std::span<double> out) const;

    // out[k] = the field at points[k] (noise space: frequency and offsets are not applied; axes
    // past the dimension are not read). Throws std::invalid_argument when the sizes differ.
    void points(std::span<const Point> points, std::span<double> out) const;
    void points(std::span<const Point> points, std::span<float> out) const;  // rounded as static_cast<float>

    // The point of sample (i, j) of a grid, as grid() computes it (the params' z, w).
    Point grid_point(const GridWindow& window, int i, int j) const;

    // The resolved field: its params, nominal range, reference at().
    const FractalNoise& field() const;
    // The SIMD target the points run on ("AVX2", ...), or "reference" where no point kernel
    // covers the configuration.
    std::string_view point_target() const;

  private:
    struct Resolved;
    std::unique_ptr<const Resolved> resolved_;
};

}  // namespace noise
