// Batch rendering: the pixel model, thread independence, region assembly, cancellation.
#include "noise/render.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

namespace {

noise::Params busy_params() {
    noise::Params params;
    params.octaves   = 6;
    params.frequency = 5.5;
    params.offset_x  = -2.25;
    params.offset_y  = 7.5;
    return params;
}

std::vector<float> render_all(const noise::Params& params, int w, int h, unsigned threads) {
    std::vector<float> out(static_cast<std::size_t>(w * h));
    noise::RenderOptions options;
    options.threads = threads;
    EXPECT_TRUE(noise::render(params, noise::Region::full(w, h), out, options));
    return out;
}

TEST(Render, PixelsSampleTheDocumentedPoints) {
    const auto params = busy_params();
    const noise::FractalNoise noise(params);
    const auto image = render_all(params, 40, 30, 1);
    for (int py : {0, 13, 29}) {
        for (int px : {0, 21, 39}) {
            const double x = params.offset_x + (px + 0.5) * params.frequency / 40;
            const double y = params.offset_y + (py + 0.5) * params.frequency / 40;
            EXPECT_EQ(image[static_cast<std::size_t>(py * 40 + px)],
                      static_cast<float>(noise.at({x, y, 0, 0})));
        }
    }
}

TEST(Render, SameBytesForOneAndTwoThreads) {
    const auto params = busy_params();
    const auto one = render_all(params, 123, 77, 1), two = render_all(params, 123, 77, 2),
               many = render_all(params, 123, 77, 7);
    EXPECT_EQ(std::memcmp(one.data(), two.data(), one.size() * sizeof(float)), 0);
    EXPECT_EQ(std::memcmp(one.data(), many.data(), one.size() * sizeof(float)), 0);
}

TEST(Render, RegionsOfAGridAssembleTheFullImage) {
    const auto params = busy_params();
    const int w = 50, h = 31;
    const auto full = render_all(params, w, h, 2);
    const int xs[] = {0, 17, 33, w}, ys[] = {0, 10, h};
    std::vector<float> assembled(full.size(), -99.0f);
    for (int j = 0; j < 2; ++j) {
        for (int i = 0; i < 3; ++i) {
            const noise::Region region{w, h, xs[i], ys[j], xs[i + 1], ys[j + 1]};
            std::vector<float> window(region.pixel_count());
            ASSERT_TRUE(noise::render(params, region, window));
            for (int y = region.y0; y < region.y1; ++y)
                for (int x = region.x0; x < region.x1; ++x)
                    assembled[static_cast<std::size_t>(y * w + x)] = window[static_cast<std::size_t>(
                        (y - region.y0) * region.columns() + (x - region.x0))];
        }
    }
    EXPECT_EQ(std::memcmp(full.data(), assembled.data(), full.size() * sizeof(float)), 0);
}

TEST(Render, ACancelledRenderStopsAndSaysSo) {
    std::atomic<bool> cancel{true};
    std::atomic<int> rows{0};
    std::vector<float> out(64 * 64);
    EXPECT_FALSE(noise::render(busy_params(), noise::Region::full(64, 64), out, {2, &cancel, &rows}));
    EXPECT_EQ(rows.load(), 0);
}

TEST(Render, CountsFinishedRows) {
    std::atomic<int> rows{0};
    std::vector<float> out(20 * 9);
    EXPECT_TRUE(noise::render(busy_params(), noise::Region::full(20, 9), out, {2, nullptr, &rows}));
    EXPECT_EQ(rows.load(), 9);
}

TEST(Render, BadRegionsAndBuffersAreRefused) {
    std::vector<float> out(10);
    EXPECT_THROW(noise::render(busy_params(), noise::Region{10, 10, 5, 0, 5, 2}, out), std::invalid_argument);
    EXPECT_THROW(noise::render(busy_params(), noise::Region{10, 10, 0, 0, 11, 1}, out),
                 std::invalid_argument);
    EXPECT_THROW(noise::render(busy_params(), noise::Region::full(4, 4), out), std::invalid_argument);
    EXPECT_NE(noise::validate(noise::Region{10, 10, -1, 0, 5, 5}).find("region: '-1,0,5,5'"),
              std::string::npos);
}

TEST(Render, TheImageCoversTheSameRegionAtEveryResolution) {
    const auto params = busy_params();
    const auto first  = noise::pixel_point(params, 512, -0.5, -0.5);
    const auto last   = noise::pixel_point(params, 4096, 4095.5, 0);
    EXPECT_DOUBLE_EQ(first[0], params.offset_x);
    EXPECT_DOUBLE_EQ(last[0], params.offset_x + params.frequency);
}

TEST(Render, RowSamplerFollowsTheImageRow) {
    const auto params = busy_params();
    const noise::FractalNoise noise(params);
    std::vector<double> row(64);
    noise::sample_row(noise, 7.75, row);
    for (int i : {0, 31, 63}) {
        const noise::Point p{noise::pixel_point(params, 64, i, 0)[0], 7.75, 0, 0};
        EXPECT_EQ(row[static_cast<std::size_t>(i)], noise.at(p));
    }
    std::vector<double> octave(64);
    noise::sample_row(noise, 7.75, octave, 2);
    const noise::Point p{noise::pixel_point(params, 64, 10, 0)[0], 7.75, 0, 0};
    EXPECT_DOUBLE_EQ(octave[10], noise.octave_weight(2) * noise.octave(2, p));
}

}  // namespace
