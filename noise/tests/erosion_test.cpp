// The erosion filter (erosion.hpp): off changes nothing; on, every path gives the reference's bits
// on every SIMD target and thread count; its gradient is the derivative; and it carves.
#include "noise/erosion.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "noise/kernel.hpp"
#include "noise/render.hpp"
#include "noise/trace.hpp"
#include "test_support.hpp"

namespace {

// A smooth base of three octaves, carved by four octaves of gullies.
noise::Params eroded_hills() {
    noise::Params params;
    params.octaves          = 3;
    params.frequency        = 3.0;
    params.erosion_method   = noise::ErosionMethod::filter;
    params.erosion_strength = 0.8;
    params.erosion_scale    = 0.125;
    params.erosion_octaves  = 4;
    return params;
}

// The configurations the paths must agree on: plain, shaped with a mask, warped and turned,
// ridged simplex, cellular, value noise in 3D, a 1D curve, sharp ridges and creases with the fades.
std::vector<noise::Params> eroded_fields() {
    std::vector<noise::Params> all{eroded_hills()};
    noise::Params shaped = eroded_hills();
    shaped.curve         = noise::curve_preset(noise::CurvePreset::valley);
    shaped.terraces      = 3;
    noise::set_param(shaped, "mask", "max");
    noise::set_param(shaped, "mask.frequency", "6");
    all.push_back(shaped);
    noise::Params warped  = eroded_hills();
    warped.warp_amplitude = 0.5;
    warped.layers         = noise::Layers::rotated;
    all.push_back(warped);
    noise::Params simplex = eroded_hills();
    simplex.algorithm     = noise::Algorithm::simplex;
    simplex.fractal       = noise::Fractal::ridged;
    all.push_back(simplex);
    noise::Params worley = eroded_hills();
    worley.algorithm     = noise::Algorithm::worley;
    all.push_back(worley);
    noise::Params value = eroded_hills();
    value.algorithm     = noise::Algorithm::value;
    value.dimension     = 3;
    value.z             = 0.3;
    all.push_back(value);
    noise::Params line = eroded_hills();
    line.dimension     = 1;
    all.push_back(line);
    noise::Params sharp           = eroded_hills();
    sharp.erosion_ridge_rounding  = 0.0;
    sharp.erosion_crease_rounding = 0.0;
    sharp.erosion_peaks           = 0.7;
    sharp.erosion_valleys         = 1.0;
    sharp.erosion_detail          = 0.8;
    all.push_back(sharp);
    // The field's value and gradient on SIMD lanes (value_gradient_row): random gradients, ridged,
    // shifted octaves, shaped on the lanes; and tiled with a curve shaped pixel by pixel.
    noise::Params lifted  = eroded_hills();
    lifted.gradients      = noise::Gradients::random;
    lifted.fractal        = noise::Fractal::ridged;
    lifted.octave_offsets = noise::OctaveOffsets::shifted;
    lifted.scale          = 0.7;
    lifted.bias           = 0.32;
    all.push_back(lifted);
    noise::Params tiled = eroded_hills();
    tiled.tile          = 2;
    tiled.curve         = noise::curve_preset(noise::CurvePreset::valley);
    all.push_back(tiled);
    // The joined layout (erosion.gullies = joined) and the drainage fade, on the plain, sharp,
    // warped, 1D and tiled fields; and the drainage fade alone on the cells layout.
    for (const std::size_t k :
         {std::size_t{0}, std::size_t{2}, std::size_t{6}, std::size_t{7}, std::size_t{9}}) {
        noise::Params joined   = all[k];
        joined.erosion_gullies = noise::ErosionGullies::joined;
        all.push_back(joined);
    }
    noise::Params drained           = all.back();  // the joined, tiled field
    drained.erosion_drainage        = 1.5;
    drained.erosion_crease_rounding = 0.0;
    drained.erosion_ridge_rounding  = 0.0;
    all.push_back(drained);
    noise::Params cells_drained    = eroded_hills();
    cells_drained.erosion_drainage = 0.7;
    all.push_back(cells_drained);
    return all;
}

TEST(Erosion, OffIsTheSameBits) {
    // Every erosion control away from its default, but the method none: the field of the defaults.
    noise::Params plain;
    plain.octaves        = 4;
    noise::Params set    = plain;
    set.erosion_strength = 3.0;
    set.erosion_scale    = 0.5;
    set.erosion_octaves  = 7;
    set.erosion_detail   = 0.9;
    set.erosion_peaks    = 1.0;
    set.erosion_valleys  = 1.0;
    const noise::FractalNoise a(plain), b(set);
    EXPECT_FALSE(b.erosion().active);
    const auto region = noise::Region::full(96, 64);
    std::vector<float> first(region.pixel_count()), second(region.pixel_count());
    noise::render(a, region, first);
    noise::render(b, region, second);
    EXPECT_EQ(first, second);
    // And the filter on does change them (the check above can fail).
    set.erosion_method = noise::ErosionMethod::filter;
    noise::render(noise::FractalNoise(set), region, second);
    EXPECT_NE(first, second);
}

// A row wider than the filter's pieces (1024 pixels: each piece hashes its own gully bands),
// with a piece that does not fill a vector at its end: every pixel the reference's.
TEST(Erosion, RowsWiderThanAPieceAreTheReference) {
    const int width = 2 * 1024 + 37, height = 2;
    for (const noise::Params& params : eroded_fields()) {
        if (params.dimension != 2) continue;
        const noise::FractalNoise noise(params);
        std::vector<float> image(static_cast<std::size_t>(width) * height);
        ASSERT_TRUE(noise::render(noise, noise::Region::full(width, height), image));
        EXPECT_EQ(image, noise_test::reference_image(noise, width, height))
            << "algorithm " << static_cast<int>(params.algorithm);
    }
}

TEST(Erosion, RowsAreTheReferenceOnEveryTargetAndThreadCount) {
    const int width = 40, height = 24;
    for (const noise::Params& params : eroded_fields()) {
        const noise::FractalNoise noise(params);
        const std::vector<float> expected = noise_test::reference_image(noise, width, height);
        for (const auto name : noise::available_simd_targets()) {
            noise_test::ForcedTarget forced(name);
            ASSERT_TRUE(forced.ok) << name;
            for (const unsigned threads : {1u, 2u, 3u, 7u}) {
                std::vector<float> image(expected.size());
                noise::RenderOptions options;
                options.threads = threads;
                ASSERT_TRUE(noise::render(noise, noise::Region::full(width, height), image, options));
                ASSERT_EQ(image, expected)
                    << name << ", " << threads << " threads, algorithm " << static_cast<int>(params.algorithm)
                    << ", dimension " << params.dimension;
            }
            // The point sampler and the 1D curve read the same field.
            std::vector<noise::Point> points;
            for (int i = 0; i < 37; ++i)
                points.push_back({0.11 * i - 1.3, 0.07 * i + 0.2, params.z, params.w});
            std::vector<double> sampled(points.size());
            noise::PointSampler(noise).at(points, sampled);
            for (std::size_t i = 0; i < points.size(); ++i)
                ASSERT_EQ(sampled[i], noise.at(points[i])) << name;
            std::vector<double> curve(50);
            noise::sample_row(noise, 0.4, curve);
            for (std::size_t i = 0; i < curve.size(); ++i) {
                const double x = params.offset_x + (static_cast<double>(i) + 0.5) * (params.frequency / 50.0);
                ASSERT_EQ(curve[i], noise.at({x, 0.4, params.z, params.w})) << name;
            }
        }
    }
}

TEST(Erosion, WideRowsAreTheReferenceBitForBit) {
    // Rows longer than the filter's pieces with a partial last vector, at negative x, and a row so
    // far zoomed out that each pixel has gully cells of its own (no band of cells for the row).
    const noise::RowSpec rows[] = {{-1.7, 0.0029, -5, 0.37}, {0.1, 1.37, 0, -2.2}};
    const int counts[]          = {1031, 40};
    for (const noise::Params& params : eroded_fields()) {
        const noise::FractalNoise noise(params);
        for (const auto name : noise::available_simd_targets()) {
            noise_test::ForcedTarget forced(name);
            ASSERT_TRUE(forced.ok) << name;
            const noise::RowKernel kernel(noise);
            for (std::size_t r = 0; r < 2; ++r) {
                const noise::RowSpec& row = rows[r];
                std::vector<double> values(static_cast<std::size_t>(counts[r]));
                kernel.fill_row(row, values);
                for (int i = 0; i < counts[r]; ++i) {
                    const noise::Point p{row.x_origin + (row.first + i + 0.5) * row.x_step, row.y, params.z,
                                         params.w};
                    ASSERT_EQ(std::bit_cast<std::uint64_t>(values[static_cast<std::size_t>(i)]),
                              std::bit_cast<std::uint64_t>(noise.at(p)))
                        << name << ", row " << r << ", pixel " << i << ", algorithm "
                        << static_cast<int>(params.algorithm);
                }
            }
        }
    }
}

TEST(Erosion, RegionsAndTilesAreTheWholeImage) {
    for (const noise::Params& params : eroded_fields()) {
        const noise::FractalNoise noise(params);
        const int width = 48, height = 36;
        std::vector<float> whole(static_cast<std::size_t>(width * height));
        noise::render(noise, noise::Region::full(width, height), whole);
        // A 3 x 2 grid of tiles of uneven sizes, each rendered alone.
        const int xs[] = {0, 13, 30, width}, ys[] = {0, 17, height};
        for (int ty = 0; ty < 2; ++ty) {
            for (int tx = 0; tx < 3; ++tx) {
                const noise::Region region{width, height, xs[tx], ys[ty], xs[tx + 1], ys[ty + 1]};
                std::vector<float> tile(region.pixel_count());
                noise::render(noise, region, tile);
                for (int y = region.y0; y < region.y1; ++y)
                    for (int x = region.x0; x < region.x1; ++x)
                        ASSERT_EQ(tile[static_cast<std::size_t>((y - region.y0) * region.columns() + x -
                                                                region.x0)],
                                  whole[static_cast<std::size_t>(y * width + x)]);
            }
        }
    }
}

TEST(Erosion, GradientIsTheDerivative) {
    for (const noise::Params& params : eroded_fields()) {
        const noise::FractalNoise noise(params);
        const double step = 1e-6;
        int compared      = 0;
        for (int i = 0; i < 60; ++i) {
            const noise::Point p{0.0371 * i - 0.9, 0.0533 * i + 0.17, params.z, params.w};
            const noise::ValueGradient vg = noise::value_gradient(noise, p);
            EXPECT_EQ(vg.value, noise.at(p));
            EXPECT_EQ(vg.method, noise::GradientMethod::analytic);
            for (int axis = 0; axis < params.dimension; ++axis) {
                noise::Point before = p, after = p;
                before[static_cast<std::size_t>(axis)] -= step;
                after[static_cast<std::size_t>(axis)] += step;
                const double here    = noise.at(p),
                             numeric = (noise.at(after) - noise.at(before)) / (2.0 * step);
                const double exact   = vg.gradient[static_cast<std::size_t>(axis)];
                // Where the field has a kink within the step (sharp ridges and creases, ridged
                // crests, terrace edges, cellular borders: one-sided slopes, erosion.hpp), the two
                // one-sided differences disagree: no central difference to compare with there.
                const double forward  = (noise.at(after) - here) / step,
                             backward = (here - noise.at(before)) / step;
                if (std::abs(forward - backward) > 1e-3 * (1.0 + std::abs(numeric))) continue;
                EXPECT_NEAR(exact, numeric, 1e-4 * (1.0 + std::abs(numeric)))
                    << "point " << i << " axis " << axis << " algorithm "
                    << static_cast<int>(params.algorithm);
                ++compared;
            }
        }
        EXPECT_GT(compared, 50);
    }
}

TEST(Erosion, ValueGradientIsAtWhateverTheStep) {
    // A white-noise mask field has its gradient by finite differences over the caller's step; the
    // filter reads its input with one fixed step, so the value is at()'s whatever step is asked.
    noise::Params params = eroded_hills();
    noise::set_param(params, "mask", "add");
    noise::set_param(params, "mask.algorithm", "white");
    const noise::FractalNoise noise(params);
    for (int i = 0; i < 30; ++i) {
        const noise::Point p{0.093 * i - 0.4, 0.041 * i + 0.3, 0, 0};
        for (const double step : {1e-4, 1e-3, 0.05})
            EXPECT_EQ(noise::value_gradient(noise, p, step).value, noise.at(p)) << i << " " << step;
    }
}

TEST(Erosion, TheGullyDirectionsTurnWithTheField) {
    // Without the field's second derivatives (how the gullies turn) the gradient would be wrong:
    // the filter's slope must differ from the field's where it carves.
    const noise::FractalNoise noise(eroded_hills());
    noise::Params plain_params  = eroded_hills();
    plain_params.erosion_method = noise::ErosionMethod::none;
    const noise::FractalNoise plain(plain_params);
    double differs = 0.0;
    for (int i = 0; i < 20; ++i) {
        const noise::Point p{0.05 * i, 0.31 + 0.02 * i, 0, 0};
        differs = std::max(differs, std::abs(noise::value_gradient(noise, p).gradient[0] -
                                             noise::value_gradient(plain, p).gradient[0]));
    }
    EXPECT_GT(differs, 0.1);
}

TEST(Erosion, CarvesSteepGroundAndLeavesFlatGround) {
    noise::Params params = eroded_hills();
    const noise::FractalNoise eroded(params);
    params.erosion_method = noise::ErosionMethod::none;
    const noise::FractalNoise plain(params);
    const int n = 128;
    struct Sample {
        double slope, lowered;
    };
    std::vector<Sample> samples;
    for (int py = 0; py < n; ++py) {
        for (int px = 0; px < n; ++px) {
            const noise::Point p             = noise::pixel_point(params, n, px, py);
            const noise::ValueGradient field = noise::value_gradient(plain, p);
            const double before = plain.at(p), after = eroded.at(p);
            // Heights only ever go down (up to the rounding of the way back from unit heights).
            ASSERT_LE(after, before + 1e-12);
            samples.push_back({std::hypot(field.gradient[0], field.gradient[1]), (before - after) * 0.5});
        }
    }
    std::sort(samples.begin(), samples.end(),
              [](const Sample& a, const Sample& b) { return a.slope < b.slope; });
    const auto mean_lowered = [&](std::size_t from, std::size_t to) {
        double sum = 0.0;
        for (std::size_t i = from; i < to; ++i) sum += samples[i].lowered;
        return sum / static_cast<double>(to - from);
    };
    const std::size_t count = samples.size();
    const double flat = mean_lowered(0, count / 10), steep = mean_lowered(count * 3 / 4, count);
    EXPECT_GT(steep, 0.02) << "unit heights";  // the steepest quarter: gullies cut into it
    EXPECT_LT(flat, steep * 0.25);             // the flattest tenth: nearly untouched
}

TEST(Erosion, KeepsValleyFloorsAndPeaksWhenAsked) {
    noise::Params params = eroded_hills();
    noise::Params keep   = params;
    keep.erosion_valleys = 1.0;
    keep.erosion_peaks   = 1.0;
    noise::Params none   = params;
    none.erosion_method  = noise::ErosionMethod::none;
    const noise::FractalNoise carved(params), kept(keep), plain(none);
    // How much the low ground (unit height below 0.4) and the high ground (above 0.6) lose.
    double low_carved = 0.0, low_kept = 0.0, high_carved = 0.0, high_kept = 0.0;
    int low = 0, high = 0;
    for (int py = 0; py < 96; ++py) {
        for (int px = 0; px < 96; ++px) {
            const noise::Point p = noise::pixel_point(params, 96, px, py);
            const double before = plain.at(p), u = (before + 1.0) * 0.5;
            if (u < 0.4) {
                low_carved += before - carved.at(p);
                low_kept += before - kept.at(p);
                ++low;
            } else if (u > 0.6) {
                high_carved += before - carved.at(p);
                high_kept += before - kept.at(p);
                ++high;
            }
        }
    }
    ASSERT_GT(low, 100);
    ASSERT_GT(high, 100);
    EXPECT_GT(low_carved, 0.0);
    EXPECT_GT(high_carved, 0.0);
    EXPECT_LT(low_kept, low_carved * 0.8);
    EXPECT_LT(high_kept, high_carved * 0.8);
}

TEST(Erosion, TilesWithTheField) {
    noise::Params params = eroded_hills();
    params.tile          = 3;
    params.erosion_scale = 0.25;
    const noise::FractalNoise noise(params);
    for (int i = 0; i < 40; ++i) {
        const double x = 0.073 * i, y = 0.051 * i + 0.2;
        EXPECT_NEAR(noise.at({x, y, 0, 0}), noise.at({x + 3.0, y, 0, 0}), 1e-9);
        EXPECT_NEAR(noise.at({x, y, 0, 0}), noise.at({x, y - 3.0, 0, 0}), 1e-9);
    }
}

TEST(Erosion, BadValuesNameTheKey) {
    noise::Params params;
    EXPECT_EQ(noise::set_param(params, "erosion.strength", "9"),
              "erosion.strength: '9' is out of range: expected a number from 0 to 4");
    EXPECT_EQ(noise::set_param(params, "erosion.method", "rivers"),
              "erosion.method: 'rivers' is not allowed: expected one of none, filter, simulate");
    EXPECT_EQ(noise::set_param(params, "erosion.method", "filter"), "");
    EXPECT_EQ(params.erosion_method, noise::ErosionMethod::filter);
    EXPECT_EQ(noise::set_param(params, "erosion.octaves", "3"), "");
    EXPECT_EQ(params.erosion_octaves, 3);
    noise::Params simulated;
    simulated.erosion_method = noise::ErosionMethod::simulate;
    EXPECT_EQ(noise::validate(simulated), "");  // simulated_field_test.cpp has its rules
    noise::Params tiled = eroded_hills();
    tiled.tile          = 3;
    tiled.erosion_scale = 0.4;
    EXPECT_EQ(noise::validate(tiled),
              "erosion.scale: '0.4' is not allowed while tiling: expected the tile period (3) to be a whole "
              "multiple of it, e.g. 0.375, so that the gullies repeat with the tile");
    EXPECT_NE(
        noise::set_param(params, "mask.erosion.strength", "1").find("'mask.erosion.strength' is not allowed"),
        std::string::npos);
    // The table's erosion section holds every erosion key, and only those.
    for (const auto& info : noise::erosion_param_table())
        EXPECT_TRUE(info.key.starts_with("erosion.")) << info.key;
    EXPECT_EQ(noise::erosion_param_table().size(), 18u);
    EXPECT_EQ(noise::simulation_param_table().front().key, "erosion.extent");
    EXPECT_EQ(noise::simulation_param_table().size(), 7u);
}

}  // namespace
