// noise/render.hpp: fill images and curves with fractal noise, in parallel, reproducibly.
//
// The image model: a full image of `width` x `height` pixels shows noise space
//     x = offset_x + (px + 0.5) * frequency / width
//     y = offset_y + (py + 0.5) * frequency / width          (square pixels; row 0 at the top)
// at the slice z, w. So the image covers the same region at every resolution: a 512 px preview
// and a 4096 px export show the same picture, and `frequency` lattice cells span the width.
//
// A Region picks a window [x0, x1) x [y0, y1) of that full image; rendering windows of a grid
// and placing them side by side gives exactly the full image, because every pixel is computed
// from its own coordinates alone. The output buffer is caller-owned, row-major:
//     out[(py - y0) * (x1 - x0) + (px - x0)]   raw values (before any mapping to [0, 1]).
//
// Rows are split over threads; since no value depends on another, the bytes are identical for
// every thread count. Each render resolves its configuration once into a compiled row kernel
// (kernel.hpp) for the widest SIMD target of the CPU; every pixel equals FractalNoise::at at its
// point, bit for bit, on every target.
#pragma once

#include <atomic>
#include <functional>
#include <span>
#include <string>

#include "noise/fractal.hpp"
#include "noise/params.hpp"

namespace noise {

struct Region {
    int width  = 0;  // the full image
    int height = 0;
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // the window, end exclusive

    static Region full(int w, int h) { return {w, h, 0, 0, w, h}; }
    int columns() const { return x1 - x0; }
    int rows() const { return y1 - y0; }
    std::size_t pixel_count() const {
        return static_cast<std::size_t>(columns()) * static_cast<std::size_t>(rows());
    }
};

// Empty when the region is usable: positive size, window inside the image.
std::string validate(const Region& region);

struct RenderOptions {
    unsigned threads = 0;                       // 0: one per hardware thread; fewer if the
                                                // system cannot start them (same bytes)
    const std::atomic<bool>* cancel = nullptr;  // checked between rows
    std::atomic<int>* rows_done     = nullptr;  // incremented once per finished row
};

// The noise-space point of pixel (px, py) of the full image.
Point pixel_point(const Params& params, int width, double px, double py);

// Fills `out` (size region.pixel_count()) with raw values. Returns false if cancelled (out is
// then partly filled), true when complete. Throws std::invalid_argument for invalid params,
// an invalid region or a buffer of the wrong size.
// With erosion.method = simulate, the Params overload first simulates the region's whole image
// (simulate_field, simulated_field.hpp: up to max_simulated_side on a side, else a one-line
// std::invalid_argument) and draws the window from it, as the program's exports do; a FractalNoise
// reads simulate as none (the simulation's input), so its overload draws the field un-eroded.
// The values do not depend on the caller's floating-point environment: the render and its worker
// threads run in the default one (round to nearest), and the caller's is restored after.
bool render(const Params& params, const Region& region, std::span<float> out,
            const RenderOptions& options = {});
bool render(const FractalNoise& noise, const Region& region, std::span<float> out,
            const RenderOptions& options = {});

// Chunks of an unbounded grid, for streaming a world (a game's terrain chunks): sample (i, j) of
// the grid lies at
//     x = origin_x + (i + 0.5) * spacing,   y = origin_y + (j + 0.5) * spacing
// at the params' z, w, for any int i and j. A window's samples are computed from their integer
// indices alone, so chunks that share a column or row (N + 1 samples every N) hold the same bits
// there at any distance from the origin, and every sample equals FractalNoise::at at its point.
// (Moving offset_x per chunk instead rounds each chunk's start differently: neighbours then
// differ by an ulp far out.) Unlike a Region the spacing is the caller's, not frequency / width:
// offset_x, offset_y and frequency do not place the samples. The preset's shapes and masks keep
// the places its frame gives them (layer_stack.hpp). The buffer is row-major, like render's:
//     out[(j - j0) * columns + (i - i0)]
//
//     noise::GridWindow chunk{.spacing = 1.0 / 64, .i0 = cx * 64, .j0 = cy * 64, .columns = 65, .rows = 65};
//     std::vector<float> heights(chunk.sample_count());
//     noise::render_grid(preset.params, chunk, heights);   // 65 x 65, edges shared with the next chunks
struct GridWindow {
    double origin_x = 0.0;
    double origin_y = 0.0;
    double spacing  = 1.0;  // noise units between neighbouring samples, > 0
    int i0 = 0, j0 = 0;     // the window's first sample
    int columns = 0, rows = 0;

    std::size_t sample_count() const {
        return static_cast<std::size_t>(columns) * static_cast<std::size_t>(rows);
    }
};

// Samples of a grid lie within +-grid_coordinate_limit in x and y (offset_x's range).
inline constexpr double grid_coordinate_limit = 1e12;

// Empty when the window is usable: a finite positive spacing, finite origins, at least one
// column and row, i0 + columns and j0 + rows within int, every sample within
// grid_coordinate_limit. Else one line naming the field, its value and what is allowed.
std::string validate(const GridWindow& window);

// Fills `out` (size window.sample_count()) with raw values, as render does for a Region (the same
// threads, cancel and rows_done, the same independence from the caller's rounding mode). Returns
// false if cancelled. Throws std::invalid_argument for invalid params, an invalid window, a
// buffer of the wrong size, and, for the Params overload, erosion.method = simulate: the
// simulation needs its whole frame (render with a Region runs it); a FractalNoise reads simulate
// as none, as render does.
bool render_grid(const Params& params, const GridWindow& window, std::span<float> out,
                 const RenderOptions& options = {});
bool render_grid(const FractalNoise& noise, const GridWindow& window, std::span<float> out,
                 const RenderOptions& options = {});

// Runs row(r) for r = 0 .. rows - 1 on up to `threads` threads (0: one per hardware thread),
// each thread taking the next free rows (a few at a time), until a call returns false. Where no
// more threads can start (ulimit -v, a thread limit) fewer run: which thread does a row must
// change none of its results. Returns false if a row stopped the work. An exception from a row,
// on any thread, stops the work and is rethrown here once every thread has left. render's loop;
// exports encode rows with it. The threads are kept alive between calls (a render does not pay
// for starting them), and calls from several threads at once share them safely.
bool for_each_row(int rows, unsigned threads, const std::function<bool(int row)>& row);

// The 1D curve along the image row at noise-space y (for dimension 1 y is ignored): out[i] is
// the raw value at x = offset_x + (i + 0.5) * frequency / out.size(). When `octave` >= 0, the
// weighted contribution of that octave alone (octave_weight * octave) instead of the sum.
void sample_row(const FractalNoise& noise, double y, std::span<double> out, int octave = -1);

}  // namespace noise
