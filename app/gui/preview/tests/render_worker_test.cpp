// The render worker: results carry the newest generation only, a newer request replaces and
// cancels an older one, the coarse image comes before the full one, and the pixels match a
// direct noise::render of the same request (the worker adds nothing of its own).
#include "gui/preview/render_worker.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "noise/render.hpp"

namespace app::gui {
namespace {

using namespace std::chrono_literals;

template <class Take>
auto wait_for(Take take, std::chrono::milliseconds timeout = 20000ms) {
    const auto until = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        if (auto r = take()) return r;
        if (std::chrono::steady_clock::now() > until) return decltype(take()){};
        std::this_thread::sleep_for(1ms);
    }
}

TEST(RenderWorker, FullImageMatchesDirectRender) {
    RenderWorker worker(nullptr);
    PreviewRequest request;
    request.width         = 96;
    request.height        = 64;
    request.curve_samples = 0;
    const auto generation = worker.submit(request);
    auto image            = wait_for([&] { return worker.take_image(); });
    ASSERT_TRUE(image);
    EXPECT_EQ(image->generation, generation);
    EXPECT_FALSE(image->coarse);  // small: no coarse pass
    std::vector<float> expected(96 * 64);
    noise::render(request.params, noise::Region::full(96, 64), expected);
    EXPECT_EQ(image->raw, expected);
}

TEST(RenderWorker, CoarseFirstForLargeImages) {
    // The worker keeps one image for the taker, and the full image replaces a coarse one not yet
    // taken: a poller misses the coarse image when the full one follows within its sleep. So the
    // images are taken as each is posted, from the worker's wake (called on the worker's thread
    // before it goes on).
    std::mutex mutex;
    std::vector<ImageResult> posted;
    RenderWorker* self = nullptr;
    RenderWorker worker([&] {
        if (auto image = self->take_image()) {
            std::lock_guard lock(mutex);
            posted.push_back(std::move(*image));
        }
    });
    self = &worker;
    PreviewRequest request;
    request.params.octaves = 8;
    request.width          = 800;
    request.height         = 600;
    request.curve_samples  = 0;
    worker.submit(request);
    const auto full = wait_for(
        [&]() -> std::optional<ImageResult> {
            std::lock_guard lock(mutex);
            for (const ImageResult& image : posted)
                if (!image.coarse) return image;
            return std::nullopt;
        },
        60000ms);
    ASSERT_TRUE(full);
    EXPECT_EQ(full->width, 800);
    std::lock_guard lock(mutex);
    ASSERT_GE(posted.size(), 2u);
    EXPECT_TRUE(posted.front().coarse);
    EXPECT_EQ(posted.front().width, 200);
    EXPECT_EQ(posted.front().height, 150);
}

// Once a render has shown what the noise costs, an image predicted to take less than about three
// frames comes whole, without a coarse pass; one predicted slow still gets its coarse image.
TEST(RenderWorker, CoarsePassOnlyWhenTheFullImageWouldKeepTheHandWaiting) {
    RenderWorker worker(nullptr);
    PreviewRequest cheap;
    cheap.params.octaves = 1;
    cheap.width          = 256;  // above the size where a coarse pass is considered at all
    cheap.height         = 256;
    cheap.curve_samples  = 0;
    const auto take_full = [&](std::uint64_t generation, bool& saw_coarse) {
        const auto until = std::chrono::steady_clock::now() + 120s;
        while (std::chrono::steady_clock::now() < until) {
            if (auto image = worker.take_image()) {
                if (image->coarse)
                    saw_coarse = true;
                else if (image->generation == generation)
                    return true;
            }
            std::this_thread::sleep_for(1ms);
        }
        return false;
    };
    bool saw_coarse = false;
    ASSERT_TRUE(take_full(worker.submit(cheap), saw_coarse));  // the first render teaches the cost
    saw_coarse        = false;
    cheap.params.seed = 7;
    ASSERT_TRUE(take_full(worker.submit(cheap), saw_coarse));
    EXPECT_FALSE(saw_coarse);
    // 4^4 lattice points per octave instead of 2^2, 4 octaves, 16 x the pixels: 4096 x the cost.
    // (256 x was enough while each render started its threads: that inflated the cheap render's
    // time. With kept-alive threads a cheap 256 x 256 image takes about 0.05 ms.)
    PreviewRequest slow       = cheap;
    slow.params.dimension     = 4;
    slow.params.interpolation = noise::Interpolation::cubic;
    slow.params.octaves       = 4;
    slow.width                = 1024;
    slow.height               = 1024;
    ASSERT_TRUE(take_full(worker.submit(slow), saw_coarse));
    EXPECT_TRUE(saw_coarse);
}

// A newer request stops the render in progress part-way (the worker's own count of abandoned
// renders shows it, with the rows it had done), and only the newest result ever comes back.
TEST(RenderWorker, NewerRequestCancelsTheRenderInProgress) {
    RenderWorker worker(nullptr);
    PreviewRequest slow;
    slow.params.octaves        = 16;
    slow.params.dimension      = 4;
    slow.params.interpolation  = noise::Interpolation::cubic;  // 256 lattice points per octave: minutes
    slow.width                 = 1500;
    slow.height                = 1500;
    slow.curve_samples         = 0;
    const auto slow_generation = worker.submit(slow);
    // Wait until the slow render is under way (its first rows are done), so cancelling means
    // stopping work in progress, not dropping a request that never started.
    const auto until = std::chrono::steady_clock::now() + 60s;
    WorkerStatus status;
    do {
        std::this_thread::sleep_for(1ms);
        status = worker.status();
    } while (!(status.generation == slow_generation && status.rows_done > 0) &&
             std::chrono::steady_clock::now() < until);
    ASSERT_GT(status.rows_done, 0) << "the slow render never started";
    EXPECT_EQ(status.cancelled_renders, 0u);

    PreviewRequest fast;
    fast.width         = 64;
    fast.height        = 64;
    fast.curve_samples = 0;
    const auto newest  = worker.submit(fast);
    auto image         = wait_for([&] { return worker.take_image(); }, 60000ms);
    ASSERT_TRUE(image);
    EXPECT_EQ(image->generation, newest);
    EXPECT_EQ(image->width, 64);
    status = worker.status();
    EXPECT_EQ(status.cancelled_renders, 1u) << "the slow render was not stopped";
    std::this_thread::sleep_for(50ms);
    EXPECT_FALSE(worker.take_image());  // nothing older comes back later
}

TEST(RenderWorker, CurveIsTheRowAndItsOctavesSumToIt) {
    RenderWorker worker(nullptr);
    PreviewRequest request;
    request.need_image    = false;
    request.curve_samples = 300;
    request.curve_y       = 1.25;
    request.curve_octaves = true;
    worker.submit(request);
    auto curve = wait_for([&] { return worker.take_curve(); });
    ASSERT_TRUE(curve);
    ASSERT_EQ(curve->sum.size(), 300u);
    ASSERT_EQ(curve->octaves.size(), static_cast<std::size_t>(request.params.octaves));
    for (std::size_t i = 0; i < 300; i += 37) {
        double total = 0.0;
        for (const auto& row : curve->octaves) total += row[i];
        EXPECT_NEAR(total, curve->sum[i], 1e-9);  // fbm: the weighted octaves add up to the sum
    }
    EXPECT_FALSE(worker.take_image());
}

// The 2D preview and the 3D view ask for the same simulated field at two sizes: switching back
// and forth takes the kept results, with the same pixels, instead of simulating again.
TEST(RenderWorker, SwitchingBetweenTwoSizesSimulatesEachOnce) {
    RenderWorker worker(nullptr);
    PreviewRequest request;
    request.params.erosion_method = noise::ErosionMethod::simulate;
    request.params.erosion_steps  = 3;
    request.curve_samples         = 0;
    const auto final_image        = [&](int width, int height) {
        request.width         = width;
        request.height        = height;
        const auto generation = worker.submit(request);
        return wait_for([&]() -> std::optional<ImageResult> {
            auto image = worker.take_image();
            if (image && (image->coarse || image->generation != generation)) return std::nullopt;
            return image;
        });
    };
    const auto first = final_image(48, 32);
    ASSERT_TRUE(first && first->eroded);
    ASSERT_TRUE(final_image(40, 40));
    EXPECT_EQ(worker.status().simulations_run, 2u);
    const auto again = final_image(48, 32);  // back to the first tab
    ASSERT_TRUE(again && again->eroded);
    EXPECT_EQ(again->raw, first->raw);
    EXPECT_TRUE(final_image(40, 40));
    EXPECT_EQ(worker.status().simulations_run, 2u) << "a tab switch simulated again";
    request.params.erosion_steps = 4;  // another field: simulated
    EXPECT_TRUE(final_image(40, 40));
    EXPECT_EQ(worker.status().simulations_run, 3u);
}

TEST(RenderWorker, InvalidParamsReportAnError) {
    RenderWorker worker(nullptr);
    PreviewRequest request;
    request.params.tile       = 4;
    request.params.lacunarity = 2.5;  // tiling needs an integer lacunarity
    request.width             = 32;
    request.height            = 32;
    worker.submit(request);
    const auto until = std::chrono::steady_clock::now() + 10s;
    while (worker.status().error.empty() && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(1ms);
    EXPECT_FALSE(worker.status().error.empty());
}

}  // namespace
}  // namespace app::gui
