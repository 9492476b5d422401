// noise/fractal.hpp: the sum of octaves, the function the whole program draws.
//
//     FractalNoise noise(params);              // builds the lattices once; throws on invalid params
//     double v = noise.at({x, y, z, w});       // noise-space point; unused axes are ignored
//
// Octave i samples the base noise (perlin, value or white, see perlin.hpp / value.hpp) at the
// point scaled by lacunarity^i, with amplitude persistence^i (seed 004's "frequency = 2^i,
// amplitude = p^i"). With `octave_seeds = offset` octave i uses its own permutation, seeded
// seed + i (seed 004's "a different noise function per octave"); with `same` every octave uses
// the permutation of `seed` (seed 000). With `texture` (seed 003) all octaves read one shared
// lattice, that of `seed`, like one white-noise texture sampled every 2^k texels: with N octaves,
// octave i reads its lattice point j at texel j * lacunarity^(N-1-i) (Lattice::wrap), so the
// finest octave reads every texel and the coarse octaves' lattice values ARE texels of the finest;
// the octaves are correlated, as in the seed. It needs a whole-number lacunarity (validate). The
// texel index wraps with the finest octave's period (256 cells of it for `permutation`, or
// tile * lacunarity^(N-1) while tiling), so tiling stays exact. The sums:
//   fbm         sum a_i n_i / sum a_i                     (seeds 000, 001: one octave = raw noise)
//   turbulence  sum a_i |n_i| / sum a_i                   (Perlin 1985)
//   ridged      sum a_i s_i / sum a_i, s_i = (1 - |n_i|)^2 * weight_i, where weight_0 = 1 and
//               weight_{i+1} = clamp(2 s_i, 0, 1): Musgrave's ridged multifractal, whose sharp
//               crests come from 1 - |n| and whose smooth valleys from the weighting.
// Nominal ranges: fbm [-1, 1], turbulence and ridged [0, 1]; see `nominal_range`.
// With `normalize = false` the sums are not divided by sum a_i (the divisor is 1): Hugo Elias'
// octave sum (seed 004), whose range grows with the octaves; one octave is the same either way.
//
// Tiling: with tile = P, octave i wraps its lattice every P * lacunarity^i cells, so the sum
// repeats every P units on every axis at every octave. Without tiling the lattice repeats every
// 256 cells, as Ken Perlin's does.
//
// Octave offsets: with a whole-number lacunarity every lattice line of octave i is also a line of
// every finer octave. Gradient noise is 0 at its lattice points and varies least along its lattice
// lines, so there |n| is small at every octave at once: ridged and turbulence, which draw where
// |n| is small, show straight lines along the rows and columns of the coarsest lattice (in a
// tiled view they look like seams). With `octave_offsets = shifted`, octave i >= 1 samples its
// lattice at p * lacunarity^i + shift_i instead, shift_i a fixed fraction of a cell per axis (a
// multiple of 1/64, from a table in fractal.cpp: the lines of each octave lie at least 6/64 of its
// cell away from those of the four octaves before it, at lacunarity 2, 3 and 4 alike). Octave 0 is
// not shifted, so one octave is still the raw noise. A translation keeps each octave's period, so
// tiling stays exact. A rotation per octave, as many shaders use, would also break the alignment,
// but a rotated lattice repeats along the axes only for 90-degree steps, and those leave the lines
// where they were: it cannot tile, so it is not offered.
//
// A FractalNoise is immutable after construction: `at` is const and safe to call from many threads.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "noise/lattice.hpp"
#include "noise/params.hpp"

namespace noise {

using Point = std::array<double, 4>;

// One octave's constants: its lattice, how it moves the point, its amplitude and period.
struct OctaveSetup {
    const Lattice* lattice;
    double scale;          // lacunarity^i
    double amplitude;      // persistence^i
    std::int64_t period;   // tile * lacunarity^i, or 0
    std::array<double, 4> shift{};  // per axis, added after scaling: 0 at octave 0 and without offsets
};

// Where an octave samples coordinate v of an axis: v * scale, rounded, then + shift, rounded. An
// axis without a shift is exactly v * scale: adding 0.0 would turn -0.0 into +0.0. The SIMD
// kernels make the same choice per axis.
inline double octave_coordinate(const OctaveSetup& setup, int axis, double v) {
    const double scaled = v * setup.scale;
    const double shift  = setup.shift[static_cast<std::size_t>(axis)];
    return shift == 0.0 ? scaled : scaled + shift;
}

class FractalNoise {
public:
    // Throws std::invalid_argument with `validate`'s message when params are invalid.
    explicit FractalNoise(const Params& params);
    FractalNoise(const FractalNoise& other) : FractalNoise(other.params_) {}  // octaves_ point into lattices_
    FractalNoise& operator=(const FractalNoise&) = delete;

    // The fractal sum at a noise-space point (frequency and offsets are NOT applied here).
    double at(const Point& p) const;

    // Octave i's raw base noise n_i at the point (already scaled by lacunarity^i inside), and
    // its weight a_i / divisor(): for fbm, at(p) == sum over i of octave_weight(i) * octave(i, p).
    double octave(int i, const Point& p) const;
    double octave_weight(int i) const;
    // The point octave i samples its lattice at: p scaled by lacunarity^i, then shifted when
    // octave_offsets is `shifted` (axes past the dimension are left as they are). octave(i, p)
    // evaluates the base noise there.
    Point octave_point(int i, const Point& p) const;

    const Params& params() const { return params_; }
    std::span<const OctaveSetup> octaves() const { return octaves_; }
    double amplitude_sum() const { return amplitude_sum_; }
    // What the octave sum is divided by: amplitude_sum(), or 1 with normalize = false.
    double divisor() const { return params_.normalize ? amplitude_sum_ : 1.0; }

private:
    Params params_;
    std::vector<Lattice> lattices_;     // one per octave (1 when octave_seeds = same)
    std::vector<OctaveSetup> octaves_;
    double amplitude_sum_ = 0.0;
};

}  // namespace noise
