// The octave sums: normalisation, determinism, seeds, and each fractal's definition.
#include "noise/fractal.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "noise/perlin.hpp"
#include "test_support.hpp"

namespace {

using noise::Algorithm;
using noise::Interpolation;

noise::Params fractal(int octaves, double persistence) {
    noise::Params params = noise_test::one_octave(Algorithm::perlin, 2, Interpolation::quintic);
    params.octaves       = octaves;
    params.persistence   = persistence;
    return params;
}

TEST(Fractal, OneOctaveIsTheRawNoise) {
    const noise::FractalNoise noise(fractal(1, 0.5));
    const noise::Lattice lattice(0);
    for (double x = -3.0; x < 3.0; x += 0.37) {
        const noise::Point p{x, 0.3 * x + 0.1, 0, 0};
        EXPECT_EQ(noise.at(p),
                  noise::perlin_noise(lattice, p, 2, noise::Gradients::improved, Interpolation::quintic, 0));
    }
}

TEST(Fractal, FbmIsTheWeightedMeanOfItsOctaves) {
    const noise::FractalNoise noise(fractal(6, 0.5));
    // Seed 004's table for persistence 1/2: amplitudes 1, 1/2, 1/4 ... over their sum 63/32.
    // The amplitudes and their sum are exact in binary, so each weight is one correctly rounded
    // division of the same real number as the fraction: equal, not near.
    EXPECT_EQ(noise.octave_weight(0), 32.0 / 63.0);
    EXPECT_EQ(noise.octave_weight(5), 1.0 / 63.0);
    const noise::Lattice lattice(0);
    for (double x = -2.0; x < 2.0; x += 0.29) {
        const noise::Point p{x, 1.1 - x, 0, 0};
        double sum = 0.0;
        for (int i = 0; i < 6; ++i) {
            const noise::Point scaled{p[0] * std::pow(2.0, i), p[1] * std::pow(2.0, i), 0, 0};
            const double raw = noise::perlin_noise(lattice, scaled, 2, noise::Gradients::improved,
                                                   Interpolation::quintic, 0);
            EXPECT_EQ(noise.octave(i, p), raw);  // scaling by 2^i is exact, so it is the same point
            sum += noise.octave_weight(i) * raw;
        }
        // A tolerance is needed here: at() divides the sum of a_i n_i by sum a once, this sums
        // (a_i / sum a) n_i, and the two round differently in the last bits.
        EXPECT_NEAR(noise.at(p), sum, 1e-15);
    }
}

TEST(Fractal, PersistenceOneWeighsEveryOctaveAlike) {
    const noise::FractalNoise noise(fractal(4, 1.0));
    for (int i = 0; i < 4; ++i) EXPECT_DOUBLE_EQ(noise.octave_weight(i), 0.25);
}

TEST(Fractal, PersistenceZeroLeavesTheFirstOctave) {
    const noise::FractalNoise many(fractal(8, 0.0)), one(fractal(1, 0.5));
    EXPECT_EQ(many.at({0.3, 0.6, 0, 0}), one.at({0.3, 0.6, 0, 0}));
}

TEST(Fractal, TurbulenceSumsAbsoluteValues) {
    auto params    = fractal(3, 0.5);
    params.fractal = noise::Fractal::turbulence;
    const noise::FractalNoise noise(params);
    const noise::Point p{0.71, -2.2, 0, 0};
    double sum = 0.0;
    for (int i = 0; i < 3; ++i) sum += noise.octave_weight(i) * std::abs(noise.octave(i, p));
    EXPECT_NEAR(noise.at(p), sum, 1e-15);  // weights applied before the sum, not after: last bits differ
}

TEST(Fractal, RidgedPeaksWhereTheNoiseCrossesZero) {
    auto params    = fractal(1, 0.5);
    params.fractal = noise::Fractal::ridged;
    const noise::FractalNoise noise(params);
    EXPECT_DOUBLE_EQ(noise.at({2.0, 3.0, 0, 0}), 1.0);  // a lattice point: gradient noise 0, crest 1
    const noise::Point p{0.4, 0.45, 0, 0};
    const double n = noise.octave(0, p);
    EXPECT_EQ(noise.at(p), (1 - std::abs(n)) * (1 - std::abs(n)));  // one octave: weight 1, sum 1, exact
}

TEST(Fractal, SameSeedSameValuesAndSeedsDiffer) {
    auto a = fractal(5, 0.5), b = fractal(5, 0.5), c = fractal(5, 0.5);
    c.seed = 12345;
    const noise::FractalNoise na(a), nb(b), nc(c);
    int different = 0;
    for (double x = 0.05; x < 10.0; x += 0.1) {
        const noise::Point p{x, x * 0.7, 0, 0};
        ASSERT_EQ(na.at(p), nb.at(p));
        different += na.at(p) != nc.at(p);
    }
    EXPECT_GT(different, 95);
}

TEST(Fractal, OffsetOctaveSeedsGiveEachOctaveItsOwnPermutation) {
    auto same = fractal(3, 0.5), offset = fractal(3, 0.5);
    offset.octave_seeds = noise::OctaveSeeds::offset;
    const noise::FractalNoise ns(same), no(offset);
    const noise::Point p{0.33, 0.77, 0, 0};
    EXPECT_EQ(ns.octave(0, p), no.octave(0, p));  // octave 0 uses the seed itself
    EXPECT_NE(ns.octave(1, p), no.octave(1, p));
}

TEST(Fractal, SeedWrapsAroundAtTheTopOfItsRange) {
    auto params         = fractal(3, 0.5);
    params.seed         = 4294967295u;
    params.octave_seeds = noise::OctaveSeeds::offset;
    const noise::FractalNoise noise(params);  // octave 1 uses seed 0, octave 2 seed 1
    auto seed_zero = fractal(1, 0.5);
    const noise::FractalNoise zero(seed_zero);
    const noise::Point p{0.21, 0.4, 0, 0};
    EXPECT_EQ(noise.octave(1, p), zero.octave(0, {p[0] * 2, p[1] * 2, 0, 0}));
}

// normalize = false: Hugo Elias' sum (seed 004), sum a_i n_i, not divided by sum a_i.
TEST(Fractal, UnnormalisedFbmIsThePlainSumOfTheOctaves) {
    auto params      = fractal(5, 0.6);
    params.normalize = false;
    const noise::FractalNoise noise(params);
    EXPECT_EQ(noise.divisor(), 1.0);
    EXPECT_EQ(noise.octave_weight(2), 0.6 * 0.6);  // the amplitude itself
    for (double x = -2.0; x < 2.0; x += 0.31) {
        const noise::Point p{x, 0.4 - x, 0, 0};
        double sum = 0.0;
        for (int i = 0; i < 5; ++i)
            sum += noise.octaves()[static_cast<std::size_t>(i)].amplitude * noise.octave(i, p);
        EXPECT_EQ(noise.at(p), sum);  // the same additions in the same order, then / 1: exact
    }
}

TEST(Fractal, NormalisingOnlyDividesTheSameSum) {
    for (const auto fractal_kind :
         {noise::Fractal::fbm, noise::Fractal::turbulence, noise::Fractal::ridged}) {
        auto plain      = fractal(6, 0.5);
        plain.fractal   = fractal_kind;
        auto normalised = plain;
        plain.normalize = false;
        const noise::FractalNoise np(plain), nn(normalised);
        EXPECT_EQ(np.amplitude_sum(), 63.0 / 32.0);
        for (double x = -1.0; x < 1.0; x += 0.23) {
            const noise::Point p{x, 0.7 * x + 0.2, 0, 0};
            EXPECT_EQ(np.at(p) / np.amplitude_sum(), nn.at(p))
                << noise::fractal_names[static_cast<int>(fractal_kind)];
        }
    }
    auto one = fractal(1, 0.5), one_plain = one;
    one_plain.normalize = false;
    EXPECT_EQ(noise::FractalNoise(one).at({0.3, 0.8, 0, 0}),
              noise::FractalNoise(one_plain).at({0.3, 0.8, 0, 0}));
}

// Elias' ranges: at persistence 1 and 6 octaves his plain sum of smoothed value noise reaches
// about +-2.2 (+-4.3 unsmoothed, measured here). The mapping's range must hold every value (it is
// the bound, +-6 here), and the sum must really leave one octave's [-1, 1], or the switch would
// not be doing anything.
TEST(Fractal, UnnormalisedRangeIsHonest) {
    auto params         = noise_test::one_octave(Algorithm::value, 2, Interpolation::cosine);
    params.octaves      = 6;
    params.persistence  = 1.0;
    params.normalize    = false;
    params.octave_seeds = noise::OctaveSeeds::offset;
    params.smooth       = true;
    const noise::FractalNoise noise(params);
    const noise::Range range = noise::nominal_range(params);
    EXPECT_EQ(range.lo, -6.0);
    EXPECT_EQ(range.hi, 6.0);
    double largest = 0.0;
    noise::SplitMix64 rng(4);
    for (int i = 0; i < 200000; ++i) {
        const noise::Point p{rng.unit() * 256.0, rng.unit() * 256.0, 0, 0};
        const double v = noise.at(p);
        ASSERT_GE(v, range.lo);
        ASSERT_LE(v, range.hi);
        largest = std::max(largest, std::abs(v));
    }
    EXPECT_GT(largest, 1.8);
    EXPECT_LT(largest, 3.0);
}

TEST(Fractal, InvalidParamsAreRefused) {
    auto params    = fractal(3, 0.5);
    params.octaves = 0;
    EXPECT_THROW(noise::FractalNoise{params}, std::invalid_argument);
    params           = fractal(3, 0.5);
    params.frequency = std::nan("");
    EXPECT_THROW(noise::FractalNoise{params}, std::invalid_argument);
}

}  // namespace
