// The shaping stage (shaping.hpp): the SIMD lanes equal the scalar transcription bit for bit on
// every target, rows and points equal FractalNoise::at, the gradient through every step agrees
// with central differences, the defaults change nothing, and bad curves are refused in one line.
#include "noise/shaping.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <vector>

#include "noise/fractal.hpp"
#include "noise/kernel.hpp"
#include "noise/lattice.hpp"
#include "noise/render.hpp"
#include "noise/trace.hpp"

namespace {

using noise::CurvePoint;
using noise::MaskMode;
using noise::Params;

// A mask field unlike the field: ridged value noise at twice the frequency.
Params ridged_mask(const Params& field) {
    Params mask    = field;
    mask.algorithm = noise::Algorithm::value;
    mask.fractal   = noise::Fractal::ridged;
    mask.octaves   = 3;
    mask.seed      = 11;
    mask.frequency = field.frequency * 2.0;
    mask.mask_field.clear();
    mask.mask = MaskMode::none;
    return mask;
}

// Every step alone, then all together, with every mask mode.
std::vector<Params> shaped_configurations() {
    std::vector<Params> all;
    Params base;
    base.octaves   = 4;
    base.seed      = 3;
    const auto add = [&](auto change) {
        Params p = base;
        change(p);
        all.push_back(p);
    };
    for (std::size_t c = 0; c < noise::curve_preset_names.size(); ++c)
        add([&](Params& p) { p.curve = noise::curve_preset(static_cast<noise::CurvePreset>(c)); });
    for (const double sharpness : {0.0, 0.3, 0.5, 0.8, 1.0})
        for (const bool invert : {false, true})
            add([&](Params& p) {
                p.terraces          = 5;
                p.terrace_sharpness = sharpness;
                p.terrace_invert    = invert;
            });
    add([](Params& p) { p.invert = true; });
    add([](Params& p) {
        p.scale = 1.7;
        p.bias  = -0.35;
    });
    add([](Params& p) {
        p.clamp     = true;
        p.clamp_min = 0.3;
        p.clamp_max = 0.6;
    });
    for (std::size_t m = 1; m < noise::mask_mode_names.size(); ++m)
        for (const double falloff : {0.0, 0.15})
            add([&](Params& p) {
                p.mask           = static_cast<MaskMode>(m);
                p.mask_falloff   = falloff;
                p.mask_threshold = 0.45;
                p.mask_field     = {ridged_mask(p)};
            });
    add([](Params& p) {  // everything at once, on a warped, turned ridged field with a shaped mask
        p.fractal        = noise::Fractal::ridged;
        p.warp_amplitude = 0.6;
        p.layers         = noise::Layers::rotated;
        p.curve          = {{0.0, 0.1}, {0.2, 0.15}, {0.6, 0.7}, {0.9, 0.75}, {1.0, 1.0}};
        p.terraces       = 7;
        p.mask           = MaskMode::select;
        Params mask      = ridged_mask(p);
        mask.curve       = noise::curve_preset(noise::CurvePreset::valley);
        mask.invert      = true;
        p.mask_field     = {mask};
        p.invert         = true;
        p.scale          = 0.9;
        p.bias           = 0.05;
        p.clamp          = true;
        p.clamp_min      = 0.1;
    });
    return all;
}

bool same_bits(double a, double b) {
    return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

TEST(Shaping, DefaultsAreNoStageAndChangeNoBit) {
    const Params plain;
    EXPECT_FALSE(noise::has_shaping(plain));
    EXPECT_FALSE(noise::make_shaping_plan(plain).active);
    const noise::FractalNoise noise(plain);
    noise::SplitMix64 rng(5);
    for (int i = 0; i < 200; ++i) {
        const noise::Point p{rng.unit() * 50, rng.unit() * 50, 0, 0};
        EXPECT_TRUE(same_bits(noise.at(p), noise.unshaped(p)));
    }
    for (const Params& shaped : shaped_configurations()) {
        EXPECT_TRUE(noise::has_shaping(shaped));
        EXPECT_FALSE(noise::has_shaping(noise::without_shaping(shaped)));
    }
}

// Raw values across and beyond the nominal range, and the ones the steps decide at: the curve's
// knots, the terrace edges, the threshold, the clamp bounds, signed zeros, infinities and NaN.
std::vector<double> hard_values(const noise::ShapingPlan& plan, noise::SplitMix64& rng) {
    std::vector<double> units{0.0,
                              -0.0,
                              1.0,
                              0.5,
                              -0.25,
                              1.25,
                              std::numeric_limits<double>::infinity(),
                              -std::numeric_limits<double>::infinity(),
                              std::nan("")};
    for (const double knot : plan.knots) units.push_back(knot);
    for (int k = 0; k <= plan.terraces; ++k) units.push_back(static_cast<double>(k) / plan.terraces);
    units.insert(units.end(), {plan.select_threshold, plan.select_low, plan.clamp_min, plan.clamp_max});
    for (int i = 0; i < 2000; ++i) units.push_back(rng.unit() * 1.4 - 0.2);
    std::vector<double> raw;
    for (const double u : units) {
        const double v = plan.lo + u * plan.span;
        raw.insert(raw.end(), {v, std::nextafter(v, -1e300), std::nextafter(v, 1e300)});
    }
    return raw;
}

TEST(Shaping, EveryTargetGivesTheScalarTranscriptionsBits) {
    noise::SplitMix64 rng(9);
    for (const Params& params : shaped_configurations()) {
        const noise::ShapingPlan plan = noise::make_shaping_plan(params);
        const std::vector<double> in  = hard_values(plan, rng);
        std::vector<double> mask(in.size());
        for (double& m : mask) m = rng.unit() * 2.2 - 0.1;
        for (const std::string_view target : noise::available_simd_targets()) {
            ASSERT_TRUE(noise::force_simd_target(target));
            // Every length up to a few vectors, so the tail loop is checked too.
            for (const std::size_t count : {in.size(), std::size_t{1}, std::size_t{7}, std::size_t{13}}) {
                std::vector<double> out(in.begin(), in.begin() + static_cast<std::ptrdiff_t>(count));
                noise::shape_values(plan, out, mask);
                for (std::size_t i = 0; i < count; ++i) {
                    const double expected = noise::shape_value(plan, in[i], mask[i]);
                    ASSERT_TRUE(same_bits(out[i], expected) || (std::isnan(out[i]) && std::isnan(expected)))
                        << target << ": " << out[i] << " != " << expected << " at raw " << in[i];
                }
            }
        }
        noise::force_simd_target("");
    }
}

TEST(Shaping, RowsAndPointsOnEveryTargetEqualTheReference) {
    for (const std::string_view target : noise::available_simd_targets()) {
        ASSERT_TRUE(noise::force_simd_target(target));
        for (const Params& params : shaped_configurations()) {
            const noise::FractalNoise noise(params);
            const noise::RowKernel kernel(noise);
            const noise::PointSampler sampler(noise);
            std::vector<double> row(300);
            std::vector<float> row_float(300);
            const noise::RowSpec spec{-3.7, 0.031, 5, 2.2};
            kernel.fill_row(spec, row);
            kernel.fill_row(spec, row_float);
            std::vector<noise::Point> points(row.size());
            for (std::size_t i = 0; i < row.size(); ++i) {
                points[i]             = {spec.x_origin +
                                             (static_cast<double>(spec.first + static_cast<int>(i)) + 0.5) * spec.x_step,
                                         spec.y, params.z, params.w};
                const double expected = noise.at(points[i]);
                ASSERT_TRUE(same_bits(row[i], expected)) << target << " pixel " << i;
                ASSERT_TRUE(same_bits(row_float[i], static_cast<float>(expected)))
                    << target << " pixel " << i;
            }
            std::vector<double> sampled(points.size());
            sampler.at(points, sampled);
            for (std::size_t i = 0; i < points.size(); ++i)
                ASSERT_TRUE(same_bits(sampled[i], row[i])) << target;
        }
    }
    noise::force_simd_target("");
}

TEST(Shaping, TheStageDoesWhatItSays) {
    noise::ShapingPlan plan = noise::make_shaping_plan([] {
        Params p;
        p.terraces          = 4;
        p.terrace_sharpness = 0.5;
        return p;
    }());
    // fbm's [-1, 1] is unit [0, 1]; libnoise's terrace: alpha^2 between the control points k / 4.
    const auto unit = [&](double u) { return (noise::shape_value(plan, -1.0 + u * 2.0, 0.0) + 1.0) / 2.0; };
    EXPECT_NEAR(unit(0.25), 0.25, 1e-15);
    EXPECT_NEAR(unit(0.25 + 0.125), 0.25 + 0.25 * 0.25, 1e-15);  // alpha 0.5 -> 0.25 of the step
    EXPECT_EQ(unit(-0.5), 0.0);                                  // held below, as libnoise holds
    EXPECT_EQ(unit(1.5), 1.0);
    Params curved;
    curved.curve = {{0.0, 0.2}, {0.5, 0.9}, {1.0, 1.0}};
    plan         = noise::make_shaping_plan(curved);
    EXPECT_NEAR(unit(0.0), 0.2, 1e-15);  // through every control point
    EXPECT_NEAR(unit(0.5), 0.9, 1e-15);
    EXPECT_NEAR(unit(1.0), 1.0, 1e-15);
    for (double u = 0.0; u < 1.0; u += 0.001) EXPECT_LE(unit(u), unit(u + 0.001) + 1e-15);  // monotone
    for (double u = 0.0; u <= 1.0; u += 0.001) EXPECT_LE(unit(u), 1.0 + 1e-15);             // no overshoot
}

TEST(Shaping, MaskModesCombineTheTwoFields) {
    Params field;
    field.mask_field = {ridged_mask(field)};
    const noise::FractalNoise mask(ridged_mask(field));  // not the same point scale: compare stages only
    const noise::Point p{1.3, 2.6, 0, 0};
    const auto unit_of = [](const Params& params, double v) {
        const noise::Range r = noise::nominal_range(params);
        return (v - r.lo) / (r.hi - r.lo);
    };
    for (std::size_t m = 1; m < noise::mask_mode_names.size(); ++m) {
        field.mask = static_cast<MaskMode>(m);
        const noise::FractalNoise noise(field);
        const double u   = unit_of(field, noise.unshaped(p)),
                     k   = unit_of(field.mask_field[0], noise.mask().at(p));
        const double got = unit_of(field, noise.at(p));
        switch (field.mask) {
            case MaskMode::min:
                EXPECT_NEAR(got, std::min(u, k), 1e-15);
                break;
            case MaskMode::max:
                EXPECT_NEAR(got, std::max(u, k), 1e-15);
                break;
            case MaskMode::add:
                EXPECT_NEAR(got, u + k, 1e-15);
                break;
            case MaskMode::multiply:
                EXPECT_NEAR(got, u * k, 1e-15);
                break;
            default:
                break;
        }
    }
    (void)mask;
}

TEST(Shaping, TheMaskFieldReadsItsOwnFrequencyAtTheSamePoint) {
    Params field;
    field.mask       = MaskMode::max;
    field.mask_field = {ridged_mask(field)};
    const noise::FractalNoise noise(field);
    Params alone   = field.mask_field[0];  // the mask field's own picture, same view
    alone.offset_x = field.offset_x;
    const noise::FractalNoise own(alone);
    // Pixel 37 of a 128-wide image, in either field's own pixel model.
    const noise::Point in_field = noise::pixel_point(field, 128, 37, 12);
    const noise::Point in_mask  = noise::pixel_point(alone, 128, 37, 12);
    EXPECT_NEAR(noise.mask().at(in_field), own.at(in_mask), 1e-12);
}

// The central difference of the field itself, small enough that only a kink can disagree.
std::array<double, 4> central_difference(const noise::FractalNoise& noise, const noise::Point& p, double h) {
    std::array<double, 4> g{};
    for (std::size_t axis = 0; axis < 2; ++axis) {
        noise::Point a = p, b = p;
        a[axis] -= h;
        b[axis] += h;
        g[axis] = (noise.at(b) - noise.at(a)) / (2 * h);
    }
    return g;
}

TEST(Shaping, GradientsAgreeWithCentralDifferencesAwayFromKinks) {
    noise::SplitMix64 rng(4);
    for (const Params& params : shaped_configurations()) {
        const noise::FractalNoise noise(params);
        int disagreements = 0, compared = 0;
        for (int k = 0; k < 200; ++k) {
            const noise::Point p{rng.unit() * 20, rng.unit() * 20, 0, 0};
            const noise::ValueGradient vg = noise::value_gradient(noise, p);
            ASSERT_TRUE(same_bits(vg.value, noise.at(p)));
            const auto numeric = central_difference(noise, p, 1e-7);
            ++compared;
            for (std::size_t axis = 0; axis < 2; ++axis)
                if (std::abs(vg.gradient[axis] - numeric[axis]) > 1e-4 * (1.0 + std::abs(numeric[axis]))) {
                    ++disagreements;
                    break;
                }
        }
        // Kinks (terrace edges, clamp bounds, min/max switching, ridged crests) are met rarely.
        EXPECT_LE(disagreements, compared / 50)
            << noise::format_curve(params.curve) << " terraces " << params.terraces << " mask "
            << static_cast<int>(params.mask);
    }
}

TEST(Shaping, TheGradientSeesTheStage) {  // not the unshaped gradient: the chain rule is applied
    Params params;
    params.scale = 2.0;
    const noise::FractalNoise shaped(params), plain(noise::without_shaping(params));
    const noise::Point p{0.37, 1.21, 0, 0};
    const auto a = noise::value_gradient(shaped, p), b = noise::value_gradient(plain, p);
    EXPECT_NEAR(a.gradient[0], 2.0 * b.gradient[0], 1e-12);
    EXPECT_NE(b.gradient[0], 0.0);
}

TEST(Shaping, BadCurvesAreRefusedInOneLine) {
    const auto error_of = [](std::vector<CurvePoint> points) { return noise::check_curve(points); };
    const double nan    = std::nan("");
    const std::vector<std::pair<std::vector<CurvePoint>, std::string>> bad{
        {{{0.0, 0.0}, {0.6, 0.5}, {0.4, 0.7}, {1.0, 1.0}},
         "curve: point 3 x '0.4' is not after point 2's 0.6: expected x strictly rising from 0 to 1"},
        {{{0.0, 0.0}, {0.5, nan}, {1.0, 1.0}},
         "curve: point 2 y 'nan' is out of range: expected a number from 0 to 1"},
        {{{0.0, 0.0}, {1.5, 1.0}}, "curve: point 2 x '1.5' is out of range: expected a number from 0 to 1"},
        {{{0.0, 0.0}}, "curve: 1 points is not a curve: expected 2 to 16 points x:y"},
        {{{0.0, 0.0}, {0.0, 1.0}},
         "curve: point 2 x '0' is not after point 1's 0: expected x strictly rising from 0 to 1"},
    };
    for (const auto& [points, message] : bad) {
        EXPECT_EQ(error_of(points), message);
        Params params;
        params.curve = points;
        EXPECT_EQ(noise::validate(params), message);
        EXPECT_THROW(noise::FractalNoise{params}, std::invalid_argument);
    }
    Params params;
    EXPECT_NE(noise::set_param(params, "curve", "0:0,0.5:nan,1:1"), "");
    EXPECT_EQ(noise::set_param(params, "curve", "0:0,0.7:0.2,0.5:1"),
              "curve: point 3 x '0.5' is not after point 2's 0.7: expected x strictly rising from 0 to 1");
    EXPECT_EQ(noise::set_param(params, "curve", "0:0;1:1"),
              "curve: '0:0;1:1' is not a curve: expected none, linear, power, smoothstep, plateau, valley or "
              "points x:y,x:y,... (0 to 1)");
    EXPECT_TRUE(params.curve.empty());  // unchanged by every refusal
    EXPECT_EQ(noise::set_param(params, "curve", "0:0,0.5:0.8,1:1"), "");
    EXPECT_EQ(noise::format_curve(params.curve), "0:0,0.5:0.8,1:1");
    EXPECT_EQ(noise::set_param(params, "curve", "plateau"), "");
    EXPECT_EQ(params.curve, noise::curve_preset(noise::CurvePreset::plateau));
}

TEST(Shaping, MaskKeysAndRules) {
    Params params;
    EXPECT_EQ(noise::set_param(params, "mask", "min"), "");
    EXPECT_EQ(
        noise::validate(params),
        "mask: 'min' needs a mask field: expected \"mask_field\": {...} in the preset or mask.KEY=VALUE");
    EXPECT_EQ(noise::set_param(params, "mask.fractal", "ridged"), "");
    ASSERT_EQ(params.mask_field.size(), 1u);
    EXPECT_EQ(params.mask_field[0].seed, params.seed + 1);
    EXPECT_EQ(noise::validate(params), "");
    EXPECT_EQ(noise::set_param(params, "mask.octaves", "40"),
              "mask.octaves: '40' is out of range: expected an integer from 1 to 16");
    EXPECT_EQ(noise::set_param(params, "mask.mask", "max"),
              "parameter 'mask.mask' is not allowed: a mask field has no mask of its own, expected a key "
              "of the mask field's noise (mask.frequency, mask.fractal, ...)");
    // The key is quoted escaped, like a value: a control byte in it never reaches the terminal.
    EXPECT_EQ(noise::set_param(params, "mask.mask.\x04\t", "1"),
              "parameter 'mask.mask.\\x04\\t' is not allowed: a mask field has no mask of its own, "
              "expected a key of the mask field's noise (mask.frequency, mask.fractal, ...)");
    params.tile                    = 4;
    params.mask_field[0].frequency = 6.0;  // 1.5 times ours: cannot repeat with the tile
    EXPECT_EQ(
        noise::validate(params),
        "mask.frequency: '6' is not allowed while tiling: expected a whole multiple of frequency (4), so "
        "that the mask repeats with the tile");
    params.mask_field[0].frequency = 8.0;
    EXPECT_EQ(noise::validate(params), "");
    params.clamp_min = 0.7;
    params.clamp_max = 0.2;
    EXPECT_EQ(noise::validate(params),
              "clamp_max: '0.2' is below clamp_min: expected a number from 0.7 to 1");
}

TEST(Shaping, AMaskThatTilesWithTheFieldRepeats) {
    Params params;
    params.tile       = 2;
    params.frequency  = 2;
    params.mask       = MaskMode::multiply;
    params.mask_field = {ridged_mask(params)};
    const noise::FractalNoise noise(params);
    for (double x = 0.1; x < 2.0; x += 0.37)
        EXPECT_NEAR(noise.at({x, 0.3, 0, 0}), noise.at({x + 2.0, 0.3 + 2.0, 0, 0}), 1e-12);
}

}  // namespace
