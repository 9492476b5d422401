// The corners of the accepted ranges, and coordinates no view would ask for: every lattice index
// is defined, every value finite, and the kernels still equal the reference bit for bit.
//
// The undefined behaviour these tests guard against is silent in a release build (x86 turns an
// out-of-range double -> int64 conversion into INT64_MIN and carries on), so they are meant to run
// under -fsanitize=float-cast-overflow as well (the asan preset): there any conversion of a double
// outside int64 stops the test. Without the clamp in lattice.hpp, `octaves=16 lacunarity=4
// offset_x=1e12` alone reaches 1e12 * 4^15, about 1e21, at its last octave.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "noise/algorithms.hpp"
#include "noise/kernel.hpp"
#include "noise/render.hpp"
#include "test_support.hpp"

namespace {

using noise::lattice_limit;
constexpr double inf     = std::numeric_limits<double>::infinity();
constexpr double nan     = std::numeric_limits<double>::quiet_NaN();
constexpr double biggest = std::numeric_limits<double>::max();

// [SECTION] The clamp itself ------------------------------------------------------------------

TEST(Extremes, CellOfIsTheFloorInsideTheLimit) {
    // Doubles up to 2^52 still have fractions; the cell is floor(x) exactly, as it always was.
    for (double x : {0.0, -0.0, 0.5, -0.5, 1e12 + 0.25, -1e12 - 0.25, lattice_limit - 0.5,
                     -lattice_limit + 0.5, std::nextafter(lattice_limit, 0.0), lattice_limit, -lattice_limit,
                     std::numeric_limits<double>::denorm_min(), -std::numeric_limits<double>::denorm_min()}) {
        const noise::Cell cell = noise::cell_of(x);
        EXPECT_EQ(static_cast<double>(cell.index), std::floor(x)) << x;
        EXPECT_EQ(cell.frac, x - std::floor(x)) << x;
    }
    EXPECT_EQ(noise::cell_of(lattice_limit - 0.5).index, (std::int64_t{1} << 52) - 1);
    EXPECT_EQ(noise::cell_of(lattice_limit - 0.5).frac, 0.5);
    EXPECT_EQ(noise::cell_of(-lattice_limit + 0.5).index, -(std::int64_t{1} << 52));  // floor goes down
    EXPECT_EQ(noise::cell_of(-lattice_limit + 0.5).frac, 0.5);
}

TEST(Extremes, CellOfClampsEverythingBeyondTheLimit) {
    // Past 2^52 every double is a whole number: the cell is the limit's, and the fraction 0, as
    // it was for the point itself. Infinities clamp; NaN counts as -infinity.
    constexpr std::int64_t limit_index = std::int64_t{1} << 52;
    for (double x : {std::nextafter(lattice_limit, inf), 0x1.0p53 + 2.0, 0x1.0p63, 0x1.0p64, 1e21, 1e300,
                     biggest, inf}) {
        EXPECT_EQ(noise::cell_of(x).index, limit_index) << x;
        EXPECT_EQ(noise::cell_of(x).frac, 0.0) << x;
        EXPECT_EQ(noise::cell_of(-x).index, -limit_index) << -x;
        EXPECT_EQ(noise::cell_of(-x).frac, 0.0) << -x;
    }
    EXPECT_EQ(noise::cell_of(nan).index, -limit_index);
    EXPECT_EQ(noise::cell_of(nan).frac, 0.0);
}

// [SECTION] The reference at any point ---------------------------------------------------------

// What `sample` or a caller of FractalNoise::at can send, at every octave of lacunarity 4 (so
// octave 15 multiplies by 2^30 and finite points overflow to infinity).
TEST(Extremes, AnyPointGivesAFiniteValue) {
    const double far[] = {1e300,
                          -1e300,
                          biggest,
                          -biggest,
                          0x1.0p52,
                          -0x1.0p52,
                          0x1.0p50 + 0.5,
                          1e15,
                          -1e15,
                          std::numeric_limits<double>::denorm_min(),
                          0.0,
                          inf,
                          -inf,
                          nan};
    for (auto params : noise_test::every_base_noise()) {
        for (auto fractal : {noise::Fractal::fbm, noise::Fractal::turbulence, noise::Fractal::ridged}) {
            params.fractal = fractal;
            params.octaves =
                params.dimension == 4 && params.smooth ? 3 : 16;  // 4D smoothing: 20736 chains each
            params.lacunarity = 4.0;
            const noise::FractalNoise noise(params);
            for (std::size_t i = 0; i < std::size(far); ++i) {
                const noise::Point p{far[i], far[(i + 3) % std::size(far)], far[(i + 5) % std::size(far)],
                                     far[(i + 7) % std::size(far)]};
                const double value = noise.at(p);
                ASSERT_TRUE(std::isfinite(value)) << noise_test::describe(params) << "at (" << p[0] << ", "
                                                  << p[1] << ", " << p[2] << ", " << p[3] << ")";
            }
        }
    }
}

// Points beyond the limit are the points at the limit, on every axis.
TEST(Extremes, BeyondTheLimitIsTheLimit) {
    noise::Params params;
    params.dimension = 4;
    params.octaves   = 3;
    params.fractal   = noise::Fractal::ridged;
    const noise::FractalNoise noise(params);
    for (int axis = 0; axis < 4; ++axis) {
        noise::Point beyond{0.3, 0.6, 0.9, 1.2}, at_limit = beyond;
        beyond[static_cast<std::size_t>(axis)]   = -1e300;
        at_limit[static_cast<std::size_t>(axis)] = -lattice_limit;
        EXPECT_EQ(noise.at(beyond), noise.at(at_limit)) << "axis " << axis;
        beyond[static_cast<std::size_t>(axis)]   = 0x1.0p60 + 0x1.0p9;  // a whole number past 2^52
        at_limit[static_cast<std::size_t>(axis)] = lattice_limit;
        EXPECT_EQ(noise.at(beyond), noise.at(at_limit)) << "axis " << axis;
    }
}

// [SECTION] The kernels at the corners of every range ----------------------------------------

// Settings at the ends of their ranges (params.cpp): offsets and slices at +-1e12, frequency at
// 0.001 and 100000, 16 octaves of lacunarity 1 and 4, persistence 0 and 1, the largest seed with
// per-octave seeds (seed + i wraps past 2^32 - 1), tiling off, at period 1 and at 65536 (65536 *
// 4^15 = 2^46 cells at the last octave).
std::vector<noise::Params> corners(const noise::Params& base) {
    std::vector<noise::Params> all;
    auto add = [&](double offset, double frequency, double lacunarity, double persistence, std::uint32_t tile,
                   noise::Fractal fractal, noise::OctaveOffsets offsets = noise::OctaveOffsets::none) {
        noise::Params p = base;
        p.offset_x = p.z = offset;
        p.offset_y = p.w = -offset;
        p.frequency      = frequency;
        p.octaves      = base.dimension == 4 && base.smooth ? 2 : 16;  // 4D smoothing: 20736 chains per point
        p.lacunarity   = lacunarity;
        p.persistence  = persistence;
        p.tile         = noise::algorithm_info(base.algorithm).tiles ? tile : 0;  // simplex: no tiling
        p.fractal      = fractal;
        p.seed         = 4294967295u;
        p.octave_seeds = noise::OctaveSeeds::offset;
        p.octave_offsets = offsets;
        EXPECT_EQ(noise::validate(p), "");
        all.push_back(p);
    };
    add(1e12, 100000.0, 4.0, 1.0, 0, noise::Fractal::fbm);
    add(-1e12, 0.001, 1.0, 0.0, 0, noise::Fractal::turbulence);
    add(-1e12, 100000.0, 4.0, 0.5, 65536, noise::Fractal::ridged);
    add(1e12, 0.001, 4.0, 1.0, 1, noise::Fractal::fbm);
    add(0.0, 100000.0, 4.0, 1.0, 0, noise::Fractal::ridged);
    add(1e12, 100000.0, 4.0, 1.0, 0, noise::Fractal::ridged, noise::OctaveOffsets::shifted);
    add(-1e12, 0.001, 4.0, 0.5, 65536, noise::Fractal::turbulence, noise::OctaveOffsets::shifted);
    return all;
}

// The kernel's row against FractalNoise::at, as doubles, bit for bit; "" or the first mismatch.
std::string row_difference(const noise::FractalNoise& noise, int width, int first, int count, int py) {
    const noise::Params& params = noise.params();
    const noise::RowKernel kernel(noise);
    const double y = noise::pixel_point(params, width, 0, py)[1];
    std::vector<double> row(static_cast<std::size_t>(count));
    kernel.fill_row({params.offset_x, params.frequency / width, first, y}, row);
    for (int i = 0; i < count; ++i) {
        const double expected = noise.at(noise::pixel_point(params, width, first + i, py));
        const double got      = row[static_cast<std::size_t>(i)];
        if (!std::isfinite(got) ||
            std::bit_cast<std::uint64_t>(got) != std::bit_cast<std::uint64_t>(expected))
            return "pixel " + std::to_string(first + i) + " of row " + std::to_string(py) + ": reference " +
                   std::to_string(expected) + ", kernel " + std::to_string(got) + " with " +
                   noise_test::describe(params) + "offset_x=" + std::to_string(params.offset_x) +
                   " frequency=" + std::to_string(params.frequency) + " tile=" + std::to_string(params.tile);
    }
    return {};
}

// Every algorithm x dimension x curve x gradient set, at every corner, on every SIMD target: the
// first and last pixels of the largest export (16384 px), in its first and last row.
TEST(Extremes, EveryCornerOnEveryTargetEqualsTheReference) {
    constexpr int width = 16384, count = 12;
    for (const auto name : noise::available_simd_targets()) {
        const noise_test::ForcedTarget forced(name);
        ASSERT_TRUE(forced.ok);
        for (const auto& base : noise_test::every_base_noise()) {
            for (const auto& params : corners(base)) {
                const noise::FractalNoise noise(params);
                for (const int py : {0, width - 1}) {
                    ASSERT_EQ(row_difference(noise, width, 0, count, py), "") << "target " << name;
                    ASSERT_EQ(row_difference(noise, width, width - count, count, py), "")
                        << "target " << name;
                }
            }
        }
    }
}

// A kernel row that starts beyond the limit and one that crosses it: lanes clamp one by one. The
// second octave of lacunarity 1 with octave offsets crosses it after its shift is added. Rows
// near +-2^51, where the kernels change how they convert cells: just inside (down to the cell
// -2^51 itself) and across.
TEST(Extremes, RowsAcrossTheLimitEqualTheReference) {
    for (const auto name : noise::available_simd_targets()) {
        const noise_test::ForcedTarget forced(name);
        for (const auto& base : noise_test::every_base_noise()) {
            for (auto offsets : {noise::OctaveOffsets::none, noise::OctaveOffsets::shifted}) {
                noise::Params params  = base;
                params.octave_offsets = offsets;
                params.octaves        = offsets == noise::OctaveOffsets::none ? 1 : 2;
                params.lacunarity     = 1.0;
                const noise::FractalNoise noise(params);
                const noise::RowKernel kernel(noise);
                for (const double origin :
                     {lattice_limit - 5.25, -lattice_limit - 5.25, 1e300, -1e300, 0x1.0p51 - 25.0,
                      -0x1.0p51 + 0.25, 0x1.0p51 - 5.25, -0x1.0p51 - 5.25}) {
                    std::vector<double> row(40);
                    kernel.fill_row({origin, 0.5, 0, 0.375}, row);
                    for (std::size_t i = 0; i < row.size(); ++i) {
                        const noise::Point p{origin + (static_cast<double>(i) + 0.5) * 0.5, 0.375, 0.0, 0.0};
                        ASSERT_EQ(std::bit_cast<std::uint64_t>(row[i]),
                                  std::bit_cast<std::uint64_t>(noise.at(p)))
                            << "target " << name << " origin " << origin << " pixel " << i << " "
                            << noise_test::describe(params);
                    }
                }
            }
        }
    }
}

}  // namespace
