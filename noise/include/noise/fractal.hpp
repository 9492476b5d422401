// noise/fractal.hpp: the sum of octaves, the function the whole program draws.
//
//     FractalNoise noise(params);              // builds the lattices once; throws on invalid params
//     double v = noise.at({x, y, z, w});       // noise-space point; unused axes are ignored
//
// Octave i samples the base noise (perlin, value or white, see perlin.hpp / value.hpp) at the
// point scaled by lacunarity^i, with amplitude persistence^i (seed 004's "frequency = 2^i,
// amplitude = p^i"). With `octave_seeds = offset` octave i uses its own permutation, seeded
// seed + i (seed 004's "a different noise function per octave"); with `same` every octave uses
// the permutation of `seed` (seed 000). The sums:
//   fbm         sum a_i n_i / sum a_i                     (seeds 000, 001: one octave = raw noise)
//   turbulence  sum a_i |n_i| / sum a_i                   (Perlin 1985)
//   ridged      sum a_i s_i / sum a_i, s_i = (1 - |n_i|)^2 * weight_i, where weight_0 = 1 and
//               weight_{i+1} = clamp(2 s_i, 0, 1): Musgrave's ridged multifractal, whose sharp
//               crests come from 1 - |n| and whose smooth valleys from the weighting.
// Nominal ranges: fbm [-1, 1], turbulence and ridged [0, 1]; see `nominal_range`.
//
// Tiling: with tile = P, octave i wraps its lattice every P * lacunarity^i cells, so the sum
// repeats every P units on every axis at every octave. Without tiling the lattice repeats every
// 256 cells, as Ken Perlin's does.
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

// One octave's constants: its lattice, how much it scales the point, its amplitude and period.
struct OctaveSetup {
    const Lattice* lattice;
    double scale;          // lacunarity^i
    double amplitude;      // persistence^i
    std::int64_t period;   // tile * lacunarity^i, or 0
};

class FractalNoise {
public:
    // Throws std::invalid_argument with `validate`'s message when params are invalid.
    explicit FractalNoise(const Params& params);
    FractalNoise(const FractalNoise& other) : FractalNoise(other.params_) {}  // octaves_ point into lattices_
    FractalNoise& operator=(const FractalNoise&) = delete;

    // The fractal sum at a noise-space point (frequency and offsets are NOT applied here).
    double at(const Point& p) const;

    // Octave i's raw base noise n_i at the point (already scaled by lacunarity^i inside), and
    // its weight a_i / sum a: for fbm, at(p) == sum over i of octave_weight(i) * octave(i, p).
    double octave(int i, const Point& p) const;
    double octave_weight(int i) const;
    // The point octave i samples its lattice at: p scaled by lacunarity^i (axes past the
    // dimension are left as they are). octave(i, p) evaluates the base noise there.
    Point octave_point(int i, const Point& p) const;

    const Params& params() const { return params_; }
    std::span<const OctaveSetup> octaves() const { return octaves_; }
    double amplitude_sum() const { return amplitude_sum_; }

private:
    Params params_;
    std::vector<Lattice> lattices_;     // one per octave seed (1 when octave_seeds = same)
    std::vector<OctaveSetup> octaves_;
    double amplitude_sum_ = 0.0;
};

}  // namespace noise
