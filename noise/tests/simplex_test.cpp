// Simplex noise (simplex.hpp): determinism, seeds, zeros at the vertices, continuity (C0 and C1)
// across the surfaces where the set of vertices summed changes, the range, the gradient, the
// kernels on every target, the coordinate limits and the tiling rule.
#include "noise/simplex.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <functional>
#include <limits>
#include <vector>

#include "noise/algorithms.hpp"
#include "noise/kernel.hpp"
#include "noise/render.hpp"
#include "noise/trace.hpp"
#include "test_support.hpp"

namespace {

using noise::Algorithm;
using noise::Point;

constexpr double unskew2 = 0.21132486540518711775, unskew4 = 0.13819660112501051518;  // simplex_lattice.hpp

noise::Params simplex(int dimension, int octaves = 1) {
    noise::Params params =
        noise_test::one_octave(Algorithm::simplex, dimension, noise::Interpolation::quintic);
    params.octaves = octaves;
    return params;
}

Point random_point(noise::SplitMix64& rng, double extent) {
    Point p{};
    for (double& c : p) c = (rng.unit() * 2.0 - 1.0) * extent;
    return p;
}

// [SECTION] Where the summed vertices change ---------------------------------------------------
// Points on the surfaces where the reference switches simplex (2D, 4D) or nearest vertex and
// neighbour (3D): a discontinuity, if any, is there. Each is built in lattice space and mapped
// back to noise space.

// 2D / 4D: the unskew of lattice-space point u (the inverse of simplex.cpp's skew).
template <std::size_t D>
Point unskewed(const std::array<double, D>& u) {
    const double unskew = D == 2 ? unskew2 : unskew4;
    double sum          = 0.0;
    for (double c : u) sum += c;
    Point p{};
    for (std::size_t a = 0; a < D; ++a) p[a] = u[a] - sum * unskew;
    return p;
}

// 3D: the transpose of simplex.cpp's rotation (it is orthonormal).
Point unrotated(const std::array<double, 3>& r) {
    const double s6 = 1.0 / std::sqrt(6.0), s2 = 1.0 / std::sqrt(2.0), s3 = 1.0 / std::sqrt(3.0);
    return {2.0 * s6 * r[0] - s6 * r[1] - s6 * r[2], s2 * r[1] - s2 * r[2], s3 * (r[0] + r[1] + r[2]), 0.0};
}

std::vector<Point> switching_points(int dimension, noise::SplitMix64& rng) {
    std::vector<Point> points;
    const auto cell  = [&] { return static_cast<double>(static_cast<int>(rng.below(40)) - 20); };
    const auto inner = [&] { return rng.unit(); };
    for (int n = 0; n < 400; ++n) {
        if (dimension <= 2) {
            const double i = cell(), j = cell(), t = inner(), s = inner();
            points.push_back(unskewed<2>({i + t, j + t}));  // the diagonal inside the cell
            points.push_back(unskewed<2>({i, j + s}));      // a cell edge
            points.push_back(unskewed<2>({i + s, j}));
        } else if (dimension == 3) {
            const double i = cell(), j = cell(), k = cell(), a = inner() - 0.5, b = inner() - 0.5;
            const double c = std::abs(a);
            for (double shift : {0.0, 0.5}) {  // both grids
                points.push_back(
                    unrotated({i + shift + 0.5, j + shift + a, k + shift + b}));  // nearest flips
                points.push_back(
                    unrotated({i + shift + c, j + shift + c, k + shift + b * c}));  // neighbour flips
                points.push_back(unrotated({i + shift + b * c, j + shift - c, k + shift + c}));
            }
        } else {
            const double i = cell(), j = cell(), k = cell(), l = cell();
            const double t = inner(), a = inner(), b = inner();
            points.push_back(unskewed<4>({i + t, j + t, k + a, l + b}));  // rank ties
            points.push_back(unskewed<4>({i + a, j + b, k + t, l + t}));
            points.push_back(unskewed<4>({i + a, j, k + b, l + t}));  // a cell face
        }
    }
    if (dimension == 1)  // 1D: the 2D noise along y = 0, where it crosses the diagonals and edges
        for (auto& p : points) p = {p[0], 0.0, 0.0, 0.0};
    return points;
}

// The largest change of f between p - h e and p + h e over the points and the unit axes e.
double largest_jump(const std::function<double(const Point&)>& f, const std::vector<Point>& points,
                    int dimension, double h) {
    double largest = 0.0;
    for (const Point& p : points)
        for (int axis = 0; axis < dimension; ++axis) {
            Point a = p, b = p;
            a[static_cast<std::size_t>(axis)] -= h;
            b[static_cast<std::size_t>(axis)] += h;
            largest = std::max(largest, std::abs(f(b) - f(a)));
        }
    return largest;
}

// [SECTION] Tests ----------------------------------------------------------------------------

TEST(Simplex, IsDeterministicAndEachSeedDiffers) {
    noise::SplitMix64 rng(10);
    for (int dimension = 1; dimension <= 4; ++dimension) {
        const noise::Lattice a(5), again(5), other(6);
        int differ = 0;
        for (int n = 0; n < 1000; ++n) {
            const Point p  = random_point(rng, 100.0);
            const double v = noise::simplex_noise(a, p, dimension);
            ASSERT_EQ(std::bit_cast<std::uint64_t>(v),
                      std::bit_cast<std::uint64_t>(noise::simplex_noise(again, p, dimension)));
            differ += v != noise::simplex_noise(other, p, dimension);
        }
        EXPECT_GT(differ, 950) << "dimension " << dimension;
    }
}

TEST(Simplex, OneDIsTheTwoDNoiseAlongYZero) {
    const noise::Lattice lattice(3);
    noise::SplitMix64 rng(11);
    for (int n = 0; n < 1000; ++n) {
        const double x = (rng.unit() - 0.5) * 1000.0;
        ASSERT_EQ(noise::simplex_noise(lattice, {x, 0.0, 0.0, 0.0}, 2),
                  noise::simplex_noise(lattice, {x, 7.0, 1.0, 2.0}, 1));
    }
}

// No vertex reaches another (their distances are at least sqrt(1/2), the radius), so at a vertex
// only its own ramp g . 0 counts: gradient noise is 0 there, as Perlin's is at its lattice points.
TEST(Simplex, IsZeroAtTheLatticeVertices) {
    const noise::Lattice lattice(9);
    for (int i = -3; i <= 3; ++i)
        for (int j = -3; j <= 3; ++j) {
            EXPECT_NEAR(noise::simplex_noise(lattice, unskewed<2>({double(i), double(j)}), 2), 0.0, 1e-12);
            EXPECT_NEAR(noise::simplex_noise(lattice, unskewed<4>({double(i), double(j), 2.0, -1.0}), 4), 0.0,
                        1e-12);
            for (double shift : {0.0, 0.5})  // both grids of the 3D lattice
                EXPECT_NEAR(noise::simplex_noise(lattice, unrotated({i + shift, j + shift, 1.0 + shift}), 3),
                            0.0, 1e-12);
        }
    // ... and not 0 between them: the test above is not passed by a flat field.
    EXPECT_GT(std::abs(noise::simplex_noise(lattice, unskewed<2>({0.3, 0.6}), 2)), 1e-3);
}

TEST(Simplex, IsContinuousWhereTheSummedVerticesChange) {
    noise::SplitMix64 rng(12);
    for (int dimension = 1; dimension <= 4; ++dimension) {
        const noise::FractalNoise noise(simplex(dimension));
        const auto points = switching_points(dimension, rng);
        // The slope stays below 20, so a step of 2e-9 changes the value by < 4e-8 where it is
        // continuous; a vertex dropped while its bump is still r^2 - |d|^2 = 0.01 high would jump
        // by about 1e-8 * 76: more than the bound at 0.05 (0.05^4 * 76 = 5e-4).
        const double jump =
            largest_jump([&](const Point& p) { return noise.at(p); }, points, dimension, 1e-9);
        EXPECT_LT(jump, 1e-7) << "dimension " << dimension;
    }
}

// The check above can fail: white noise jumps on its cell edges, which these points include.
TEST(Simplex, TheContinuityCheckSeesAJump) {
    noise::SplitMix64 rng(12);
    const noise::FractalNoise white(
        noise_test::one_octave(Algorithm::white, 1, noise::Interpolation::linear));
    std::vector<Point> edges;
    for (int n = -20; n < 20; ++n) edges.push_back({static_cast<double>(n), 0.0, 0.0, 0.0});
    EXPECT_GT(largest_jump([&](const Point& p) { return white.at(p); }, edges, 1, 1e-9), 1e-3);
}

// C1: the analytic gradient (trace.hpp) has no jump across the same surfaces either.
TEST(Simplex, HasContinuousSlopesWhereTheSummedVerticesChange) {
    noise::SplitMix64 rng(13);
    for (int dimension = 1; dimension <= 4; ++dimension) {
        const noise::FractalNoise noise(simplex(dimension));
        const auto points = switching_points(dimension, rng);
        for (int axis = 0; axis < dimension; ++axis) {
            const auto slope = [&](const Point& p) {
                return noise::value_gradient(noise, p).gradient[static_cast<std::size_t>(axis)];
            };
            EXPECT_LT(largest_jump(slope, points, dimension, 1e-9), 1e-5)
                << "dimension " << dimension << " axis " << axis;
        }
    }
}

TEST(Simplex, GradientMatchesCentralDifferences) {
    noise::SplitMix64 rng(14);
    for (int dimension = 1; dimension <= 4; ++dimension) {
        for (int octaves : {1, 4}) {
            const noise::FractalNoise noise(simplex(dimension, octaves));
            ASSERT_EQ(noise::gradient_method(noise.params()), noise::GradientMethod::analytic);
            double largest = 0.0;
            for (int n = 0; n < 300; ++n) {
                const Point p = random_point(rng, 50.0);
                const auto g  = noise::value_gradient(noise, p);
                ASSERT_EQ(g.value, noise.at(p));
                for (int axis = 0; axis < dimension; ++axis) {
                    Point a = p, b = p;
                    const double h = 1e-6;
                    a[static_cast<std::size_t>(axis)] -= h;
                    b[static_cast<std::size_t>(axis)] += h;
                    const double numeric = (noise.at(b) - noise.at(a)) / (2 * h);
                    ASSERT_NEAR(g.gradient[static_cast<std::size_t>(axis)], numeric,
                                1e-5 * (1.0 + std::abs(numeric)))
                        << "dimension " << dimension << " octaves " << octaves;
                    largest = std::max(largest, std::abs(numeric));
                }
            }
            EXPECT_GT(largest, 0.5);  // not a flat field
        }
    }
}

// One octave within [-1, 1] (simplex.hpp's normalisation) over 10^6 points per dimension, drawn
// by the kernel (bit for bit the reference, tested below), and close to it: the normalisation
// is not loose either.
TEST(Simplex, OneOctaveStaysWithinMinusOneToOne) {
    for (int dimension = 1; dimension <= 4; ++dimension) {
        for (std::uint32_t seed : {0u, 77u}) {
            noise::Params params = simplex(dimension);
            params.seed          = seed;
            params.frequency     = 180.0;
            params.offset_x      = -911.3;
            params.z             = 3.7;
            params.w             = -12.1;
            const noise::FractalNoise noise(params);
            const noise::RowKernel kernel(noise);
            std::vector<double> row(1000);
            double largest = 0.0;
            const int rows = dimension == 1 ? 1 : 500;
            for (int y = 0; y < rows; ++y) {
                kernel.fill_row({params.offset_x, params.frequency / 1000.0, 0, -60.0 + y * 0.2371}, row);
                for (double v : row) largest = std::max(largest, std::abs(v));
            }
            EXPECT_LE(largest, 1.0) << "dimension " << dimension;
            EXPECT_GT(largest, dimension == 1 ? 0.5 : 0.8) << "dimension " << dimension;
        }
    }
}

// Every fractal and octave setting on every SIMD target equals the reference bit for bit, at
// low and high frequencies, negative coordinates and coordinates past the lattice limit.
TEST(Simplex, KernelsOnEveryTargetEqualTheReference) {
    for (const auto name : noise::available_simd_targets()) {
        ASSERT_TRUE(noise::force_simd_target(name));
        noise::SplitMix64 rng(15);
        for (int n = 0; n < 120; ++n) {
            noise::Params params       = simplex(1 + n % 4, 1 + static_cast<int>(rng.below(6)));
            params.fractal             = static_cast<noise::Fractal>(rng.below(3));
            params.octave_seeds        = static_cast<noise::OctaveSeeds>(rng.below(2));
            params.octave_offsets      = static_cast<noise::OctaveOffsets>(rng.below(2));
            params.seed                = static_cast<std::uint32_t>(rng.next());
            params.lacunarity          = 1.0 + 3.0 * rng.unit();
            params.persistence         = rng.unit();
            const double frequencies[] = {0.5, 7.0, 300.0, 4000.0};
            params.frequency           = frequencies[rng.below(4)];
            // Octaves past +-2^49 (1e12 times lacunarity^o) leave the kernel's quick path (no
            // clamp, cells converted by an addition) for the general one: both are compared.
            const double places[] = {0.0, -3.0, 1e6, -1e12};
            params.offset_x       = places[rng.below(4)] + rng.unit();
            params.offset_y       = places[rng.below(4)] + rng.unit();
            params.z              = (rng.unit() - 0.5) * 100.0;
            params.w              = (rng.unit() - 0.5) * 100.0;
            const noise::FractalNoise noise(params);
            const noise::RowKernel kernel(noise);
            const int width = 1 + static_cast<int>(rng.below(300));
            std::vector<double> row(static_cast<std::size_t>(width)), octave_row(row.size());
            const double y = params.offset_y + rng.unit() * params.frequency;
            kernel.fill_row({params.offset_x, params.frequency / width, 0, y}, row);
            const int octave = static_cast<int>(rng.below(static_cast<std::uint32_t>(params.octaves)));
            kernel.fill_octave_row(octave, {params.offset_x, params.frequency / width, 0, y}, octave_row);
            for (int i = 0; i < width; ++i) {
                Point p = noise::pixel_point(params, width, i, 0);
                p[1]    = y;
                ASSERT_EQ(std::bit_cast<std::uint64_t>(row[static_cast<std::size_t>(i)]),
                          std::bit_cast<std::uint64_t>(noise.at(p)))
                    << "target " << name << ", set " << n << ", pixel " << i;
                ASSERT_EQ(octave_row[static_cast<std::size_t>(i)],
                          noise.octave_weight(octave) * noise.octave(octave, p))
                    << "target " << name << ", set " << n << ", pixel " << i;
            }
        }
    }
    noise::force_simd_target("");
}

// At a lattice vertex only the vertex's own ramp g . 0 counts, and the other vertices add
// falloff 0 times their ramps: each of these zeros is -0 where its ramp is negative. The
// reference sums them from 0.0, so the noise there is +0; the kernel sums from the first vertex
// and restores the +0 where an octave is stored on its own (simplex_kernel.cpp, Accumulate).
// Both rows are compared bit for bit, so a -0 in either fails: the origin is a vertex of every
// dimension's lattice, and among 64 seeds some have only negative ramps there.
TEST(Simplex, KernelsGivePlusZeroAtAVertexAsTheReferenceDoes) {
    for (const auto name : noise::available_simd_targets()) {
        ASSERT_TRUE(noise::force_simd_target(name));
        for (int dimension = 1; dimension <= 4; ++dimension)
            for (std::uint32_t seed = 0; seed < 64; ++seed) {
                noise::Params params = simplex(dimension, 2);
                params.seed          = seed;
                params.frequency     = 8.0;  // one unit per pixel: pixel 0 at x = 0
                params.offset_x      = -0.5;
                params.offset_y = params.z = params.w = 0.0;
                const noise::FractalNoise noise(params);
                const noise::RowKernel kernel(noise);
                std::vector<double> row(8), octave_row(row.size());
                kernel.fill_row({params.offset_x, 1.0, 0, 0.0}, row);
                kernel.fill_octave_row(0, {params.offset_x, 1.0, 0, 0.0}, octave_row);
                Point origin = noise::pixel_point(params, 8, 0, 0);
                origin[1]    = 0.0;
                ASSERT_EQ(origin[0], 0.0);
                ASSERT_EQ(std::bit_cast<std::uint64_t>(octave_row[0]),
                          std::bit_cast<std::uint64_t>(noise.octave_weight(0) * noise.octave(0, origin)))
                    << "target " << name << ", dimension " << dimension << ", seed " << seed;
                ASSERT_EQ(std::bit_cast<std::uint64_t>(row[0]),
                          std::bit_cast<std::uint64_t>(noise.at(origin)))
                    << "target " << name << ", dimension " << dimension << ", seed " << seed;
            }
    }
    noise::force_simd_target("");
}

// The kernel's two paths side by side: octaves 0-4 of these rows lie within +-2^49 (the quick
// path), octave 5 (1e12 * 4^5) beyond it; low frequencies share simplices between lanes.
TEST(Simplex, KernelsPastTheQuickLimitEqualTheReference) {
    for (const auto name : noise::available_simd_targets()) {
        ASSERT_TRUE(noise::force_simd_target(name));
        for (int dimension = 1; dimension <= 4; ++dimension)
            for (const double frequency : {3.0, 900.0}) {
                noise::Params params = simplex(dimension, 6);
                params.lacunarity    = 4.0;
                params.frequency     = frequency;
                params.offset_x      = -1e12 + 0.3;
                params.offset_y      = 1e12 - 0.7;
                params.z             = -0.4;
                params.w             = 0.9;
                const noise::FractalNoise noise(params);
                const noise::RowKernel kernel(noise);
                constexpr int width = 200;
                std::vector<double> row(width);
                kernel.fill_row({params.offset_x, params.frequency / width, 0, params.offset_y}, row);
                for (int i = 0; i < width; ++i) {
                    Point p = noise::pixel_point(params, width, i, 0);
                    p[1]    = params.offset_y;
                    ASSERT_EQ(std::bit_cast<std::uint64_t>(row[static_cast<std::size_t>(i)]),
                              std::bit_cast<std::uint64_t>(noise.at(p)))
                        << "target " << name << ", dimension " << dimension << ", pixel " << i;
                }
            }
    }
    noise::force_simd_target("");
}

// Where the lanes of a vector of 8 pixels (the widest target's) lie, in a 2D row's first
// octave: whether some vector has lanes in one cell on both sides of its diagonal, and whether
// some vector has lanes in different cells. (simplex.cpp's skew and ranking, scalar.)
struct Straddles {
    bool across_diagonal = false;
    bool across_cells    = false;
};
Straddles straddles(const std::vector<Point>& pixels) {
    constexpr double skew2 = 0.36602540378443864676;  // simplex_lattice.hpp
    struct Simplex {
        double cx, cy;
        bool x_higher;
    };
    const auto simplex_of = [&](const Point& p) {
        const double s = (p[0] + p[1]) * skew2, qx = p[0] + s, qy = p[1] + s;
        const double cx = std::floor(qx), cy = std::floor(qy), fx = qx - cx, fy = qy - cy;
        const double t = (fx + fy) * unskew2;
        return Simplex{cx, cy, fx - t > fy - t};
    };
    Straddles found;
    for (std::size_t i = 0; i + 1 < pixels.size(); ++i) {
        if ((i + 1) % 8 == 0) continue;  // the next pixel starts a vector
        const Simplex a = simplex_of(pixels[i]), b = simplex_of(pixels[i + 1]);
        if (a.cx != b.cx || a.cy != b.cy)
            found.across_cells = true;
        else if (a.x_higher != b.x_higher)
            found.across_diagonal = true;
    }
    return found;
}

// The 2D kernel's ways to a lane's three vertices, each on every target against the reference:
// vectors in one cell whose lanes lie on both sides of its diagonal, vectors across a cell edge
// (two cells' corners), vectors across three cells (their lanes hash among vectors that share),
// and rows where every lane hashes its own (two vectors a step, and a last one alone), at
// negative and positive coordinates, past the lattice limit (2^52, where coordinates are
// clamped), with and without octave offsets. The rows are first shown to have vectors whose
// lanes lie in different simplices.
TEST(Simplex, TwoDKernelPathsOnEveryTargetEqualTheReference) {
    struct Row {
        double origin, step, y;
        int width;
    };
    std::vector<Row> rows;
    for (const double step : {0.0007, 0.013, 0.05, 0.9, 1.37})
        for (const double origin : {-40.3, 5.7, -3e5 - 0.25, -1e12 + 0.3})
            for (const int width : {1019, 195, 37})
                rows.push_back({origin, step, origin < 0 ? -17.41 : 2.6, width});
    Straddles seen;
    for (const Row& row : rows) {
        if (row.step > 0.05) continue;  // the rows that share cells
        std::vector<Point> pixels;
        for (int i = 0; i < row.width; ++i)
            pixels.push_back({row.origin + (i + 0.5) * row.step, row.y, 0.0, 0.0});
        const Straddles s = straddles(pixels);
        seen.across_diagonal |= s.across_diagonal;
        seen.across_cells |= s.across_cells;
    }
    ASSERT_TRUE(seen.across_diagonal && seen.across_cells);

    for (const auto name : noise::available_simd_targets()) {
        ASSERT_TRUE(noise::force_simd_target(name));
        int n = 0;
        for (const Row& row : rows)
            for (const auto offsets : {noise::OctaveOffsets::none, noise::OctaveOffsets::shifted}) {
                // From -1e12, 4^7 and 4^8 times farther out: octaves 7 and 8 are clamped.
                const bool far        = row.origin < -1e6;
                noise::Params params  = simplex(2, far ? 9 : 3);
                params.lacunarity     = far ? 4.0 : 2.5;
                params.octave_offsets = offsets;
                params.seed           = static_cast<std::uint32_t>(0x9E3779B9u * static_cast<unsigned>(++n));
                params.offset_x       = row.origin;
                params.frequency      = row.step * row.width;
                const noise::FractalNoise noise(params);
                const noise::RowKernel kernel(noise);
                std::vector<double> out(static_cast<std::size_t>(row.width));
                kernel.fill_row({row.origin, params.frequency / row.width, 0, row.y}, out);
                for (int i = 0; i < row.width; ++i) {
                    Point p = noise::pixel_point(params, row.width, i, 0);
                    p[1]    = row.y;
                    ASSERT_EQ(std::bit_cast<std::uint64_t>(out[static_cast<std::size_t>(i)]),
                              std::bit_cast<std::uint64_t>(noise.at(p)))
                        << "target " << name << ", origin " << row.origin << ", step " << row.step
                        << ", pixel " << i;
                }
            }
    }
    noise::force_simd_target("");
}

// A row that ascends keeps the cell its last vector ended in and tests the next vector against
// the cell's far edge (simplex_kernel.cpp, AscendingRow2). A pixel exactly on that edge belongs
// to the next cell: here one pixel's skewed x is exactly 1, the left edge of cell 1. It is the
// last lane of its vector on every target (704 is a multiple of 1, 2, 4 and 8 lanes), so the
// vector's other lanes do not already fail the test.
TEST(Simplex, KeptCellEndsAtItsEdge) {
    constexpr double skew2 = 0.36602540378443864676;  // simplex_lattice.hpp
    constexpr int width    = 1019;
    constexpr double step  = 0x1.0p-10;  // so the pixels' x, (i + 0.5) step, are exact
    const int edge_pixel   = 703;
    const double x         = (edge_pixel + 0.5) * step;
    // y such that x + (x + y) skew2 rounds to exactly 1: every double s near 1 - x is some
    // rounded (x + y) skew2, so a walk over y's neighbours finds it.
    double y = (1.0 - x) / skew2 - x;
    for (int k = 0; k < 4096 && x + (x + y) * skew2 != 1.0; ++k)
        y = std::nextafter(y, x + (x + y) * skew2 < 1.0 ? 2.0 : 0.0);
    ASSERT_EQ(x + (x + y) * skew2, 1.0) << "no row with a pixel on the edge";

    noise::Params params = simplex(2);
    params.frequency     = step * width;
    const noise::FractalNoise noise(params);
    for (const auto name : noise::available_simd_targets()) {
        ASSERT_TRUE(noise::force_simd_target(name));
        const noise::RowKernel kernel(noise);
        std::vector<double> out(static_cast<std::size_t>(width));
        kernel.fill_row({0.0, step, 0, y}, out);
        for (int i = 0; i < width; ++i)
            ASSERT_EQ(std::bit_cast<std::uint64_t>(out[static_cast<std::size_t>(i)]),
                      std::bit_cast<std::uint64_t>(noise.at({(i + 0.5) * step, y, 0.0, 0.0})))
                << "target " << name << ", pixel " << i;
    }
    noise::force_simd_target("");
}

TEST(Simplex, AnyCoordinateIsDefined) {
    const noise::Lattice lattice(1);
    const double inf = std::numeric_limits<double>::infinity(),
                 nan = std::numeric_limits<double>::quiet_NaN();
    for (int dimension = 1; dimension <= 4; ++dimension)
        for (double c : {1e300, -1e300, inf, -inf, nan, 0x1.0p52, -0x1.0p53}) {
            const double v = noise::simplex_noise(lattice, {c, -c, c, 0.5}, dimension);
            EXPECT_TRUE(std::isfinite(v));
            EXPECT_LE(std::abs(v), 1.0);
        }
}

TEST(Simplex, CannotTileAndReadsNoCurveOrGradientSet) {
    noise::Params params = simplex(2);
    params.tile          = 8;
    EXPECT_EQ(
        noise::validate(params),
        "tile: '8' is not allowed with algorithm = simplex: expected 0, since no square period repeats its "
        "lattice");
    EXPECT_THROW(noise::FractalNoise{params}, std::invalid_argument);
    params.tile = 0;
    EXPECT_EQ(noise::validate(params), "");
    for (const char* key : {"tile", "gradients", "interpolation", "smooth"})
        EXPECT_NE(noise::unused_reason(params, key), "") << key;
    for (const char* key : {"octaves", "seed", "fractal", "octave_offsets"})
        EXPECT_EQ(noise::unused_reason(params, key), "") << key;
    EXPECT_FALSE(noise::algorithm_info(Algorithm::simplex).square_lattice());
    EXPECT_FALSE(noise::algorithm_info(Algorithm::simplex).tiles);
    EXPECT_TRUE(noise::algorithm_info(Algorithm::perlin).square_lattice());
    EXPECT_TRUE(noise::algorithm_info(Algorithm::worley).tiles);
}

// The trace sums what the render sums: its vertices' contributions add up to the octave's value
// (before normalisation), D + 1 of them in 2D and 4D, 4 in 3D, and no blends.
TEST(Simplex, TraceListsTheVerticesSummed) {
    noise::SplitMix64 rng(16);
    for (int dimension = 1; dimension <= 4; ++dimension) {
        const noise::FractalNoise noise(simplex(dimension));
        for (int n = 0; n < 50; ++n) {
            const Point p                    = random_point(rng, 30.0);
            const noise::Trace trace         = noise::trace_point(noise, p);
            const noise::OctaveTrace& octave = trace.octaves[0];
            ASSERT_EQ(octave.corners.size(), dimension == 4 ? 5u : (dimension == 3 ? 4u : 3u));
            EXPECT_TRUE(octave.blends.empty());
            double sum = 0.0;
            for (const auto& corner : octave.corners) sum += corner.value;
            const double norm = dimension == 3 ? 76.0 : (dimension == 4 ? 62.0 : 99.0);
            EXPECT_NEAR(sum * norm, octave.value, 1e-12);
            EXPECT_EQ(trace.total.value, noise.at(p));
        }
    }
}

}  // namespace
