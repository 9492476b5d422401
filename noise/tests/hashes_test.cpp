// The seeds' own lattices (hashes.hpp): Hugo Elias' IntNoise against a transcription of his
// code, seed 001's Perlin2D against a transcription of its class, and the invariants of every
// hash: determinism, continuity, exact tiling, range, and (wide) no repetition.
//
// The transcriptions below are written from the seeds' text, separately from the library: they
// share no code with noise/ (not even the hash constants), so a slip in either shows up here.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <vector>

#include "noise/fractal.hpp"
#include "noise/kernel.hpp"
#include "noise/lattice.hpp"
#include "noise/render.hpp"
#include "test_support.hpp"

namespace {

using noise::Algorithm;
using noise::Hash;
using noise::Interpolation;

// [SECTION] Seed 004, Hugo Elias, as printed ----------------------------------------------

// His `int` arithmetic wraps in 32 bits; uint32_t does the same without undefined behaviour.
double IntNoise(std::int32_t n_signed) {
    std::uint32_t n = static_cast<std::uint32_t>(n_signed);
    n               = (n << 13) ^ n;
    return 1.0 -
           static_cast<double>((n * (n * n * 15731u + 789221u) + 1376312589u) & 0x7fffffffu) / 1073741824.0;
}
double Noise1(std::int32_t x) { return IntNoise(x); }
double Noise2(std::int32_t x, std::int32_t y) {
    const std::int32_t n =
        static_cast<std::int32_t>(static_cast<std::uint32_t>(x) + static_cast<std::uint32_t>(y) * 57u);
    return IntNoise(n);
}

double SmoothedNoise1(std::int32_t x) { return Noise1(x) / 2 + Noise1(x - 1) / 4 + Noise1(x + 1) / 4; }
double SmoothNoise2(std::int32_t x, std::int32_t y) {
    const double corners =
        (Noise2(x - 1, y - 1) + Noise2(x + 1, y - 1) + Noise2(x - 1, y + 1) + Noise2(x + 1, y + 1)) / 16;
    const double sides  = (Noise2(x - 1, y) + Noise2(x + 1, y) + Noise2(x, y - 1) + Noise2(x, y + 1)) / 8;
    const double center = Noise2(x, y) / 4;
    return corners + sides + center;
}

double Linear_Interpolate(double a, double b, double x) { return a * (1 - x) + b * x; }
double Cosine_Interpolate(double a, double b, double x) {
    const double ft = x * std::numbers::pi;  // he writes 3.1415927: see the report in the test below
    const double f  = (1 - std::cos(ft)) * .5;
    return a * (1 - f) + b * f;
}
double Cubic_Interpolate(double v0, double v1, double v2, double v3, double x) {
    const double P = (v3 - v2) - (v0 - v1);
    const double Q = (v0 - v1) - P;
    const double R = v2 - v0;
    const double S = v1;
    return P * x * x * x + Q * x * x + R * x + S;
}

double Interpolate(Interpolation curve, double a, double b, double x) {
    return curve == Interpolation::linear ? Linear_Interpolate(a, b, x) : Cosine_Interpolate(a, b, x);
}

// InterpolatedNoise: int(x) truncates, which is floor for the positive x compared here.
double InterpolatedNoise1(double x, Interpolation curve, bool smooth) {
    const auto integer_X      = static_cast<std::int32_t>(x);
    const double fractional_X = x - integer_X;
    const auto v              = [&](std::int32_t i) { return smooth ? SmoothedNoise1(i) : Noise1(i); };
    if (curve == Interpolation::cubic)
        return Cubic_Interpolate(v(integer_X - 1), v(integer_X), v(integer_X + 1), v(integer_X + 2),
                                 fractional_X);
    return Interpolate(curve, v(integer_X), v(integer_X + 1), fractional_X);
}
// 2D: his pseudocode for two-point curves; for cubic the same tree, four rows along x, then y.
double InterpolatedNoise2(double x, double y, Interpolation curve, bool smooth) {
    const auto integer_X      = static_cast<std::int32_t>(x);
    const double fractional_X = x - integer_X;
    const auto integer_Y      = static_cast<std::int32_t>(y);
    const double fractional_Y = y - integer_Y;
    const auto v = [&](std::int32_t i, std::int32_t j) { return smooth ? SmoothNoise2(i, j) : Noise2(i, j); };
    if (curve == Interpolation::cubic) {
        double row[4];
        for (int j = 0; j < 4; ++j) {
            const std::int32_t Y = integer_Y - 1 + j;
            row[j] = Cubic_Interpolate(v(integer_X - 1, Y), v(integer_X, Y), v(integer_X + 1, Y),
                                       v(integer_X + 2, Y), fractional_X);
        }
        return Cubic_Interpolate(row[0], row[1], row[2], row[3], fractional_Y);
    }
    const double v1 = v(integer_X, integer_Y);
    const double v2 = v(integer_X + 1, integer_Y);
    const double v3 = v(integer_X, integer_Y + 1);
    const double v4 = v(integer_X + 1, integer_Y + 1);
    const double i1 = Interpolate(curve, v1, v2, fractional_X);
    const double i2 = Interpolate(curve, v3, v4, fractional_X);
    return Interpolate(curve, i1, i2, fractional_Y);
}

noise::Params elias_params(int dimension, Interpolation curve, bool smooth) {
    noise::Params params = noise_test::one_octave(Algorithm::value, dimension, curve);
    params.hash          = Hash::elias;
    params.smooth        = smooth;
    return params;
}

// Seed 0, one octave of value noise with hash = elias is his InterpolatedNoise, to rounding.
// The orders of operations differ a little (our lerp is a + s (b - a), our cubic Horner's, our
// smoothing one weighted sum, our cosine a polynomial, lattice.hpp / interpolate.hpp), which moves
// the last bits only: the largest difference is printed and must stay below 1e-15.
TEST(EliasHash, ValueNoiseIsHisInterpolatedNoise) {
    noise::SplitMix64 rng(4);
    for (int dimension : {1, 2}) {
        for (Interpolation curve : {Interpolation::linear, Interpolation::cosine, Interpolation::cubic}) {
            for (bool smooth : {false, true}) {
                const noise::FractalNoise noise(elias_params(dimension, curve, smooth));
                double largest = 0.0;
                for (int k = 0; k < 20000; ++k) {
                    // Positive points (his int() truncates, our floor floors), far out too.
                    const double x        = rng.unit() * (k % 2 ? 1e6 : 300.0),
                                 y        = rng.unit() * (k % 3 ? 1e5 : 50.0);
                    const double expected = dimension == 1 ? InterpolatedNoise1(x, curve, smooth)
                                                           : InterpolatedNoise2(x, y, curve, smooth);
                    const double got      = noise.at({x, y, 0.0, 0.0});
                    largest               = std::max(largest, std::abs(got - expected));
                    ASSERT_NEAR(got, expected, 1e-15)
                        << "dimension " << dimension << " curve "
                        << noise::interpolation_names[static_cast<std::size_t>(curve)] << " smooth " << smooth
                        << " at " << x << ", " << y;
                }
                std::printf("elias %dD %s%s: largest difference from his code %.3g\n", dimension,
                            std::string(noise::interpolation_names[static_cast<std::size_t>(curve)]).c_str(),
                            smooth ? " smoothed" : "", largest);
            }
        }
    }
}

// At lattice points the field is his IntNoise itself, exactly (no blend rounds anything).
TEST(EliasHash, LatticeValuesAreHisIntNoiseExactly) {
    const noise::FractalNoise one_d(elias_params(1, Interpolation::linear, false));
    const noise::FractalNoise two_d(elias_params(2, Interpolation::linear, false));
    for (int x = -300; x < 300; x += 7) {
        EXPECT_EQ(one_d.at({static_cast<double>(x), 0, 0, 0}), Noise1(x));
        for (int y = -40; y < 40; y += 3)
            EXPECT_EQ(two_d.at({static_cast<double>(x), static_cast<double>(y), 0, 0}), Noise2(x, y));
    }
}

// The seed is added into n: seed s at x is seed 0 at x + s (1D), a check that can fail if the
// seed were mixed in any other way.
TEST(EliasHash, TheSeedIsAddedIntoN) {
    noise::Params params = elias_params(1, Interpolation::linear, false);
    params.seed          = 1000;
    const noise::FractalNoise seeded(params);
    for (int x = -50; x < 50; ++x) EXPECT_EQ(seeded.at({static_cast<double>(x), 0, 0, 0}), Noise1(x + 1000));
}

// octave_seeds = primes: octave i's lattice values are IntNoise with the prime set i, written out
// here as he writes it with the constants replaced; set 0 is his, every set's first two numbers
// are prime (his third is not, hashes.hpp), and every later set is the first prime at or above
// his numbers plus i times the documented steps.
TEST(EliasHash, EveryOctaveHasItsOwnPrimes) {
    const auto is_prime = [](std::uint64_t n) {
        if (n < 2) return false;
        for (std::uint64_t k = 2; k * k <= n; ++k)
            if (n % k == 0) return false;
        return true;
    };
    const std::array<std::uint64_t, 3> his{15731, 789221, 1376312589}, steps{1000, 50000, 40000000};
    for (std::size_t i = 0; i < noise::elias_prime_sets.size(); ++i) {
        for (std::size_t k = 0; k < 3; ++k) {
            std::uint64_t expected = his[k] + i * steps[k];
            if (i > 0)
                while (!is_prime(expected)) ++expected;
            EXPECT_EQ(noise::elias_prime_sets[i][k], expected) << "set " << i << " term " << k;
        }
    }
    noise::Params params = elias_params(2, Interpolation::linear, false);
    params.octaves       = 4;
    params.octave_seeds  = noise::OctaveSeeds::primes;
    const noise::FractalNoise noise(params);
    for (int octave = 0; octave < 4; ++octave) {
        const auto& [a, b, c] = noise::elias_prime_sets[static_cast<std::size_t>(octave)];
        for (int x = -30; x < 30; x += 7) {
            for (int y = -20; y < 20; y += 3) {
                std::uint32_t n = static_cast<std::uint32_t>(x) + static_cast<std::uint32_t>(y) * 57u;
                n               = (n << 13) ^ n;
                const double expected =
                    1.0 - static_cast<double>((n * (n * n * a + b) + c) & 0x7fffffffu) / 1073741824.0;
                // Octave i reads its lattice at p * 2^i: the lattice point (x, y) is p = (x, y) / 2^i.
                const double scale = std::ldexp(1.0, -octave);
                EXPECT_EQ(noise.octave(octave, {x * scale, y * scale, 0, 0}), expected) << octave;
            }
        }
    }
    EXPECT_NE(noise.octave(1, {0.5, 0, 0, 0}), Noise2(1, 0));  // not his primes at octave 1: can fail
}

// Faithful to Elias, stated in hashes.hpp: x + 57 y repeats along (57, -1).
TEST(EliasHash, TwoDRepeatsAlongFiftySevenMinusOne) {
    const noise::FractalNoise noise(elias_params(2, Interpolation::cosine, false));
    noise::SplitMix64 rng(57);
    for (int k = 0; k < 200; ++k) {
        const double x = (rng.unit() - 0.5) * 1000.0, y = (rng.unit() - 0.5) * 1000.0;
        // Both sides rounded the same way: x, y are whole-ish numbers plus a short fraction.
        const double fx = std::floor(x) + 0.375, fy = std::floor(y) + 0.625;
        EXPECT_EQ(noise.at({fx, fy, 0, 0}), noise.at({fx + 57.0, fy - 1.0, 0, 0}));
    }
}

// Elias' values lie in (-1, 1]: r & 0x7fffffff / 2^30 is in [0, 2). Measured over 2^24
// consecutive n: the extremes reached (printed) are within 2^-30 of the ends.
TEST(EliasHash, ValuesLieInMinusOneExclusiveToOne) {
    double lo = 2.0, hi = -2.0;
    for (std::int64_t n = -(1 << 23); n < (1 << 23); ++n) {
        const double v = noise::elias_value(noise::elias_int_noise(static_cast<std::uint32_t>(n)));
        lo             = std::min(lo, v);
        hi             = std::max(hi, v);
    }
    std::printf("elias values over 2^24 n: min %.12f max %.12f\n", lo, hi);
    EXPECT_GT(lo, -1.0);
    EXPECT_LE(hi, 1.0);
    EXPECT_LT(lo, -1.0 + 1e-5);
    EXPECT_GT(hi, 1.0 - 1e-5);
}

// [SECTION] Seed 001, Perlin2D, as printed ---------------------------------------------------

// C#'s int arithmetic wraps (unchecked); C++'s signed overflow is undefined, so sums go via int64.
std::int32_t Unchecked(std::int64_t value) {
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(value));
}

