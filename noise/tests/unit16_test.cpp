// to_unit16: the batch 16-bit mapping equals the scalar formula bit for bit on every SIMD target.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "noise/kernel.hpp"
#include "noise/params.hpp"

namespace {

std::uint16_t scalar_unit16(float raw, noise::Range range) {
    return static_cast<std::uint16_t>(std::floor(noise::to_unit(raw, range) * 65535.0 + 0.5));
}

// Values around and beyond the range, its ends, signed zeros, and for every sample k the floats
// nearest the raw value where the mapping steps from k - 1 to k (unit * 65535 + 0.5 = k), where
// one rounding more or less shows.
std::vector<float> hard_values(noise::Range range, std::mt19937_64& random) {
    std::vector<float> values{0.0f,   -0.0f, static_cast<float>(range.lo), static_cast<float>(range.hi),
                              -1e30f, 1e30f};
    std::uniform_real_distribution<double> around(range.lo - 0.25 * (range.hi - range.lo),
                                                  range.hi + 0.25 * (range.hi - range.lo));
    for (int i = 0; i < 3000; ++i) values.push_back(static_cast<float>(around(random)));
    for (int k = 1; k < 65536; ++k) {
        float near = static_cast<float>(range.lo + ((k - 0.5) / 65535.0) * (range.hi - range.lo));
        for (int step = 0; step < 4; ++step) near = std::nextafter(near, -1e30f);
        for (int step = 0; step < 9; ++step, near = std::nextafter(near, 1e30f)) values.push_back(near);
    }
    return values;
}

TEST(Unit16, EveryTargetGivesTheScalarFormulasSamples) {
    std::mt19937_64 random(7);
    const std::vector<noise::Range> ranges{
        {-1.0, 1.0}, {0.0, 1.0}, {-1.9375, 1.9375}, {-0.73, 1.1}, {0.2, 0.2000001}};
    for (const std::string_view target : noise::available_simd_targets()) {
        ASSERT_TRUE(noise::force_simd_target(target));
        for (const noise::Range range : ranges) {
            const std::vector<float> in = hard_values(range, random);
            // Every length up to a few vectors, so the tail loop is checked too.
            for (std::size_t count :
                 {in.size(), std::size_t{0}, std::size_t{1}, std::size_t{7}, std::size_t{17}}) {
                std::vector<std::uint16_t> out(count, 0xdead);
                noise::to_unit16(std::span(in).first(count), range, out);
                for (std::size_t i = 0; i < count; ++i)
                    ASSERT_EQ(out[i], scalar_unit16(in[i], range))
                        << target << ", range [" << range.lo << ", " << range.hi << "], value " << in[i];
            }
        }
    }
    noise::force_simd_target("");
}

TEST(Unit16, RefusesAnEmptyRangeAndAShortOutput) {
    std::vector<float> in(4, 0.5f);
    std::vector<std::uint16_t> out(4), short_out(3);
    EXPECT_THROW(noise::to_unit16(in, {1.0, 1.0}, out), std::invalid_argument);
    EXPECT_THROW(noise::to_unit16(in, {0.0, 1.0}, short_out), std::invalid_argument);
}

}  // namespace
