// Cellular (Worley) noise: determinism, continuity, range, tiling, the search against brute
// force, the regular grid at jitter 0, and gradients against finite differences.
#include "noise/worley.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

#include "noise/algorithms.hpp"
#include "noise/render.hpp"
#include "noise/trace.hpp"

namespace {

using noise::CellularDistance;
using noise::CellularReturn;

constexpr CellularDistance metrics[] = {CellularDistance::euclidean, CellularDistance::manhattan,
                                        CellularDistance::chebyshev};
constexpr CellularReturn returns[]   = {CellularReturn::f1, CellularReturn::f2, CellularReturn::f2_minus_f1};

noise::Params worley(int dimension, CellularDistance metric, CellularReturn ret, double jitter = 1.0) {
    noise::Params p;
    p.algorithm         = noise::Algorithm::worley;
    p.dimension         = dimension;
    p.cellular_distance = metric;
    p.cellular_return   = ret;
    p.cellular_jitter   = jitter;
    p.octaves           = 1;
    return p;
}

std::string name_of(const noise::Params& p) {
    return "D" + std::to_string(p.dimension) + " " +
           std::string(noise::cellular_distance_names[static_cast<std::size_t>(p.cellular_distance)]) + " " +
           std::string(noise::cellular_return_names[static_cast<std::size_t>(p.cellular_return)]) +
           " jitter " + std::to_string(p.cellular_jitter);
}

noise::Point random_point(noise::SplitMix64& rng, double extent) {
    return {(rng.unit() - 0.5) * extent, (rng.unit() - 0.5) * extent, (rng.unit() - 0.5) * extent,
            (rng.unit() - 0.5) * extent};
}

// The cell's half-diagonal under the metric: worley.hpp's unit of the raw value.
double half_diagonal(int dimension, CellularDistance metric) {
    if (metric == CellularDistance::euclidean) return 0.5 * std::sqrt(dimension);
    if (metric == CellularDistance::manhattan) return 0.5 * dimension;
    return 0.5;
}

// [SECTION] An oracle typed from worley.hpp and worley_cells.hpp, searching every cell of an
// 11^D box: far more than the proof needs, so a search that misses a cell is caught.

std::uint32_t mix32(std::uint32_t h) {
    h ^= h >> 16;
    h *= 0x7feb352du;
    h ^= h >> 15;
    h *= 0x846ca68bu;
    h ^= h >> 16;
    return h;
}

struct TwoNearest {
    double f1 = std::numeric_limits<double>::infinity();
    double f2 = std::numeric_limits<double>::infinity();
};

TwoNearest brute_force(std::uint32_t seed, const noise::Point& p, int dimension, CellularDistance metric,
                       double jitter, std::int64_t period, int radius = 5) {
    std::array<std::int64_t, 4> cell{};
    std::array<double, 4> frac{};
    for (int a = 0; a < dimension; ++a) {
        const double floor = std::floor(p[a]);
        cell[a]            = static_cast<std::int64_t>(floor);
        frac[a]            = p[a] - floor;
    }
    const int side = 2 * radius + 1;
    int count      = 1;
    for (int a = 0; a < dimension; ++a) count *= side;
    std::vector<double> distances;
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
        std::array<double, 4> term{};
        for (int a = 0; a < dimension; ++a) {
            const std::uint32_t field = (word[a / 2] >> (16 * (a % 2))) & 0xffffu;
            const double u            = (field + 0.5) / 65536.0;
            const double delta        = (k[a] + (0.5 + jitter * (u - 0.5))) - frac[a];
            term[a] = metric == CellularDistance::euclidean ? delta * delta : std::abs(delta);
        }
        const auto join = [&](double x, double y) {
            return metric == CellularDistance::chebyshev ? std::max(x, y) : x + y;
        };
        double rest = term[1];
        for (int a = 2; a < dimension; ++a) rest = join(rest, term[a]);
        distances.push_back(dimension == 1 ? term[0] : join(term[0], rest));
    }
    std::partial_sort(distances.begin(), distances.begin() + 2, distances.end());
    TwoNearest two{distances[0], distances[1]};
    if (metric == CellularDistance::euclidean) two = {std::sqrt(two.f1), std::sqrt(two.f2)};
    return two;
}

double oracle(const noise::Params& params, std::uint32_t seed, const noise::Point& p, std::int64_t period) {
    const TwoNearest two =
        brute_force(seed, p, params.dimension, params.cellular_distance, params.cellular_jitter, period);
    const double unit = (params.cellular_return == CellularReturn::f1 ? 1.0 : 0.5) /
                        half_diagonal(params.dimension, params.cellular_distance);
    const double value = params.cellular_return == CellularReturn::f1   ? two.f1
                         : params.cellular_return == CellularReturn::f2 ? two.f2
                                                                        : two.f2 - two.f1;
    return value * unit;
}