// .NET's System.Random(int seed), written from Random.cs's shape (the newer `num += 21` form).
class CSharpRandom {
  public:
    explicit CSharpRandom(std::int32_t Seed) {
        std::int32_t num  = 0;
        std::int32_t num2 = 161803398 - (Seed == INT32_MIN ? INT32_MAX : std::abs(Seed));
        seedArray[55]     = num2;
        std::int32_t num3 = 1;
        for (int i = 1; i < 55; i++) {
            if ((num += 21) >= 55) num -= 55;
            seedArray[num] = num3;
            num3           = Unchecked(std::int64_t{num2} - num3);
            if (num3 < 0) num3 = Unchecked(std::int64_t{num3} + INT32_MAX);
            num2 = seedArray[num];
        }
        for (int j = 1; j < 5; j++) {
            for (int k = 1; k < 56; k++) {
                int num4 = k + 30;
                if (num4 >= 55) num4 -= 55;
                seedArray[k] = Unchecked(std::int64_t{seedArray[k]} - seedArray[1 + num4]);
                if (seedArray[k] < 0) seedArray[k] = Unchecked(std::int64_t{seedArray[k]} + INT32_MAX);
            }
        }
    }
    std::int32_t InternalSample() {
        int locINext = inext, locINextp = inextp;
        if (++locINext >= 56) locINext = 1;
        if (++locINextp >= 56) locINextp = 1;
        std::int32_t retVal = Unchecked(std::int64_t{seedArray[locINext]} - seedArray[locINextp]);
        if (retVal == INT32_MAX) retVal--;
        if (retVal < 0) retVal = Unchecked(std::int64_t{retVal} + INT32_MAX);
        seedArray[locINext] = retVal;
        inext               = locINext;
        inextp              = locINextp;
        return retVal;
    }
    void NextBytes(std::uint8_t* buffer, int length) {
        for (int i = 0; i < length; i++) buffer[i] = static_cast<std::uint8_t>(InternalSample() % 256);
    }

