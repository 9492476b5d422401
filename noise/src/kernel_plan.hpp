// kernel_plan.hpp (internal): what a compiled row kernel is handed, and what it hands back.
//
// A render resolves its configuration once (algorithms.hpp -> make_kernel) into a ChunkFn: one
// function, compiled for one SIMD target, for one algorithm x dimension x gradient set x
// (two-point curve or cubic) x smoothing. Everything else (the curve, the fractal, the octaves'
// lattices, scales and periods) is data in the KernelPlan, read outside the pixel loops.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "noise/fractal.hpp"
#include "noise/params.hpp"

namespace noise::detail {

// Plain loops beside the Highway kernels (the warped row's points, a row's rounding to float),
// compiled for AVX-512, AVX2 and the baseline and picked when the library loads (GCC's
// target_clones): for the baseline alone the compiler vectorised them two doubles a step.
#define NOISE_VECTOR_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))

// The most pixels one ChunkFn call fills; rows are cut into chunks of this size, so the kernels'
// scratch arrays live on the stack.
inline constexpr int max_chunk = 1024;

struct Chunk;
struct KernelPlan;
using ChunkFn = void (*)(const KernelPlan& plan, const Chunk& chunk);
// The same chunk of D fields at once (D: their dimension), fields that differ only in their
// lattices and random unit vectors, as a warp's components do (fractal.cpp): plans[k] and
// chunks[k] are field k's, and the pixels' cells are found once for all of them.
using FieldsFn = void (*)(const KernelPlan* const* plans, const Chunk* chunks);

struct ResolvedKernel {
    ChunkFn fill;
    std::int64_t target;             // the Highway target it was compiled for (hwy::TargetName)
    FieldsFn fill_fields = nullptr;  // for the warp's components' configuration (warp_rows.hpp)
};

struct KernelPlan {
    ResolvedKernel kernel;
    const FractalNoise* noise;  // the field itself, for configurations the kernels do not cover
    int dimension;
    Interpolation curve;
    Fractal fractal;
    std::span<const OctaveSetup> octaves;
    double divisor;                               // what the octave sum is divided by (FractalNoise::divisor)
    double z, w;                                  // the slice (axes 2, 3)
    std::vector<const double*> random_gradients;  // each octave's random unit vectors (dimension D)
    CellularReturn cellular_return;               // worley: what an octave returns,
    double cellular_jitter;                       //         and how far its feature points stray
};

// One chunk of one row: out[i] = the value at x = x_origin + (first + i + 0.5) * x_step, at y.
// only_octave >= 0: octave_weight * that octave's noise instead of the sum.
struct Chunk {
    double x_origin;
    double x_step;
    int first;
    int count;  // 1 .. max_chunk
    double y;
    int only_octave;
    double* out;                 // the values, or with out == nullptr
    float* out_float = nullptr;  // the values rounded to float
};

// One value handed over as a Chunk's or a PointBatch's i-th: into `out`, or with out == nullptr
// rounded to float (as static_cast<float> rounds) into `out_float`.
inline void hand_over_value(double value, int i, double* out, float* out_float) {
    if (out != nullptr)
        out[i] = value;
    else
        out_float[i] = static_cast<float>(value);
}

// Which fields the compiled kernels (row and point) cover. They wrap every axis of an octave by
// its one period (OctaveSetup::period), so a field whose periods differ between axes (tile_y) is
// not covered: its rows and points are read through the reference, FractalNoise, one pixel at a
// time (the same values; about as slow as FractalNoise::at, which such textures, small as they
// usually are, afford).
inline bool kernels_cover(std::span<const OctaveSetup> octaves) {
    return std::all_of(octaves.begin(), octaves.end(),
                       [](const OctaveSetup& octave) { return octave.periods.uniform(); });
}

// A RowKernel's plan for the field (kernel.cpp): its kernel resolved once, and its settings.
KernelPlan make_kernel_plan(const FractalNoise& noise);

// Whether two plans' fields differ only in their lattices (and random unit vectors), so that a
// FieldsFn may fill them together: the same kernel, octaves, scales, shifts and sum.
bool differ_only_in_lattices(const KernelPlan& a, const KernelPlan& b);

// Whether the CPU, or the target force_simd_target forces (as on a CPU without better), has
// AVX-512 VBMI (Highway's AVX3_DL), which the byte-permute paths of the row kernels need: asked
// of Highway once, and again only after force_simd_target, not each time a kernel is made. Each
// answer of hwy::SupportedTargets is a handful of CPUIDs, which in a VM trap to the hypervisor:
// with the six kernels a warped render makes, about 1.4 % of the one-octave warp on the Intel
// Xeon of docs/performance.md (Hosts).
bool cpu_has_byte_permutes();

// The algorithms' kernel factories (simd/*_kernel.cpp), for the algorithm table.
ResolvedKernel make_perlin_kernel(const Params& params);
ResolvedKernel make_value_kernel(const Params& params);
ResolvedKernel make_white_kernel(const Params& params);
ResolvedKernel make_worley_kernel(const Params& params);
ResolvedKernel make_simplex_kernel(const Params& params);

}  // namespace noise::detail
