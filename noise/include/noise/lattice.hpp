// noise/lattice.hpp: the integer lattice under every noise: which cell a point is in, and a
// pseudo-random but fixed byte for every lattice point.
//
// Ken Perlin hashes a lattice point (X, Y, Z) by chaining lookups in a permutation of 0..255:
//     hash = p[p[p[X] + Y] + Z]        (X, Y, Z already reduced to 0..255)
// which is `hash_corner` below, one lookup per axis. Seed 0 uses his published permutation, so
// seed 0 reproduces his reference exactly; any other seed shuffles 0..255 with SplitMix64
// (Steele, Lea & Flood 2014) and Fisher-Yates, a documented integer generator that gives the same
// table on every machine and standard library. The same generator fills the table of random unit
// gradients of Perlin's 1985 noise (`Gradients::random`).
//
// `hash` chooses another system for the lattice values (hashes.hpp: Hugo Elias' IntNoise of seed
// 004, a 64-bit hash, seed 001's prime table); Ken's chain stays the default and seed 0's
// reference. Whatever the system, a lattice point gets one hash code (`point_hash`), from which
// come its value (`value_of`: value noise, white noise) and its gradient byte (`gradient_byte`,
// 0..255: which gradient of the set, perlin.hpp).
//
// A Lattice can also be one octave's view of a shared texture (octave_seeds = texture, seed
// 003): its lattice point j is the texel j * stride of the finest octave's lattice (`wrap`).
//
// Limits, stated plainly:
// - Without tiling a lattice index is reduced with & 255, as Ken Perlin does: the noise repeats
//   every 256 cells on every axis. prime_table repeats every 1024 cells (& 1023, the seed's own
//   mask), elias along (57, -1) and every 2^32 cells (hashes.hpp); wide does not repeat.
// - With a tiling period P (1 .. 2^46) an index is reduced modulo P with a true modulo (negative
//   indices too); indices >= 256 then fold their higher bytes into the hash chain, so a period of
//   300 is 300 distinct cells, not 256 cells and a repeat. Below 256 the chain is Ken's.
// - `cell_of` floors (not a cast to int) so that negative coordinates find the right cell.
// - Coordinates are clamped to [-2^52, 2^52] before the floor, here and in the SIMD kernels
//   alike (`lattice_limit`). Any double is then a defined cell: a lattice index is an int64, and
//   converting a double outside int64's range is undefined behaviour, which accepted settings do
//   reach (offset_x = 1e12 at octave 15 of lacunarity 4 is 1e12 * 4^15, about 1e21; `sample`
//   takes any coordinate). Nothing of interest is lost: from 2^52 on, doubles are whole numbers
//   (spacing >= 1), so every point there already sits on a lattice line with frac 0 and the noise
//   has no detail left to show. What changes is only which lattice line: every point beyond
//   +-2^52 reads the line at +-2^52. Infinities clamp too; NaN counts as -infinity (it compares
//   false both ways), so no input is undefined. The clamped index and its neighbours (at most 3
//   cells away) stay far inside int64, and so does the arithmetic the kernels do on them.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>

#include "noise/hashes.hpp"
#include "noise/params.hpp"

namespace noise {

// Ken Perlin's permutation from "Improving Noise" (2002), the table of seed 0.
extern const std::array<std::uint8_t, 256> perlin_permutation;

// SplitMix64: a 64-bit state advanced by a constant, then mixed. Small, fast, and the same on
// every platform (only uint64_t arithmetic, whose wraparound is defined).
class SplitMix64 {
  public:
    explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z               = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z               = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    // A double in [0, 1) from the top 53 bits.
    double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
    // An integer in [0, n) by multiply-shift (Lemire); the bias is below 2^-32 for n <= 256.
    std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(((next() >> 32) * n) >> 32); }

  private:
    std::uint64_t state_;
};

// Where coordinates are clamped before the floor (see the limits above): the first double with
// no fractional part, and a power of two, so clamping to it is exact and its floor is itself.
inline constexpr double lattice_limit = 0x1.0p52;

// x limited to [-lattice_limit, lattice_limit]; NaN gives -lattice_limit. The SIMD kernels make
// the same two comparisons in the same order (lattice_simd-inl.h, ClampLanes).
inline double clamp_to_lattice(double x) {
    if (x > lattice_limit) return lattice_limit;
    return x >= -lattice_limit ? x : -lattice_limit;  // false for NaN as for -infinity
}