  private:
    std::int32_t seedArray[56] = {};
    int inext = 0, inextp = 21;
};

// The first samples of new Random(0) and new Random(1) that .NET programs print (Next() returns
// InternalSample()); Random(-1) is Random(1). Both generators must give them.
TEST(PrimeTableHash, DotNetRandomGivesTheKnownSequences) {
    const std::int32_t zero[] = {1559595546, 1755192844, 1649316166, 1198642031, 442452829, 1200195957};
    const std::int32_t one[]  = {534011718, 237820880, 1002897798, 1657007234, 1412011072, 929393559};
    CSharpRandom t0(0), t1(1), tm1(-1);
    noise::DotNetRandom l0(0), l1(1);
    for (int i = 0; i < 6; ++i) {
        EXPECT_EQ(t0.InternalSample(), zero[i]);
        EXPECT_EQ(l0.internal_sample(), zero[i]);
        EXPECT_EQ(t1.InternalSample(), one[i]);
        EXPECT_EQ(tm1.InternalSample(), one[i]);
        EXPECT_EQ(l1.internal_sample(), one[i]);
    }
}

// Perlin2D of seed 001, in double instead of float (the operations are the same).
class Perlin2D {
  public:
    explicit Perlin2D(std::int32_t seed = 0) { CSharpRandom(seed).NextBytes(permutationTable, 1024); }

