// Threads kept alive between renders: see worker_pool.hpp.
#include "worker_pool.hpp"

#include <algorithm>
#include <chrono>
#include <system_error>

namespace noise::detail {
namespace {

// How long a pooled thread watches for the next job before it sleeps. A preview's steps and an
// export's bands follow each other within microseconds; a thread that went to sleep takes tens
// to hundreds of microseconds to wake on a virtual machine. Spinning this long after each job
// costs a user nothing noticeable: it happens only right after work.
constexpr auto spin_time = std::chrono::microseconds(300);

void pause_a_moment() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();  // lets the sibling hyper-thread run while we spin
#endif
}

// Watches `done` for spin_time; true once it holds.
template <class Predicate>
bool spin_until(Predicate done) {
    const auto until = std::chrono::steady_clock::now() + spin_time;
    do {
        for (int i = 0; i < 64; ++i) {
            if (done()) return true;
            pause_a_moment();
        }
    } while (std::chrono::steady_clock::now() < until);
    return false;
}

}  // namespace

WorkerPool& WorkerPool::shared() {
    static WorkerPool* const pool = new WorkerPool(std::max(1u, std::thread::hardware_concurrency()) - 1);
    return *pool;
}

void WorkerPool::run(unsigned helpers, const std::function<void()>& caller_work) {
    // Each thread in the default floating-point environment, its own restored after (header).
    const std::function<void()> work = [&caller_work] {
        const DefaultFloatingPoint default_fp;
        caller_work();
    };
    Job job{&work, 0, {0}};
    std::vector<std::jthread> extra;  // helpers beyond the pool's capacity, for this run only
    bool queued = false;
    {
        std::lock_guard lock(mutex_);
        job.open = std::min(helpers, grow_to(helpers));
        if (job.open > 0) {
            queue_.push_back(&job);
            queued_.store(static_cast<unsigned>(queue_.size()), std::memory_order_release);
            queued = true;
        }
    }
    if (queued) job_queued_.notify_all();
    for (unsigned i = std::min(helpers, capacity_); i < helpers; ++i) {
        try {
            extra.emplace_back(work);
        } catch (const std::system_error&) {
            break;  // no room for another thread: fewer threads, same results
        }
    }

    work();

    std::unique_lock lock(mutex_);
    if (job.open > 0) {  // no pooled thread came for the rest: there is no work left for them
        queue_.erase(std::find(queue_.begin(), queue_.end(), &job));
        queued_.store(static_cast<unsigned>(queue_.size()), std::memory_order_release);
    }
    lock.unlock();
    if (!wait_briefly_for_helpers(job)) {
        lock.lock();
        helper_done_.wait(lock, [&] { return job.running.load(std::memory_order_acquire) == 0; });
        lock.unlock();
    }
    // `extra` joins as it goes out of scope
}

unsigned WorkerPool::grow_to(unsigned wanted) {
    const unsigned target = std::min(wanted, capacity_);
    while (threads_.size() < target) {
        try {
            threads_.emplace_back([this] { serve(); });
        } catch (const std::system_error&) {
            break;
        }
    }
    return static_cast<unsigned>(threads_.size());
}

bool WorkerPool::wait_briefly_for_a_job() const {
    return spin_until([&] { return queued_.load(std::memory_order_acquire) != 0; });
}

bool WorkerPool::wait_briefly_for_helpers(const Job& job) {
    // The helpers took their last rows when the caller took its own: they finish within a row.
    // Sleeping on the condition would add a wake-up, which is longer than that.
    return spin_until([&] { return job.running.load(std::memory_order_acquire) == 0; });
}

void WorkerPool::serve() {
    for (;;) {
        wait_briefly_for_a_job();
        std::unique_lock lock(mutex_);
        job_queued_.wait(lock, [&] { return !queue_.empty(); });
        Job* const job = queue_.front();
        job->running.fetch_add(1, std::memory_order_relaxed);
        if (--job->open == 0) {
            queue_.pop_front();
            queued_.store(static_cast<unsigned>(queue_.size()), std::memory_order_release);
        }
        lock.unlock();
        (*job->work)();
        // The caller may return as soon as it sees 0: touch nothing of the job after this.
        if (job->running.fetch_sub(1, std::memory_order_acq_rel) == 1) {
            lock.lock();  // a caller checks under the lock before it sleeps, so it cannot miss this
            helper_done_.notify_all();
        }
    }
}

}  // namespace noise::detail
