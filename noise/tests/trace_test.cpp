// Value + gradient and the trace (trace.hpp): the same value as the render, bit for bit; a
// gradient that agrees with finite differences; and a trace whose steps recompute the value.
#include "noise/trace.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <vector>

#include "noise/fractal.hpp"
#include "noise/interpolate.hpp"
#include "noise/perlin.hpp"
#include "test_support.hpp"

namespace {

using noise::Algorithm;
using noise::Fractal;
using noise::Interpolation;
using noise::Point;

noise::Point random_point(noise::SplitMix64& rng, double extent) {
    Point p{};
    for (double& c : p) c = (rng.unit() * 2.0 - 1.0) * extent;
    return p;
}

// Every base noise under every fractal sum, with a few octaves at an awkward lacunarity; every
// other one with its octaves shifted (a shift moves the point, not the gradient's scale).
std::vector<noise::Params> every_configuration() {
    std::vector<noise::Params> all;
    for (noise::Params params : noise_test::every_base_noise()) {
        for (std::size_t f = 0; f < noise::fractal_names.size(); ++f) {
            params.fractal        = static_cast<Fractal>(f);
            params.octaves        = params.dimension == 4 ? 2 : 3;
            params.lacunarity     = 2.3;
            params.persistence    = 0.6;
            params.seed           = 7;
            params.octave_offsets = f % 2 ? noise::OctaveOffsets::shifted : noise::OctaveOffsets::none;
            all.push_back(params);
            // The same with each of the seeds' hashes in turn, and every third with seed 003's
            // texture (which needs a whole-number lacunarity).
            noise::Params hashed = params;
            hashed.hash          = static_cast<noise::Hash>(1 + all.size() % 3);
            if (all.size() % 3 == 0) {
                hashed.octave_seeds = noise::OctaveSeeds::texture;
                hashed.lacunarity   = 2.0;
            }
            all.push_back(hashed);
        }
    }
    return all;
}

TEST(ValueGradient, ValueIsTheRenderedValueBitForBit) {
    noise::SplitMix64 rng(1);
    for (const noise::Params& params : every_configuration()) {
        const noise::FractalNoise noise(params);
        for (int k = 0; k < 50; ++k) {
            const Point p         = random_point(rng, 40.0);
            const double expected = noise.at(p);
            ASSERT_EQ(std::bit_cast<std::uint64_t>(noise::value_gradient(noise, p).value),
                      std::bit_cast<std::uint64_t>(expected))
                << noise_test::describe(params);
            ASSERT_EQ(std::bit_cast<std::uint64_t>(noise::trace_point(noise, p).total.value),
                      std::bit_cast<std::uint64_t>(expected))
                << noise_test::describe(params);
        }
    }
}

// The central difference of the sum itself, small enough that only a kink can disagree.
std::array<double, 4> central_difference(const noise::FractalNoise& noise, const Point& p, double h) {
    std::array<double, 4> g{};
    for (int axis = 0; axis < noise.params().dimension; ++axis) {
        Point a = p, b = p;
        a[static_cast<std::size_t>(axis)] -= h;
        b[static_cast<std::size_t>(axis)] += h;
        g[static_cast<std::size_t>(axis)] = (noise.at(b) - noise.at(a)) / (2 * h);
    }
    return g;
}

bool agrees(const std::array<double, 4>& analytic, const std::array<double, 4>& numeric) {
    for (std::size_t axis = 0; axis < 4; ++axis)
        if (std::abs(analytic[axis] - numeric[axis]) > 1e-5 * (1.0 + std::abs(numeric[axis]))) return false;
    return true;
}

TEST(ValueGradient, AnalyticGradientMatchesFiniteDifferences) {
    noise::SplitMix64 rng(2);
    for (const noise::Params& params : every_configuration()) {
        if (params.algorithm == Algorithm::white) continue;
        const noise::FractalNoise noise(params);
        ASSERT_EQ(noise::gradient_method(params), noise::GradientMethod::analytic);
        // Smooth curves in fbm have no kinks at all; linear interpolation (cell borders), |n|
        // (turbulence, ridged) and ridged's clamp have kinks, which a random point hits rarely.
        const bool smooth_everywhere =
            params.fractal == Fractal::fbm && params.interpolation != Interpolation::linear;
        int disagreements = 0;
        const int points  = 100;
        for (int k = 0; k < points; ++k) {
            const Point p                 = random_point(rng, 40.0);
            const noise::ValueGradient vg = noise::value_gradient(noise, p);
            if (!agrees(vg.gradient, central_difference(noise, p, 1e-6))) ++disagreements;
        }
        if (smooth_everywhere)
            EXPECT_EQ(disagreements, 0) << noise_test::describe(params);
        else
            EXPECT_LE(disagreements, 3) << noise_test::describe(params);
    }
}

TEST(ValueGradient, GradientIsNotTrivial) {
    // A zero gradient everywhere would pass the comparison above only if the field were flat.
    noise::Params params;
    params.octaves = 4;
    const noise::FractalNoise noise(params);
    noise::SplitMix64 rng(3);
    double largest = 0.0;
    for (int k = 0; k < 100; ++k) {
        const auto g = noise::value_gradient(noise, random_point(rng, 10.0)).gradient;
        largest      = std::max({largest, std::abs(g[0]), std::abs(g[1])});
    }
    EXPECT_GT(largest, 0.5);
}

TEST(ValueGradient, WhiteNoiseUsesFiniteDifferencesAndSaysSo) {
    noise::Params params = noise_test::one_octave(Algorithm::white, 2, Interpolation::linear);
    const noise::FractalNoise noise(params);
    EXPECT_EQ(noise::gradient_method(params), noise::GradientMethod::finite_difference);
    // Across a cell border the step function jumps: the estimate is the jump over 2 * step.
    const Point p{2.0, 0.5, 0, 0};
    const double step             = 0.25;
    const noise::ValueGradient vg = noise::value_gradient(noise, p, step);
    EXPECT_EQ(vg.method, noise::GradientMethod::finite_difference);
    EXPECT_EQ(vg.gradient[0], (noise.at({2.25, 0.5, 0, 0}) - noise.at({1.75, 0.5, 0, 0})) / 0.5);
    EXPECT_THROW(noise::value_gradient(noise, p, 0.0), std::invalid_argument);
}

TEST(Trace, GradientNoiseStepsRecomputeTheValue) {
    // Ken Perlin's 3D noise at seed 0: each corner's contribution is its gradient dotted with
    // the distance from it, and the lerps of the trace give the octave's value.
    noise::Params params = noise_test::one_octave(Algorithm::perlin, 3, Interpolation::quintic);
    const noise::FractalNoise noise(params);
    const Point p{3.14, 42.0, 7.0, 0.0};
    const noise::Trace trace = noise::trace_point(noise, p);
    ASSERT_EQ(trace.octaves.size(), 1u);
    const noise::OctaveTrace& octave = trace.octaves[0];
    EXPECT_EQ(octave.cell[0], 3);
    EXPECT_EQ(octave.cell[1], 42);
    EXPECT_EQ(octave.cell[2], 7);
    EXPECT_NEAR(octave.frac[0], 0.14, 1e-12);
    ASSERT_EQ(octave.corners.size(), 8u);
    for (std::size_t n = 0; n < octave.corners.size(); ++n) {
        const noise::CornerTrace& c = octave.corners[n];
        double dot                  = 0.0;
        for (std::size_t axis = 0; axis < 3; ++axis) {
            EXPECT_EQ(c.offset[axis], static_cast<int>((n >> axis) & 1));  // axis 0 varies fastest
            EXPECT_EQ(c.index[axis], octave.cell[axis] + c.offset[axis]);
            EXPECT_EQ(c.distance[axis], octave.frac[axis] - c.offset[axis]);
            dot += c.gradient[axis] * c.distance[axis];
        }
        // One of Ken's 12 edge vectors: two coordinates +-1, one 0.
        EXPECT_EQ(std::abs(c.gradient[0]) + std::abs(c.gradient[1]) + std::abs(c.gradient[2]), 2.0);
        EXPECT_NEAR(c.value, dot, 1e-15);
        EXPECT_EQ(c.value, noise::gradient_dot(noise::Lattice(0), 3, noise::Gradients::improved,
                                               static_cast<std::uint8_t>(c.hash), c.distance.data()));
    }
    // 4 lerps along x, 2 along y, 1 along z; each blends with the quintic weight.
    ASSERT_EQ(octave.blends.size(), 7u);
    for (const noise::BlendTrace& b : octave.blends) {
        EXPECT_EQ(b.s, noise::quintic_curve(octave.frac[static_cast<std::size_t>(b.axis)]));
        EXPECT_EQ(b.result, noise::lerp(b.s, b.inputs[0], b.inputs[1]));
    }
    EXPECT_EQ(octave.blends[0].inputs[0], octave.corners[0].value);
    EXPECT_EQ(octave.blends[0].inputs[1], octave.corners[1].value);
    EXPECT_EQ(octave.blends.back().axis, 2);
    EXPECT_EQ(octave.blends.back().result, octave.value);
    EXPECT_EQ(octave.value, noise.at(p));
    EXPECT_NEAR(octave.value, 0.13691995878400012, 1e-15);  // Ken Perlin's published value
}

// With the seeds' hashes a corner's `hash` is its gradient byte (lattice.hpp), the one the
// gradient set reads, and a value-noise corner holds the hash's own value.
TEST(Trace, EveryHashRecordsTheByteThatPicksTheGradient) {
    for (auto hash : {noise::Hash::elias, noise::Hash::wide, noise::Hash::prime_table}) {
        noise::Params params = noise_test::one_octave(Algorithm::perlin, 2, Interpolation::quintic);
        params.hash          = hash;
        params.seed          = 3;
        const noise::Lattice lattice(3, hash);
        const noise::Trace perlin = noise::trace_point(noise::FractalNoise(params), {-7.3, 2.6, 0, 0});
        for (const noise::CornerTrace& c : perlin.octaves[0].corners) {
            EXPECT_EQ(c.value, noise::gradient_dot(lattice, 2, noise::Gradients::improved,
                                                   static_cast<std::uint8_t>(c.hash), c.distance.data()));
            const std::uint64_t code =
                lattice.point_hash<2>({lattice.wrap(c.index[0], 0), lattice.wrap(c.index[1], 0)});
            EXPECT_EQ(c.hash, lattice.gradient_byte(code));
        }
        params.algorithm         = Algorithm::value;
        const noise::Trace value = noise::trace_point(noise::FractalNoise(params), {-7.3, 2.6, 0, 0});
        for (const noise::CornerTrace& c : value.octaves[0].corners)
            EXPECT_EQ(c.value, lattice.value_of(lattice.point_hash<2>(
                                   {lattice.wrap(c.index[0], 0), lattice.wrap(c.index[1], 0)})));
    }
}

TEST(Trace, CubicUsesTheFourByFourNeighbourhood) {
    noise::Params params = noise_test::one_octave(Algorithm::value, 2, Interpolation::cubic);
    const noise::FractalNoise noise(params);
    const noise::Trace trace         = noise::trace_point(noise, {5.3, -2.6, 0, 0});
    const noise::OctaveTrace& octave = trace.octaves[0];
    ASSERT_EQ(octave.corners.size(), 16u);
    EXPECT_EQ(octave.corners.front().offset[0], -1);
    EXPECT_EQ(octave.corners.back().offset[1], 2);
    EXPECT_EQ(octave.cell[1], -3);
    for (const noise::CornerTrace& c : octave.corners) EXPECT_EQ(c.value, c.hash / 127.5 - 1.0);
    ASSERT_EQ(octave.blends.size(), 5u);  // 4 rows along x, then the column along y
    const noise::BlendTrace& last = octave.blends.back();
    EXPECT_EQ(last.result,
              noise::cubic4(last.inputs[0], last.inputs[1], last.inputs[2], last.inputs[3], last.t));
    EXPECT_EQ(last.result, octave.value);
}

TEST(Trace, OctavesAddUpToTheSum) {
    noise::Params params;
    params.octaves     = 5;
    params.fractal     = Fractal::ridged;
    params.lacunarity  = 2.0;
    params.persistence = 0.5;
    const noise::FractalNoise noise(params);
    const Point p{1.7, -0.3, 0, 0};
    const noise::Trace trace = noise::trace_point(noise, p);
    ASSERT_EQ(trace.octaves.size(), 5u);
    double sum = 0.0;
    for (int i = 0; i < 5; ++i) {
        const noise::OctaveTrace& octave = trace.octaves[static_cast<std::size_t>(i)];
        EXPECT_EQ(octave.point, noise.octave_point(i, p));
        EXPECT_EQ(octave.value, noise.octave(i, p));
        EXPECT_EQ(octave.weight, noise.octave_weight(i));
        sum += octave.contribution;
    }
    EXPECT_NEAR(sum, noise.at(p), 1e-15);
    EXPECT_EQ(trace.total.value, noise.at(p));
}

}  // namespace
