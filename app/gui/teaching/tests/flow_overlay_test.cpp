// Water on the field: every flow path goes downhill at every step and stops in a pit (a local
// minimum) or at the picture's edge; the downhill arrows point where the field falls.
#include "gui/teaching/flow_overlay.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "noise/render.hpp"

namespace app::gui {
namespace {

noise::Params field(int octaves) {
    noise::Params p;
    p.octaves   = octaves;
    p.frequency = 4.0;
    p.seed      = 7;
    return p;
}

FlowRequest request_of(const noise::Params& params, bool arrows, bool paths) {
    return {params, 128, 96, arrows, paths};
}

// The frame compute_flow uses for a request (the picture in noise space).
FlowFrame frame_of(const FlowRequest& r) {
    const double pixel = r.params.frequency / r.width;
    return {r.params.offset_x, r.params.offset_y, r.params.offset_x + r.params.frequency,
            r.params.offset_y + pixel * r.height};
}

TEST(FlowOverlay, EveryPathGoesDownhillAndStopsInAPitOrAtTheEdge) {
    for (const int octaves : {1, 3, 6}) {
        const FlowRequest request = request_of(field(octaves), false, true);
        const auto flow           = compute_flow(request, nullptr);
        ASSERT_TRUE(flow);
        const noise::FractalNoise noise(request.params);
        const double pixel    = request.params.frequency / request.width;
        const FlowFrame frame = frame_of(request);
        int pits = 0, edges = 0;
        ASSERT_FALSE(flow->paths.empty());
        for (const FlowPath& path : flow->paths) {
            ASSERT_EQ(path.points.size(), path.heights.size());
            for (std::size_t i = 0; i < path.points.size(); ++i) {
                const auto& p = path.points[i];
                EXPECT_TRUE(frame.contains(p[0], p[1]));
                // The height recorded is the field's at the point, and falls at every step, by at
                // most one pixel's move.
                EXPECT_EQ(path.heights[i], noise.at({p[0], p[1], 0.0, 0.0}));
                if (i == 0) continue;
                EXPECT_LT(path.heights[i], path.heights[i - 1]) << "octaves " << octaves << " step " << i;
                EXPECT_LE(std::hypot(p[0] - path.points[i - 1][0], p[1] - path.points[i - 1][1]),
                          pixel * (1 + 1e-12));
            }
            const auto& end = path.points.back();
            if (path.end == FlowEnd::pit || path.end == FlowEnd::flat) {
                ++pits;
                // A local minimum: nothing around it is lower, at 16 directions a whole, a quarter
                // and a sixteenth of a pixel away (inside the picture).
                for (const double r : {pixel, pixel / 4.0, pixel / 16.0})
                    for (int k = 0; k < 16; ++k) {
                        const double a = 2.0 * std::numbers::pi * k / 16.0;
                        const double x = end[0] + r * std::cos(a), y = end[1] + r * std::sin(a);
                        if (!frame.contains(x, y)) continue;
                        EXPECT_GE(noise.at({x, y, 0.0, 0.0}), path.heights.back())
                            << "octaves " << octaves << ": a pit with lower ground beside it";
                    }
            } else {
                EXPECT_EQ(path.end, FlowEnd::edge) << "octaves " << octaves << ": a path ran out of steps";
                ++edges;
                // The next step would have left the picture: the path is within a pixel of its edge.
                const double to_edge =
                    std::min({end[0] - frame.x0, frame.x1 - end[0], end[1] - frame.y0, frame.y1 - end[1]});
                EXPECT_LE(to_edge, pixel * (1 + 1e-12));
            }
        }
        EXPECT_EQ(pits, flow->pits);
        EXPECT_EQ(edges, flow->edges);
        EXPECT_EQ(pits + edges, static_cast<int>(flow->paths.size()));
        // Raw noise traps water: some paths end in pits (six octaves: most of them).
        EXPECT_GT(pits, 0) << "octaves " << octaves;
    }
}

// The checks can fail: the start of a path is no pit (the same 16-direction look finds lower
// ground, and the test's loop would report it), and the path walked backwards climbs.
TEST(FlowOverlay, TheChecksSeeAPointThatIsNoPit) {
    const noise::FractalNoise noise(field(3));
    const double pixel    = 4.0 / 128.0;
    const FlowFrame frame = {0.0, 0.0, 4.0, 3.0};
    const FlowPath path   = trace_flow_path(noise, {1.3, 1.7}, pixel, frame, 1000);
    ASSERT_GE(path.points.size(), 3u);
    EXPECT_TRUE(lower_around(noise, path.points.front(), path.heights.front(), pixel, frame));
    int lower = 0;
    for (int k = 0; k < 16; ++k) {
        const double a = 2.0 * std::numbers::pi * k / 16.0;
        lower +=
            noise.at({1.3 + pixel * std::cos(a), 1.7 + pixel * std::sin(a), 0.0, 0.0}) < path.heights.front();
    }
    EXPECT_GT(lower, 0);
    if (path.end == FlowEnd::pit) {
        EXPECT_FALSE(lower_around(noise, path.points.back(), path.heights.back(), pixel, frame));
    }
    for (std::size_t i = path.heights.size() - 1; i > 0; --i) EXPECT_GT(path.heights[i - 1], path.heights[i]);
}

TEST(FlowOverlay, MaxStepsAndTheFrameStopAPath) {
    const noise::FractalNoise noise(field(1));
    const double pixel = 4.0 / 128.0;
    const FlowPath few = trace_flow_path(noise, {1.3, 1.7}, pixel, {0.0, 0.0, 4.0, 3.0}, 2);
    EXPECT_LE(few.points.size(), 3u);
    if (few.points.size() == 3u) {
        EXPECT_EQ(few.end, FlowEnd::limit);
    }
    // A frame just around the start: the first step leaves it.
    const FlowPath boxed = trace_flow_path(
        noise, {1.3, 1.7}, pixel, {1.3 - pixel / 4, 1.7 - pixel / 4, 1.3 + pixel / 4, 1.7 + pixel / 4}, 100);
    EXPECT_EQ(boxed.points.size(), 1u);
    EXPECT_EQ(boxed.end, FlowEnd::edge);
}

TEST(FlowOverlay, ArrowsPointDownhill) {
    const FlowRequest request = request_of(field(4), true, false);
    const auto flow           = compute_flow(request, nullptr, 20);
    ASSERT_TRUE(flow);
    EXPECT_EQ(flow->arrows.size(), 20u * 15u);  // 20 across, 96 / 128 of that down
    const noise::FractalNoise noise(request.params);
    double longest = 0.0;
    for (const DownhillArrow& a : flow->arrows) {
        const double length = std::hypot(a.dx, a.dy);
        longest             = std::max(longest, length);
        if (length < 1e-6) continue;
        const double e = 1e-5;
        EXPECT_LT(noise.at({a.x + e * a.dx / length, a.y + e * a.dy / length, 0, 0}),
                  noise.at({a.x, a.y, 0, 0}));
    }
    EXPECT_NEAR(longest, 1.0, 1e-12);  // scaled by the steepest
}

TEST(FlowOverlay, CancelledGivesNothing) {
    const std::atomic<bool> cancel{true};
    EXPECT_FALSE(compute_flow(request_of(field(3), true, true), &cancel));
}

}  // namespace
}  // namespace app::gui
