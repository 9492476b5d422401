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
// tile * lacunarity^(N-1) while tiling), so tiling stays exact. With `primes` (hash = elias,
// validated) every octave is IntNoise over the same n = x + 57 y + seed with its own three
// constants, elias_prime_sets[i] (seed 004's "different primes for each octave", hashes.hpp).
// With `seed_mode = shift` (seed 002, whose noise takes slope(seed + index)) the lattices are
// those of seed 0 and every octave reads its point moved by the seed (a signed 32-bit int) along
// x, in its own cells: octave i at x * lacunarity^i + seed. Seed s is then exactly seed 0 read
// s cells further at each octave; the whole field is seed 0 at x + s only for one octave. The sums:
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
// repeats every P units on every axis at every octave. With tile_y = Q (non-square textures) y
// wraps every Q * lacunarity^i instead, so the sum repeats every P along x, z, w and Q along y. Without
// tiling the lattice repeats every 256 cells, as Ken Perlin's does. With tile_octaves = same (seed 000's
// `repeat`, which wraps each octave's own coordinate x * 2^i at repeat) every octave wraps at P cells of its
// own: octave i repeats every P / lacunarity^i units, 2^i times across the tile, and the sum still repeats
// every P (lacunarity^i P / lacunarity^i = P), so tiling stays exact.
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
// Domain warp (issue 10; Inigo Quilez, "domain warping"): with warp_amplitude a > 0 the field is
// read at a displaced point,
//     value(p) = L(q),   q = p + a * w(p * warp_frequency),
// a in lattice cells of octave 0. w is a vector field with one component per axis of the
// dimension: component k is an fBm of gradient noise (perlin, Ken Perlin's improved gradients,
// quintic fade, lacunarity 2, persistence 0.5, warp_octaves octaves, octave_seeds same, no octave
// offsets, sum / amplitude sum: nominally [-1, 1]; max |w_k| measured over 40000 random points,
// 1 / 3 / 8 warp octaves: 1D 0.47 / 0.30 / 0.26, 2D 0.89 / 0.65 / 0.55, 3D 0.93 / 0.63 / 0.60,
// 4D 1.04 / 0.73 / 0.65, so a point moves by at most about a * 0.9 per axis) seeded
// `warp_seed(seed, k)` = seed + 0x9E3779B9 * (k + 1) (mod 2^32), so the components are
// independent of each other and of the field. The warp field's octave i samples p at
// warp_frequency * 2^i (the frequency is folded into each octave's scale, which is how the row
// kernels of the fast path compute the same bits). A warp needs no range of its own: it moves
// points, so the output range is L's (below).
// Tiling with warp: w repeats with period tile * warp_frequency in its own units, i.e. with
// period tile in p, when warp_frequency is a whole number (validated while tiling); then
// q(p + tile e_k) = q(p) + tile e_k and the warped field repeats with the tile. It repeats up to
// the rounding of p + a w (about 1e-15 of a cell), not bit for bit: p + P + d and p + d + P may
// round differently.
//
// Layers (seed 001's rotated second layer): with layers = rotated, L averages the octave sum F
// with a copy read in the x-y plane turned by 45 degrees (other axes unchanged):
//     L(q) = (F(q) + F(R q)) * 0.5
// Seed 001 writes it Noise(x, y) + Noise((x - y) Phi, (y + x) Phi) - 1 for noise in [0, 1]; for
// noise in [-1, 1] that is exactly the average above, so L stays in F's nominal range. Untiled,
// R is that rotation, (x - y) Phi, (x + y) Phi with seed 001's Phi = 0.70710678118. A turned
// square lattice cannot repeat along the axes with any square period (the turned period vector
// (P, 0) -> (P, P) / sqrt 2 is not an integer point), so while tiling R is the integer rotation
// (x - y, x + y): also 45 degrees, but sqrt 2 finer, and it maps a period-P lattice onto itself
// ((P, 0) -> (P, P)), so the second layer repeats with the tile and so does L (up to rounding,
// as for the warp). In 1D there is no plane to turn and `layers` changes nothing.
//
// With neither (warp_amplitude = 0, layers = single) value(p) = F(p), the octave sum as before,
// bit for bit.
//
// Shaping (shaping.hpp): last, at(p) = shape(layered(warped(p)), mask(p)): the remap curve,
// terraces, the mask field, invert, scale-bias and clamp; skipped entirely when every step is at
// its default, so a field without shaping is the same bits as before.
//
// The layer stack (layer_stack.hpp): after shaping, stacked(p) blends the layers above this field
// onto its shaped value; skipped entirely without layers, so stacked(p) == shaped(p).
//
// Erosion (erosion.hpp): last, at(p) = erode(p, stacked(p), grad stacked(p)), the erosion filter
// on the stack's value and gradient; skipped entirely with erosion_method = none.
//
// A FractalNoise is immutable after construction: `at` is const and safe to call from many threads.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "noise/erosion.hpp"
#include "noise/lattice.hpp"
#include "noise/params.hpp"
#include "noise/shaping.hpp"

