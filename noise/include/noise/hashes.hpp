// noise/hashes.hpp: the seeds' own ways of giving a lattice point a random value (`hash` key).
//
// A lattice noise needs, for every integer lattice point, a fixed pseudo-random value (value
// noise) or a fixed pseudo-random gradient (Perlin noise). `Hash::permutation` is Ken Perlin's
// chain through a 256-entry permutation (lattice.hpp); the three below are the other systems the
// seeds use, so that their figures can be reproduced as written.
//
// Each takes the lattice point's indices (already wrapped by Lattice::wrap) and returns one
// unsigned "hash code"; Lattice turns a code into the point's value and its gradient byte.
//
//   elias        Hugo Elias' IntNoise (seed 004), over n = x + 57 y + 131 z + 2039 w + seed in
//                32-bit wrap-around arithmetic:
//                    n = (n << 13) ^ n;
//                    r = n * (n * n * 15731 + 789221) + 1376312589;
//                    value = 1.0 - (r & 0x7fffffff) / 1073741824.0      in (-1, 1]
//                1D is n = x + seed and 2D n = x + 57 y + seed, exactly his; 3D and 4D add
//                131 z and 2039 w (our extension, primes as he suggests). Gradient byte: bits
//                23..30 of r, the top 8 of the 31 bits his value uses (his low bits are weak:
//                bit 0 of r is always 1).
//                Limits, stated plainly, and faithful to Elias: n depends on x + 57 y only, so
//                the 2D field repeats along the direction (57, -1): the point (x + 57, y - 1)
//                has the value of (x, y). Likewise (131, 0, -1), (2039, 0, 0, -1) and every
//                combination in 3D and 4D. Along x alone it repeats every 2^32 cells. And since
//                the seed is added into n, seed s is seed 0 moved s cells along x: with
//                octave_seeds = offset octave i is octave 0's lattice moved i cells (at its own
//                scale), not an unrelated noise function as Elias' per-octave primes would be.
//                Those are octave_seeds = primes: octave i computes r with the prime set
//                elias_prime_sets[i] in place of 15731, 789221, 1376312589 (n unchanged).
//   wide         a 64-bit hash: h = mix(seed'), then h = mix(h + index_k * K_k) for each axis k,
//                where mix is SplitMix64's finalizer (a bijection of 64-bit words) and K_k large
//                odd constants. Along any row the map x -> h is a bijection of 64-bit words, so
//                no two lattice points of a row share their 64 bits, and chaining the axes
//                through mix leaves no linear relation between axes to repeat along. Value:
//                the top 53 bits, h / 2^11 * 2^-52 - 1, in [-1, 1), 2^53 levels. Gradient byte:
//                the top 8 bits. No repetition within the accepted coordinate range (lattice
//                indices up to 2^52, lattice.hpp).
//   prime_table  seed 001's Perlin2D: a table of 1024 bytes filled by .NET's
//                `new System.Random(seed).NextBytes(table)` (DotNetRandom below), indexed by
//                    v = ((x * 1836311903) ^ (y * 2971215073 + 4807526976)) & 1023
//                with C#'s types: x * 1836311903 is int * int (32-bit wrap-around, then widened
//                with its sign for ^), y * 2971215073 is int * uint, so long, as are the sum and
//                the ^. The table byte is the code: its value is byte / 127.5 - 1 (256 levels,
//                like the permutation's), its low bits pick the gradient, and with
//                gradients = axes `byte & 3` picks {1,0}, {-1,0}, {0,1}, {0,-1} in that order, as
//                Perlin2D's switch does. 1D is the y = 0 slice; 3D and 4D XOR in
//                z * 2246822519 and w * 3266489917 (our extension). Only the low 10 bits of
//                each product matter, so the field repeats every 1024 cells on every axis.
#pragma once

#include <array>
#include <cstdint>