    std::array<double, 2> GetPseudoRandomGradientVector(std::int32_t x, std::int32_t y) const {
        // C#: int * int wraps; int * uint and the rest are long.
        const std::int64_t xs = static_cast<std::int32_t>(static_cast<std::uint32_t>(x) * 1836311903u);
        const std::int64_t ys = static_cast<std::int64_t>(
            static_cast<std::uint64_t>(static_cast<std::int64_t>(y)) * 2971215073ull + 4807526976ull);
        int v = static_cast<int>((xs ^ ys) & 1023);
        v     = permutationTable[v] & 3;
        switch (v) {
            case 0:
                return {1, 0};
            case 1:
                return {-1, 0};
            case 2:
                return {0, 1};
            default:
                return {0, -1};
        }
    }
    static double QunticCurve(double t) { return t * t * t * (t * (t * 6 - 15) + 10); }
    static double Lerp(double a, double b, double t) { return a + (b - a) * t; }
    static double Dot(std::array<double, 2> a, std::array<double, 2> b) { return a[0] * b[0] + a[1] * b[1]; }

    double Noise(double fx, double fy) const {
        const auto left                = static_cast<std::int32_t>(std::floor(fx));
        const auto top                 = static_cast<std::int32_t>(std::floor(fy));
        double pointInQuadX            = fx - left;
        double pointInQuadY            = fy - top;
        const auto topLeftGradient     = GetPseudoRandomGradientVector(left, top);
        const auto topRightGradient    = GetPseudoRandomGradientVector(left + 1, top);
        const auto bottomLeftGradient  = GetPseudoRandomGradientVector(left, top + 1);
        const auto bottomRightGradient = GetPseudoRandomGradientVector(left + 1, top + 1);
        const std::array<double, 2> distanceToTopLeft{pointInQuadX, pointInQuadY};
        const std::array<double, 2> distanceToTopRight{pointInQuadX - 1, pointInQuadY};
        const std::array<double, 2> distanceToBottomLeft{pointInQuadX, pointInQuadY - 1};
        const std::array<double, 2> distanceToBottomRight{pointInQuadX - 1, pointInQuadY - 1};
        const double tx1 = Dot(distanceToTopLeft, topLeftGradient);
        const double tx2 = Dot(distanceToTopRight, topRightGradient);
        const double bx1 = Dot(distanceToBottomLeft, bottomLeftGradient);
        const double bx2 = Dot(distanceToBottomRight, bottomRightGradient);
        pointInQuadX     = QunticCurve(pointInQuadX);
        pointInQuadY     = QunticCurve(pointInQuadY);
        const double tx  = Lerp(tx1, tx2, pointInQuadX);
        const double bx  = Lerp(bx1, bx2, pointInQuadX);
        return Lerp(tx, bx, pointInQuadY);
    }

