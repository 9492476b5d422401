// The teaching views' data: lattice marks and corner contributions read from traces agree with
// the library's own functions, evaluated independently of the trace; the probe's marker draws
// distance lines only where the maths has them.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>

#include "gui/teaching/influence_image.hpp"
#include "gui/teaching/lattice_overlay.hpp"
#include "gui/teaching/probe_panel.hpp"
#include "gui/teaching/probe_simplex.hpp"
#include "noise/perlin.hpp"
#include "noise/render.hpp"
#include "noise/simplex.hpp"
#include "noise/worley.hpp"

namespace app::gui {
namespace {

TEST(LatticeMarks, GradientsAreTheLatticeHashesGradients) {
    // Seed 0, 3D improved: the gradient at lattice point (i, j, 0) is Ken Perlin's grad of the
    // hash p[p[p[i] + j] + 0]: its dot products with the unit vectors give its components.
    noise::Params params;
    params.dimension = 3;
    params.seed      = 0;
    const noise::Lattice lattice(0);
    const auto marks = lattice_marks(params, -2, 3, 5, 7);
    ASSERT_EQ(marks.size(), 6u * 3u);
    for (const LatticeMark& mark : marks) {
        const std::uint8_t h =
            lattice.hash_corner<3>({noise::wrap_index(mark.i, 0), noise::wrap_index(mark.j, 0), 0});
        const double ex[3] = {1, 0, 0}, ey[3] = {0, 1, 0};
        EXPECT_EQ(mark.gx, noise::gradient_dot(lattice, 3, noise::Gradients::improved, h, ex))
            << mark.i << "," << mark.j;
        EXPECT_EQ(mark.gy, noise::gradient_dot(lattice, 3, noise::Gradients::improved, h, ey));
    }
}

TEST(LatticeMarks, CellularMarksAreTheFeaturePoints) {
    // Worley F1 is 0 exactly at a feature point, and each mark's point lies inside its own cell;
    // at jitter 0 it is the cell's centre.
    noise::Params params;
    params.algorithm = noise::Algorithm::worley;
    params.octaves   = 1;
    params.seed      = 5;
    const noise::FractalNoise noise(params);
    const auto marks = lattice_marks(params, -3, 2, -1, 1);
    ASSERT_EQ(marks.size(), 6u * 3u);
    for (const LatticeMark& mark : marks) {
        EXPECT_GE(mark.fx, static_cast<double>(mark.i));
        EXPECT_LT(mark.fx, static_cast<double>(mark.i + 1));
        EXPECT_GE(mark.fy, static_cast<double>(mark.j));
        EXPECT_LT(mark.fy, static_cast<double>(mark.j + 1));
        EXPECT_NEAR(noise.at({mark.fx, mark.fy, 0, 0}), 0.0, 1e-12) << mark.i << "," << mark.j;
    }
    params.cellular_jitter = 0.0;
    for (const LatticeMark& mark : lattice_marks(params, -3, 2, -1, 1)) {
        EXPECT_EQ(mark.fx, static_cast<double>(mark.i) + 0.5);
        EXPECT_EQ(mark.fy, static_cast<double>(mark.j) + 0.5);
    }
}

// Voronoi cells reach the overlay through the algorithm table alone (lattice kind cells, corner
// kind feature): its marks are worley's feature points, which it shares.
TEST(LatticeMarks, VoronoiMarksAreWorleysFeaturePoints) {
    noise::Params worley;
    worley.algorithm       = noise::Algorithm::worley;
    worley.octaves         = 1;
    worley.seed            = 9;
    worley.cellular_jitter = 0.8;
    noise::Params voronoi  = worley;
    voronoi.algorithm      = noise::Algorithm::voronoi;
    const auto expected    = lattice_marks(worley, -2, 3, -1, 1);
    const auto marks       = lattice_marks(voronoi, -2, 3, -1, 1);
    ASSERT_EQ(marks.size(), expected.size());
    for (std::size_t n = 0; n < marks.size(); ++n) {
        EXPECT_EQ(marks[n].fx, expected[n].fx) << marks[n].i << "," << marks[n].j;
        EXPECT_EQ(marks[n].fy, expected[n].fy) << marks[n].i << "," << marks[n].j;
    }
}

TEST(CornerContribution, BeforeInterpolationValueNoiseIsTheNearestLatticeValue) {
    // Value noise before blending: each point shows its nearest lattice point's value, which is
    // white noise sampled inside that lattice point's own cell.
    noise::Params value;
    value.algorithm     = noise::Algorithm::value;
    value.octaves       = 1;
    noise::Params white = value;
    white.algorithm     = noise::Algorithm::white;
    const noise::FractalNoise value_noise(value), white_noise(white);
    for (double x = -3.1; x < 3.0; x += 0.37) {
        const double y         = 1.3 - x * 0.7;
        const double nearest_x = std::floor(x + 0.5), nearest_y = std::floor(y + 0.5);
        EXPECT_EQ(corner_contribution(value_noise, {x, y, 0, 0}, FieldLayer::before_interpolation, 0),
                  white_noise.at({nearest_x + 0.25, nearest_y + 0.25, 0, 0}))
            << x << ", " << y;
    }
}

TEST(CornerContribution, CornerInfluenceIsGradientDotDistance) {
    noise::Params params;
    params.octaves = 1;
    params.seed    = 0;
    const noise::FractalNoise noise(params);
    const noise::Lattice lattice(0);
    const double x = 4.3, y = -1.8;  // cell (4, -2), position (0.3, 0.2)
    for (int corner = 0; corner < 4; ++corner) {
        const int cx = 4 + (corner & 1), cy = -2 + (corner >> 1);
        const std::uint8_t h = lattice.hash_corner<2>({noise::wrap_index(cx, 0), noise::wrap_index(cy, 0)});
        const double d[2]    = {x - cx, y - cy};
        EXPECT_NEAR(corner_contribution(noise, {x, y, 0, 0}, FieldLayer::corner_influence, corner),
                    noise::gradient_dot(lattice, 2, noise::Gradients::improved, h, d), 1e-15)
            << corner;
    }
}

// The probe's marker draws distance vectors only where the maths has them: gradient noise's
// g . d. Value noise blends the corners' values, so lines from its corners would teach a step it
// does not take; simplex and cellular noise have no square cell.
TEST(ProbeMarker, DistanceLinesForGradientNoiseOnly) {
    noise::Params p;
    p.algorithm                           = noise::Algorithm::perlin;
    const std::vector<NoisePoint> corners = probe_distance_corners(p, -0.25, 1.5);
    ASSERT_EQ(corners.size(), 4u);
    EXPECT_EQ(corners[0].x, -1.0);  // floor, not truncation: the cell of a negative x
    EXPECT_EQ(corners[0].y, 1.0);
    EXPECT_EQ(corners[3].x, 0.0);
    EXPECT_EQ(corners[3].y, 2.0);
    for (noise::Algorithm a : {noise::Algorithm::value, noise::Algorithm::white, noise::Algorithm::simplex,
                               noise::Algorithm::worley, noise::Algorithm::voronoi}) {
        p.algorithm = a;
        EXPECT_TRUE(probe_distance_corners(p, -0.25, 1.5).empty())
            << noise::algorithm_names[static_cast<std::size_t>(a)];
    }
    p.algorithm = noise::Algorithm::perlin;
    p.dimension = 1;
    EXPECT_TRUE(probe_distance_corners(p, 0.5, 0.0).empty());
}

TEST(RenderInfluence, FillsTheImageAndStopsWhenCancelled) {
    noise::Params params;
    params.frequency = 4;
    std::atomic<bool> cancelled{false};
    std::atomic<double> progress{0.0};
    const ImageResult image =
        render_influence(params, 40, 20, FieldLayer::corner_influence, 3, {cancelled, progress});
    ASSERT_EQ(image.raw.size(), 800u);
    EXPECT_EQ(progress.load(), 1.0);
    const noise::Point p = noise::pixel_point(params, 40, 7, 11);
    noise::Params one    = params;
    one.octaves          = 1;
    EXPECT_EQ(image.raw[11 * 40 + 7], static_cast<float>(corner_contribution(
                                          noise::FractalNoise(one), p, FieldLayer::corner_influence, 3)));
    cancelled = true;
    progress  = 0.0;
    render_influence(params, 40, 20, FieldLayer::corner_influence, 3, {cancelled, progress});
    EXPECT_EQ(progress.load(), 0.0);
}

}  // namespace
}  // namespace app::gui

