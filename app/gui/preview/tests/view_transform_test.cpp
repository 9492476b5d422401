// The view transform: the same pixel model as the renderer, zoom around a fixed point, pan that
// keeps the grabbed point under the cursor, 3 x 3 folding.
#include <gtest/gtest.h>

#include <vector>

#include "gui/preview/view_transform.hpp"
#include "noise/render.hpp"

namespace app::gui {
namespace {

noise::Params view_params() {
    noise::Params p;
    p.offset_x = -1.25;
    p.offset_y = 3.5;
    p.frequency = 6.0;
    return p;
}

TEST(ViewTransform, TheCurveRowIsThePreviewRow) {
    // The curve samples at row_y; the preview's pixels of that row must show the same noise.
    const noise::Params p = view_params();
    const ViewTransform view = ViewTransform::of(p, 300, 200);
    const int row = view.row_at(0.37);
    EXPECT_EQ(row, 74);
    std::vector<float> image(300 * 200);
    noise::render(p, noise::Region::full(300, 200), image);
    std::vector<double> curve(300);
    noise::sample_row(noise::FractalNoise(p), view.row_y(row), curve);
    for (int x = 0; x < 300; x += 37) EXPECT_EQ(static_cast<float>(curve[x]), image[row * 300 + x]) << x;
}

TEST(ViewTransform, EdgesPanAndZoom) {
    const ViewTransform view = ViewTransform::of(view_params(), 300, 200).on_screen(ImVec2(100, 50), 600, 400);
    EXPECT_EQ(view.left(), -1.25);
    EXPECT_EQ(view.right(), 4.75);
    EXPECT_EQ(view.bottom(), 3.5 + 4.0);
    const NoisePoint corner = view.noise_at(ImVec2(100, 50));
    EXPECT_EQ(corner.x, -1.25);
    EXPECT_EQ(corner.y, 3.5);
    // Screen positions are ImGui's floats: a few 1e-7 of a cell.
    const NoisePoint middle = view.noise_at(ImVec2(400, 250));
    EXPECT_NEAR(middle.x, 1.75, 1e-6);
    EXPECT_NEAR(middle.y, 5.5, 1e-6);
    EXPECT_EQ(view.pixel_x(ImVec2(400, 250)), 150);
    EXPECT_EQ(view.pixel_y(ImVec2(400, 250)), 100);

    // And back: a noise point lands on the screen point it was read from.
    const ImVec2 back = view.screen_at(middle);
    EXPECT_NEAR(back.x, 400.0f, 1e-3f);
    EXPECT_NEAR(back.y, 250.0f, 1e-3f);
    EXPECT_DOUBLE_EQ(view.screen_pixels_per_unit(), 100.0);

    // Dragging 60 screen pixels left moves the view 60 * 6/600 = 0.6 cells right.
    const NoisePoint panned = view.panned({-1.25, 3.5}, ImVec2(-60, 30));
    EXPECT_DOUBLE_EQ(panned.x, -0.65);
    EXPECT_DOUBLE_EQ(panned.y, 3.2);

    // Zoom: the point under the cursor stays there at the new frequency.
    const ImVec2 cursor(250, 130);
    const NoisePoint before = view.noise_at(cursor);
    const NoisePoint offsets = view.offsets_for_zoom(cursor, 2.5);
    noise::Params zoomed = view_params();
    zoomed.frequency = 2.5;
    zoomed.offset_x = offsets.x;
    zoomed.offset_y = offsets.y;
    const NoisePoint after = ViewTransform::of(zoomed, 300, 200).on_screen(ImVec2(100, 50), 600, 400).noise_at(cursor);
    EXPECT_NEAR(after.x, before.x, 1e-12);
    EXPECT_NEAR(after.y, before.y, 1e-12);
}

TEST(ViewTransform, FoldingIntoOneTileOfTheRepeat) {
    // 3 x 3 copies of a 200 x 100 screen image: the point in the middle copy reads like the first.
    const ViewTransform view = ViewTransform::of(view_params(), 200, 100).on_screen(ImVec2(0, 0), 200, 100);
    const NoisePoint first = view.noise_at(ImVec2(50, 30), true);
    const NoisePoint middle = view.noise_at(ImVec2(250, 130), true);
    EXPECT_NEAR(middle.x, first.x, 1e-6);  // ImGui's float screen positions
    EXPECT_NEAR(middle.y, first.y, 1e-6);
    EXPECT_NE(view.noise_at(ImVec2(250, 130), false).x, first.x);
}

}  // namespace
}  // namespace app::gui