  private:
    std::uint8_t permutationTable[1024];
};

noise::Params perlin2d_params(std::uint32_t seed) {
    noise::Params params =
        noise_test::one_octave(Algorithm::perlin, 2, Interpolation::quintic, noise::Gradients::axes);
    params.hash = Hash::prime_table;
    params.seed = seed;
    return params;
}

// perlin, axes, quintic, prime_table, 2D, one octave IS seed 001's Perlin2D, bit for bit (the
// operations are the same ones in the same order), negative coordinates included.
TEST(PrimeTableHash, PerlinIsSeed001sPerlin2D) {
    noise::SplitMix64 rng(1);
    for (std::int32_t seed : {0, 1, 42, -7, 2000000000}) {
        const Perlin2D theirs(seed);
        const noise::FractalNoise ours(perlin2d_params(static_cast<std::uint32_t>(seed)));
        for (int k = 0; k < 20000; ++k) {
            const double extent = k % 2 ? 3000.0 : 20.0;
            const double x = (rng.unit() - 0.5) * extent, y = (rng.unit() - 0.5) * extent;
            ASSERT_EQ(ours.at({x, y, 0, 0}), theirs.Noise(x, y))
                << "seed " << seed << " at " << x << ", " << y;
        }
    }
}

// Only the low 10 bits of each product reach the table: prime_table repeats every 1024 cells.
TEST(PrimeTableHash, RepeatsEvery1024Cells) {
    const noise::FractalNoise noise(perlin2d_params(3));
    int same_1024 = 0, same_512 = 0;
    for (int k = 0; k < 500; ++k) {
        // Multiples of 1/256: x + 1024 keeps every bit of the fraction.
        const double x = (k * 187 % 4096) / 256.0 - 8.0, y = (k * 93 % 4096) / 256.0 - 8.0;
        same_1024 += noise.at({x, y, 0, 0}) == noise.at({x + 1024.0, y - 1024.0, 0, 0});
        same_512 += noise.at({x, y, 0, 0}) == noise.at({x + 512.0, y, 0, 0});
    }
    EXPECT_EQ(same_1024, 500);
    EXPECT_LT(same_512, 100);
}

