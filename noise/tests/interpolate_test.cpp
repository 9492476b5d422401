// Each interpolation curve: end points, range, and its derivative against finite differences.
#include "noise/interpolate.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace {

using noise::Interpolation;

TEST(Interpolate, TwoPointCurvesRunFromZeroToOneInsideTheUnitRange) {
    for (auto curve :
         {Interpolation::linear, Interpolation::cosine, Interpolation::smoothstep, Interpolation::quintic}) {
        EXPECT_NEAR(noise::blend_weight(curve, 0.0), 0.0, 1e-15);
        EXPECT_NEAR(noise::blend_weight(curve, 1.0), 1.0, 1e-15);
        EXPECT_NEAR(noise::blend_weight(curve, 0.5), 0.5, 1e-15);  // all are symmetric
        for (double t = 0.0; t <= 1.0; t += 1.0 / 64) {
            EXPECT_GE(noise::blend_weight(curve, t), 0.0);
            EXPECT_LE(noise::blend_weight(curve, t), 1.0);
        }
    }
}

TEST(Interpolate, SlopesMatchFiniteDifferences) {
    const double h = 1e-6;
    for (auto curve :
         {Interpolation::linear, Interpolation::cosine, Interpolation::smoothstep, Interpolation::quintic}) {
        for (double t = 0.01; t < 1.0; t += 0.0625) {
            const double numeric =
                (noise::blend_weight(curve, t + h) - noise::blend_weight(curve, t - h)) / (2 * h);
            EXPECT_NEAR(noise::blend_slope(curve, t), numeric, 1e-7) << "t = " << t;
        }
    }
}

TEST(Interpolate, FadeCurvesAreFlatAtTheNodes) {
    for (auto curve : {Interpolation::cosine, Interpolation::smoothstep, Interpolation::quintic}) {
        EXPECT_NEAR(noise::blend_slope(curve, 0.0), 0.0, 1e-15);
        EXPECT_NEAR(noise::blend_slope(curve, 1.0), 0.0, 1e-15);
    }
    EXPECT_EQ(noise::blend_slope(Interpolation::linear, 0.0), 1.0);
}

// The cosine curve is our own polynomial (the same bits on every SIMD target), not libm's cos:
// it must still be the cosine curve, to double precision, and hit its end points exactly.
TEST(Interpolate, CosineCurveIsTheCosineToDoublePrecision) {
    double worst = 0.0;
    for (int i = 0; i <= 100000; ++i) {
        const double t = i / 100000.0;
        worst =
            std::max(worst, std::abs(noise::cosine_curve(t) - (1.0 - std::cos(std::numbers::pi * t)) * 0.5));
    }
    EXPECT_LT(worst, 4e-16);
    EXPECT_EQ(noise::cosine_curve(0.0), 0.0);
    EXPECT_EQ(noise::cosine_curve(1.0), 1.0);
    EXPECT_NEAR(noise::cosine_curve(0.5), 0.5, 2e-16);
    for (double t = 0.0; t <= 1.0; t += 1.0 / 1024)
        EXPECT_NEAR(noise::cosine_curve(t), 1.0 - noise::cosine_curve(1.0 - t), 3e-16);
    EXPECT_NEAR(noise::sin_pi(0.25), std::sqrt(0.5), 2e-16);
}

TEST(Interpolate, SeedFourCubicPassesThroughTheCellEndsWithCentralSlopes) {
    const double v0 = 0.3, v1 = -0.2, v2 = 0.9, v3 = 0.1;
    EXPECT_DOUBLE_EQ(noise::cubic4(v0, v1, v2, v3, 0.0), v1);
    EXPECT_NEAR(noise::cubic4(v0, v1, v2, v3, 1.0), v2, 1e-15);
    EXPECT_NEAR(noise::cubic4_slope(v0, v1, v2, v3, 0.0), v2 - v0, 1e-15);
    EXPECT_NEAR(noise::cubic4_slope(v0, v1, v2, v3, 1.0), v3 - v1, 1e-15);
    const double h = 1e-6;
    for (double t = 0.05; t < 1.0; t += 0.1) {
        const double numeric =
            (noise::cubic4(v0, v1, v2, v3, t + h) - noise::cubic4(v0, v1, v2, v3, t - h)) / (2 * h);
        EXPECT_NEAR(noise::cubic4_slope(v0, v1, v2, v3, t), numeric, 1e-7);
    }
}

TEST(Interpolate, SeedFourCubicOvershootsByAtMostHalf) {
    // Weights sum to 1; their absolute values to 1 + 2t(1 - t) <= 1.5, reached at t = 1/2.
    EXPECT_NEAR(noise::cubic4(-1, 1, 1, -1, 0.5), 1.5, 1e-15);  // the worst case
    double worst = 0.0;
    for (double t = 0.0; t <= 1.0; t += 1.0 / 256) worst = std::max(worst, noise::cubic4(-1, 1, 1, -1, t));
    EXPECT_LE(worst, 1.5 + 1e-12);
}

TEST(Interpolate, LerpIsKenPerlins) {
    EXPECT_EQ(noise::lerp(0.0, 2.0, 5.0), 2.0);
    EXPECT_EQ(noise::lerp(1.0, 2.0, 5.0), 5.0);
    EXPECT_EQ(noise::lerp(0.25, 2.0, 6.0), 3.0);
}

}  // namespace
