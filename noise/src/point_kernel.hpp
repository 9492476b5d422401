// point_kernel.hpp (internal): the octave sum F at arbitrary points, one point per SIMD lane.
//
// The row kernels (kernel_plan.hpp) rely on a row: only x changes from pixel to pixel, so the
// other axes and most of the hashing are worked out once per row. Domain warp moves every pixel
// by its own amount and the rotated layer reads a turned row (fractal.hpp), so the field there
// is read at points that share nothing: this kernel takes a batch of points (x, y, z, w per
// point) and computes each lane's cells, hashes (hash_simd-inl.h: Ken's chain and the seeds'
// hashes, lane-wise), corner values and blend on its own, then the fractal sum, octave by octave.
//
// Guarantee: out[i] == noise.layer(p_i) bit for bit (or, for one octave, octave_weight(o) *
// octave(o, p_i)), on every SIMD target: the same IEEE operations in the same order as the
// reference, no fused multiply-add (lattice_simd-inl.h says how).
//
// Coverage: perlin (every gradient set), value and white noise (smoothed or not), simplex
// (simd/simplex_kernel.cpp: its row path's lane functions, each lane its own point), worley
// untiled (simd/worley_kernel.cpp: the search per lane), dimensions 1-4, every curve, hash,
// fractal, octave seeds, octave offsets and tiling period. A configuration it does not cover
// (tiled worley, voronoi) has no compiled function, and
// PointKernel::fill reads those points through the reference, FractalNoise::layer: the values
// are the same either way, only the speed differs. The fractal sum is point_sum-inl.h's for all.
//
// Resolved once per configuration, like the row kernels: the algorithm table's
// make_point_kernel picks the function for algorithm x dimension x gradient set x curve family x
// smoothing on the CPU's best target (or the forced one, force_simd_target).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "kernel_plan.hpp"
#include "noise/fractal.hpp"

namespace noise::detail {

// The most lanes a vector has on any target: a batch's arrays hold count rounded up to a whole
// number of them.
inline constexpr int point_lanes_max = 16;
inline constexpr int point_capacity  = max_chunk + point_lanes_max;

struct PointPlan;

// A batch of points, structure of arrays: point i is (x[i], y[i], z[i], w[i]) (axes past the
// dimension are not read). Each coordinate array is aligned to 64 bytes and holds count entries
// rounded up to a multiple of point_lanes_max, the entries past count any numbers (they are
// computed and thrown away); out holds count entries. only_octave >= 0: that octave's weighted
// share instead of the sum.
struct PointBatch {
    const double* coordinate[4];
    int count;  // 1 .. max_chunk
    int only_octave;
    double* out;                 // the values, or with out == nullptr
    float* out_float = nullptr;  // the values rounded to float
};

using PointFn = void (*)(const PointPlan& plan, const PointBatch& batch);

struct ResolvedPointKernel {
    PointFn fill;         // nullptr: not covered, the reference reads the points
    std::int64_t target;  // the Highway target it was compiled for
};

struct PointPlan {
    ResolvedPointKernel kernel;
    int dimension;
    Interpolation curve;
    Fractal fractal;
    std::span<const OctaveSetup> octaves;
    double divisor;
    std::vector<const double*> random_gradients;  // each octave's random unit vectors (dimension D)
    CellularReturn cellular_return;               // worley's settings
    double cellular_jitter;
};

// The field's octave sum at batches of points. Immutable: fill is const and thread-safe. Keeps a
// reference to the FractalNoise, which must outlive it.
class PointKernel {
  public:
    explicit PointKernel(const FractalNoise& noise);

    // out[i] = noise.layer(p_i), or octave_weight(o) * octave(o, p_i) with only_octave = o.
    void fill(const PointBatch& batch) const;
    // Whether a compiled function covers the configuration (else fill reads the reference).
    bool compiled() const { return plan_.kernel.fill != nullptr; }
    std::int64_t target() const { return plan_.kernel.target; }  // when compiled

  private:
    const FractalNoise* noise_;
    PointPlan plan_;
};

// FractalNoise::rotated on arrays: (tx, ty)[i] = R (x, y)[i] for i < count, with its operations.
void turn_points(const Params& params, const double* x, const double* y, int count, double* tx, double* ty);

// The algorithms' point kernel factories (simd/point_kernel.cpp), for the algorithm table.
ResolvedPointKernel make_perlin_point_kernel(const Params& params);
ResolvedPointKernel make_value_point_kernel(const Params& params);
ResolvedPointKernel make_white_point_kernel(const Params& params);
ResolvedPointKernel make_simplex_point_kernel(const Params& params);  // simd/simplex_kernel.cpp
ResolvedPointKernel make_worley_point_kernel(const Params& params);   // simd/worley_kernel.cpp

}  // namespace noise::detail
