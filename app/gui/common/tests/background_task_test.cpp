// BackgroundTask: the result or the error comes back once, on the caller's thread; cancelling
// reaches the work; destroying a task stops and waits for it; `wake` is called when it ends.
#include "gui/common/background_task.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <stdexcept>
#include <thread>

namespace app::gui {
namespace {

using namespace std::chrono_literals;

template <class Result>
std::optional<TaskOutcome<Result>> wait_outcome(BackgroundTask<Result>& task) {
    const auto until = std::chrono::steady_clock::now() + 20s;
    while (std::chrono::steady_clock::now() < until) {
        if (auto outcome = task.take()) return outcome;
        std::this_thread::sleep_for(1ms);
    }
    return std::nullopt;
}

TEST(BackgroundTask, ResultComesBackOnceAndWakes) {
    std::atomic<int> wakes{0};
    BackgroundTask<int> task(
        [](const TaskControl& control) {
            control.progress = 1.0;
            return 42;
        },
        [&] { ++wakes; });
    const auto outcome = wait_outcome(task);
    ASSERT_TRUE(outcome);
    ASSERT_TRUE(outcome->result);
    EXPECT_EQ(*outcome->result, 42);
    EXPECT_TRUE(outcome->error.empty());
    EXPECT_TRUE(task.finished());
    EXPECT_EQ(task.progress(), 1.0);
    EXPECT_EQ(wakes.load(), 1);
    EXPECT_FALSE(task.take());  // once
}

TEST(BackgroundTask, AThrowBecomesTheErrorMessage) {
    BackgroundTask<int> task(
        [](const TaskControl&) -> int { throw std::runtime_error("'x.json': not found"); }, nullptr);
    const auto outcome = wait_outcome(task);
    ASSERT_TRUE(outcome);
    EXPECT_FALSE(outcome->result);
    EXPECT_EQ(outcome->error, "'x.json': not found");
}

TEST(BackgroundTask, CancelReachesTheWork) {
    BackgroundTask<int> task(
        [](const TaskControl& control) {
            const auto until = std::chrono::steady_clock::now() + 30s;
            while (!control.cancelled && std::chrono::steady_clock::now() < until)
                std::this_thread::sleep_for(1ms);
            if (control.cancelled) throw std::runtime_error("cancelled");
            return 0;
        },
        nullptr);
    std::this_thread::sleep_for(20ms);
    EXPECT_FALSE(task.finished());
    task.cancel();
    EXPECT_TRUE(task.cancelling());
    const auto outcome = wait_outcome(task);
    ASSERT_TRUE(outcome);
    EXPECT_EQ(outcome->error, "cancelled");
}

TEST(BackgroundTask, DestroyingStopsAndWaits) {
    std::atomic<bool> ended{false};
    const auto start = std::chrono::steady_clock::now();
    {
        BackgroundTask<int> task(
            [&](const TaskControl& control) {
                while (!control.cancelled) std::this_thread::sleep_for(1ms);
                ended = true;
                return 0;
            },
            nullptr);
        std::this_thread::sleep_for(10ms);
    }
    EXPECT_TRUE(ended.load());  // the work had ended before the destructor returned
    EXPECT_LT(std::chrono::steady_clock::now() - start, 10s);
}

}  // namespace
}  // namespace app::gui