namespace app::gui {
namespace {

// The numbers the probe writes out for simplex noise (probe_simplex.cpp) are the library's: the
// vertices' contributions times simplex_facts' normalisation give the octave's value bit for bit,
// each vertex sits where simplex_vertex_at puts it (so the drawn triangle holds the point), and
// a vertex at |d|^2 >= r^2 adds exactly 0.
TEST(SimplexProbe, TheWrittenOutStepsGiveTheOctaveValue) {
    noise::Params params;
    params.algorithm = noise::Algorithm::simplex;
    params.octaves   = 1;
    const noise::FractalNoise noise(params);
    const noise::SimplexFacts facts = noise::simplex_facts(2);
    EXPECT_EQ(facts.radius2, 0.5);
    EXPECT_EQ(facts.normalisation, 99.0);
    int outside = 0;
    for (int n = 0; n < 200; ++n) {
        const double x = -3.1 + 0.0731 * n, y = 2.4 - 0.0523 * n;
        const noise::OctaveTrace octave = noise::trace_point(noise, {x, y, 0, 0}).octaves[0];
        ASSERT_EQ(octave.corners.size(), 3u);
        double sum = 0.0;
        for (const noise::CornerTrace& c : octave.corners) {
            sum += c.value;
            const NoisePoint v =
                simplex_vertex_at(static_cast<double>(c.index[0]), static_cast<double>(c.index[1]));
            EXPECT_NEAR(v.x + c.distance[0], x, 1e-9) << n;
            EXPECT_NEAR(v.y + c.distance[1], y, 1e-9) << n;
            if (c.distance[0] * c.distance[0] + c.distance[1] * c.distance[1] >= facts.radius2) {
                EXPECT_EQ(c.value, 0.0) << n;
                ++outside;
            }
        }
        EXPECT_EQ(sum * facts.normalisation, octave.value) << n;
        EXPECT_EQ(octave.value, noise.at({x, y, 0, 0})) << n;
    }
    EXPECT_GT(outside, 0);  // the points cover vertices beyond their radius too
}

// Cellular noise: n is F1 (F2, F2 - F1) times worley_normalisation, as the probe writes it.
TEST(CellularProbe, TheNormalisationGivesTheOctaveValue) {
    noise::Params params;
    params.algorithm = noise::Algorithm::worley;
    params.octaves   = 1;
    for (const auto ret :
         {noise::CellularReturn::f1, noise::CellularReturn::f2, noise::CellularReturn::f2_minus_f1}) {
        params.cellular_return = ret;
        const noise::FractalNoise noise(params);
        const double scale = noise::worley_normalisation(2, params.cellular_distance, ret);
        for (int n = 0; n < 50; ++n) {
            const noise::OctaveTrace octave =
                noise::trace_point(noise, {0.37 * n - 4.0, 1.9 - 0.11 * n, 0, 0}).octaves[0];
            const double f1 = octave.corners[static_cast<std::size_t>(octave.nearest)].value;
            const double f2 = octave.corners[static_cast<std::size_t>(octave.second_nearest)].value;
            const double d  = ret == noise::CellularReturn::f1   ? f1
                              : ret == noise::CellularReturn::f2 ? f2
                                                                 : f2 - f1;
            EXPECT_DOUBLE_EQ(d * scale, octave.value) << n;
        }
    }
    EXPECT_DOUBLE_EQ(
        noise::worley_normalisation(2, noise::CellularDistance::euclidean, noise::CellularReturn::f1),
        1.0 / (0.5 * std::sqrt(2.0)));
}

}  // namespace
}  // namespace app::gui