// [SECTION] Tests

TEST(Worley, TheSearchFindsWhatAnElevenCellBoxFinds) {
    noise::SplitMix64 rng(10);
    for (int dimension = 1; dimension <= 4; ++dimension) {
        for (const auto metric : metrics) {
            for (const auto ret : returns) {
                for (const double jitter : {1.0, 0.8}) {
                    const auto params = worley(dimension, metric, ret, jitter);
                    const int points  = dimension == 4 ? 40 : 150;
                    for (int n = 0; n < points; ++n) {
                        const std::uint32_t seed = static_cast<std::uint32_t>(rng.next());
                        const noise::Lattice lattice(seed);
                        // Random points, and the cell centres, where F2 is largest.
                        noise::Point p = random_point(rng, 40.0);
                        if (n % 4 == 0)
                            for (double& c : p) c = std::floor(c) + 0.5;
                        const std::int64_t period =
                            n % 3 == 0 ? 0 : 1 + static_cast<std::int64_t>(rng.below(9));
                        const double got = noise::algorithm_info(noise::Algorithm::worley)
                                               .reference(lattice, p, params, period);
                        ASSERT_EQ(got, oracle(params, seed, p, period))
                            << name_of(params) << " period " << period;
                    }
                }
            }
        }
    }
}

TEST(Worley, IsDeterministicAndSeedsDiffer) {
    for (int dimension = 1; dimension <= 4; ++dimension) {
        auto params    = worley(dimension, CellularDistance::euclidean, CellularReturn::f1);
        params.octaves = 3;
        std::vector<float> a(64 * 8), b(64 * 8), c(64 * 8);
        noise::render(params, noise::Region::full(64, 8), a);
        noise::render(params, noise::Region::full(64, 8), b);
        params.seed = 1;
        noise::render(params, noise::Region::full(64, 8), c);
        EXPECT_EQ(a, b);
        EXPECT_NE(a, c);
    }
}

// Each of F1, F2 and F2 - F1 is continuous: moving by h along an axis changes every distance by
// at most h under all three metrics, so the raw value by at most h (2h for F2 - F1) times the
// scale. Checked straddling cell borders, at negative integers too.
TEST(Worley, IsContinuousAcrossCellBorders) {
    noise::SplitMix64 rng(11);
    const double h = 1e-7;
    for (int dimension = 1; dimension <= 4; ++dimension) {
        for (const auto metric : metrics) {
            for (const auto ret : returns) {
                const auto params = worley(dimension, metric, ret);
                const noise::FractalNoise noise(params);
                const double unit =
                    (ret == CellularReturn::f1 ? 1.0 : 0.5) / half_diagonal(dimension, metric);
                const double limit =
                    (ret == CellularReturn::f2_minus_f1 ? 2.0 : 1.0) * h * unit * 1.0001 + 1e-13;
                for (int n = 0; n < 400; ++n) {
                    noise::Point p = random_point(rng, 20.0);
                    const int axis = static_cast<int>(rng.below(static_cast<std::uint32_t>(dimension)));
                    p[axis]        = std::round(p[axis]) - h / 2;  // just before a border
                    noise::Point q = p;
                    q[axis] += h;
                    ASSERT_LE(std::abs(noise.at(q) - noise.at(p)), limit)
                        << name_of(params) << " at " << p[axis];
                }
            }
        }
    }
}

// The measured range over 10^6 points per dimension x metric x return (worley.hpp's table),
// against what the proof allows: F1 < the farthest point of the own cell, F2 < worley.hpp's
// bound on F2, F2 - F1 <= F2; all >= 0.
TEST(Worley, RangeOverAMillionPoints) {
    for (int dimension = 1; dimension <= 4; ++dimension) {
        for (const auto metric : metrics) {
            const double d        = dimension;
            const double f2_bound = metric == CellularDistance::euclidean   ? std::sqrt(2.25 + (d - 1))
                                    : metric == CellularDistance::manhattan ? 1.5 + (d - 1)
                                                                            : 1.5;
            const double f1_bound = metric == CellularDistance::euclidean   ? std::sqrt(d)
                                    : metric == CellularDistance::manhattan ? d
                                                                            : 1.0;
            for (const auto ret : returns) {
                auto params      = worley(dimension, metric, ret);
                params.frequency = 331.7;  // 1000 px: about 3 px per cell
                params.offset_x  = -123.4;
                params.offset_y  = -45.6;
                params.z         = 7.3;
                params.w         = -2.9;
                const int rows   = dimension == 1 ? 1 : 1000;
                const int width  = dimension == 1 ? 1000000 : 1000;
                std::vector<float> image(static_cast<std::size_t>(width) * rows);
                if (dimension == 1) params.frequency = 99999.7;  // 10 px per cell
                noise::render(params, noise::Region::full(width, rows), image);
                const auto [lo, hi] = std::minmax_element(image.begin(), image.end());
                const double unit =
                    (ret == CellularReturn::f1 ? 1.0 : 0.5) / half_diagonal(dimension, metric);
                const double bound = (ret == CellularReturn::f1 ? f1_bound : f2_bound) * unit;
                std::printf("worley range %s: [%.4f, %.4f] (bound %.4f)\n", name_of(params).c_str(), *lo, *hi,
                            bound);
                EXPECT_GE(*lo, 0.0f) << name_of(params);
                EXPECT_LT(*hi, bound) << name_of(params);
                EXPECT_LT(*lo, *hi) << name_of(params);
            }
        }
    }
}

