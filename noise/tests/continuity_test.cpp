// Continuity across cell edges (negative ones too), C1 continuity of the smooth curves, and the
// lattice values themselves: zeros for gradient noise, the hashed values for value noise.
#include <gtest/gtest.h>

#include <cmath>

#include "noise/fractal.hpp"
#include "noise/value.hpp"
#include "test_support.hpp"

namespace {

using noise::Algorithm;
using noise::Interpolation;

// A point whose coordinate on `axis` is x and whose other coordinates sit inside cells.
noise::Point on_axis(int axis, double x) {
    noise::Point p{0.37, -1.61, 2.29, -0.83};
    p[static_cast<std::size_t>(axis)] = x;
    return p;
}

TEST(Continuity, EveryNoiseIsContinuousAcrossCellEdges) {
    const double eps = 1e-9;
    for (const auto& params : noise_test::every_base_noise()) {
        if (params.algorithm == Algorithm::white) continue;  // a step function by design
        const noise::FractalNoise noise(params);
        for (int axis = 0; axis < params.dimension; ++axis) {
            for (double edge : {-256.0, -3.0, -1.0, 0.0, 1.0, 2.0, 255.0, 256.0}) {
                const double left  = noise.at(on_axis(axis, edge - eps));
                const double right = noise.at(on_axis(axis, edge + eps));
                ASSERT_NEAR(left, right, 1e-6)
                    << noise_test::describe(params) << "axis " << axis << " edge " << edge;
            }
        }
    }
}

TEST(Continuity, WhiteNoiseJumpsAtCellEdges) {
    const noise::FractalNoise noise(noise_test::one_octave(Algorithm::white, 1, Interpolation::linear));
    int jumps = 0;
    for (int edge = -8; edge < 8; ++edge)
        jumps += noise.at({edge - 1e-9, 0, 0, 0}) != noise.at({edge + 1e-9, 0, 0, 0});
    EXPECT_GT(jumps, 12);  // the continuity test above can tell a discontinuity
}

// One-sided slopes just left and right of an edge.
std::pair<double, double> slopes_at(const noise::FractalNoise& noise, int axis, double edge) {
    const double h      = 1e-5;
    const double centre = noise.at(on_axis(axis, edge));
    return {(centre - noise.at(on_axis(axis, edge - h))) / h,
            (noise.at(on_axis(axis, edge + h)) - centre) / h};
}

TEST(Continuity, SmoothCurvesHaveContinuousSlopes) {
    for (const auto& params : noise_test::every_base_noise()) {
        if (params.algorithm == Algorithm::white || params.interpolation == Interpolation::linear) continue;
        const noise::FractalNoise noise(params);
        for (int axis = 0; axis < params.dimension; ++axis) {
            for (double edge : {-5.0, -1.0, 0.0, 1.0, 3.0}) {
                const auto [left, right] = slopes_at(noise, axis, edge);
                ASSERT_NEAR(left, right, 2e-3)
                    << noise_test::describe(params) << "axis " << axis << " edge " << edge;
            }
        }
    }
}

TEST(Continuity, LinearInterpolationHasKinks) {
    // The slope test above must be able to see a kink: linear value noise has one at most nodes.
    const noise::FractalNoise noise(noise_test::one_octave(Algorithm::value, 1, Interpolation::linear));
    int kinks = 0;
    for (int edge = -8; edge < 8; ++edge) {
        const auto [left, right] = slopes_at(noise, 0, edge);
        kinks += std::abs(left - right) > 1e-2;
    }
    EXPECT_GT(kinks, 10);
}

TEST(Lattice, GradientNoiseIsZeroAtEveryLatticePoint) {
    for (const auto& params : noise_test::every_base_noise()) {
        if (params.algorithm != Algorithm::perlin) continue;
        const noise::FractalNoise noise(params);
        for (double x : {-300.0, -2.0, -1.0, 0.0, 1.0, 7.0, 256.0})
            for (double y : {-5.0, 0.0, 3.0})
                ASSERT_EQ(noise.at({x, y, -1.0, 4.0}), 0.0) << noise_test::describe(params) << x << "," << y;
    }
}

TEST(Lattice, ValueNoisePassesThroughTheLatticeValues) {
    for (int dimension = 1; dimension <= 4; ++dimension) {
        for (auto curve :
             {Interpolation::linear, Interpolation::cosine, Interpolation::cubic, Interpolation::quintic}) {
            const noise::FractalNoise value(noise_test::one_octave(Algorithm::value, dimension, curve));
            const noise::FractalNoise white(noise_test::one_octave(Algorithm::white, dimension, curve));
            for (double x : {-3.0, 0.0, 5.0}) {
                const noise::Point p{x, 2.0, -1.0, 9.0};
                ASSERT_DOUBLE_EQ(value.at(p), white.at(p));
                ASSERT_DOUBLE_EQ(white.at(p),
                                 white.at({x + 0.999, 2.5, -0.5, 9.25}));  // constant over the cell
            }
        }
    }
}

TEST(Lattice, SmoothingIsSeedFoursNeighbourAverage) {
    // SmoothNoise_2D: corners / 16 + sides / 8 + centre / 4, written out as in seed 004.
    const noise::FractalNoise raw(noise_test::one_octave(Algorithm::white, 2, Interpolation::linear));
    auto smooth_params   = noise_test::one_octave(Algorithm::white, 2, Interpolation::linear);
    smooth_params.smooth = true;
    const noise::FractalNoise smooth(smooth_params);
    const auto n = [&](double x, double y) { return raw.at({x + 0.5, y + 0.5, 0, 0}); };
    for (double x : {-4.0, 0.0, 10.0}) {
        for (double y : {-1.0, 3.0}) {
            const double corners =
                (n(x - 1, y - 1) + n(x + 1, y - 1) + n(x - 1, y + 1) + n(x + 1, y + 1)) / 16;
            const double sides  = (n(x - 1, y) + n(x + 1, y) + n(x, y - 1) + n(x, y + 1)) / 8;
            const double centre = n(x, y) / 4;
            EXPECT_NEAR(smooth.at({x + 0.5, y + 0.5, 0, 0}), corners + sides + centre, 1e-15);
        }
    }
}

}  // namespace
