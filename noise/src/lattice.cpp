// The lattice tables: Ken Perlin's permutation for seed 0, a SplitMix64 shuffle for the others.
#include "noise/lattice.hpp"

#include <limits>
#include <numeric>

namespace noise {

const std::array<std::uint8_t, 256> perlin_permutation{
    151, 160, 137, 91,  90,  15,  131, 13,  201, 95,  96,  53,  194, 233, 7,   225, 140, 36,  103, 30,
    69,  142, 8,   99,  37,  240, 21,  10,  23,  190, 6,   148, 247, 120, 234, 75,  0,   26,  197, 62,
    94,  252, 219, 203, 117, 35,  11,  32,  57,  177, 33,  88,  237, 149, 56,  87,  174, 20,  125, 136,
    171, 168, 68,  175, 74,  165, 71,  134, 139, 48,  27,  166, 77,  146, 158, 231, 83,  111, 229, 122,
    60,  211, 133, 230, 220, 105, 92,  41,  55,  46,  245, 40,  244, 102, 143, 54,  65,  25,  63,  161,
    1,   216, 80,  73,  209, 76,  132, 187, 208, 89,  18,  169, 200, 196, 135, 130, 116, 188, 159, 86,
    164, 100, 109, 198, 173, 186, 3,   64,  52,  217, 226, 250, 124, 123, 5,   202, 38,  147, 118, 126,
    255, 82,  85,  212, 207, 206, 59,  227, 47,  16,  58,  17,  182, 189, 28,  42,  223, 183, 170, 213,
    119, 248, 152, 2,   44,  154, 163, 70,  221, 153, 101, 155, 167, 43,  172, 9,   129, 22,  39,  253,
    19,  98,  108, 110, 79,  113, 224, 232, 178, 185, 112, 104, 218, 246, 97,  228, 251, 34,  242, 193,
    238, 210, 144, 12,  191, 179, 162, 241, 81,  51,  145, 235, 249, 14,  239, 107, 49,  192, 214, 31,
    181, 199, 106, 157, 184, 84,  204, 176, 115, 121, 50,  45,  127, 4,   150, 254, 138, 236, 205, 93,
    222, 114, 67,  29,  24,  72,  243, 141, 128, 195, 78,  66,  215, 61,  156, 180};

namespace {

// C#'s int arithmetic is unchecked: it wraps modulo 2^32. Random.cs relies on it, since
// SeedArray[55] = MSEED - |Seed| is negative for |Seed| > MSEED and the subtractions then wrap.
// In C++ a signed overflow is undefined, so the sum is taken in int64 and wrapped here.
std::int32_t unchecked_int(std::int64_t value) {
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(value));
}

}  // namespace

DotNetRandom::DotNetRandom(std::int32_t seed) {
    // Random(int Seed): Knuth's subtractive generator seeded from MSEED - |Seed|.
    constexpr std::int32_t mbig = 2147483647, mseed = 161803398;
    const std::int32_t subtraction =
        seed == std::numeric_limits<std::int32_t>::min() ? mbig : (seed < 0 ? -seed : seed);
    std::int32_t mj = mseed - subtraction;
    seed_array_[55] = mj;
    std::int32_t mk = 1;
    for (int i = 1; i < 55; ++i) {
        const int ii                              = (21 * i) % 55;
        seed_array_[static_cast<std::size_t>(ii)] = mk;
        mk                                        = unchecked_int(std::int64_t{mj} - mk);
        if (mk < 0) mk = unchecked_int(std::int64_t{mk} + mbig);
        mj = seed_array_[static_cast<std::size_t>(ii)];
    }
    for (int k = 1; k < 5; ++k) {
        for (int i = 1; i < 56; ++i) {
            std::int32_t& entry = seed_array_[static_cast<std::size_t>(i)];
            entry =
                unchecked_int(std::int64_t{entry} - seed_array_[static_cast<std::size_t>(1 + (i + 30) % 55)]);
            if (entry < 0) entry = unchecked_int(std::int64_t{entry} + mbig);
        }
    }
    inext_  = 0;
    inextp_ = 21;
}

std::int32_t DotNetRandom::internal_sample() {
    constexpr std::int32_t mbig = 2147483647;
    if (++inext_ >= 56) inext_ = 1;
    if (++inextp_ >= 56) inextp_ = 1;
    std::int32_t value = unchecked_int(std::int64_t{seed_array_[static_cast<std::size_t>(inext_)]} -
                                       seed_array_[static_cast<std::size_t>(inextp_)]);
    if (value == mbig) --value;
    if (value < 0) value = unchecked_int(std::int64_t{value} + mbig);
    seed_array_[static_cast<std::size_t>(inext_)] = value;
    return value;
}

void DotNetRandom::next_bytes(std::uint8_t* bytes, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) bytes[i] = static_cast<std::uint8_t>(internal_sample() % 256);
}

Lattice::Lattice(std::uint32_t seed, Hash hash, std::int64_t stride, const EliasPrimes& primes)
    : seed_(seed), hash_(hash), stride_(stride), elias_primes_(primes) {
    // Seed 001's table: C#'s int seed is our seed's 32 bits read as two's complement.
    if (hash == Hash::prime_table)
        DotNetRandom(static_cast<std::int32_t>(seed)).next_bytes(prime_table_.data(), prime_table_.size());

    if (seed == 0) {
        perm_ = perlin_permutation;
    } else {
        // Fisher-Yates over 0..255, driven by SplitMix64 seeded with the seed.
        std::iota(perm_.begin(), perm_.end(), std::uint8_t{0});
        SplitMix64 rng(seed);
        for (std::uint32_t i = 255; i > 0; --i) std::swap(perm_[i], perm_[rng.below(i + 1)]);
    }
    perm_repeated_[0] = perm_;
    for (std::size_t times = 1; times < perm_repeated_.size(); ++times)
        for (std::size_t i = 0; i < 256; ++i) perm_repeated_[times][i] = perm_[perm_repeated_[times - 1][i]];

    // Random unit gradients: uniform directions by rejection from the cube [-1, 1]^D (points
    // inside the unit ball, away from the centre, normalised); in 1D uniform slopes in [-1, 1].
    // A stream of its own, so that the permutation of a seed does not depend on it.
    SplitMix64 rng(0x6772616469656E74ull ^ seed);  // "gradient"
    for (int dimension = 1; dimension <= 4; ++dimension) {
        auto& table = gradients_[dimension - 1];
        table.fill(0.0);
        for (std::size_t h = 0; h < 256; ++h) {
            double* g = &table[h * static_cast<std::size_t>(dimension)];
            if (dimension == 1) {
                g[0] = rng.unit() * 2.0 - 1.0;
                continue;
            }
            double length2 = 0.0;
            do {
                length2 = 0.0;
                for (int axis = 0; axis < dimension; ++axis) {
                    g[axis] = rng.unit() * 2.0 - 1.0;
                    length2 += g[axis] * g[axis];
                }
            } while (length2 > 1.0 || length2 < 1e-4);
            const double length = std::sqrt(length2);
            for (int axis = 0; axis < dimension; ++axis) g[axis] /= length;
        }
    }
}

}  // namespace noise