namespace noise {

class LayerStack;

using Point = std::array<double, 4>;

// One octave's constants: its lattice, how it moves the point, its amplitude and period.
struct OctaveSetup {
    const Lattice* lattice;
    double scale;                   // lacunarity^i
    double amplitude;               // persistence^i
    std::int64_t period;            // along x: tile * lacunarity^i (or tile), or 0
    Periods periods;                // every axis' (y: tile_y's); the reference wraps with these
    std::array<double, 4> shift{};  // per axis, added after scaling: octave offsets plus, on x, a
                                    // shifting seed; 0 at octave 0 without a shifting seed
};

// Where an octave samples coordinate v of an axis: v * scale, rounded, then + shift, rounded. An
// axis without a shift is exactly v * scale: adding 0.0 would turn -0.0 into +0.0. The SIMD
// kernels make the same choice per axis.
inline double octave_coordinate(const OctaveSetup& setup, int axis, double v) {
    const double scaled = v * setup.scale;
    const double shift  = setup.shift[static_cast<std::size_t>(axis)];
    return shift == 0.0 ? scaled : scaled + shift;
}

// The seed of the warp field's component along `axis` (see above).
inline std::uint32_t warp_seed(std::uint32_t seed, int axis) {
    return seed + 0x9E3779B9u * static_cast<std::uint32_t>(axis + 1);  // wraps past 2^32 - 1
}

// The params of the warp field's component along `axis` for a field of `params`: the fixed fBm
// above (perlin, improved, quintic, lacunarity 2, persistence 0.5, warp_octaves octaves, seed
// warp_seed(seed, axis), params' dimension and slice). Its frequency, offsets and tile are not
// read by the field's own warp (the octave setups carry the scale); a shape layer's warp
// (layer_stack.hpp) sets its frequency and reads it alongside the stack.
Params warp_component_params(const Params& params, int axis);

// Seed 001's Phi: cos 45 degrees, as the seed writes it.
inline constexpr double seed001_phi = 0.70710678118;

class FractalNoise {
  public:
    // Throws std::invalid_argument with `validate`'s message when params are invalid.
    explicit FractalNoise(const Params& params);
    FractalNoise(const FractalNoise& other)  // octaves_ point into lattices_
        : FractalNoise(other.params_, other.base_scale_, other.base_period_) {}
    ~FractalNoise();
    FractalNoise& operator=(const FractalNoise&) = delete;

    // The field at a noise-space point (frequency and offsets are NOT applied here): the octave
    // sum, warped and layered as the params say, then shaped, then eroded.
    double at(const Point& p) const;
    // The field before the erosion stage: shaped and stacked, not eroded (at(p) when erosion is off).
    double stacked(const Point& p) const;
    // Layer 1 alone, before the stack (layer_stack.hpp): shaped.
    double shaped(const Point& p) const;
    // The field before the shaping stage: layered(warped(p)).
    double unshaped(const Point& p) const { return layered(warped(p)); }

    // The shaping stage (shaping.hpp), resolved; plan.active is false when it does nothing.
    const ShapingPlan& shaping() const { return shaping_; }
    // The erosion stage (erosion.hpp), resolved; plan.active is false when it does nothing.
    const ErosionPlan& erosion() const { return erosion_; }
    // The mask field (only when shaping().mask != none), read at the same point p as this field.
    const FractalNoise& mask() const { return *mask_; }
    // The layer stack (layer_stack.hpp), or null when there is none (has_stack).
    const LayerStack* stack() const { return stack_.get(); }

    // Another field read at this field's points, as the mask field and the stack's layers are
    // (shaping.hpp): its frequency relative to ours (with placement world the multiplier of the
    // point itself: field_scale, params.hpp) folded into its octaves' scales, on our slice
    // and tile (its own offsets, slice and tile are not read). `other` is validated as read.
    std::unique_ptr<const FractalNoise> alongside(const Params& other) const;

    // The steps of `at`, for the fast path and the trace: at(p) == layered(warped(p)), and
    // layered(q) is layer(q) or (layer(q) + layer(rotated(q))) * 0.5.
    Point warped(const Point& p) const;  // q = p + a * w(p * warp_frequency); p without a warp
    double layered(const Point& q) const;
    double layer(const Point& q) const;   // the octave sum F alone at q
    Point rotated(const Point& q) const;  // R q (see above), axes past y unchanged
    bool has_warp() const { return !warp_.empty(); }
    bool has_rotated_layer() const { return params_.layers == Layers::rotated && params_.dimension >= 2; }
    // Component k of the warp field, k < dimension (only when has_warp): its layer(p) is w_k(p *
    // warp_frequency), its octaves' scales already include the warp frequency.
    const FractalNoise& warp_component(int k) const { return *warp_[static_cast<std::size_t>(k)]; }

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
    // Octave i samples at base_scale * lacunarity^i with periods base_period * lacunarity^i: the
    // public constructor's (1, tile), or a warp component's (warp_frequency, tile * warp_frequency),
    // y with tile_y's.
    FractalNoise(const Params& params, double base_scale, const Periods& base_period);

    Params params_;
    double base_scale_ = 1.0;
    Periods base_period_;
    std::vector<std::unique_ptr<const FractalNoise>> warp_;  // one per axis, or none
    std::vector<Lattice> lattices_;                          // one per octave (1 when octave_seeds = same)
    std::vector<OctaveSetup> octaves_;
    double amplitude_sum_ = 0.0;
    ShapingPlan shaping_;
    ErosionPlan erosion_;
    std::unique_ptr<const FractalNoise> mask_;  // the mask field, or none
    std::shared_ptr<const LayerStack> stack_;   // the layers above this field, or none
};

}  // namespace noise
