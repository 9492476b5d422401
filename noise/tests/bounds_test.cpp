// Output bounds for every algorithm x interpolation x dimension, from the theory in the headers.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "noise/fractal.hpp"
#include "test_support.hpp"

namespace {

using noise::Algorithm;
using noise::Gradients;
using noise::Interpolation;

// The longest gradient of each set (improved 2D: the slice of (1, 1, 0) has length sqrt 2).
double longest_gradient(const noise::Params& p) {
    if (p.gradients != Gradients::improved || p.dimension == 1) return 1.0;
    return p.dimension == 4 ? std::sqrt(3.0) : std::sqrt(2.0);
}

// |noise| cannot exceed this (see perlin.hpp, value.hpp, interpolate.hpp).
double theoretical_bound(const noise::Params& p) {
    const bool cubic       = p.interpolation == Interpolation::cubic && p.algorithm != Algorithm::white;
    const double overshoot = cubic ? std::pow(1.5, p.dimension) : 1.0;
    if (p.algorithm != Algorithm::perlin) return overshoot;
    // |g . d| <= |g| |d|, with |d| <= sqrt(D) for the cell's own corners, 2 sqrt(D) for cubic's.
    const double reach = (cubic ? 2.0 : 1.0) * std::sqrt(static_cast<double>(p.dimension));
    return longest_gradient(p) * reach * overshoot;
}

TEST(Bounds, EveryBaseNoiseStaysWithinItsTheoreticalBoundAndUsesItsRange) {
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> coordinate(-50.0, 50.0);
    for (const auto& params : noise_test::every_base_noise()) {
        const noise::FractalNoise noise(params);
        const double bound = theoretical_bound(params);
        double largest     = 0.0;
        for (int i = 0; i < 4000; ++i) {
            const double v = noise.at({coordinate(rng), coordinate(rng), coordinate(rng), coordinate(rng)});
            ASSERT_TRUE(std::isfinite(v));
            ASSERT_LE(std::abs(v), bound) << noise_test::describe(params);
            largest = std::max(largest, std::abs(v));
        }
        // Smoothing averages 3^D values, so smoothed 4D value noise stays near 0.2.
        EXPECT_GT(largest, 0.15 * std::min(bound, 1.0))
            << "a degenerate field: " << noise_test::describe(params);
    }
}

TEST(Bounds, TwoPointValueNoiseNeverLeavesMinusOneToOne) {
    std::mt19937_64 rng(8);
    std::uniform_real_distribution<double> coordinate(-50.0, 50.0);
    for (const auto& params : noise_test::every_base_noise()) {
        if (params.algorithm == Algorithm::perlin || params.interpolation == Interpolation::cubic) continue;
        const noise::FractalNoise noise(params);
        for (int i = 0; i < 2000; ++i)
            ASSERT_LE(
                std::abs(noise.at({coordinate(rng), coordinate(rng), coordinate(rng), coordinate(rng)})),
                1.0);
    }
}

TEST(Bounds, FractalSumsKeepTheirRanges) {
    std::mt19937_64 rng(9);
    std::uniform_real_distribution<double> coordinate(-20.0, 20.0);
    for (std::size_t f = 0; f < noise::fractal_names.size(); ++f) {
        for (auto algorithm : {Algorithm::perlin, Algorithm::value}) {
            noise::Params params = noise_test::one_octave(algorithm, 2, Interpolation::quintic);
            params.fractal       = static_cast<noise::Fractal>(f);
            params.octaves       = 8;
            params.persistence   = 0.7;
            const noise::FractalNoise noise(params);
            for (int i = 0; i < 3000; ++i) {
                const double v = noise.at({coordinate(rng), coordinate(rng), 0, 0});
                if (params.fractal == noise::Fractal::fbm) {
                    ASSERT_LE(std::abs(v), 1.0 + 1e-12);  // 2D improved and value noise stay in [-1, 1]
                } else {
                    ASSERT_GE(v, 0.0);
                    ASSERT_LE(v, 1.0 + 1e-12);
                }
            }
        }
    }
}

}  // namespace
