// app/python/interruptible.hpp: run a long job off the GIL, and stop it when the user presses Ctrl+C.
//
//     run_interruptible([&](const std::atomic<bool>& cancel) {
//         noise::for_each_row(rows, threads, [&](int r) { ...; return !cancel; });
//     });   // returns when done; throws KeyboardInterrupt (py::error_already_set) on Ctrl+C
//
// Python runs its signal handlers (the one that raises KeyboardInterrupt) only on the main
// thread and only when that thread executes Python code. So the job runs on a thread of its own
// while the calling thread, with the GIL released, waits for it in steps of `poll_interval` and
// between them takes the GIL back for PyErr_CheckSignals(). When a handler raises, the cancel
// flag is set, the job is joined (the library's loops check the flag before each row, so that
// takes at most a few rows' time) and the exception is raised in the caller.
//
// Other threads of the program run Python code meanwhile: only the job is off the GIL, and it
// touches no Python object. An exception from the job is rethrown in the caller (pybind11 turns
// std::invalid_argument into ValueError). Called from a thread that is not the main one, no
// signal is ever seen there and the job simply runs to its end.
//
// Small jobs (`small` true) run on the calling thread with the GIL released: starting a thread
// costs tens of microseconds, more than sampling a handful of points.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>

namespace noise_python {

inline constexpr std::chrono::milliseconds poll_interval{20};

void run_interruptible(const std::function<void(const std::atomic<bool>& cancel)>& job, bool small = false);

}  // namespace noise_python
