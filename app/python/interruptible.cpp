// Running a job off the GIL while watching for Ctrl+C: see interruptible.hpp.
#include "interruptible.hpp"

#include <pybind11/pybind11.h>

#include <exception>
#include <future>
#include <thread>

namespace py = pybind11;

namespace noise_python {

void run_interruptible(const std::function<void(const std::atomic<bool>& cancel)>& job, bool small) {
    std::atomic<bool> cancel{false};
    if (small) {
        const py::gil_scoped_release release;
        job(cancel);
        return;
    }
    std::exception_ptr failure;
    std::promise<void> finished;
    auto done        = finished.get_future();
    bool interrupted = false;
    {
        const py::gil_scoped_release release;
        std::thread worker([&] {
            try {
                job(cancel);
            } catch (...) {
                failure = std::current_exception();
            }
            finished.set_value();
        });
        while (done.wait_for(poll_interval) != std::future_status::ready) {
            const py::gil_scoped_acquire acquire;
            // A handler that raised leaves its exception set on this thread until we throw below.
            if (PyErr_CheckSignals() != 0) {
                interrupted = true;
                cancel      = true;
                break;
            }
        }
        worker.join();
    }
    if (interrupted) throw py::error_already_set();
    if (failure) std::rethrow_exception(failure);
}

}  // namespace noise_python