// The lattice cell containing coordinate x, and x's position inside it, in [0, 1).
struct Cell {
    std::int64_t index;  // floor(x)
    double frac;         // x - floor(x)
};
inline Cell cell_of(double x) {
    const double c = clamp_to_lattice(x);  // |c| <= 2^52: the conversion below is always defined
    const double i = std::floor(c);
    return {static_cast<std::int64_t>(i), c - i};
}

// A lattice index reduced for hashing: & 255 without tiling (period 256), else a true modulo.
inline std::int64_t wrap_index(std::int64_t i, std::int64_t period) {
    if (period == 0) return i & 255;
    const std::int64_t r = i % period;
    return r < 0 ? r + period : r;
}

// A tiling period per axis (x, y, z, w), in cells of one octave's lattice; 0 on an axis: not
// tiled there. One number converts to the same period on every axis (`tile` alone); `tile_y`
// gives y its own (params.hpp), for textures that are not square.
struct Periods {
    std::array<std::int64_t, 4> axis{};
    constexpr Periods() = default;
    constexpr Periods(std::int64_t all) : axis{all, all, all, all} {}  // NOLINT: one period, every axis
    constexpr std::int64_t operator[](int a) const { return axis[static_cast<std::size_t>(a)]; }
    // The same period on every axis: the SIMD kernels, which wrap every axis by one period, apply.
    constexpr bool uniform() const { return axis[1] == axis[0] && axis[2] == axis[0] && axis[3] == axis[0]; }
    friend constexpr bool operator==(const Periods&, const Periods&) = default;
};

// One seed's immutable tables. Cheap to copy around by reference; safe to share between threads.
class Lattice {
  public:
    // stride >= 1: lattice point j reads texel j * stride (octave_seeds = texture), else 1.
    // primes: IntNoise's constants for hash = elias (octave_seeds = primes), else Elias' own.
    explicit Lattice(std::uint32_t seed, Hash hash = Hash::permutation, std::int64_t stride = 1,
                     const EliasPrimes& primes = elias_prime_sets[0]);

    std::uint32_t seed() const { return seed_; }
    Hash hash() const { return hash_; }
    std::int64_t stride() const { return stride_; }
    const EliasPrimes& elias_primes() const { return elias_primes_; }

    // How many cells the untiled lattice takes to repeat along an axis: 256 (permutation), 1024
    // (prime_table), or 0 for none that matters (elias: 2^32 along x; wide: none).
    std::int64_t untiled_period() const {
        switch (hash_) {
            case Hash::permutation:
                return 256;
            case Hash::prime_table:
                return 1024;
            case Hash::elias:
            case Hash::wide:
                break;
        }
        return 0;
    }

    // Lattice index i reduced for hashing, at the texel it reads: with a tiling period P, a true
    // modulo (i mod P) * stride, so every octave of a texture wraps with the finest period
    // P * stride; without tiling the hash's own wrap (& 255, & 1023, or none) of i * stride.
    // With stride 1 and hash = permutation this is wrap_index, Ken's & 255.
    std::int64_t wrap(std::int64_t i, std::int64_t period) const {
        if (period != 0) return wrap_index(i, period) * stride_;  // < 2^46 (fractal.cpp)
        // Unsigned: the product wraps (defined) where it leaves int64, and only low bits or the
        // 64-bit pattern matter below.
        const std::uint64_t texel = static_cast<std::uint64_t>(i) * static_cast<std::uint64_t>(stride_);
        switch (hash_) {
            case Hash::permutation:
                return static_cast<std::int64_t>(texel & 255u);
            case Hash::prime_table:
                return static_cast<std::int64_t>(texel & 1023u);
            case Hash::elias:
            case Hash::wide:
                break;
        }
        return static_cast<std::int64_t>(texel);
    }

    // The hash code of a lattice point whose indices are already wrapped (`wrap`): Ken's chain
    // for permutation (hash_corner), else the system of hashes.hpp.
    template <int D>
    std::uint64_t point_hash(const std::array<std::int64_t, D>& wrapped) const {
        switch (hash_) {
            case Hash::permutation:
                return hash_corner<D>(wrapped);
            case Hash::elias: {
                std::uint32_t n = seed_;
                for (int axis = 0; axis < D; ++axis)
                    n += static_cast<std::uint32_t>(wrapped[axis]) *
                         elias_axis_factor[static_cast<std::size_t>(axis)];
                return elias_int_noise(n, elias_primes_);
            }
            case Hash::wide: {
                std::uint64_t h = wide_start(seed_);
                for (int axis = 0; axis < D; ++axis) h = wide_link(h, axis, wrapped[axis]);
                return h;
            }
            case Hash::prime_table: {
                std::array<std::int64_t, 4> i{};
                for (int axis = 0; axis < D; ++axis) i[axis] = wrapped[axis];
                return prime_table_[prime_table_index(i[0], i[1], i[2], i[3])];
            }
        }
        return 0;
    }