// [SECTION] Every hash ------------------------------------------------------------------------

constexpr std::array<Hash, 4> every_hash{Hash::permutation, Hash::elias, Hash::wide, Hash::prime_table};

noise::Params base(Algorithm algorithm, int dimension, Hash hash) {
    noise::Params params = noise_test::one_octave(algorithm, dimension, Interpolation::quintic);
    params.hash          = hash;
    return params;
}

TEST(EveryHash, IsDeterministicAndDependsOnTheSeed) {
    for (Hash hash : every_hash) {
        for (auto algorithm : {Algorithm::perlin, Algorithm::value, Algorithm::white}) {
            for (int dimension = 1; dimension <= 4; ++dimension) {
                noise::Params params = base(algorithm, dimension, hash);
                params.seed          = 11;
                const noise::FractalNoise a(params), b(params);
                params.seed = 12;
                const noise::FractalNoise other(params);
                int differ = 0;
                for (int k = 0; k < 64; ++k) {
                    const noise::Point p{k * 0.71 - 20.3, k * 0.37 + 1.1, k * 0.13 - 3.3, 0.4 - k * 0.29};
                    ASSERT_EQ(a.at(p), b.at(p));
                    differ += a.at(p) != other.at(p);
                }
                EXPECT_GT(differ, 40) << noise_test::describe(params);
            }
        }
    }
}

// Across cell edges, negative ones too, the smooth curves join: the seeds' hashes only change
// which values sit at the lattice points.
TEST(EveryHash, IsContinuousAcrossCellEdges) {
    for (Hash hash : every_hash) {
        for (auto algorithm : {Algorithm::perlin, Algorithm::value}) {
            for (int dimension = 1; dimension <= 4; ++dimension) {
                noise::Params params = base(algorithm, dimension, hash);
                params.octaves       = 3;
                params.smooth        = dimension % 2 == 0;
                const noise::FractalNoise noise(params);
                for (int edge = -5; edge <= 5; ++edge) {
                    for (int axis = 0; axis < dimension; ++axis) {
                        noise::Point p{0.3, -0.6, 1.45, -2.2};
                        noise::Point q                    = p;
                        p[static_cast<std::size_t>(axis)] = edge - 1e-9;
                        q[static_cast<std::size_t>(axis)] = edge + 1e-9;
                        ASSERT_NEAR(noise.at(p), noise.at(q), 1e-6)
                            << noise_test::describe(params) << " edge " << edge;
                    }
                }
            }
        }
    }
}

