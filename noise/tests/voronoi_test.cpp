// Voronoi cells: the search against an eleven-cell box, the borders against worley's cracks,
// range, tiling, the reference fallback (no compiled kernel) and its table row.
#include "noise/voronoi.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "noise/algorithms.hpp"
#include "noise/kernel.hpp"
#include "noise/render.hpp"
#include "noise/trace.hpp"
#include "noise/worley.hpp"

namespace {

using noise::CellularDistance;

constexpr CellularDistance metrics[] = {CellularDistance::euclidean, CellularDistance::manhattan,
                                        CellularDistance::chebyshev};

noise::Params voronoi(int dimension, CellularDistance metric, double jitter = 1.0) {
    noise::Params p;
    p.algorithm         = noise::Algorithm::voronoi;
    p.dimension         = dimension;
    p.cellular_distance = metric;
    p.cellular_jitter   = jitter;
    p.octaves           = 1;
    return p;
}

std::string name_of(const noise::Params& p) {
    return "D" + std::to_string(p.dimension) + " " +
           std::string(noise::cellular_distance_names[static_cast<std::size_t>(p.cellular_distance)]) +
           " jitter " + std::to_string(p.cellular_jitter);
}

noise::Point random_point(noise::SplitMix64& rng, double extent) {
    return {(rng.unit() - 0.5) * extent, (rng.unit() - 0.5) * extent, (rng.unit() - 0.5) * extent,
            (rng.unit() - 0.5) * extent};
}

// [SECTION] An oracle typed from voronoi.hpp and worley_cells.hpp: every cell of an 11^D box.

std::uint32_t mix32(std::uint32_t h) {
    h ^= h >> 16;
    h *= 0x7feb352du;
    h ^= h >> 15;
    h *= 0x846ca68bu;
    h ^= h >> 16;
    return h;
}

double oracle(std::uint32_t seed, const noise::Point& p, int dimension, CellularDistance metric,
              double jitter, std::int64_t period) {
    std::array<std::int64_t, 4> cell{};
    std::array<double, 4> frac{};
    for (int a = 0; a < dimension; ++a) {
        const double floor = std::floor(p[a]);
        cell[a]            = static_cast<std::int64_t>(floor);
        frac[a]            = p[a] - floor;
    }
    constexpr int radius = 5, side = 2 * radius + 1;
    int count = 1;
    for (int a = 0; a < dimension; ++a) count *= side;
    double nearest = std::numeric_limits<double>::infinity(), value = 0.0;
    for (int n = 0; n < count; ++n) {
        std::array<int, 4> k{};
        for (int a = 0, rest = n; a < dimension; ++a, rest /= side) k[a] = rest % side - radius;
        std::uint32_t h = mix32(seed ^ 0x9e3779b9u);
        for (int a = dimension - 1; a >= 0; --a) {
            const std::int64_t i       = cell[a] + k[a];
            const std::int64_t wrapped = period == 0 ? (i & 255) : ((i % period) + period) % period;
            const auto bits            = static_cast<std::uint64_t>(wrapped);
            h = mix32(h ^ static_cast<std::uint32_t>(bits)) ^ static_cast<std::uint32_t>(bits >> 32);
        }
        const std::uint32_t word[2] = {mix32(h), mix32(mix32(h) ^ 0x68e31da4u)};
        double d                    = 0.0;
        for (int a = 0; a < dimension; ++a) {
            const std::uint32_t field = (word[a / 2] >> (16 * (a % 2))) & 0xffffu;
            const double u            = (field + 0.5) / 65536.0;
            const double delta        = (k[a] + (0.5 + jitter * (u - 0.5))) - frac[a];
            const double term = metric == CellularDistance::euclidean ? delta * delta : std::abs(delta);
            d = a == 0 ? term : metric == CellularDistance::chebyshev ? std::max(d, term) : d + term;
        }
        if (d < nearest) {
            nearest = d;
            value   = (static_cast<double>(mix32(word[0] ^ 0x5bd1e995u) >> 8) + 0.5) / 8388608.0 - 1.0;
        }
    }
    return value;
}

// [SECTION] Tests

TEST(Voronoi, TheSearchFindsWhatAnElevenCellBoxFinds) {
    noise::SplitMix64 rng(21);
    const noise::AlgorithmInfo& info = noise::algorithm_info(noise::Algorithm::voronoi);
    for (int dimension = 1; dimension <= 4; ++dimension)
        for (const auto metric : metrics)
            for (const double jitter : {1.0, 0.6, 0.0}) {
                const auto params = voronoi(dimension, metric, jitter);
                for (int n = 0; n < (dimension == 4 ? 60 : 200); ++n) {
                    const auto seed = static_cast<std::uint32_t>(rng.next());
                    const noise::Lattice lattice(seed);
                    const noise::Point p      = random_point(rng, 40.0);
                    const std::int64_t period = n % 3 == 0 ? 0 : 1 + static_cast<std::int64_t>(rng.below(9));
                    ASSERT_EQ(info.reference(lattice, p, params, period),
                              oracle(seed, p, dimension, metric, jitter, period))
                        << name_of(params) << " period " << period;
                }
            }
}

// The patches meet where two feature points are equally near: where worley's F2 - F1 is 0. F2 -
// F1 moves by at most 2h when the point moves by h, so two points h apart in different patches
// both have F2 - F1 <= 2h, and a point with F2 - F1 > 2h has its neighbours in its own patch.
TEST(Voronoi, PatchesMeetOnWorleysCracks) {
    for (const auto metric : metrics) {
        const auto params      = voronoi(2, metric);
        auto cracks            = params;
        cracks.algorithm       = noise::Algorithm::worley;
        cracks.cellular_return = noise::CellularReturn::f2_minus_f1;
        const noise::Lattice lattice(7);
        const auto& patch_info = noise::algorithm_info(noise::Algorithm::voronoi);
        const auto& crack_info = noise::algorithm_info(noise::Algorithm::worley);
        const double unit      = noise::worley_normalisation(2, metric, noise::CellularReturn::f2_minus_f1);
        const double h         = 1.0 / 512.0;
        int borders            = 0;
        for (int j = 0; j < 64; ++j)
            for (int i = 0; i < 2048; ++i) {
                const noise::Point p{-4.0 + i * h, -3.0 + j * 0.093, 0.0, 0.0};
                const noise::Point q{p[0] + h, p[1], 0.0, 0.0};
                const bool differ = patch_info.reference(lattice, p, params, 0) !=
                                    patch_info.reference(lattice, q, params, 0);
                const double gap = crack_info.reference(lattice, p, cracks, 0) / unit;  // F2 - F1
                if (!differ) continue;
                ++borders;
                EXPECT_LE(gap, 2.0 * h + 1e-12) << name_of(params) << " at x " << p[0];
            }
        EXPECT_GT(borders, 200) << name_of(params);  // the row crosses many patches
    }
}

TEST(Voronoi, ValuesSpreadOverTheOpenRange) {
    const auto params = voronoi(2, CellularDistance::euclidean);
    const noise::FractalNoise noise(params);
    noise::SplitMix64 rng(3);
    double lo = 1.0, hi = -1.0, sum = 0.0;
    constexpr int count = 100000;
    for (int n = 0; n < count; ++n) {
        const double v = noise.at(random_point(rng, 200.0));
        lo             = std::min(lo, v);
        hi             = std::max(hi, v);
        sum += v;
    }
    EXPECT_GT(lo, -1.0);
    EXPECT_LT(hi, 1.0);
    EXPECT_LT(lo, -0.98);  // some cells near each end
    EXPECT_GT(hi, 0.98);
    EXPECT_NEAR(sum / count, 0.0, 0.05);  // uniform, centred (about 1e4 distinct cells sampled)
}

TEST(Voronoi, TilesExactly) {
    noise::SplitMix64 rng(17);
    for (int dimension = 1; dimension <= 4; ++dimension)
        for (const auto metric : metrics)
            for (const std::uint32_t tile : {1u, 3u, 16u}) {
                auto params       = voronoi(dimension, metric);
                params.tile       = tile;
                params.lacunarity = 2.0;
                params.octaves    = 3;
                const noise::FractalNoise noise(params);
                for (int n = 0; n < 20; ++n) {
                    noise::Point p;
                    for (double& c : p) c = static_cast<double>(rng.below(4096)) / 64.0 - 32.0;
                    const double here = noise.at(p);
                    for (int axis = 0; axis < dimension; ++axis) {
                        noise::Point q = p;
                        q[axis] += tile * static_cast<double>(1 + rng.below(3)) * (rng.below(2) ? 1.0 : -1.0);
                        ASSERT_EQ(noise.at(q), here) << name_of(params) << " tile " << tile;
                    }
                }
            }
}

// No compiled kernel: rows, warped rows and points go through the reference, with its values
// bit for bit, on any number of threads.
TEST(Voronoi, RendersThroughTheReferenceWithoutAKernel) {
    EXPECT_EQ(noise::algorithm_info(noise::Algorithm::voronoi).make_kernel, nullptr);
    for (const double warp : {0.0, 0.7}) {
        auto params           = voronoi(2, CellularDistance::euclidean);
        params.octaves        = 3;
        params.warp_amplitude = warp;
        const noise::FractalNoise noise(params);
        EXPECT_EQ(noise::RowKernel(noise).target(), "reference");
        constexpr int width = 96, height = 40;
        for (const unsigned threads : {1u, 2u}) {
            std::vector<float> image(width * height);
            noise::RenderOptions options;
            options.threads = threads;
            noise::render(noise, noise::Region::full(width, height), image, options);
            for (int y = 0; y < height; ++y)
                for (int x = 0; x < width; ++x)
                    ASSERT_EQ(image[static_cast<std::size_t>(y * width + x)],
                              static_cast<float>(noise.at(noise::pixel_point(params, width, x, y))))
                        << "warp " << warp << " threads " << threads << " pixel " << x << ", " << y;
        }
        const std::vector<noise::Point> points{{0.3, 0.7, 0, 0}, {-5.2, 3.1, 0, 0}, {11.9, -0.4, 0, 0}};
        std::vector<double> sampled(points.size());
        noise::PointSampler(noise).at(points, sampled);
        for (std::size_t i = 0; i < points.size(); ++i) EXPECT_EQ(sampled[i], noise.at(points[i]));
    }
}

// The trace (the probe's window) is the evaluation that renders: its value, and the nearest cell
// among those it searched; the gradient of a step function is taken by finite differences.
TEST(Voronoi, TraceRecordsTheNearestCell) {
    auto params    = voronoi(2, CellularDistance::manhattan);
    params.octaves = 2;
    const noise::FractalNoise noise(params);
    noise::SplitMix64 rng(5);
    EXPECT_EQ(noise::gradient_method(params), noise::GradientMethod::finite_difference);
    for (int n = 0; n < 200; ++n) {
        const noise::Point p     = random_point(rng, 30.0);
        const noise::Trace trace = noise::trace_point(noise, p);
        EXPECT_EQ(trace.total.value, noise.at(p));
        for (int i = 0; i < params.octaves; ++i) {
            const noise::OctaveTrace& octave = trace.octaves[static_cast<std::size_t>(i)];
            EXPECT_EQ(octave.value, noise.octave(i, p));
            ASSERT_GE(octave.nearest, 0);
            EXPECT_EQ(octave.second_nearest, -1);
            const double nearest = octave.corners[static_cast<std::size_t>(octave.nearest)].value;
            for (const noise::CornerTrace& c : octave.corners) EXPECT_GE(c.value, nearest);
        }
    }
}

// What the window and the docs read about it, from its one table row.
TEST(Voronoi, ItsTableRow) {
    const noise::AlgorithmInfo& info = noise::algorithm_info(noise::Algorithm::voronoi);
    EXPECT_EQ(info.lattice, noise::LatticeKind::cells);
    EXPECT_EQ(info.corner, noise::CornerKind::feature);
    EXPECT_TRUE(info.tiles);
    EXPECT_FALSE(info.differentiable);
    EXPECT_TRUE(info.uses("cellular_distance"));
    EXPECT_TRUE(info.uses("cellular_jitter"));
    EXPECT_FALSE(info.uses("cellular_return"));
    EXPECT_FALSE(info.uses("interpolation"));
    noise::Params params = voronoi(3, CellularDistance::euclidean);
    params.octaves       = 2;
    EXPECT_EQ(info.relative_cost(params), 2.0 * 27.0);  // the 3^D cells searched, at least
}

}  // namespace
