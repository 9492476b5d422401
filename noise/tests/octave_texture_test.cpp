// octave_seeds = texture (seed 003): every octave reads one shared lattice, octave i its point j
// at texel j * lacunarity^(N-1-i), so the coarse octaves' lattice values are texels of the finest.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "noise/fractal.hpp"
#include "test_support.hpp"

namespace {

using noise::Algorithm;
using noise::Interpolation;

noise::Params texture(noise::Hash hash, double lacunarity, std::uint32_t tile = 0) {
    noise::Params params = noise_test::one_octave(Algorithm::value, 2, Interpolation::linear);
    params.octaves       = 4;
    params.lacunarity    = lacunarity;
    params.octave_seeds  = noise::OctaveSeeds::texture;
    params.hash          = hash;
    params.tile          = tile;
    params.seed          = 5;
    return params;
}

// At a lattice point of octave i the octave's value is its lattice value, which must be the
// finest octave's value at the same place (the same texel). With `same` seeds the octaves share
// the lattice but read it at their own indices: there the check fails, as it must.
int coarse_points_equal_to_the_finest(const noise::Params& params) {
    const noise::FractalNoise noise(params);
    const int finest = params.octaves - 1;
    int equal = 0, points = 0;
    for (int i = 0; i < finest; ++i) {
        const double cell = 1.0 / std::pow(params.lacunarity, i);  // octave i's cell in noise space
        for (int j = -9; j <= 9; ++j) {
            for (int k = -4; k <= 4; ++k) {
                const noise::Point p{(j * 37 + 3) * cell, (k * 11 - 2) * cell, 0, 0};
                // Near, not equal: at lacunarity 3 the point j / 3^i is rounded, so octave i
                // sees a fraction of about 1e-16 instead of 0.
                equal += std::abs(noise.octave(i, p) - noise.octave(finest, p)) < 1e-12;
                ++points;
            }
        }
    }
    return points - equal;  // how many differ
}

TEST(OctaveTexture, CoarseLatticeValuesAreTexelsOfTheFinestOctave) {
    for (auto hash :
         {noise::Hash::permutation, noise::Hash::elias, noise::Hash::wide, noise::Hash::prime_table}) {
        for (double lacunarity : {2.0, 3.0}) {
            for (std::uint32_t tile : {0u, 5u}) {
                noise::Params params = texture(hash, lacunarity, tile);
                EXPECT_EQ(coarse_points_equal_to_the_finest(params), 0) << noise_test::describe(params);
                params.octave_seeds = noise::OctaveSeeds::same;
                EXPECT_GT(coarse_points_equal_to_the_finest(params), 100) << noise_test::describe(params);
            }
        }
    }
}

// Between lattice points octave i blends its texels linearly, like the seed's GenerateSmoothNoise
// (sampler_l, sampler_r = sampler_l + samplePeriod): halfway between two of octave 0's points the
// value is the mean of the finest octave's values at those texels.
TEST(OctaveTexture, BetweenItsPointsAnOctaveBlendsTheTexels) {
    noise::Params params = texture(noise::Hash::wide, 2.0);
    params.dimension     = 1;
    const noise::FractalNoise noise(params);
    for (int j = -20; j < 20; ++j) {
        const double left  = noise.octave(3, {double(j), 0, 0, 0}),
                     right = noise.octave(3, {double(j + 1), 0, 0, 0});
        EXPECT_DOUBLE_EQ(noise.octave(0, {j + 0.5, 0, 0, 0}), left + 0.5 * (right - left));
    }
}

// The texture is the finest octave's 256-cell permutation lattice: untiled, the whole field
// repeats every 256 finest cells (256 / 2^3 = 32 units at lacunarity 2, 4 octaves), as seed 003's
// one fixed-size texture does; the wide hash has no such period.
TEST(OctaveTexture, UntiledPermutationTextureRepeatsWithTheFinestLattice) {
    const noise::FractalNoise permutation(texture(noise::Hash::permutation, 2.0));
    const noise::FractalNoise wide(texture(noise::Hash::wide, 2.0));
    int same_permutation = 0, same_wide = 0;
    for (int k = 0; k < 200; ++k) {
        const noise::Point p{k * 0.3125 - 30.0, k * 0.1875, 0, 0}, q{p[0] + 32.0, p[1], 0, 0};
        same_permutation += permutation.at(p) == permutation.at(q);
        same_wide += wide.at(p) == wide.at(q);
    }
    EXPECT_EQ(same_permutation, 200);
    EXPECT_LT(same_wide, 5);
}

TEST(OctaveTexture, NeedsAWholeNumberLacunarity) {
    noise::Params params    = texture(noise::Hash::permutation, 2.5);
    const std::string error = noise::validate(params);
    EXPECT_NE(error.find("lacunarity: '2.5'"), std::string::npos) << error;
    EXPECT_NE(error.find("texture"), std::string::npos) << error;
    EXPECT_EQ(error.find('\n'), std::string::npos);
    EXPECT_THROW(noise::FractalNoise{params}, std::invalid_argument);
    params.lacunarity = 3.0;
    EXPECT_EQ(noise::validate(params), "");
}

}  // namespace
