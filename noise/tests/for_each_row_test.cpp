// for_each_row: every row once, on kept-alive threads shared by concurrent callers; stops,
// exceptions and nesting.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

#include "noise/render.hpp"

namespace {

// How often each row ran in one call.
std::vector<int> run_counts(int rows, unsigned threads) {
    std::vector<std::atomic<int>> runs(static_cast<std::size_t>(rows));
    EXPECT_TRUE(noise::for_each_row(rows, threads, [&](int r) {
        ++runs[static_cast<std::size_t>(r)];
        return true;
    }));
    return {runs.begin(), runs.end()};
}

TEST(ForEachRow, RunsEveryRowOnceForEveryThreadCount) {
    for (const unsigned threads : {0u, 1u, 2u, 3u, 7u, 16u}) {
        for (const int rows : {0, 1, 2, 5, 17, 1000}) {
            EXPECT_EQ(run_counts(rows, threads), std::vector<int>(static_cast<std::size_t>(rows), 1))
                << rows << " rows on " << threads << " threads";
        }
    }
}

TEST(ForEachRow, CallsFromSeveralThreadsAtOnceEachRunTheirRowsOnce) {
    std::atomic<int> bad_calls{0};
    std::vector<std::jthread> callers;
    for (int c = 0; c < 4; ++c) {
        callers.emplace_back([&] {
            for (int call = 0; call < 50; ++call)
                if (run_counts(300, 2) != std::vector<int>(300, 1)) ++bad_calls;
        });
    }
    callers.clear();  // joins
    EXPECT_EQ(bad_calls.load(), 0);
}

TEST(ForEachRow, ACallInsideARowFinishes) {
    std::atomic<int> inner_rows{0};
    EXPECT_TRUE(noise::for_each_row(8, 2, [&](int) {
        return noise::for_each_row(10, 2, [&](int) {
            ++inner_rows;
            return true;
        });
    }));
    EXPECT_EQ(inner_rows.load(), 80);
}

TEST(ForEachRow, ARowReturningFalseStopsTheRest) {
    std::atomic<int> ran{0};
    EXPECT_FALSE(noise::for_each_row(100000, 2, [&](int r) {
        ++ran;
        return r != 10;
    }));
    // Each thread checks between rows, so only rows already begun finish after the stop.
    EXPECT_LT(ran.load(), 1000);
    EXPECT_TRUE(noise::for_each_row(3, 2, [](int) { return true; }));  // the pool still works
}

// Rows slow enough that both threads take some: 64 rows of 200 us.
bool slow_row() {
    std::this_thread::sleep_for(std::chrono::microseconds(200));
    return true;
}

TEST(ForEachRow, AnExceptionFromTheCallingThreadReachesTheCaller) {
    const auto caller = std::this_thread::get_id();
    EXPECT_THROW(noise::for_each_row(64, 2,
                                     [&](int) {
                                         if (std::this_thread::get_id() == caller)
                                             throw std::runtime_error("caller");
                                         return slow_row();
                                     }),
                 std::runtime_error);
    EXPECT_EQ(run_counts(64, 2), std::vector<int>(64, 1));  // the pool still works
}

TEST(ForEachRow, AnExceptionFromAHelperReachesTheCaller) {
    // Before for_each_row caught them, a helper's exception ended the process.
    const auto caller = std::this_thread::get_id();
    EXPECT_THROW(noise::for_each_row(64, 2,
                                     [&](int) {
                                         if (std::this_thread::get_id() != caller)
                                             throw std::runtime_error("helper");
                                         return slow_row();
                                     }),
                 std::runtime_error);
    EXPECT_EQ(run_counts(64, 2), std::vector<int>(64, 1));
}

}  // namespace