// F1 <= F2: the trace's nearest and second nearest, and the two returns' raw values (F2's scale
// is exactly half of F1's, so 2 * raw F2 >= raw F1 holds in floating point too).
TEST(Worley, NearestIsNoFartherThanSecondNearest) {
    noise::SplitMix64 rng(12);
    for (int dimension = 1; dimension <= 4; ++dimension) {
        for (const auto metric : metrics) {
            const noise::FractalNoise f1(worley(dimension, metric, CellularReturn::f1));
            const noise::FractalNoise f2(worley(dimension, metric, CellularReturn::f2));
            for (int n = 0; n < 300; ++n) {
                const noise::Point p = random_point(rng, 30.0);
                EXPECT_LE(f1.at(p), 2.0 * f2.at(p));
                const noise::Trace trace    = noise::trace_point(f1, p);
                const noise::OctaveTrace& o = trace.octaves[0];
                ASSERT_GE(o.nearest, 0);
                ASSERT_GE(o.second_nearest, 0);
                EXPECT_NE(o.nearest, o.second_nearest);
                EXPECT_LE(o.corners[static_cast<std::size_t>(o.nearest)].value,
                          o.corners[static_cast<std::size_t>(o.second_nearest)].value);
                EXPECT_EQ(o.corners[static_cast<std::size_t>(o.nearest)].value *
                              (1.0 / half_diagonal(dimension, metric)),
                          o.value);
                EXPECT_TRUE(o.blends.empty());
            }
        }
    }
}

// Tiling wraps the cells' indices: the field repeats exactly every `tile` units on every axis, at
// every octave, for lacunarity 2 and 3. Points with short binary fractions keep p + tile exact.
TEST(Worley, TilesExactly) {
    noise::SplitMix64 rng(13);
    for (int dimension = 1; dimension <= 4; ++dimension) {
        for (const auto metric : metrics) {
            for (const std::uint32_t tile : {1u, 2u, 3u, 5u, 16u}) {
                for (const double lacunarity : {2.0, 3.0}) {
                    auto params           = worley(dimension, metric, returns[rng.below(3)]);
                    params.tile           = tile;
                    params.lacunarity     = lacunarity;
                    params.octaves        = 3;
                    params.fractal        = static_cast<noise::Fractal>(rng.below(3));
                    params.octave_offsets = static_cast<noise::OctaveOffsets>(rng.below(2));
                    const noise::FractalNoise noise(params);
                    for (int n = 0; n < 20; ++n) {
                        noise::Point p;
                        for (double& c : p) c = static_cast<double>(rng.below(4096)) / 64.0 - 32.0;
                        const double here = noise.at(p);
                        for (int axis = 0; axis < dimension; ++axis) {
                            noise::Point q = p;
                            q[axis] +=
                                tile * static_cast<double>(1 + rng.below(3)) * (rng.below(2) ? 1.0 : -1.0);
                            ASSERT_EQ(noise.at(q), here) << name_of(params) << " tile " << tile;
                        }
                    }
                }
            }
        }
    }
}

// Jitter 0 puts every feature point at its cell's centre: F1 is the distance to the nearest
// centre, per axis |f - 0.5|.
TEST(Worley, JitterZeroIsTheRegularGrid) {
    noise::SplitMix64 rng(14);
    for (int dimension = 1; dimension <= 4; ++dimension) {
        for (const auto metric : metrics) {
            const noise::FractalNoise noise(worley(dimension, metric, CellularReturn::f1, 0.0));
            for (int n = 0; n < 300; ++n) {
                const noise::Point p = random_point(rng, 30.0);
                double sum = 0.0, largest = 0.0;
                for (int a = 0; a < dimension; ++a) {
                    const double gap = std::abs(p[a] - std::floor(p[a]) - 0.5);
                    sum += metric == CellularDistance::euclidean ? gap * gap : gap;
                    largest = std::max(largest, gap);
                }
                const double f1 = metric == CellularDistance::euclidean   ? std::sqrt(sum)
                                  : metric == CellularDistance::manhattan ? sum
                                                                          : largest;
                EXPECT_NEAR(noise.at(p), f1 / half_diagonal(dimension, metric), 1e-12);
            }
        }
    }
}