// Tiling wraps the indices before any hash sees them, so it is exact for every hash and octave
// seeding: points that are multiples of 1/256 give bit-identical values one period apart.
TEST(EveryHash, TilesExactlyAtSeveralPeriods) {
    for (Hash hash : every_hash) {
        for (auto seeds :
             {noise::OctaveSeeds::same, noise::OctaveSeeds::offset, noise::OctaveSeeds::texture}) {
            for (auto algorithm : {Algorithm::perlin, Algorithm::value, Algorithm::white}) {
                for (int dimension = 1; dimension <= 4; ++dimension) {
                    for (std::uint32_t period : {3u, 100u, 300u}) {
                        noise::Params params = base(algorithm, dimension, hash);
                        params.tile          = period;
                        params.octaves       = 3;
                        params.lacunarity    = 3.0;
                        params.octave_seeds  = seeds;
                        params.smooth        = period == 100u;
                        const noise::FractalNoise noise(params);
                        for (int k = 0; k < 6; ++k) {
                            const noise::Point p{(k * 523 % 2048 - 1024) / 256.0,
                                                 (k * 311 % 2048 - 1024) / 256.0, (k * 97 % 512) / 256.0,
                                                 -(k * 41 % 512) / 256.0};
                            for (int axis = 0; axis < dimension; ++axis) {
                                noise::Point q = p;
                                q[static_cast<std::size_t>(axis)] -= period;
                                ASSERT_EQ(noise.at(p), noise.at(q))
                                    << noise_test::describe(params) << " axis " << axis;
                            }
                        }
                    }
                }
            }
        }
    }
}

// White noise at cell centres shows the lattice values themselves: how many of `count` cells
// along `axis` have the value of the cell `offset` further on.
int repeats(Hash hash, int dimension, int axis, double offset) {
    const noise::FractalNoise noise(base(Algorithm::white, dimension, hash));
    int same = 0;
    for (int k = 0; k < 2000; ++k) {
        noise::Point p{k * 7.0 + 0.5 - 5000.0, 0.5 - k * 3.0, 0.5, 0.5};
        noise::Point q = p;
        q[static_cast<std::size_t>(axis)] += offset;
        same += noise.at(p) == noise.at(q);
    }
    return same;
}

TEST(EveryHash, WideDoesNotRepeatWherePermutationDoes) {
    for (int dimension : {1, 2, 3}) {
        for (int axis = 0; axis < dimension; ++axis) {
            EXPECT_EQ(repeats(Hash::permutation, dimension, axis, 256.0),
                      2000);  // the check can see a repeat
            for (double offset : {256.0, 65536.0, 4294967296.0, 1024.0 * 1024.0 * 1024.0 * 1024.0})
                EXPECT_EQ(repeats(Hash::wide, dimension, axis, offset), 0)
                    << dimension << "D axis " << axis << " +" << offset;
        }
    }
    EXPECT_EQ(repeats(Hash::elias, 1, 0, 4294967296.0), 2000);  // Elias: 32-bit n, stated in hashes.hpp
    EXPECT_EQ(repeats(Hash::prime_table, 2, 1, 1024.0), 2000);
}

// Value and white noise take their lattice values from the hash: Elias' (-1, 1], wide's [-1, 1);
// the two-point blends stay inside. Measured (linear, 200000 / D^2 points in [-5000, 5000]^D):
// 1D within 0.003 of +-1 for every hash, 4D about +-0.84 .. 0.94.
TEST(EveryHash, ValueNoiseStaysInRange) {
    for (Hash hash : every_hash) {
        for (int dimension = 1; dimension <= 4; ++dimension) {
            noise::Params params = base(Algorithm::value, dimension, hash);
            params.interpolation = Interpolation::linear;
            const noise::FractalNoise noise(params);
            noise::SplitMix64 rng(9);
            double lo = 2.0, hi = -2.0;
            for (int k = 0; k < 200000 / (dimension * dimension); ++k) {
                const noise::Point p{(rng.unit() - 0.5) * 1e4, (rng.unit() - 0.5) * 1e4,
                                     (rng.unit() - 0.5) * 1e4, (rng.unit() - 0.5) * 1e4};
                const double v = noise.at(p);
                lo             = std::min(lo, v);
                hi             = std::max(hi, v);
            }
            std::printf("value %s %dD linear: [%.4f, %.4f]\n",
                        std::string(noise::hash_names[static_cast<std::size_t>(hash)]).c_str(), dimension, lo,
                        hi);
            EXPECT_GE(lo, -1.0);
            EXPECT_LE(hi, 1.0);
            EXPECT_LT(lo, -0.8);  // the full range is used (4D blends 16 values and stays further in)
            EXPECT_GT(hi, 0.8);
        }
    }
}

