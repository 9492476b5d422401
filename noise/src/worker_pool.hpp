// noise/src/worker_pool.hpp: threads kept alive between renders, so a render does not start any.
//
// Why: starting a thread and waking its idle core costs this 2-core machine 50-300 us, and a
// 1024 x 1024 one-octave render takes about 1.2 ms on one core. With a thread started per render
// (and rows handed out one at a time) two threads gave 1.3-1.4x one thread; handing out runs of
// rows alone gave 1.4x; with these threads kept alive as well, 1.8-2.0x. They spin a moment after
// each job before they sleep, because renders come in bursts: preview steps, export bands.
//
// The pool is the one piece of process-wide state in noise/. No value depends on it: it only
// decides which thread runs a piece of work, and render's rows are independent of that.
//
// run(helpers, work) calls work() on the calling thread and on up to `helpers` other threads at
// once, and returns when every call has returned. `work` takes its pieces from a shared counter,
// so it may start late or find nothing left to do; it must not throw (for_each_row catches).
// The caller always works too, so a run never waits for a busy pool: runs from several threads
// (the preview worker, an export, a test) share it without deadlock, and a run inside a run is
// safe.
//
// Every call of work() runs in the default floating-point environment (round to nearest, no
// flush-to-zero), whatever the environment of the thread that made the pool's threads or of the
// caller: a thread inherits its creator's, so a pool started under fesetround(FE_UPWARD) would
// otherwise round upward in every later run. DefaultFloatingPoint sets it for a scope.
//
// The pool keeps up to one thread per hardware thread, less the caller. Helpers beyond that (an
// explicit --threads 16 on 2 cores) are started for the run and joined after it, as before the
// pool. Where no thread can start (a thread limit, ulimit -v), fewer run.
#pragma once

#include <atomic>
#include <cfenv>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace noise::detail {

// The default floating-point environment (FE_DFL_ENV: round to nearest, exceptions masked, no
// flush-to-zero or denormals-are-zero) while it lives, the thread's own one restored after it.
// The entry points that compute values (render, simulate_field) and every call of a pool's work
// hold one, so results never depend on how the caller or the pool's creator set rounding.
class DefaultFloatingPoint {
  public:
    DefaultFloatingPoint() {
        std::fegetenv(&saved_);
        std::fesetenv(FE_DFL_ENV);
    }
    ~DefaultFloatingPoint() { std::fesetenv(&saved_); }
    DefaultFloatingPoint(const DefaultFloatingPoint&)            = delete;
    DefaultFloatingPoint& operator=(const DefaultFloatingPoint&) = delete;

  private:
    std::fenv_t saved_;
};

class WorkerPool {
  public:
    // The process's pool. Never destroyed: a render may still run while statics are torn down
    // (a detached preview job at exit), and its threads end with the process.
    static WorkerPool& shared();

    void run(unsigned helpers, const std::function<void()>& work);

    // std::thread::hardware_concurrency() (at least 1), read once: glibc reads a sysfs file on
    // every call, twice per export band.
    unsigned hardware_threads() const { return capacity_ + 1; }

  private:
    struct Job {
        const std::function<void()>* work;
        unsigned open;                  // helper places not yet taken (under mutex_)
        std::atomic<unsigned> running;  // helpers inside work()
    };

    explicit WorkerPool(unsigned capacity) : capacity_(capacity) {}
    unsigned grow_to(unsigned wanted);  // under mutex_; the pooled threads now alive
    void serve();                       // a pooled thread's loop
    bool wait_briefly_for_a_job() const;
    static bool wait_briefly_for_helpers(const Job& job);

    const unsigned capacity_;
    std::mutex mutex_;
    std::condition_variable job_queued_, helper_done_;
    std::deque<Job*> queue_;           // jobs with open places, oldest first
    std::atomic<unsigned> queued_{0};  // queue_.size(), read without the lock by spinning threads
    std::vector<std::thread> threads_;
};

}  // namespace noise::detail