// Where the field is smooth (away from borders and feature points) the dual-number gradient
// equals central differences; kinks are recognised by two step sizes disagreeing.
TEST(Worley, GradientMatchesFiniteDifferencesWhereSmooth) {
    noise::SplitMix64 rng(15);
    for (int dimension = 1; dimension <= 4; ++dimension) {
        for (const auto metric : metrics) {
            for (const auto ret : returns) {
                auto params    = worley(dimension, metric, ret);
                params.octaves = 2;
                const noise::FractalNoise noise(params);
                int checked = 0;
                for (int n = 0; n < 200; ++n) {
                    const noise::Point p         = random_point(rng, 20.0);
                    const noise::ValueGradient g = noise::value_gradient(noise, p);
                    ASSERT_EQ(g.value, noise.at(p));
                    bool smooth = true;
                    std::array<double, 4> fd{};
                    for (int a = 0; a < dimension && smooth; ++a) {
                        const auto diff = [&](double h) {
                            noise::Point lo = p, hi = p;
                            lo[a] -= h;
                            hi[a] += h;
                            return (noise.at(hi) - noise.at(lo)) / (2 * h);
                        };
                        fd[a]  = diff(1e-6);
                        smooth = std::abs(fd[a] - diff(2e-6)) < 1e-5;
                    }
                    if (!smooth) continue;
                    ++checked;
                    for (int a = 0; a < dimension; ++a)
                        EXPECT_NEAR(g.gradient[a], fd[a], 1e-4 * (1 + std::abs(fd[a])))
                            << name_of(params) << " axis " << a;
                }
                EXPECT_GT(checked, 100) << name_of(params);
            }
        }
    }
}

// The dual-number gradient and the trace are the reference itself: their values equal `at` bit
// for bit, for every fractal, with octave seeds and offsets.
TEST(Worley, GradientAndTraceValuesAreTheValueBitForBit) {
    noise::SplitMix64 rng(16);
    for (int n = 0; n < 200; ++n) {
        auto params = worley(1 + static_cast<int>(rng.below(4)), metrics[rng.below(3)], returns[rng.below(3)],
                             rng.unit());
        params.octaves        = 1 + static_cast<int>(rng.below(5));
        params.fractal        = static_cast<noise::Fractal>(rng.below(3));
        params.octave_seeds   = static_cast<noise::OctaveSeeds>(rng.below(2));
        params.octave_offsets = static_cast<noise::OctaveOffsets>(rng.below(2));
        params.lacunarity     = 1.0 + 3.0 * rng.unit();
        const noise::FractalNoise noise(params);
        const noise::Point p = random_point(rng, 100.0);
        EXPECT_EQ(noise::value_gradient(noise, p).value, noise.at(p)) << name_of(params);
        const noise::Trace trace = noise::trace_point(noise, p);
        EXPECT_EQ(trace.total.value, noise.at(p)) << name_of(params);
        for (int i = 0; i < params.octaves; ++i)
            EXPECT_EQ(trace.octaves[static_cast<std::size_t>(i)].value, noise.octave(i, p));
    }
}

// The cellular controls show for the algorithms of feature points only (worley and voronoi), and
// cellular_return for worley alone: voronoi returns a cell's value, not a distance.
TEST(Worley, OnlyCellularNoiseShowsTheCellularControls) {
    for (const auto& info : noise::algorithm_table()) {
        noise::Params params;
        params.algorithm     = info.algorithm;
        const bool cellular  = info.corner == noise::CornerKind::feature;
        const bool distances = info.algorithm == noise::Algorithm::worley;
        EXPECT_EQ(noise::unused_reason(params, "cellular_return").empty(), distances) << info.name;
        for (const char* key : {"cellular_distance", "cellular_jitter"})
            EXPECT_EQ(noise::unused_reason(params, key).empty(), cellular) << info.name << " " << key;
    }
    // Cellular noise tiles (its cells are square), but blends no corners for the corner views.
    EXPECT_TRUE(noise::algorithm_info(noise::Algorithm::worley).tiles);
    EXPECT_FALSE(noise::algorithm_info(noise::Algorithm::worley).square_lattice());
}

}  // namespace