// [SECTION] The hashes on SIMD lanes -----------------------------------------------------------

// hash_simd-inl.h computes the seeds' hashes lane-wise, for the point kernel (PointSampler) and
// the row kernels' tables and per-lane points. Where they could go wrong: elias' 32-bit
// wrap-around (cells past 2^31 and 2^32, negative cells), wide's 64-bit products (texture
// strides times indices past 2^32), prime_table's sign-extended x term and its y constant, and
// the axes the lower dimensions leave at 0. Points and rows there, every hash x algorithm x
// dimension, tiled and not, on every target, bit for bit.
TEST(EveryHash, OnSimdLanesOnEveryTargetEqualsTheReference) {
    const auto bits    = [](double v) { return std::bit_cast<std::uint64_t>(v); };
    const double far[] = {0.37,         -2.71,         2147483647.4, -2147483648.6,
                          4294967296.3, -4294967301.8, 3.1e12,       -7.7e14};
    for (Hash hash : every_hash) {
        for (auto algorithm : {Algorithm::perlin, Algorithm::value, Algorithm::white}) {
            for (int dimension = 1; dimension <= 4; ++dimension) {
                for (std::uint32_t tile : {0u, 300u}) {
                    noise::Params params = base(algorithm, dimension, hash);
                    params.octaves       = 3;
                    params.lacunarity    = 4.0;
                    params.octave_seeds =
                        tile == 0 ? noise::OctaveSeeds::texture : noise::OctaveSeeds::offset;
                    params.smooth = dimension <= 2;
                    params.seed   = 0xFFFFFFF0u;  // seed + i wraps past 2^32 - 1
                    params.tile   = tile;
                    const noise::FractalNoise noise(params);
                    std::vector<noise::Point> points;
                    for (double x : far)
                        for (double y : far) points.push_back({x, y, -y * 0.5 + 0.25, x * 0.25 - 0.5});
                    std::vector<double> expected;
                    for (const noise::Point& p : points) expected.push_back(noise.layer(p));
                    for (const auto name : noise::available_simd_targets()) {
                        ASSERT_TRUE(noise::force_simd_target(name));
                        std::vector<double> got(points.size());
                        noise::PointSampler(noise).layer(points, got);
                        // A row through each point, wide enough for a table at the low
                        // frequency and a new cell per pixel at the high one.
                        std::vector<double> row(200);
                        for (const double step : {0.01, 1.37}) {
                            for (std::size_t k = 0; k < points.size(); k += 9) {
                                const noise::Point& p = points[k];
                                noise::RowKernel(noise).fill_row({p[0], step, 0, p[1]}, row);
                                for (int i = 0; i < 200; i += 13) {
                                    noise::Point q{p[0] + (i + 0.5) * step, p[1], params.z, params.w};
                                    ASSERT_EQ(bits(row[static_cast<std::size_t>(i)]), bits(noise.at(q)))
                                        << "row, target " << name << " " << noise_test::describe(params);
                                }
                            }
                        }
                        noise::force_simd_target("");
                        for (std::size_t i = 0; i < points.size(); ++i)
                            ASSERT_EQ(bits(got[i]), bits(expected[i]))
                                << "target " << name << " at " << points[i][0] << ", " << points[i][1] << " "
                                << noise_test::describe(params) << "tile=" << tile;
                    }
                }
            }
        }
    }
}

}  // namespace
