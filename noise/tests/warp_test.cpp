// Domain warp and seed 001's rotated layer (fractal.hpp): off is the field as before; on, the
// field is exactly the documented L(p + a w(p f)); it is deterministic, continuous, tiles, stays
// in range; its gradient follows the chain rule; and the fast path (warp_rows.hpp) gives the
// reference's bits on every SIMD target and thread count.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "noise/algorithms.hpp"
#include "noise/fractal.hpp"
#include "noise/kernel.hpp"
#include "noise/render.hpp"
#include "noise/trace.hpp"
#include "test_support.hpp"

namespace {

using noise::Algorithm;
using noise::Layers;
using noise::Point;

Point random_point(noise::SplitMix64& rng, double extent) {
    Point p{};
    for (double& c : p) c = (rng.unit() * 2.0 - 1.0) * extent;
    return p;
}

noise::Params warped(Algorithm algorithm, int dimension, double amplitude, double frequency = 1.0) {
    noise::Params params;
    params.algorithm      = algorithm;
    params.dimension      = dimension;
    params.octaves        = 3;
    params.warp_amplitude = amplitude;
    params.warp_frequency = frequency;
    params.warp_octaves   = 2;
    return params;
}

// [SECTION] Off is the field as before --------------------------------------------------------

// With warp_amplitude 0 and one layer, the warp's other settings change no bit, and the field is
// the plain octave sum, whose value is pinned against Ken Perlin's reference elsewhere.
TEST(Warp, OffLeavesTheFieldBitForBit) {
    noise::SplitMix64 rng(11);
    for (const Algorithm algorithm : {Algorithm::perlin, Algorithm::value, Algorithm::white}) {
        for (int dimension = 1; dimension <= 4; ++dimension) {
            noise::Params plain;
            plain.algorithm    = algorithm;
            plain.dimension    = dimension;
            noise::Params off  = plain;
            off.warp_frequency = 3.5;
            off.warp_octaves   = 7;
            const noise::FractalNoise a(plain), b(off);
            EXPECT_FALSE(b.has_warp());
            for (int k = 0; k < 50; ++k) {
                const Point p = random_point(rng, 30.0);
                ASSERT_EQ(std::bit_cast<std::uint64_t>(a.at(p)), std::bit_cast<std::uint64_t>(b.at(p)));
                ASSERT_EQ(std::bit_cast<std::uint64_t>(a.at(p)), std::bit_cast<std::uint64_t>(a.layer(p)));
            }
            std::vector<float> image_a(40 * 8), image_b(40 * 8);
            noise::render(a, noise::Region::full(40, 8), image_a);
            noise::render(b, noise::Region::full(40, 8), image_b);
            EXPECT_EQ(std::memcmp(image_a.data(), image_b.data(), image_a.size() * sizeof(float)), 0);
        }
    }
}

// [SECTION] The documented field ---------------------------------------------------------------

// Component k of w is the fBm of fractal.hpp: perlin, improved, quintic, 0.5 / 2, seeded
// warp_seed(seed, k), read at p * warp_frequency; the field is F at p + a w. A warp frequency of
// 2 keeps p * 2 * 2^i exact, so an independent FractalNoise of those params gives the same bits.
TEST(Warp, IsTheDocumentedDisplacement) {
    noise::SplitMix64 rng(12);
    for (int dimension = 1; dimension <= 4; ++dimension) {
        auto params = warped(Algorithm::value, dimension, 1.5, 2.0);
        params.seed = 4000000000u;  // the component seeds wrap past 2^32
        const noise::FractalNoise noise(params);
        std::vector<noise::FractalNoise> components;
        for (int k = 0; k < dimension; ++k) {
            noise::Params w;
            w.dimension = dimension;
            w.octaves   = params.warp_octaves;
            w.seed      = params.seed + 0x9E3779B9u * static_cast<std::uint32_t>(k + 1);
            components.emplace_back(w);
        }
        for (int n = 0; n < 30; ++n) {
            const Point p = random_point(rng, 20.0);
            Point scaled = p, q = p;
            for (int k = 0; k < dimension; ++k) scaled[static_cast<std::size_t>(k)] *= 2.0;
            for (int k = 0; k < dimension; ++k)
                q[static_cast<std::size_t>(k)] += 1.5 * components[static_cast<std::size_t>(k)].at(scaled);
            ASSERT_EQ(noise.warped(p), q) << "dimension " << dimension;
            ASSERT_EQ(noise.at(p), noise.layer(q));
        }
    }
}

// L = (F(q) + F(R q)) / 2 with seed 001's turn (same scale untiled; the integer one tiled).
TEST(Layers, AreTheFieldAveragedWithItsTurnedCopy) {
    for (const std::uint32_t tile : {0u, 8u}) {
        noise::Params params;
        params.layers = Layers::rotated;
        params.tile   = tile;
        const noise::FractalNoise noise(params);
        const Point p{1.25, -3.5, 0, 0};
        const Point turned = tile == 0
                                 ? Point{(1.25 + 3.5) * 0.70710678118, (-3.5 + 1.25) * 0.70710678118, 0, 0}
                                 : Point{1.25 + 3.5, 1.25 - 3.5, 0, 0};
        EXPECT_EQ(noise.rotated(p), turned);
        EXPECT_EQ(noise.at(p), (noise.layer(p) + noise.layer(turned)) * 0.5);
        EXPECT_NE(noise.at(p), noise.layer(p));
    }
    noise::Params one_d;
    one_d.dimension = 1;
    one_d.layers    = Layers::rotated;
    const noise::FractalNoise line(one_d);
    EXPECT_FALSE(line.has_rotated_layer());  // no plane to turn: the field as it was
    EXPECT_EQ(line.at({0.3, 0, 0, 0}), line.layer({0.3, 0, 0, 0}));
}

TEST(Warp, IsDeterministicAndTheSeedMatters) {
    auto params   = warped(Algorithm::perlin, 2, 2.0, 1.5);
    params.layers = Layers::rotated;
    const noise::FractalNoise a(params), b(params);
    auto other_seed = params;
    other_seed.seed = 1;
    const noise::FractalNoise c(other_seed);
    noise::SplitMix64 rng(13);
    int different = 0;
    for (int k = 0; k < 100; ++k) {
        const Point p = random_point(rng, 50.0);
        ASSERT_EQ(std::bit_cast<std::uint64_t>(a.at(p)), std::bit_cast<std::uint64_t>(b.at(p)));
        different += a.at(p) != c.at(p);
    }
    EXPECT_GT(different, 95);
}

// [SECTION] Continuity, tiling, range ------------------------------------------------------------

// A warp by a smooth field keeps the noise continuous: a step of h changes the value by at most
// a bound of the slope times h (no seam at cell edges, negative coordinates included).
TEST(Warp, StaysContinuous) {
    noise::SplitMix64 rng(14);
    for (const Algorithm algorithm : {Algorithm::perlin, Algorithm::value}) {
        for (int dimension = 1; dimension <= 4; ++dimension) {
            auto params   = warped(algorithm, dimension, 3.0, 2.0);
            params.layers = dimension >= 2 ? Layers::rotated : Layers::single;
            const noise::FractalNoise noise(params);
            const double h = 1e-7;
            for (int k = 0; k < 200; ++k) {
                Point p = random_point(rng, 20.0);
                p[0]    = std::floor(p[0]) - h / 2;  // straddle a lattice line of octave 0
                for (int axis = 0; axis < dimension; ++axis) {
                    Point q = p;
                    q[static_cast<std::size_t>(axis)] += h;
                    // The slope is bounded by about (1 + a f 2^octaves) * 2^octaves * 10 here.
                    ASSERT_LT(std::abs(noise.at(q) - noise.at(p)), 1e5 * h)
                        << noise_test::describe(params) << " axis " << axis;
                }
            }
        }
    }
}

// The warp field repeats with the tile (a whole-number warp_frequency), and so does the turned
// layer (the integer rotation): the field repeats every P on every axis. Near, not equal: p + P
// and p + a w + P round differently in the last bits (fractal.hpp).
TEST(Tiling, WarpedAndLayeredFieldsRepeatWithThePeriod) {
    noise::SplitMix64 rng(15);
    for (const std::uint32_t period : {3u, 8u, 300u}) {
        for (const double lacunarity : {2.0, 3.0}) {
            for (const Algorithm algorithm : {Algorithm::perlin, Algorithm::value}) {
                for (int dimension = 1; dimension <= 4; ++dimension) {
                    for (const bool warp : {true, false}) {
                        if (!warp && dimension == 1) continue;  // nothing to test
                        auto params         = warped(algorithm, dimension, warp ? 2.5 : 0.0, 3.0);
                        params.tile         = period;
                        params.lacunarity   = lacunarity;
                        params.octave_seeds = noise::OctaveSeeds::offset;
                        params.layers       = dimension >= 2 ? Layers::rotated : Layers::single;
                        const noise::FractalNoise noise(params);
                        for (int k = 0; k < 15; ++k) {
                            const Point p = random_point(rng, 400.0);
                            for (int axis = 0; axis < dimension; ++axis) {
                                Point q = p;
                                q[static_cast<std::size_t>(axis)] -= 2.0 * static_cast<double>(period);
                                ASSERT_NEAR(noise.at(p), noise.at(q), 1e-9)
                                    << noise_test::describe(params) << " P=" << period << " axis " << axis;
                            }
                        }
                    }
                }
            }
        }
    }
}

// The test above can fail: untiled, neither the warped nor the turned field repeats with P.
TEST(Tiling, UntiledWarpedAndLayeredFieldsDoNotRepeat) {
    for (const bool warp : {true, false}) {
        auto params   = warped(Algorithm::perlin, 2, warp ? 2.5 : 0.0, 3.0);
        params.layers = Layers::rotated;
        const noise::FractalNoise noise(params);
        EXPECT_GT(std::abs(noise.at({1.3, 2.6, 0, 0}) - noise.at({9.3, 2.6, 0, 0})), 1e-3);
    }
    // And with tiling, a warp that does not repeat with the tile is refused, in one line.
    auto params           = warped(Algorithm::perlin, 2, 1.0, 2.5);
    params.tile           = 8;
    const std::string err = noise::validate(params);
    EXPECT_NE(err.find("warp_frequency: '2.5' is not allowed while tiling"), std::string::npos) << err;
    EXPECT_EQ(err.find('\n'), std::string::npos);
    EXPECT_THROW(noise::FractalNoise{params}, std::invalid_argument);
    params.warp_amplitude = 0.0;  // no warp: its frequency does not matter
    EXPECT_EQ(noise::validate(params), "");
}

// The warp moves points; the average of two fields in a range stays in it. Measured over random
// points: fBm within the octave's measured range (perlin.hpp, value.hpp), turbulence and ridged
// in [0, 1].
TEST(Warp, StaysInTheNominalRange) {
    noise::SplitMix64 rng(16);
    for (const Algorithm algorithm : {Algorithm::perlin, Algorithm::value}) {
        for (int dimension = 1; dimension <= 4; ++dimension) {
            for (std::size_t f = 0; f < noise::fractal_names.size(); ++f) {
                auto params    = warped(algorithm, dimension, 4.0, 0.5);
                params.fractal = static_cast<noise::Fractal>(f);
                params.layers  = Layers::rotated;
                const noise::FractalNoise noise(params);
                const noise::Range range = noise::nominal_range(params);
                double lo = 1e9, hi = -1e9;
                for (int k = 0; k < 2000; ++k) {
                    const double v = noise.at(random_point(rng, 100.0));
                    lo             = std::min(lo, v);
                    hi             = std::max(hi, v);
                }
                EXPECT_GE(lo, range.lo - 0.05) << noise_test::describe(params);
                EXPECT_LE(hi, range.hi + 0.05) << noise_test::describe(params);
                EXPECT_GT(hi - lo, 0.2 * (range.hi - range.lo)) << noise_test::describe(params);
            }
        }
    }
}

// [SECTION] Value + gradient ---------------------------------------------------------------------

TEST(ValueGradient, FollowsTheWarpAndTheLayersByTheChainRule) {
    noise::SplitMix64 rng(17);
    for (const Algorithm algorithm : {Algorithm::perlin, Algorithm::value}) {
        for (int dimension = 1; dimension <= 4; ++dimension) {
            for (const std::uint32_t tile : {0u, 5u}) {
                for (const bool warp : {true, false}) {
                    auto params    = warped(algorithm, dimension, warp ? 1.75 : 0.0, 2.0);
                    params.tile    = tile;
                    params.fractal = dimension == 3 ? noise::Fractal::ridged : noise::Fractal::fbm;
                    params.layers  = Layers::rotated;
                    const noise::FractalNoise noise(params);
                    for (int k = 0; k < 20; ++k) {
                        const Point p                 = random_point(rng, 10.0);
                        const noise::ValueGradient vg = noise::value_gradient(noise, p);
                        ASSERT_EQ(std::bit_cast<std::uint64_t>(vg.value),
                                  std::bit_cast<std::uint64_t>(noise.at(p)));
                        const noise::Trace trace = noise::trace_point(noise, p);
                        ASSERT_EQ(std::bit_cast<std::uint64_t>(trace.total.value),
                                  std::bit_cast<std::uint64_t>(noise.at(p)));
                        // The trace records the octaves at the point the field is read at.
                        ASSERT_EQ(trace.octaves[0].point, noise.octave_point(0, noise.warped(p)));
                        const double h = 1e-6;
                        for (int axis = 0; axis < dimension; ++axis) {
                            Point a = p, b = p;
                            a[static_cast<std::size_t>(axis)] -= h;
                            b[static_cast<std::size_t>(axis)] += h;
                            const double numeric  = (noise.at(b) - noise.at(a)) / (2 * h);
                            const double analytic = vg.gradient[static_cast<std::size_t>(axis)];
                            // Ridged has kinks: skip the rare point right at one.
                            if (params.fractal == noise::Fractal::ridged &&
                                std::abs(analytic - numeric) > 1e-2)
                                continue;
                            ASSERT_NEAR(analytic, numeric, 1e-4 * (1.0 + std::abs(numeric)))
                                << noise_test::describe(params) << " tile " << tile << " axis " << axis;
                        }
                    }
                }
            }
        }
    }
}

// [SECTION] The fast path ----------------------------------------------------------------------

noise::Params random_warped_params(noise::SplitMix64& rng) {
    noise::Params p;
    p.algorithm                = static_cast<Algorithm>(rng.below(3));
    p.dimension                = 1 + static_cast<int>(rng.below(4));
    p.gradients                = static_cast<noise::Gradients>(rng.below(3));
    p.interpolation            = static_cast<noise::Interpolation>(rng.below(5));
    p.smooth                   = rng.below(4) == 0;
    p.fractal                  = static_cast<noise::Fractal>(rng.below(3));
    p.octaves                  = 1 + static_cast<int>(rng.below(p.dimension == 4 && p.smooth ? 2 : 5));
    p.persistence              = rng.unit();
    p.octave_seeds             = static_cast<noise::OctaveSeeds>(rng.below(2));
    p.octave_offsets           = static_cast<noise::OctaveOffsets>(rng.below(2));
    p.seed                     = static_cast<std::uint32_t>(rng.next());
    const double frequencies[] = {0.37, 4.0, 61.0, 700.0};
    p.frequency                = frequencies[rng.below(4)] * (0.5 + rng.unit());
    p.offset_x                 = (rng.unit() - 0.5) * 2000.0;
    p.offset_y                 = (rng.unit() - 0.5) * 2000.0;
    p.z                        = (rng.unit() - 0.5) * 50.0;
    p.w                        = (rng.unit() - 0.5) * 50.0;
    p.warp_amplitude           = rng.below(4) == 0 ? 0.0 : 8.0 * rng.unit();
    p.warp_octaves             = 1 + static_cast<int>(rng.below(8));
    p.layers                   = rng.below(2) == 0 ? Layers::single : Layers::rotated;
    if (p.warp_amplitude == 0.0 && p.layers == Layers::single) p.layers = Layers::rotated;
    if (rng.below(3) == 0) {
        const std::uint32_t periods[] = {1, 3, 16, 300};
        p.tile                        = periods[rng.below(4)];
        p.lacunarity                  = 1.0 + rng.below(3);
        p.warp_frequency              = 1.0 + rng.below(4);
    } else {
        p.lacunarity     = 1.0 + 3.0 * rng.unit();
        p.warp_frequency = 0.0625 + 4.0 * rng.unit();
    }
    return p;
}

std::string first_difference(const noise::Params& params, int width, const noise::Region& region,
                             unsigned threads) {
    const noise::FractalNoise noise(params);
    std::vector<float> image(region.pixel_count());
    noise::render(noise, region, image, {threads, nullptr, nullptr});
    for (int y = region.y0; y < region.y1; ++y)
        for (int x = region.x0; x < region.x1; ++x) {
            const float expected = static_cast<float>(noise.at(noise::pixel_point(params, width, x, y)));
            const float got =
                image[static_cast<std::size_t>((y - region.y0) * region.columns() + (x - region.x0))];
            if (std::bit_cast<std::uint32_t>(expected) != std::bit_cast<std::uint32_t>(got))
                return "pixel (" + std::to_string(x) + ", " + std::to_string(y) + "): reference " +
                       std::to_string(expected) + ", fast path " + std::to_string(got) + " with " +
                       noise_test::describe(params) + " warp " + std::to_string(params.warp_amplitude) +
                       " x" + std::to_string(params.warp_frequency);
        }
    return {};
}

// Random warped and layered sets, on every target and 1 or 3 threads, rows wider than a chunk.
TEST(WarpFastPath, EqualsTheReferenceOnEveryTargetAndThreadCount) {
    for (const auto name : noise::available_simd_targets()) {
        const noise_test::ForcedTarget forced(name);
        ASSERT_TRUE(forced.ok);
        noise::SplitMix64 rng(2027);
        for (int n = 0; n < 60; ++n) {
            const auto params = random_warped_params(rng);
            const int width   = 1 + static_cast<int>(rng.below(1500));
            const int height  = 1 + static_cast<int>(rng.below(200));
            const int x0      = static_cast<int>(rng.below(static_cast<std::uint32_t>(width)));
            const int y0      = static_cast<int>(rng.below(static_cast<std::uint32_t>(height)));
            const noise::Region region{width,
                                       height,
                                       x0,
                                       y0,
                                       std::min(width, x0 + 1 + static_cast<int>(rng.below(1200))),
                                       std::min(height, y0 + 3)};
            ASSERT_EQ(first_difference(params, width, region, n % 2 ? 3 : 1), "")
                << "target " << name << ", set " << n;
        }
    }
}

// The shipped presets with a warp or the turned layer (assets/presets: marble, eroded-terrain,
// wood, seed001-rotated-layers), whose moved and turned points take the point kernel, at their
// own settings and tiled, turned and turbulent, rows wider than a chunk, on every target and 1
// or 3 threads.
TEST(WarpFastPath, TheWarpedAndTurnedPresetsOnEveryTargetAndThreadCount) {
    std::vector<noise::Params> presets;
    noise::Params marble;  // perlin 2D improved quintic, ridged, 6 shifted octaves
    marble.fractal        = noise::Fractal::ridged;
    marble.octaves        = 6;
    marble.octave_offsets = noise::OctaveOffsets::shifted;
    marble.seed           = 9;
    marble.frequency      = 1.6;
    marble.warp_amplitude = 1.6;
    marble.warp_octaves   = 5;
    presets.push_back(marble);
    noise::Params eroded  = marble;  // random gradients, persistence 0.45
    eroded.gradients      = noise::Gradients::random;
    eroded.persistence    = 0.45;
    eroded.seed           = 3;
    eroded.frequency      = 2.5;
    eroded.warp_amplitude = 0.45;
    eroded.warp_octaves   = 4;
    presets.push_back(eroded);
    noise::Params wood;  // fbm of 2 octaves, a faint fast warp
    wood.octaves        = 2;
    wood.persistence    = 0.2;
    wood.seed           = 2;
    wood.warp_amplitude = 0.05;
    wood.warp_frequency = 3.0;
    wood.warp_octaves   = 4;
    presets.push_back(wood);
    noise::Params rotated;  // seed 001: value noise and its turned copy
    rotated.algorithm = Algorithm::value;
    rotated.octaves   = 1;
    rotated.layers    = Layers::rotated;
    presets.push_back(rotated);
    for (std::size_t n = 0, count = presets.size(); n < count; ++n) {
        noise::Params tiled = presets[n];
        tiled.tile          = 4;
        tiled.layers        = Layers::rotated;
        tiled.fractal       = noise::Fractal::turbulence;
        presets.push_back(tiled);
    }
    for (const auto name : noise::available_simd_targets()) {
        const noise_test::ForcedTarget forced(name);
        ASSERT_TRUE(forced.ok);
        for (std::size_t n = 0; n < presets.size(); ++n) {
            const int width = 1100, y0 = 100 + static_cast<int>(n) * 37;
            const noise::Region region{width, 400, 0, y0, width, y0 + 2};
            ASSERT_EQ(first_difference(presets[n], width, region, n % 2 ? 3 : 1), "")
                << "target " << name << ", preset " << n;
        }
    }
}

// The 1D view's octave rows: the octave's weighted share at the warped point.
TEST(WarpFastPath, OctaveRowsAreTheWeightedOctavesAtTheWarpedPoints) {
    for (const double amplitude : {0.0, 2.0}) {
        auto params   = warped(Algorithm::perlin, 2, amplitude, 1.5);
        params.layers = Layers::rotated;
        const noise::FractalNoise noise(params);
        const noise::RowKernel kernel(noise);
        std::vector<double> row(1100);
        for (int octave = 0; octave < params.octaves; ++octave) {
            kernel.fill_octave_row(octave, {params.offset_x, params.frequency / 1100, 0, 1.7}, row);
            for (int i = 0; i < 1100; i += 7) {
                Point p = noise::pixel_point(params, 1100, i, 0);
                p[1]    = 1.7;
                ASSERT_EQ(row[static_cast<std::size_t>(i)],
                          noise.octave_weight(octave) * noise.octave(octave, noise.warped(p)));
            }
        }
    }
}

// [SECTION] The controls -----------------------------------------------------------------------

TEST(Warp, ControlsAppearOnlyWhenTheyApply) {
    noise::Params params;
    EXPECT_NE(noise::unused_reason(params, "warp_frequency"), "");
    EXPECT_NE(noise::unused_reason(params, "warp_octaves"), "");
    EXPECT_EQ(noise::unused_reason(params, "warp_amplitude"), "");
    EXPECT_EQ(noise::unused_reason(params, "layers"), "");
    params.warp_amplitude = 0.5;
    EXPECT_EQ(noise::unused_reason(params, "warp_frequency"), "");
    EXPECT_EQ(noise::unused_reason(params, "warp_octaves"), "");
    params.dimension = 1;
    EXPECT_NE(noise::unused_reason(params, "layers"), "");
}

// What unused_reason says is what the output shows: a hidden control changes no pixel, a shown
// one changes some.
TEST(Warp, HiddenControlsChangeNothingAndShownOnesDo) {
    const auto image = [](const noise::Params& params) {
        std::vector<float> out(24 * 24);
        noise::render(params, noise::Region::full(24, 24), out);
        return out;
    };
    for (const double amplitude : {0.0, 0.5}) {
        for (const int dimension : {1, 2}) {
            noise::Params a;
            a.dimension      = dimension;
            a.warp_amplitude = amplitude;
            for (const std::string_view key : {"warp_frequency", "warp_octaves", "layers"}) {
                noise::Params b = a;
                if (key == "warp_frequency") b.warp_frequency = 3.0;
                if (key == "warp_octaves") b.warp_octaves = 6;
                if (key == "layers") b.layers = Layers::rotated;
                const bool changed = image(a) != image(b);
                EXPECT_EQ(changed, noise::unused_reason(a, key).empty())
                    << key << " amplitude " << amplitude << " dimension " << dimension;
            }
        }
    }
}

TEST(Warp, KeysRoundTripThroughText) {
    noise::Params params;
    EXPECT_EQ(noise::set_param(params, "warp_amplitude", "1.25"), "");
    EXPECT_EQ(noise::set_param(params, "warp_frequency", "3"), "");
    EXPECT_EQ(noise::set_param(params, "warp_octaves", "5"), "");
    EXPECT_EQ(noise::set_param(params, "layers", "rotated"), "");
    EXPECT_EQ(params.warp_amplitude, 1.25);
    EXPECT_EQ(params.warp_frequency, 3.0);
    EXPECT_EQ(params.warp_octaves, 5);
    EXPECT_EQ(params.layers, Layers::rotated);
    EXPECT_EQ(noise::format_param(params, *noise::find_param("layers")), "rotated");
    EXPECT_NE(noise::set_param(params, "warp_octaves", "9").find("warp_octaves: '9' is out of range"),
              std::string::npos);
    EXPECT_NE(noise::set_param(params, "warp_amplitude", "-1"), "");
    EXPECT_NE(noise::set_param(params, "layers", "three"), "");
}

}  // namespace