    // A hash code's lattice value (value and white noise): h / 127.5 - 1 for the byte-valued
    // permutation and prime_table, Elias' own double, or wide's top 53 bits.
    double value_of(std::uint64_t h) const {
        switch (hash_) {
            case Hash::permutation:
            case Hash::prime_table:
                return static_cast<double>(h) / 127.5 - 1.0;
            case Hash::elias:
                return elias_value(static_cast<std::uint32_t>(h));
            case Hash::wide:
                break;
        }
        return wide_value(h);
    }

    // A hash code's gradient byte, 0..255, which the gradient sets of perlin.hpp read.
    unsigned gradient_byte(std::uint64_t h) const {
        switch (hash_) {
            case Hash::permutation:
            case Hash::prime_table:
                return static_cast<unsigned>(h);
            case Hash::elias:
                return static_cast<unsigned>(h >> 23) & 255u;
            case Hash::wide:
                break;
        }
        return static_cast<unsigned>(h >> 56);
    }
    std::uint8_t perm(std::int64_t i) const { return perm_[static_cast<std::size_t>(i & 255)]; }
    // p[p[i]] (times 2) or p[p[p[i]]] (times 3): a link followed by the zero links of 1D and 2D
    // (p[h + 0] is p[h]), in one lookup, for the kernels' corner tables.
    std::uint8_t perm_repeated(int times, std::int64_t i) const {
        return perm_repeated_[static_cast<std::size_t>(times - 1)][static_cast<std::size_t>(i & 255)];
    }

    // The tables themselves, for the SIMD kernels' lane-wise lookups: p applied `times` times
    // (1..3, as perm_repeated), and prime_table's 1024 bytes.
    const std::uint8_t* permutation_table(int times) const {
        return perm_repeated_[static_cast<std::size_t>(times - 1)].data();
    }
    const std::uint8_t* prime_table_bytes() const { return prime_table_.data(); }

    // One link of the chain: the hash so far plus the next axis' wrapped index, looked up.
    // Indices >= 256 (tiling only) add one step per higher byte.
    unsigned chain(unsigned h, std::int64_t c) const {
        h = perm_[(h + static_cast<unsigned>(c & 255)) & 255];
        for (std::int64_t high = c >> 8; high != 0; high >>= 8)  // only tiling periods above 256
            h = perm_[(h + 1 + static_cast<unsigned>(high & 255)) & 255];
        return h;
    }

    // The hash of a lattice point whose indices are already wrapped (wrap_index): Ken's chain
    // p[p[p[X] + Y] + Z], one link per axis, over at least three axes so that 1D and 2D noise
    // are the y = 0 and z = 0 slices of the 3D table.
    template <int D>
    std::uint8_t hash_corner(const std::array<std::int64_t, D>& wrapped) const {
        unsigned h = 0;
        for (int axis = 0; axis < D; ++axis) h = chain(h, wrapped[axis]);
        for (int axis = D; axis < 3; ++axis) h = chain(h, 0);
        return static_cast<std::uint8_t>(h);
    }

    // Perlin 1985: a random unit vector per hash value, for each dimension 1..4 (in 1D a slope in
    // [-1, 1]). Entry h of dimension D starts at random_gradient(D, h)[0].
    const double* random_gradient(int dimension, std::uint8_t h) const {
        return &gradients_[dimension - 1][static_cast<std::size_t>(h) * static_cast<std::size_t>(dimension)];
    }

  private:
    std::uint32_t seed_;
    Hash hash_;
    std::int64_t stride_;
    EliasPrimes elias_primes_;
    std::array<std::uint8_t, 256> perm_;
    std::array<std::array<std::uint8_t, 256>, 3> perm_repeated_;  // p applied once, twice, three times
    std::array<std::uint8_t, 1024> prime_table_{};          // prime_table only: System.Random(seed)'s bytes
    std::array<std::array<double, 256 * 4>, 4> gradients_;  // dimension d uses 256 * d entries
};

}  // namespace noise
