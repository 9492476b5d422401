// The compiled row kernels against the readable reference: the same bits on every SIMD target.
#include "noise/kernel.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "noise/algorithms.hpp"
#include "noise/render.hpp"
#include "test_support.hpp"

namespace {

using noise::Algorithm;
using noise::Interpolation;

// Restores the automatic target choice however a test ends.
// A parameter set drawn from every choice and from awkward numbers: negative offsets, fractional
// and integer lacunarity, tiling periods below and above 256 (higher hash bytes), frequencies
// from a few cells per row (the tabulated corners) to several cells per pixel (per-lane chains).
noise::Params random_params(noise::SplitMix64& rng) {
    noise::Params p;
    p.algorithm =
        static_cast<Algorithm>(rng.below(static_cast<std::uint32_t>(noise::algorithm_names.size())));
    p.dimension                = 1 + static_cast<int>(rng.below(4));
    p.gradients                = static_cast<noise::Gradients>(rng.below(3));
    p.interpolation            = static_cast<Interpolation>(rng.below(5));
    p.smooth                   = rng.below(4) == 0;
    p.fractal                  = static_cast<noise::Fractal>(rng.below(3));
    p.octaves                  = 1 + static_cast<int>(rng.below(p.dimension == 4 && p.smooth ? 2 : 7));
    p.persistence              = rng.unit();
    p.octave_seeds             = static_cast<noise::OctaveSeeds>(rng.below(2));
    p.seed                     = static_cast<std::uint32_t>(rng.next());
    const double frequencies[] = {0.37, 4.0, 61.0, 700.0, 5000.0};
    p.frequency                = frequencies[rng.below(5)] * (0.5 + rng.unit());
    p.offset_x                 = (rng.unit() - 0.5) * 2000.0;
    p.offset_y                 = (rng.unit() - 0.5) * 2000.0;
    p.z                        = (rng.unit() - 0.5) * 50.0;
    p.w                        = (rng.unit() - 0.5) * 50.0;
    if (rng.below(3) == 0) {
        const std::uint32_t periods[] = {1, 3, 16, 255, 256, 300, 65536};
        p.tile                        = periods[rng.below(7)];
        p.lacunarity                  = 1.0 + rng.below(3);
    } else {
        p.lacunarity = 1.0 + 3.0 * rng.unit();
    }
    p.octave_offsets    = static_cast<noise::OctaveOffsets>(rng.below(2));
    p.normalize         = rng.below(4) != 0;
    p.cellular_return   = static_cast<noise::CellularReturn>(rng.below(3));
    p.cellular_distance = static_cast<noise::CellularDistance>(rng.below(3));
    p.cellular_jitter   = rng.below(4) == 0 ? 0.0 : rng.unit();
    p.hash              = static_cast<noise::Hash>(rng.below(4));
    if (rng.below(4) == 0) {  // seed 003's shared texture needs a whole-number lacunarity
        p.octave_seeds = noise::OctaveSeeds::texture;
        p.lacunarity   = std::floor(p.lacunarity);
    }
    if (!noise::algorithm_info(p.algorithm).tiles) p.tile = 0;  // it cannot tile (validate)
    p.tile_octaves = static_cast<noise::TileOctaves>(rng.below(2));
    p.seed_mode    = rng.below(4) == 0 ? noise::SeedMode::shift : noise::SeedMode::lattice;
    if (p.hash == noise::Hash::elias && rng.below(2) == 0) p.octave_seeds = noise::OctaveSeeds::primes;
    return p;
}

// Compares a rendered window with FractalNoise::at pixel by pixel; returns the first mismatch.
std::string first_difference(const noise::Params& params, int width, const noise::Region& region,
                             unsigned threads = 1) {
    const noise::FractalNoise noise(params);
    std::vector<float> image(region.pixel_count());
    noise::RenderOptions options;
    options.threads = threads;
    noise::render(noise, region, image, options);
    for (int y = region.y0; y < region.y1; ++y) {
        for (int x = region.x0; x < region.x1; ++x) {
            const float expected = static_cast<float>(noise.at(noise::pixel_point(params, width, x, y)));
            const float got =
                image[static_cast<std::size_t>((y - region.y0) * region.columns() + (x - region.x0))];
            if (std::bit_cast<std::uint32_t>(expected) != std::bit_cast<std::uint32_t>(got))
                return "pixel (" + std::to_string(x) + ", " + std::to_string(y) + "): reference " +
                       std::to_string(expected) + ", kernel " + std::to_string(got) + " with " +
                       noise_test::describe(params) + "frequency=" + std::to_string(params.frequency) +
                       " tile=" + std::to_string(params.tile);
        }
    }
    return {};
}

TEST(Kernel, TheBuildHasAPortableTargetAndTheCpuRunsAtLeastOne) {
    const auto targets = noise::available_simd_targets();
    ASSERT_FALSE(targets.empty());
#ifdef NOISE_EXPLORER_ONE_SIMD_TARGET
    // The sanitizer build compiles one target and no dispatch (noise/CMakeLists.txt): that one only.
    EXPECT_EQ(targets.size(), 1u);
#else
    EXPECT_TRUE(std::find(targets.begin(), targets.end(), std::string_view("SCALAR")) != targets.end() ||
                std::find(targets.begin(), targets.end(), std::string_view("EMU128")) != targets.end());
#endif
}

// The row kernels are not compiled for AVX3_DL (only the point kernel is: its byte permutes):
// under it they run AVX3, as on a CPU that has it.
std::string_view row_kernel_target(std::string_view forced) { return forced == "AVX3_DL" ? "AVX3" : forced; }

TEST(Kernel, ForcingATargetIsWhatTheKernelRuns) {
    const noise::FractalNoise noise(noise::Params{});
    for (const auto name : noise::available_simd_targets()) {
        const noise_test::ForcedTarget forced(name);
        ASSERT_TRUE(forced.ok);
        EXPECT_EQ(noise::RowKernel(noise).target(), row_kernel_target(name));
    }
    EXPECT_FALSE(noise::force_simd_target("NO_SUCH_TARGET"));
    noise::force_simd_target("");
    EXPECT_EQ(noise::RowKernel(noise).target(), row_kernel_target(noise::available_simd_targets().front()));
}

// The check itself can fail: a field that differs in one setting differs in the bits.
TEST(Kernel, TheComparisonSeesAOneUlpChange) {
    noise::Params params;
    const noise::FractalNoise noise(params);
    const noise::RowKernel kernel(noise);
    std::vector<double> row(37);
    kernel.fill_row({params.offset_x, params.frequency / 37, 0, 0.3}, row);
    noise::Point p = noise::pixel_point(params, 37, 5, 0);
    p[1]           = 0.3;
    EXPECT_EQ(row[5], noise.at(p));
    p[0] = std::nextafter(p[0], 10.0);
    EXPECT_NE(row[5], noise.at(p));
}

// Every algorithm x dimension x curve x gradient set, on every target, equals the reference bit
// for bit, at a low frequency (corners read from a table) and a high one (a new cell per pixel).
TEST(Kernel, EveryBaseNoiseOnEveryTargetEqualsTheReference) {
    for (const auto name : noise::available_simd_targets()) {
        const noise_test::ForcedTarget forced(name);
        for (auto params : noise_test::every_base_noise()) {
            for (double frequency : {3.3, 900.0}) {
                params.frequency = frequency;
                params.offset_x  = -17.25;
                params.offset_y  = -3.5;
                params.z         = 0.75;
                params.w         = -1.25;
                const int width = 300, height = 4;  // two chunks, the second partly filled
                const auto diff = first_difference(params, width, noise::Region::full(width, height));
                ASSERT_EQ(diff, "") << "target " << name;
            }
        }
    }
}

// At high frequencies, where a vector's lanes lie far apart in the chunk's tables, the AVX-512
// targets read Ken's 2D and 3D gradient terms from registers (gradient_nibbles-inl.h), their
// nibbles from the chunk's table (forced AVX3) or, untiled on a CPU with byte permutes (AVX3_DL),
// from the chain itself: untiled, tiled with periods whose tables fit 256 entries or repeat
// every 256 (200, 256) and with one that takes the tables' path (300), on rows across lattice
// lines (the guarded blend: y = 0 and 0.5 lie on them), warped (the warp's components side by
// side), each lane on every target equals the reference. Value noise's bytes come from the
// chain the same way (value_kernel.cpp, ChainBytesOfPixels) where the CPU has byte permutes.
TEST(Kernel, FarApartGradientsOnEveryTargetEqualTheReference) {
    for (const auto name : noise::available_simd_targets()) {
        const noise_test::ForcedTarget forced(name);
        for (auto algorithm : {Algorithm::perlin, Algorithm::value})
            for (int dimension : {2, 3})
                for (auto curve : {Interpolation::quintic, Interpolation::linear})
                    for (const std::uint32_t tile : {0u, 200u, 256u, 300u})
                        for (const double warp : {0.0, 0.5})
                            for (const double y : {0.0, 0.5, -3.25}) {
                                noise::Params params;
                                params.algorithm      = algorithm;
                                params.gradients      = noise::Gradients::improved;
                                params.dimension      = dimension;
                                params.interpolation  = curve;
                                params.octaves        = 4;
                                params.tile           = tile;
                                params.warp_amplitude = warp;
                                params.z              = -0.75;
                                const noise::FractalNoise noise(params);
                                const noise::RowKernel kernel(noise);
                                // 1.37 and 3 cells a pixel: lanes within two vectors' width, beyond.
                                const noise::RowSpec spec{-37.3,
                                                          tile != 0  ? 3.0
                                                          : y == 0.5 ? 1.37
                                                                     : 3.01,
                                                          0, y};
                                std::vector<double> row(300);
                                kernel.fill_row(spec, row);
                                for (std::size_t i = 0; i < row.size(); ++i) {
                                    noise::Point p = noise::pixel_point(params, 1, 0.0, 0.0);
                                    p[0]           = spec.pixel_x(i);
                                    p[1]           = y;
                                    ASSERT_EQ(std::bit_cast<std::uint64_t>(row[i]),
                                              std::bit_cast<std::uint64_t>(noise.at(p)))
                                        << "target " << name << ", pixel " << i << ": "
                                        << noise_test::describe(params) << "y=" << y;
                                }
                            }
    }
}

// The value kernel's h / 127.5 - 1 (value_kernel.cpp, ValueOfByte): on AVX-512 the quotient
// comes from the reciprocal and one fused correction step, which must give the correctly rounded
// quotient, as the reference's division does, for every byte. The same steps in scalar (std::fma
// rounds once, as vfmadd does); the product alone misses 24 of the 256, so the check can fail.
TEST(Kernel, ValueOfAByteFromTheReciprocalIsTheQuotient) {
    const double reciprocal = 1.0 / 127.5;
    int product_misses      = 0;
    for (int byte = 0; byte < 256; ++byte) {
        const double h  = byte;
        const double q0 = h * reciprocal;
        EXPECT_EQ(std::fma(std::fma(-q0, 127.5, h), reciprocal, q0), h / 127.5) << "byte " << byte;
        product_misses += q0 != h / 127.5 ? 1 : 0;
    }
    EXPECT_EQ(product_misses, 24);
}

// HandOver's quotients without the divider (simd/exact_quotient-inl.h): for a divisor of few
// significant bits, q0 = a y and two FMA corrections give a / b bit for bit. The same scalar
// operations as the lanes', on random sums over many binades and on the hard cases, a / b next to
// a rounding midpoint (a the doubles nearest b times a midpoint), where the product alone misses.
TEST(Kernel, QuotientsByTheReciprocalWithTwoCorrectionsAreTheQuotients) {
    const auto corrected = [](double a, double b, double y) {
        const double q0 = a * y;
        const double q1 = std::fma(std::fma(-b, q0, a), y, q0);
        return std::fma(std::fma(-b, q1, a), y, q1);
    };
    std::uint64_t state = 0x9e3779b97f4a7c15ull;
    const auto next     = [&] {  // splitmix64
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
        z               = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z               = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    };
    const auto significand = [&] { return 1.0 + static_cast<double>(next() >> 12) * 0x1p-52; };
    int product_misses     = 0;
    // Amplitude sums (gain 0.5 at 2, 3 and 8 octaves, gain 0.75 at 3) and a few others of up to
    // 32 significant bits.
    for (const double b : {1.5, 1.75, 1.9921875, 2.3125, 3.0, 0.6875, 1.0 + 0x1p-31, 12345.0 / 4096.0}) {
        const double y = 1.0 / b;
        for (int n = 0; n < 200000; ++n) {
            const int exponent = static_cast<int>(next() % 41) - 20;
            const double a     = ((next() & 1) != 0 ? -1.0 : 1.0) * std::ldexp(significand(), exponent);
            ASSERT_EQ(corrected(a, b, y), a / b) << a << " / " << b;
            const double low = std::ldexp(significand(), exponent);
            double near      = b * (low + 0.5 * (std::nextafter(low, 4.0 * low) - low));
            for (int k = 0; k < 4; ++k, near = std::nextafter(near, 0.0)) {
                ASSERT_EQ(corrected(near, b, y), near / b) << near << " / " << b;
                product_misses += near * y != near / b ? 1 : 0;
            }
        }
    }
    EXPECT_GT(product_misses, 0);
}

// Every cellular configuration (dimension x metric x return x fractal), on every target, equals
// the reference bit for bit: a few cells per row, a cell per pixel or more, tiled with small and
// large periods (the x index wrapped per lane), and at jitter 0 (ties between equal distances).
TEST(Kernel, EveryWorleyConfigurationOnEveryTargetEqualsTheReference) {
    for (const auto name : noise::available_simd_targets()) {
        const noise_test::ForcedTarget forced(name);
        for (int dimension = 1; dimension <= 4; ++dimension) {
            for (std::size_t m = 0; m < noise::cellular_distance_names.size(); ++m) {
                for (std::size_t r = 0; r < noise::cellular_return_names.size(); ++r) {
                    noise::Params params;
                    params.algorithm         = Algorithm::worley;
                    params.dimension         = dimension;
                    params.cellular_distance = static_cast<noise::CellularDistance>(m);
                    params.cellular_return   = static_cast<noise::CellularReturn>(r);
                    params.fractal           = static_cast<noise::Fractal>((m + r) % 3);
                    params.octaves           = 3;
                    params.offset_x          = -17.25;
                    params.offset_y          = -3.5;
                    params.z                 = 0.75;
                    params.w                 = -1.25;
                    for (const double frequency : {3.3, 900.0}) {
                        for (const std::uint32_t tile : {0u, 1u, 7u, 300u}) {
                            for (const double jitter : {1.0, 0.0, 0.37}) {
                                params.frequency       = tile != 0 ? std::round(frequency) : frequency;
                                params.tile            = tile;
                                params.cellular_jitter = jitter;
                                const int width = 300, height = 2;
                                ASSERT_EQ(first_difference(params, width, noise::Region::full(width, height)),
                                          "")
                                    << "target " << name;
                            }
                        }
                    }
                }
            }
        }
    }
}

// The cellular kernel tabulates the feature points of a chunk's cells while it has at most two
// cells per pixel: its lanes then lie in one cell, in a few neighbouring ones (a permute of the
// table), or, above a cell per pixel, in as many cells as lanes or more (read lane by lane). Every
// configuration in each of these, tiled (the table repeats with the period) or not, F1 alone
// (which prunes with F1) or with F2, on every target, equals the reference bit for bit.
TEST(Kernel, WorleyTablesAtEveryCellsPerPixelEqualTheReference) {
    for (const auto name : noise::available_simd_targets()) {
        const noise_test::ForcedTarget forced(name);
        for (int dimension = 1; dimension <= 4; ++dimension)
            for (std::size_t m = 0; m < noise::cellular_distance_names.size(); ++m)
                for (std::size_t r = 0; r < noise::cellular_return_names.size(); ++r)
                    for (const double frequency : {60.0, 150.0, 450.0})
                        for (const std::uint32_t tile : {0u, 7u})
                            for (const double jitter : {1.0, 0.37}) {
                                noise::Params params;
                                params.algorithm         = Algorithm::worley;
                                params.dimension         = dimension;
                                params.cellular_distance = static_cast<noise::CellularDistance>(m);
                                params.cellular_return   = static_cast<noise::CellularReturn>(r);
                                params.octaves           = 2;
                                params.lacunarity        = 1.0 + static_cast<double>(r);  // tiling: whole
                                params.offset_x          = -37.7;
                                params.offset_y          = -3.5;
                                params.z                 = -0.75;
                                params.w                 = 1.25;
                                params.frequency         = tile != 0 ? std::round(frequency) : frequency;
                                params.tile              = tile;
                                params.cellular_jitter   = jitter;
                                const int width = 300, height = 2;
                                ASSERT_EQ(first_difference(params, width, noise::Region::full(width, height)),
                                          "")
                                    << "target " << name;
                            }
    }
}

// Above two cells per pixel each lane hashes its own cells, two candidates per 64-bit lane, and
// builds feature points from their hash bits (jitter 1 folded exactly): every dimension, metric
// and return, at a few to many cells per pixel, negative coordinates, untiled, tiled small and
// large (periods up to 2^20), on every target, equals the reference.
TEST(Kernel, WorleyPerLaneSearchAtHighFrequenciesEqualsTheReference) {
    for (const auto name : noise::available_simd_targets()) {
        const noise_test::ForcedTarget forced(name);
        for (int dimension = 1; dimension <= 4; ++dimension)
            for (std::size_t m = 0; m < noise::cellular_distance_names.size(); ++m)
                for (std::size_t r = 0; r < noise::cellular_return_names.size(); ++r)
                    for (const std::uint32_t tile : {0u, 5u, 65536u})
                        for (const double jitter : {1.0, 0.61}) {
                            noise::Params params;
                            params.algorithm         = Algorithm::worley;
                            params.dimension         = dimension;
                            params.cellular_distance = static_cast<noise::CellularDistance>(m);
                            params.cellular_return   = static_cast<noise::CellularReturn>(r);
                            params.octaves           = 3;
                            params.lacunarity        = tile == 65536u ? 4.0 : 2.0;
                            params.offset_x          = -5.0e6 - 0.37;
                            params.offset_y          = -2.25;
                            params.z                 = -7.5;
                            params.w                 = 3.125;
                            params.frequency       = tile != 0 ? 700.0 : 701.3;  // 2.3 cells per pixel and up
                            params.tile            = tile;
                            params.cellular_jitter = jitter;
                            const int width = 300, height = 2;
                            ASSERT_EQ(first_difference(params, width, noise::Region::full(width, height)), "")
                                << "target " << name;
                        }
    }
}

// The seeds' hashes (hashes.hpp) and seed 003's texture, under every base noise, on every
// target: low frequencies (tables, wrapped ones for prime_table's 1024 cells), high ones (each
// lane hashes its own points), tiled above and below 256, and untiled far from the origin.
TEST(Kernel, EveryHashOnEveryTargetEqualsTheReference) {
    for (const auto name : noise::available_simd_targets()) {
        const noise_test::ForcedTarget forced(name);
        for (auto hash : {noise::Hash::elias, noise::Hash::wide, noise::Hash::prime_table}) {
            for (auto params : noise_test::every_base_noise()) {
                params.hash = hash;
                for (double frequency : {3.3, 1500.0, 900.0}) {
                    params.frequency = frequency;
                    params.offset_x  = frequency == 1500.0 ? 1e9 + 0.25 : -17.25;
                    params.offset_y  = -3.5;
                    params.z         = 0.75;
                    params.w         = -1.25;
                    params.octaves   = frequency == 900.0 ? 3 : 1;
                    params.octave_seeds =
                        frequency == 900.0 ? noise::OctaveSeeds::texture : noise::OctaveSeeds::same;
                    params.tile = frequency == 3.3 && noise::algorithm_info(params.algorithm).tiles ? 300 : 0;
                    const int width = 300, height = 2;
                    ASSERT_EQ(first_difference(params, width, noise::Region::full(width, height)), "")
                        << "target " << name;
                }
            }
        }
    }
}

// The seeds' modes (seed 004's prime sets, seed 002's shifting seed, seed 000's repeat per octave)
// under every base noise, on every target, at low and high frequencies.
TEST(Kernel, SeedModesOnEveryTargetEqualTheReference) {
    for (const auto name : noise::available_simd_targets()) {
        const noise_test::ForcedTarget forced(name);
        for (auto params : noise_test::every_base_noise()) {
            for (double frequency : {3.3, 1500.0}) {
                params.frequency    = frequency;
                params.offset_x     = -17.25;
                params.offset_y     = -3.5;
                params.z            = 0.75;
                params.w            = -1.25;
                params.octaves      = params.dimension == 4 && params.smooth ? 2 : 3;
                params.hash         = noise::Hash::elias;
                params.octave_seeds = noise::OctaveSeeds::primes;
                params.seed_mode    = noise::SeedMode::shift;
                params.seed         = 4294967291u;  // -5
                params.tile_octaves = noise::TileOctaves::same;
                params.tile     = frequency == 3.3 && noise::algorithm_info(params.algorithm).tiles ? 4 : 0;
                const int width = 300, height = 2;
                ASSERT_EQ(first_difference(params, width, noise::Region::full(width, height)), "")
                    << "target " << name;
            }
        }
    }
}

// A period per axis (tile_y) is not covered by the compiled kernels (kernel_plan.hpp): rows and
// points read the reference, with the reference's values on every target, warped or not.
TEST(Kernel, PeriodsPerAxisReadTheReferenceOnEveryTarget) {
    for (const auto name : noise::available_simd_targets()) {
        const noise_test::ForcedTarget forced(name);
        for (auto algorithm : {Algorithm::perlin, Algorithm::value, Algorithm::worley}) {
            for (double warp : {0.0, 0.75}) {
                noise::Params params;
                params.algorithm      = algorithm;
                params.octaves        = 3;
                params.tile           = 4;
                params.tile_y         = 3;
                params.frequency      = 8.0;
                params.offset_x       = -5.25;
                params.warp_amplitude = warp;
                const noise::FractalNoise noise(params);
                EXPECT_EQ(noise::RowKernel(noise).target(), "reference");
                EXPECT_FALSE(noise::PointSampler(noise).compiled());
                const int width = 64, height = 8;
                ASSERT_EQ(first_difference(params, width, noise::Region::full(width, height)), "")
                    << "target " << name;
            }
        }
    }
}

// 300 random parameter sets per target: fractals, octave seeds, tiling, offsets, odd windows.
TEST(Kernel, RandomParameterSetsOnEveryTargetEqualTheReference) {
    for (const auto name : noise::available_simd_targets()) {
        const noise_test::ForcedTarget forced(name);
        noise::SplitMix64 rng(2026);
        for (int n = 0; n < 300; ++n) {
            const auto params = random_params(rng);
            const int width   = 1 + static_cast<int>(rng.below(600)),
                      height  = 1 + static_cast<int>(rng.below(300));
            const int x0      = static_cast<int>(rng.below(static_cast<std::uint32_t>(width)));
            const int y0      = static_cast<int>(rng.below(static_cast<std::uint32_t>(height)));
            const noise::Region region{width,
                                       height,
                                       x0,
                                       y0,
                                       std::min(width, x0 + 1 + static_cast<int>(rng.below(280))),
                                       std::min(height, y0 + 2)};
            ASSERT_EQ(first_difference(params, width, region), "") << "target " << name << ", set " << n;
        }
    }
}

// Integer coordinates put points exactly on lattice lines, where signed zeros appear.
TEST(Kernel, PointsOnLatticeLinesEqualTheReference) {
    for (const auto name : noise::available_simd_targets()) {
        const noise_test::ForcedTarget forced(name);
        for (auto params : noise_test::every_base_noise()) {
            params.frequency = 16.0;  // 32 px: every other pixel centre is on a lattice line
            params.offset_x  = -8.25;
            params.offset_y  = -8.25;
            ASSERT_EQ(first_difference(params, 32, noise::Region::full(32, 32)), "") << "target " << name;
        }
    }
}

// Octave offsets add the shift to x per lane and to y, z, w per row: every base noise, shifted,
// equals the reference on every target, at pixels on the lattice lines of octaves 0 and 1 along
// x (the quarter points hit x * 2 + 32/64 = whole) and between them.
TEST(Kernel, ShiftedOctavesOnEveryTargetEqualTheReference) {
    for (const auto name : noise::available_simd_targets()) {
        const noise_test::ForcedTarget forced(name);
        for (auto params : noise_test::every_base_noise()) {
            params.octave_offsets = noise::OctaveOffsets::shifted;
            params.octaves        = 3;
            params.fractal        = noise::Fractal::ridged;
            params.frequency      = 16.0;  // 64 px: a pixel centre every quarter cell
            params.offset_x       = -8.125;
            params.offset_y       = -8.125;
            params.z              = 0.25;
            params.w              = -1.75;
            ASSERT_EQ(first_difference(params, 64, noise::Region{64, 64, 0, 0, 64, 4}), "")
                << "target " << name;
            params.frequency = 900.0;  // a new cell per pixel: each lane hashes its own corners
            ASSERT_EQ(first_difference(params, 300, noise::Region::full(300, 2)), "") << "target " << name;
        }
    }
}

TEST(Kernel, OctaveRowsAreTheWeightedOctaves) {
    for (auto offsets : {noise::OctaveOffsets::none, noise::OctaveOffsets::shifted}) {
        noise::Params params;
        params.octaves        = 4;
        params.fractal        = noise::Fractal::ridged;
        params.persistence    = 0.6;
        params.octave_offsets = offsets;
        const noise::FractalNoise noise(params);
        const noise::RowKernel kernel(noise);
        std::vector<double> row(333);
        for (int octave = 0; octave < params.octaves; ++octave) {
            kernel.fill_octave_row(octave, {params.offset_x, params.frequency / 333, 0, 1.7}, row);
            for (int i = 0; i < 333; i += 7) {
                noise::Point p = noise::pixel_point(params, 333, i, 0);
                p[1]           = 1.7;
                EXPECT_EQ(row[static_cast<std::size_t>(i)],
                          noise.octave_weight(octave) * noise.octave(octave, p));
            }
        }
        EXPECT_THROW(kernel.fill_octave_row(4, {}, row), std::out_of_range);
    }
}

// An octave row shows an octave's own noise, where the fractal sum's first addition (0 + v) no
// longer turns a -0 into +0. At lattice points on lattice lines gradient noise is a signed
// zero; the octave rows must keep the reference's sign on every target. (A -0 survives the
// blends only for some corner gradients, so the rows cover many lattice points.)
TEST(Kernel, OctaveRowsOnLatticeLinesKeepTheSignOfZero) {
    const auto bits     = [](double v) { return std::bit_cast<std::uint64_t>(v); };
    constexpr int width = 256;
    for (const auto name : noise::available_simd_targets()) {
        const noise_test::ForcedTarget forced(name);
        int negative_zeros = 0;
        for (auto params : noise_test::every_base_noise()) {
            if (params.algorithm != Algorithm::perlin) continue;
            params.frequency = width / 2;  // every other pixel centre is on a lattice line
            params.offset_x  = -params.frequency / 2 - 0.25;
            const noise::FractalNoise noise(params);
            const noise::RowKernel kernel(noise);
            std::vector<double> row(width);
            for (int y = -20; y <= 20; ++y) {
                kernel.fill_octave_row(0, {params.offset_x, params.frequency / width, 0, double(y)}, row);
                for (int i = 0; i < width; ++i) {
                    noise::Point p      = noise::pixel_point(params, width, i, 0);
                    p[1]                = y;
                    const double theirs = noise.octave_weight(0) * noise.octave(0, p);
                    negative_zeros += theirs == 0.0 && std::signbit(theirs);
                    ASSERT_EQ(bits(row[static_cast<std::size_t>(i)]), bits(theirs))
                        << "target " << name << " at " << p[0] << ", " << y << " with "
                        << noise_test::describe(params);
                }
            }
        }
        EXPECT_GT(negative_zeros, 0) << "the rows never met a -0: the check above proves nothing";
    }
}

TEST(Kernel, ThreadCountsGiveTheSameBytes) {
    noise::SplitMix64 rng(7);
    for (int n = 0; n < 20; ++n) {
        const auto params = random_params(rng);
        const noise::FractalNoise noise(params);
        std::vector<float> one(64 * 48), three(64 * 48);
        noise::render(noise, noise::Region::full(64, 48), one, {1, nullptr, nullptr});
        noise::render(noise, noise::Region::full(64, 48), three, {3, nullptr, nullptr});
        EXPECT_EQ(std::memcmp(one.data(), three.data(), one.size() * sizeof(float)), 0);
    }
}

// [SECTION] The point kernel (PointSampler) ----------------------------------------------------

// Points drawn to hurt: most within a few cells, negative coordinates on every axis, some on
// lattice lines and half-cells (signed zeros, exact fractions), some millions of cells out, some
// so far out that the octaves clamp them at 2^52 (lattice.hpp).
std::vector<noise::Point> random_points(noise::SplitMix64& rng, std::size_t count) {
    std::vector<noise::Point> points(count);
    for (noise::Point& p : points) {
        const std::uint32_t kind = rng.below(10);
        for (double& c : p) {
            if (kind == 0)
                c = std::floor((rng.unit() - 0.5) * 64.0) * 0.5;
            else if (kind == 1)
                c = (rng.unit() - 0.5) * 4e6;
            else if (kind == 2)
                c = (rng.unit() - 0.5) * 1e17;
            else
                c = (rng.unit() - 0.5) * 40.0;
        }
    }
    return points;
}

// The reference at the points: the layer, each octave's share, and the whole field.
struct PointExpectation {
    std::vector<double> layer, at;
    std::vector<std::vector<double>> octave;
};
PointExpectation expect_at(const noise::FractalNoise& noise, const std::vector<noise::Point>& points) {
    PointExpectation e;
    for (const noise::Point& p : points) {
        e.layer.push_back(noise.layer(p));
        e.at.push_back(noise.at(p));
    }
    for (int o = 0; o < noise.params().octaves; ++o) {
        e.octave.emplace_back();
        for (const noise::Point& p : points)
            e.octave.back().push_back(noise.octave_weight(o) * noise.octave(o, p));
    }
    return e;
}

// The sampler against the expectation, bit for bit; the first mismatch, or an empty string.
std::string first_point_difference(const noise::FractalNoise& noise, const std::vector<noise::Point>& points,
                                   const PointExpectation& expected) {
    const noise::PointSampler sampler(noise);
    std::vector<double> got(points.size());
    const auto compare = [&](const std::vector<double>& want, const std::string& what) -> std::string {
        for (std::size_t i = 0; i < points.size(); ++i)
            if (std::bit_cast<std::uint64_t>(got[i]) != std::bit_cast<std::uint64_t>(want[i]))
                return what + " at (" + std::to_string(points[i][0]) + ", " + std::to_string(points[i][1]) +
                       ", " + std::to_string(points[i][2]) + ", " + std::to_string(points[i][3]) +
                       "): reference " + std::to_string(want[i]) + ", point kernel " +
                       std::to_string(got[i]) + " with " + noise_test::describe(noise.params()) +
                       "tile=" + std::to_string(noise.params().tile);
        return {};
    };
    sampler.layer(points, got);
    if (auto error = compare(expected.layer, "layer"); !error.empty()) return error;
    for (int o = 0; o < noise.params().octaves; ++o) {
        sampler.octave(o, points, got);
        if (auto error = compare(expected.octave[static_cast<std::size_t>(o)], "octave " + std::to_string(o));
            !error.empty())
            return error;
    }
    sampler.at(points, got);
    return compare(expected.at, "at");
}

// Worley compiles untiled only (point_kernel.hpp).
bool point_kernel_compiles(const noise::Params& params) {
    const Algorithm algorithm = params.algorithm;
    if (algorithm == Algorithm::worley) return params.tile == 0 && params.tile_y == 0;
    return algorithm == Algorithm::perlin || algorithm == Algorithm::value || algorithm == Algorithm::white ||
           algorithm == Algorithm::simplex;
}

// The check itself can fail: a point moved by one ulp gives other bits.
TEST(PointKernel, TheComparisonSeesAOneUlpChange) {
    const noise::FractalNoise noise(noise::Params{});
    const noise::PointSampler sampler(noise);
    ASSERT_TRUE(sampler.compiled());
    std::vector<noise::Point> points{{0.3, -1.7, 0.0, 0.0}};
    const auto expected = expect_at(noise, points);
    EXPECT_EQ(first_point_difference(noise, points, expected), "");
    points[0][1] = std::nextafter(points[0][1], 0.0);
    EXPECT_NE(first_point_difference(noise, points, expected), "");
}

TEST(PointKernel, ForcingATargetIsWhatTheKernelRuns) {
    const noise::FractalNoise noise(noise::Params{});
    for (const auto name : noise::available_simd_targets()) {
        const noise_test::ForcedTarget forced(name);
        EXPECT_EQ(noise::PointSampler(noise).target(), name);
    }
    noise::Params cells;  // voronoi has no point kernel yet
    cells.algorithm = Algorithm::voronoi;
    const noise::FractalNoise voronoi(cells);
    EXPECT_FALSE(noise::PointSampler(voronoi).compiled());
    EXPECT_EQ(noise::PointSampler(voronoi).target(), "reference");
}

// Every base noise (algorithm x dimension x curve x gradient set, smoothed value) x every hash x
// fractal, three octaves with their own seeds or a shared texture, octave offsets on and off,
// tiled (periods below and above 256) and not, at random points, on every target.
TEST(PointKernel, EveryBaseNoiseHashAndFractalOnEveryTargetEqualsTheReference) {
    noise::SplitMix64 rng(2029);
    int case_number = 0;
    for (auto params : noise_test::every_base_noise()) {
        for (std::size_t h = 0; h < noise::hash_names.size(); ++h) {
            for (const std::uint32_t tile : {0u, 16u, 300u}) {
                ++case_number;
                params.hash           = static_cast<noise::Hash>(h);
                params.fractal        = static_cast<noise::Fractal>(case_number % 3);
                params.octaves        = params.dimension == 4 && params.smooth ? 2 : 3;
                params.octave_seeds   = static_cast<noise::OctaveSeeds>(case_number / 3 % 3);
                params.octave_offsets = static_cast<noise::OctaveOffsets>(case_number / 9 % 2);
                params.persistence    = 0.6;
                params.lacunarity =
                    tile != 0 || params.octave_seeds == noise::OctaveSeeds::texture ? 2.0 : 2.3;
                params.tile = noise::algorithm_info(params.algorithm).tiles ? tile : 0;
                const noise::FractalNoise noise(params);
                const auto points   = random_points(rng, 40);
                const auto expected = expect_at(noise, points);
                for (const auto name : noise::available_simd_targets()) {
                    const noise_test::ForcedTarget forced(name);
                    ASSERT_EQ(noise::PointSampler(noise).compiled(), point_kernel_compiles(params));
                    ASSERT_EQ(first_point_difference(noise, points, expected), "") << "target " << name;
                }
            }
        }
    }
}

// Runs of nearby points, as a warped or turned row reads them: most vectors of lanes fall in one
// cell (the kernel hashes that cell once for all lanes), some straddle a lattice line.
std::vector<noise::Point> nearby_points(noise::SplitMix64& rng, std::size_t runs, std::size_t per_run) {
    std::vector<noise::Point> points;
    for (std::size_t r = 0; r < runs; ++r) {
        noise::Point p;
        for (double& c : p) c = (rng.unit() - 0.5) * 40.0;
        const double step = 0.001 + 0.01 * rng.unit();
        for (std::size_t i = 0; i < per_run; ++i) {
            points.push_back(p);
            p[0] += step;
            p[1] += step * 0.3 * (rng.unit() - 0.5);
        }
    }
    return points;
}

// Every base noise x every hash, tiled (periods below and above 256) and not, at runs of
// nearby points, on every target.
TEST(PointKernel, NearbyPointsOnEveryTargetEqualTheReference) {
    noise::SplitMix64 rng(2031);
    int case_number = 0;
    for (auto params : noise_test::every_base_noise()) {
        for (std::size_t h = 0; h < noise::hash_names.size(); ++h) {
            for (const std::uint32_t tile : {0u, 16u, 300u}) {
                ++case_number;
                params.hash       = static_cast<noise::Hash>(h);
                params.fractal    = static_cast<noise::Fractal>(case_number % 3);
                params.octaves    = params.dimension == 4 && params.smooth ? 2 : 3;
                params.lacunarity = tile != 0 ? 2.0 : 2.3;
                params.tile       = noise::algorithm_info(params.algorithm).tiles ? tile : 0;
                const noise::FractalNoise noise(params);
                const auto points   = nearby_points(rng, 2, 40);
                const auto expected = expect_at(noise, points);
                for (const auto name : noise::available_simd_targets()) {
                    const noise_test::ForcedTarget forced(name);
                    ASSERT_EQ(first_point_difference(noise, points, expected), "") << "target " << name;
                }
            }
        }
    }
}

// Cellular noise at points, each lane's own search (simd/worley_kernel.cpp): every dimension,
// metric, return and a jitter of 0, 0.6 and 1, each fractal, at random points (far ones and
// non-finite ones among them) and at runs of nearby points, untiled (compiled) and tiled (the
// reference), on every target.
TEST(PointKernel, WorleyPointsOnEveryTargetEqualTheReference) {
    noise::SplitMix64 rng(2041);
    int case_number = 0;
    for (int dimension = 1; dimension <= 4; ++dimension)
        for (std::size_t m = 0; m < noise::cellular_distance_names.size(); ++m)
            for (std::size_t r = 0; r < noise::cellular_return_names.size(); ++r)
                for (const double jitter : {0.0, 0.6, 1.0}) {
                    ++case_number;
                    noise::Params params;
                    params.algorithm         = Algorithm::worley;
                    params.dimension         = dimension;
                    params.cellular_distance = static_cast<noise::CellularDistance>(m);
                    params.cellular_return   = static_cast<noise::CellularReturn>(r);
                    params.cellular_jitter   = jitter;
                    params.fractal           = static_cast<noise::Fractal>(case_number % 3);
                    params.octaves           = 3;
                    params.octave_offsets    = static_cast<noise::OctaveOffsets>(case_number % 2);
                    params.lacunarity        = case_number % 4 == 0 ? 2.0 : 2.3;
                    params.tile              = case_number % 4 == 0 ? 8 : 0;
                    const noise::FractalNoise noise(params);
                    auto points              = random_points(rng, 40);
                    const auto near          = nearby_points(rng, 1, 40);
                    points[7][dimension - 1] = std::numeric_limits<double>::quiet_NaN();
                    points.insert(points.end(), near.begin(), near.end());
                    const auto expected = expect_at(noise, points);
                    for (const auto name : noise::available_simd_targets()) {
                        const noise_test::ForcedTarget forced(name);
                        ASSERT_EQ(noise::PointSampler(noise).compiled(), params.tile == 0);
                        ASSERT_EQ(first_point_difference(noise, points, expected), "") << "target " << name;
                    }
                }
}

// A batch decides once whether its octaves stay within +-2^51, where the clamp is left out
// (point_sum-inl.h, BatchExtent): one NaN, infinite or far coordinate among ordinary points
// must send the whole batch back to the clamp, on whichever axis it lies.
TEST(PointKernel, ANonFiniteOrFarCoordinateInABatchOnEveryTargetEqualsTheReference) {
    const double odd[] = {std::numeric_limits<double>::quiet_NaN(),
                          std::numeric_limits<double>::infinity(),
                          -std::numeric_limits<double>::infinity(),
                          1e300,
                          -0x1.0p52,
                          0x1.0p50};
    noise::SplitMix64 rng(2032);
    for (auto params : noise_test::every_base_noise()) {
        params.octaves = params.dimension == 4 && params.smooth ? 2 : 3;
        const noise::FractalNoise noise(params);
        for (const double value : odd) {
            auto points   = nearby_points(rng, 2, 20);
            const auto at = static_cast<std::size_t>(rng.below(static_cast<std::uint32_t>(points.size())));
            points[at][rng.below(static_cast<std::uint32_t>(params.dimension))] = value;
            const auto expected                                                 = expect_at(noise, points);
            for (const auto name : noise::available_simd_targets()) {
                const noise_test::ForcedTarget forced(name);
                ASSERT_EQ(first_point_difference(noise, points, expected), "")
                    << "target " << name << ", coordinate " << value;
            }
        }
    }
}

// Random parameter sets (kernel_test's, with warps and turned layers) at random points, batches
// up to two chunks long, on every target.
TEST(PointKernel, RandomParameterSetsOnEveryTargetEqualTheReference) {
    noise::SplitMix64 rng(2030);
    for (int n = 0; n < 150; ++n) {
        auto params = random_params(rng);
        if (rng.below(2) == 0) {
            params.warp_amplitude = 4.0 * rng.unit();
            params.warp_octaves   = 1 + static_cast<int>(rng.below(4));
            params.warp_frequency = params.tile != 0 ? 1.0 + rng.below(3) : 0.25 + 3.0 * rng.unit();
        }
        if (rng.below(2) == 0) params.layers = noise::Layers::rotated;
        const noise::FractalNoise noise(params);
        const bool heavy    = params.algorithm == Algorithm::value && params.smooth && params.dimension >= 3;
        const auto points   = random_points(rng, heavy               ? 20
                                                 : rng.below(4) == 0 ? 1000 + rng.below(1100)
                                                                     : 1 + rng.below(300));
        const auto expected = expect_at(noise, points);
        for (const auto name : noise::available_simd_targets()) {
            const noise_test::ForcedTarget forced(name);
            ASSERT_EQ(first_point_difference(noise, points, expected), "")
                << "target " << name << ", set " << n;
        }
    }
}

TEST(AlgorithmTable, OneRowPerAlgorithmInEnumOrder) {
    const auto table = noise::algorithm_table();
    ASSERT_EQ(table.size(), noise::algorithm_names.size());
    for (std::size_t i = 0; i < table.size(); ++i) {
        EXPECT_EQ(static_cast<std::size_t>(table[i].algorithm), i);
        EXPECT_EQ(table[i].name, noise::algorithm_names[i]);
        EXPECT_FALSE(table[i].summary.empty());
        EXPECT_LT(table[i].octave_range.lo, table[i].octave_range.hi);
    }
}

// What the table says applies is what changes the output.
TEST(AlgorithmTable, UsesSaysWhichControlsChangeTheField) {
    for (const auto& info : noise::algorithm_table()) {
        for (std::string_view key : {"gradients", "interpolation", "smooth", "cellular_return",
                                     "cellular_distance", "cellular_jitter"}) {
            noise::Params a;
            a.algorithm     = info.algorithm;
            a.octaves       = 1;
            noise::Params b = a;
            if (key == "gradients") b.gradients = noise::Gradients::random;
            if (key == "interpolation") b.interpolation = Interpolation::linear;
            if (key == "smooth") b.smooth = true;
            if (key == "cellular_return") b.cellular_return = noise::CellularReturn::f2;
            if (key == "cellular_distance") b.cellular_distance = noise::CellularDistance::manhattan;
            if (key == "cellular_jitter") b.cellular_jitter = 0.5;
            std::vector<float> image_a(32 * 32), image_b(32 * 32);
            noise::render(a, noise::Region::full(32, 32), image_a);
            noise::render(b, noise::Region::full(32, 32), image_b);
            const bool changed =
                std::memcmp(image_a.data(), image_b.data(), image_a.size() * sizeof(float)) != 0;
            EXPECT_EQ(changed, info.uses(key)) << info.name << " " << key;
        }
    }
}

}  // namespace
