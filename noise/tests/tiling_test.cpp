// Tiling: with period P the field repeats every P units on every axis, at every octave.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>

#include "noise/algorithms.hpp"
#include "noise/fractal.hpp"
#include "noise/render.hpp"
#include "test_support.hpp"

namespace {

using noise::Algorithm;
using noise::Interpolation;

noise::Params tiled(Algorithm algorithm, int dimension, std::uint32_t period, double lacunarity) {
    noise::Params params = noise_test::one_octave(algorithm, dimension, Interpolation::quintic);
    params.tile          = period;
    params.lacunarity    = lacunarity;
    params.octaves       = 4;
    params.octave_seeds  = noise::OctaveSeeds::offset;
    return params;
}

TEST(Tiling, EveryOctaveRepeatsWithThePeriodOnEveryAxis) {
    std::mt19937_64 rng(3);
    std::uniform_real_distribution<double> coordinate(-400.0, 400.0);
    for (std::uint32_t period : {3u, 8u, 100u, 300u}) {
        for (double lacunarity : {2.0, 3.0}) {
            for (auto algorithm : {Algorithm::perlin, Algorithm::value}) {
                for (int dimension = 1; dimension <= 4; ++dimension) {
                    const noise::FractalNoise noise(tiled(algorithm, dimension, period, lacunarity));
                    for (int i = 0; i < 40; ++i) {
                        const noise::Point p{coordinate(rng), coordinate(rng), coordinate(rng),
                                             coordinate(rng)};
                        for (int axis = 0; axis < dimension; ++axis) {
                            for (int shift : {1, -2}) {
                                noise::Point q = p;
                                // Near, not equal: p + P rounds to a different double than p (a
                                // random coordinate uses all 53 bits), so the fraction inside the
                                // cell differs in its last bits. The exact repeat is in test_sample.py.
                                q[static_cast<std::size_t>(axis)] += shift * static_cast<double>(period);
                                for (int octave = 0; octave < 4; ++octave)
                                    ASSERT_NEAR(noise.octave(octave, p), noise.octave(octave, q), 1e-9)
                                        << "P=" << period << " lacunarity " << lacunarity << " octave "
                                        << octave << " dimension " << dimension << " axis " << axis;
                                ASSERT_NEAR(noise.at(p), noise.at(q), 1e-9);
                            }
                        }
                    }
                }
            }
        }
    }
}

// Octave offsets translate each octave's lattice, which keeps its period: the shifted field
// repeats too. Exactly, here: the points are multiples of 1/256, so p * L^i + shift (a multiple
// of 1/64) is exact on both sides of the period and each octave sees the same fraction of the
// same wrapped cell.
TEST(Tiling, ShiftedOctavesRepeatBitForBit) {
    noise::SplitMix64 rng(5);
    const auto coordinate = [&] { return (static_cast<double>(rng.below(204800)) - 102400.0) / 256.0; };
    for (std::uint32_t period : {3u, 8u, 300u}) {
        for (double lacunarity : {2.0, 3.0, 4.0}) {
            for (auto algorithm : {Algorithm::perlin, Algorithm::value}) {
                for (int dimension = 1; dimension <= 4; ++dimension) {
                    auto params           = tiled(algorithm, dimension, period, lacunarity);
                    params.octave_offsets = noise::OctaveOffsets::shifted;
                    const noise::FractalNoise noise(params);
                    for (int i = 0; i < 20; ++i) {
                        const noise::Point p{coordinate(), coordinate(), coordinate(), coordinate()};
                        for (int axis = 0; axis < dimension; ++axis) {
                            noise::Point q = p;
                            q[static_cast<std::size_t>(axis)] -= 3.0 * static_cast<double>(period);
                            for (int octave = 0; octave < 4; ++octave)
                                ASSERT_EQ(noise.octave(octave, p), noise.octave(octave, q))
                                    << "P=" << period << " lacunarity " << lacunarity << " octave " << octave
                                    << " dimension " << dimension << " axis " << axis;
                            ASSERT_EQ(noise.at(p), noise.at(q));
                        }
                    }
                }
            }
        }
    }
}

// tile_octaves = same (seed 000's repeat): every octave wraps at the period in its own cells, so
// octave i repeats every P / L^i units, and the sum still every P; exactly, on multiples of 1/256
// (p * L^i is then exact on both sides). A shifting seed (seed_mode = shift) moves every octave by
// whole cells, which keeps the periods too.
TEST(Tiling, SameOctavePeriodsRepeatEachOctaveWithinTheTile) {
    noise::SplitMix64 rng(7);
    const auto coordinate = [&] { return (static_cast<double>(rng.below(204800)) - 102400.0) / 256.0; };
    for (std::uint32_t period : {4u, 8u, 300u}) {
        for (double lacunarity : {2.0, 3.0}) {
            for (auto algorithm : {Algorithm::perlin, Algorithm::value}) {
                for (int dimension = 1; dimension <= 4; ++dimension) {
                    auto params         = tiled(algorithm, dimension, period, lacunarity);
                    params.tile_octaves = noise::TileOctaves::same;
                    params.seed_mode    = period == 8 ? noise::SeedMode::shift : noise::SeedMode::lattice;
                    params.seed         = 4294967291u;  // -5 as a shift
                    const noise::FractalNoise noise(params);
                    for (int i = 0; i < 20; ++i) {
                        const noise::Point p{coordinate(), coordinate(), coordinate(), coordinate()};
                        for (int axis = 0; axis < dimension; ++axis) {
                            noise::Point q = p;
                            q[static_cast<std::size_t>(axis)] -= 3.0 * static_cast<double>(period);
                            ASSERT_EQ(noise.at(p), noise.at(q)) << "P=" << period << " axis " << axis;
                            for (int octave = 0; octave < 4; ++octave) {
                                // Octave i alone repeats every P / L^i when that is whole.
                                const double own = period / std::pow(lacunarity, octave);
                                if (own != std::floor(own)) continue;
                                noise::Point r = p;
                                r[static_cast<std::size_t>(axis)] += own;
                                ASSERT_EQ(noise.octave(octave, p), noise.octave(octave, r))
                                    << "P=" << period << " lacunarity " << lacunarity << " octave " << octave
                                    << " dimension " << dimension << " axis " << axis;
                            }
                        }
                    }
                }
            }
        }
    }
    // The check can fail: scaled periods do not repeat octave 1 every P / 2.
    auto params = tiled(Algorithm::perlin, 2, 8, 2.0);
    const noise::FractalNoise scaled(params);
    EXPECT_NE(scaled.octave(1, {1.3, 2.6, 0, 0}), scaled.octave(1, {5.3, 2.6, 0, 0}));
}

// tile_y: y repeats with its own period Q, the other axes with P, at every octave, for every
// square-lattice algorithm and seed 003's texture; exactly on multiples of 1/256.
TEST(Tiling, TileYGivesYItsOwnPeriod) {
    noise::SplitMix64 rng(9);
    const auto coordinate = [&] { return (static_cast<double>(rng.below(204800)) - 102400.0) / 256.0; };
    for (auto algorithm : {Algorithm::perlin, Algorithm::value, Algorithm::worley}) {
        for (int dimension = 2; dimension <= 4; ++dimension) {
            for (auto seeds : {noise::OctaveSeeds::offset, noise::OctaveSeeds::texture}) {
                auto params         = tiled(algorithm, dimension, 6, 2.0);
                params.tile_y       = 5;
                params.octave_seeds = seeds;
                const noise::FractalNoise noise(params);
                for (int i = 0; i < 20; ++i) {
                    const noise::Point p{coordinate(), coordinate(), coordinate(), coordinate()};
                    for (int axis = 0; axis < dimension; ++axis) {
                        noise::Point q = p;
                        q[static_cast<std::size_t>(axis)] += axis == 1 ? 5.0 : 6.0;
                        ASSERT_EQ(noise.at(p), noise.at(q)) << dimension << " axis " << axis;
                    }
                }
                // The check can fail: y does not repeat with x's period.
                EXPECT_NE(noise.at({0.3, 0.7, 0.2, 0.1}), noise.at({0.3, 6.7, 0.2, 0.1})) << dimension;
            }
        }
    }
}

// The window hides tile_octaves and tile_y while tiling is off (noise::unused_reason), where they
// change no pixel, and shows them while tiling, where they do; tile_y not with the rotated layer.
TEST(Tiling, TileOctavesAndTileYMatterOnlyWhileTiling) {
    const auto image = [](const noise::Params& params) {
        std::vector<float> out(32 * 32);
        noise::render(params, noise::Region::full(32, 32), out);
        return out;
    };
    for (const std::uint32_t period : {0u, 4u}) {
        noise::Params a;
        a.tile          = period;
        noise::Params b = a;
        b.tile_octaves  = noise::TileOctaves::same;
        EXPECT_EQ(image(a) != image(b), noise::unused_reason(a, "tile_octaves").empty()) << period;
        noise::Params c = a;
        c.tile_y        = 2;
        EXPECT_EQ(image(a) != image(c), noise::unused_reason(a, "tile_y").empty()) << period;
    }
    noise::Params rotated;
    rotated.tile   = 4;
    rotated.layers = noise::Layers::rotated;
    EXPECT_NE(noise::unused_reason(rotated, "tile_y"), "");  // the window does not offer it
    rotated.tile_y = 2;
    EXPECT_EQ(noise::validate(rotated).rfind("tile_y: '2' is not allowed with layers = rotated", 0), 0u);
}

// ... and the shifts do change the field, so the test above compares different noise from the
// unshifted tiling tests.
TEST(Tiling, ShiftedOctavesAreADifferentField) {
    auto params = tiled(Algorithm::perlin, 2, 8, 2.0);
    const noise::FractalNoise unshifted(params);
    params.octave_offsets = noise::OctaveOffsets::shifted;
    const noise::FractalNoise shifted(params);
    const noise::Point p{1.3, 2.6, 0, 0};
    EXPECT_EQ(shifted.octave(0, p), unshifted.octave(0, p));
    EXPECT_GT(std::abs(shifted.octave(1, p) - unshifted.octave(1, p)), 1e-3);
}

TEST(Tiling, CubicAndSmoothedValuesWrapTheirWiderNeighbourhoods) {
    for (auto algorithm : {Algorithm::perlin, Algorithm::value}) {
        auto params          = tiled(algorithm, 2, 5, 2.0);
        params.interpolation = Interpolation::cubic;
        params.smooth        = true;
        const noise::FractalNoise noise(params);
        for (double x : {-0.3, 0.2, 4.9})  // near the wrap, where the points before and after cross it
            EXPECT_NEAR(noise.at({x, 1.7, 0, 0}), noise.at({x + 5.0, 1.7 - 5.0, 0, 0}), 1e-9);
    }
}

TEST(Tiling, PeriodsAbove256AreNotA256Repeat) {
    const noise::FractalNoise noise(tiled(Algorithm::value, 1, 300, 2.0));
    int same = 0;
    for (int i = 0; i < 40; ++i) same += noise.at({i + 0.5, 0, 0, 0}) == noise.at({i + 256.5, 0, 0, 0});
    EXPECT_LT(same, 4);
}

TEST(Tiling, UntiledNoiseDoesNotRepeatWithTheTestedPeriods) {
    // The test above must be able to fail: without tiling these shifts change the field.
    auto params = tiled(Algorithm::perlin, 2, 8, 2.0);
    params.tile = 0;
    const noise::FractalNoise noise(params);
    EXPECT_GT(std::abs(noise.at({1.3, 2.6, 0, 0}) - noise.at({9.3, 2.6, 0, 0})), 1e-3);
}

TEST(Tiling, NeedsAnIntegerLacunarity) {
    try {
        noise::FractalNoise noise(tiled(Algorithm::perlin, 2, 8, 2.5));
        FAIL() << "a fractional lacunarity was accepted while tiling";
    } catch (const std::invalid_argument& error) {
        EXPECT_NE(std::string(error.what()).find("lacunarity: '2.5'"), std::string::npos) << error.what();
    }
}

}  // namespace