namespace noise {

// [SECTION] elias ---------------------------------------------------------------------------

// The lattice multipliers of n = x + 57 y + 131 z + 2039 w (Elias' 57; 131 and 2039 ours).
inline constexpr std::array<std::uint32_t, 4> elias_axis_factor{1, 57, 131, 2039};

// The three constants of IntNoise: r = n * (n * n * a + b) + c.
using EliasPrimes = std::array<std::uint32_t, 3>;

// octave_seeds = primes: octave i's set (16 octaves at most). Set 0 is Elias' own, as he wrote
// it (he calls all three prime; 1376312589 = 3^2 * 109 * 127 * 11047 is not). He says to use
// "some other prime numbers of a similar size" for the other octaves but gives no more: sets 1
// to 15 are ours, by a rule anyone can check (noise/tools/elias_primes.py prints the table): set
// i takes, for each of his q, the first prime at or above q + i * step, steps 1000, 50000 and
// 40000000, so each stays near his magnitude (the last below 2^31) and every term changes.
inline constexpr std::array<EliasPrimes, 16> elias_prime_sets{{
    {{15731u, 789221u, 1376312589u}},
    {{16741u, 839221u, 1416312589u}},
    {{17737u, 889237u, 1456312619u}},
    {{18731u, 939229u, 1496312627u}},
    {{19739u, 989231u, 1536312607u}},
    {{20731u, 1039229u, 1576312589u}},
    {{21737u, 1089223u, 1616312591u}},
    {{22739u, 1139227u, 1656312589u}},
    {{23741u, 1189231u, 1696312601u}},
    {{24733u, 1239223u, 1736312603u}},
    {{25733u, 1289231u, 1776312599u}},
    {{26731u, 1339223u, 1816312613u}},
    {{27733u, 1389221u, 1856312609u}},
    {{28751u, 1439233u, 1896312601u}},
    {{29741u, 1489223u, 1936312603u}},
    {{30757u, 1539227u, 1976312599u}},
}};

// IntNoise's integer part, r, for n (every operation in uint32_t: wrap-around is defined).
inline std::uint32_t elias_int_noise(std::uint32_t n, const EliasPrimes& primes = elias_prime_sets[0]) {
    n = (n << 13) ^ n;
    return n * (n * n * primes[0] + primes[1]) + primes[2];
}

// IntNoise's value for r: 1.0 - (r & 0x7fffffff) / 1073741824.0, in (-1, 1].
inline double elias_value(std::uint32_t r) {
    return 1.0 - static_cast<double>(r & 0x7fffffffu) / 1073741824.0;
}

// [SECTION] wide ----------------------------------------------------------------------------

// SplitMix64's finalizer (Steele, Lea & Flood 2014): xor-shifts and odd multipliers, each a
// bijection of 64-bit words, so the whole is one.
inline std::uint64_t mix64(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// Odd multipliers per axis (the golden ratio's and xxHash64's primes): x -> x * K is then a
// bijection of 64-bit words.
inline constexpr std::array<std::uint64_t, 4> wide_axis_factor{0x9E3779B97F4A7C15ull, 0xC2B2AE3D27D4EB4Full,
                                                               0x165667B19E3779F9ull, 0x27D4EB2F165667C5ull};

inline std::uint64_t wide_start(std::uint32_t seed) { return mix64(seed ^ 0x6A09E667F3BCC909ull); }
inline std::uint64_t wide_link(std::uint64_t h, int axis, std::int64_t index) {
    return mix64(h + static_cast<std::uint64_t>(index) * wide_axis_factor[static_cast<std::size_t>(axis)]);
}
// The value of a 64-bit hash: its top 53 bits, in [-1, 1).
inline double wide_value(std::uint64_t h) { return static_cast<double>(h >> 11) * 0x1.0p-52 - 1.0; }

// [SECTION] prime_table ---------------------------------------------------------------------

// Perlin2D's table index of (x, y), with the z and w terms of our extension (0 in 2D).
inline std::uint32_t prime_table_index(std::int64_t x, std::int64_t y, std::int64_t z, std::int64_t w) {
    // C#: (int)x * 1836311903 wraps in 32 bits, then is widened with its sign to long for the ^.
    const auto x_term = static_cast<std::uint64_t>(
        static_cast<std::int64_t>(static_cast<std::int32_t>(static_cast<std::uint32_t>(x) * 1836311903u)));
    // C#: (int)y * 2971215073u is a long product, + 4807526976 a long sum (2's complement bits).
    const auto y_term =
        static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<std::int32_t>(y))) * 2971215073ull +
        4807526976ull;
    const std::uint64_t z_term = static_cast<std::uint64_t>(z) * 2246822519ull;
    const std::uint64_t w_term = static_cast<std::uint64_t>(w) * 3266489917ull;
    return static_cast<std::uint32_t>((x_term ^ y_term ^ z_term ^ w_term) & 1023u);
}

// .NET's seeded System.Random (Knuth's subtractive generator, as Random.cs implements it), so a
// reader of seed 001 gets the very table `new System.Random(seed).NextBytes(table)` fills.
class DotNetRandom {
  public:
    explicit DotNetRandom(std::int32_t seed);
    // NextBytes: each byte is InternalSample() % 256.
    void next_bytes(std::uint8_t* bytes, std::size_t count);
    std::int32_t internal_sample();

  private:
    std::array<std::int32_t, 56> seed_array_{};
    int inext_  = 0;
    int inextp_ = 21;
};

}  // namespace noise
