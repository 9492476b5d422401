// value_gradient_row (trace.hpp): a row's values and gradients are value_gradient's at each pixel,
// bit for bit (the sign of a zero too), on every SIMD target: the lanes' dual numbers
// (simd/gradient_kernel.cpp) for 2D gradient noise, the reference for every other field.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "noise/kernel.hpp"
#include "noise/render.hpp"
#include "noise/trace.hpp"
#include "test_support.hpp"

namespace {

std::uint64_t bits(double v) { return std::bit_cast<std::uint64_t>(v); }

noise::Params hills() {
    noise::Params params;
    params.octaves   = 4;
    params.frequency = 3.0;
    return params;
}

// Every gradient set, curve and fractal sum of 2D gradient noise, tiled and shifted octaves, each
// shaping step (those the lanes do and those they leave to the reference), and fields the lanes do
// not cover (a warp, a mask, the erosion filter, 3D, simplex), which must come out the same too.
std::vector<noise::Params> fields() {
    std::vector<noise::Params> all;
    for (std::size_t g = 0; g < noise::gradients_names.size(); ++g) {
        for (std::size_t c = 0; c < noise::interpolation_names.size(); ++c) {
            noise::Params params  = hills();
            params.gradients      = static_cast<noise::Gradients>(g);
            params.interpolation  = static_cast<noise::Interpolation>(c);
            params.fractal        = static_cast<noise::Fractal>((g + c) % noise::fractal_names.size());
            params.octave_offsets = c % 2 == 0 ? noise::OctaveOffsets::shifted : noise::OctaveOffsets::none;
            all.push_back(params);
        }
    }
    noise::Params ridged = hills();
    ridged.fractal       = noise::Fractal::ridged;
    ridged.gradients     = noise::Gradients::random;
    ridged.octaves       = 6;
    all.push_back(ridged);
    noise::Params tiled = hills();
    tiled.tile          = 4;
    tiled.fractal       = noise::Fractal::turbulence;
    all.push_back(tiled);
    noise::Params wide = hills();
    wide.hash          = noise::Hash::wide;
    wide.normalize     = false;
    all.push_back(wide);
    noise::Params lifted = hills();  // the lanes' shaping: invert, scale and bias, clamp
    lifted.invert        = true;
    lifted.scale         = 0.7;
    lifted.bias          = 0.32;
    lifted.clamp         = true;
    lifted.clamp_min     = 0.2;
    lifted.clamp_max     = 0.9;
    all.push_back(lifted);
    noise::Params curved = hills();  // the curve on lanes: each lane picks its segment
    curved.curve         = noise::curve_preset(noise::CurvePreset::valley);
    all.push_back(curved);
    curved.invert = true;  // after the curve, the lanes' other steps
    curved.scale  = 0.8;
    all.push_back(curved);
    curved.terraces = 4;  // the terraces: the reference's shaping, pixel by pixel
    all.push_back(curved);
    // Fields the lanes do not cover, one setting each.
    const std::vector<std::vector<std::pair<const char*, const char*>>> uncovered{
        {{"mask", "min"}, {"mask.frequency", "6"}},
        {{"warp_amplitude", "0.4"}},
        {{"erosion.method", "filter"}},
        {{"dimension", "3"}},
        {{"algorithm", "simplex"}}};
    for (const auto& settings : uncovered) {
        noise::Params params = hills();
        for (const auto& [key, value] : settings) noise::set_param(params, key, value);
        all.push_back(params);
    }
    return all;
}

TEST(ValueGradientRow, IsValueGradientBitForBitOnEveryTarget) {
    // An odd width (a partial last vector), rows between and on lattice lines (a zero distance,
    // where a -0 could slip in), at negative coordinates, and one row longer than a chunk.
    const struct {
        double x_origin, x_step, y;
        int first, count;
    } rows[] = {{-1.3, 0.0137, 0.41, 3, 203},
                {0.25, 0.002, 1.0, 0, 203},
                {-2.0, 0.01, -0.5, -7, 203},
                {0.0, 0.0031, 0.77, 0, 1500}};
    for (const noise::Params& params : fields()) {
        const noise::FractalNoise noise(params);
        for (const auto name : noise::available_simd_targets()) {
            noise_test::ForcedTarget forced(name);
            ASSERT_TRUE(forced.ok) << name;
            for (const auto& r : rows) {
                const noise::RowSpec row{r.x_origin, r.x_step, r.first, r.y};
                std::vector<double> value(static_cast<std::size_t>(r.count)), gx(value.size()),
                    gy(value.size());
                noise::value_gradient_row(noise, row, 1e-3, value, gx, gy);
                for (int i = 0; i < r.count; ++i) {
                    const noise::Point p{r.x_origin + (r.first + i + 0.5) * r.x_step, r.y, params.z,
                                         params.w};
                    const noise::ValueGradient vg = noise::value_gradient(noise, p, 1e-3);
                    const auto at                 = static_cast<std::size_t>(i);
                    ASSERT_EQ(bits(value[at]), bits(vg.value))
                        << name << " pixel " << i << ": " << noise_test::describe(params);
                    ASSERT_EQ(bits(gx[at]), bits(vg.gradient[0]))
                        << name << " pixel " << i << ": " << noise_test::describe(params);
                    ASSERT_EQ(bits(gy[at]), bits(vg.gradient[1]))
                        << name << " pixel " << i << ": " << noise_test::describe(params);
                }
            }
        }
    }
}

TEST(ValueGradientRow, RejectsRowsOfDifferentLengths) {
    const noise::FractalNoise noise(hills());
    std::vector<double> value(8), gx(8), gy(7);
    EXPECT_THROW(noise::value_gradient_row(noise, {0.0, 0.1, 0, 0.5}, 1e-3, value, gx, gy),
                 std::invalid_argument);
    gy.resize(8);
    EXPECT_THROW(noise::value_gradient_row(noise, {0.0, 0.0, 0, 0.5}, 1e-3, value, gx, gy),
                 std::invalid_argument);
}

}  // namespace
