// gui/common/background_task.hpp: one piece of slow work (reading a file, writing an export) off the
// window's thread, with progress, cancellation and a result handed back to that thread.
//
//     auto task = std::make_unique<BackgroundTask<Preset>>(
//         [path](const TaskControl& control) { return load_preset(path); }, wake);
//     ...each frame:
//     if (auto outcome = task->take()) { outcome->result ? use(*outcome->result) : show(outcome->error); }
//
// ImHex's pattern: the work captures *copies* of what it needs (never the window's state), runs
// on its own thread, may report progress and poll `control.cancelled`, and never touches ImGui or
// GL. The window polls `take` once per frame; `wake` (glfwPostEmptyEvent) is called from the
// thread when the work ends, so an idle window notices at once. An exception thrown by the work
// becomes `error` (its one-line message): a failure is shown, it never ends the program.
//
// Generations: a new request replaces the task object, and destroying a task cancels it and waits
// for its thread, so a stale result can never arrive after a newer request. The work must
// therefore end soon after `cancelled` is set, or be bounded in time by itself (file reads are:
// see core/preset.hpp).
//
// The preview and the curve have their own long-lived RenderWorker: it keeps one thread for
// thousands of requests per drag and replaces a pending request without a new thread.
#pragma once

#include <atomic>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>

#include "core/shown_text.hpp"

namespace app::gui {

// What the work sees of its task: cancellation requested, and where to report progress (0..1).
struct TaskControl {
    const std::atomic<bool>& cancelled;
    std::atomic<double>& progress;
};

template <class Result>
struct TaskOutcome {
    std::optional<Result> result;  // set when the work returned
    std::string error;             // else the message of what it threw
};

template <class Result>
class BackgroundTask {
  public:
    using Work = std::function<Result(const TaskControl&)>;

    BackgroundTask(Work work, std::function<void()> wake) : wake_(std::move(wake)) {
        thread_ = std::thread([this, work = std::move(work)] { run(work); });
    }
    ~BackgroundTask() {
        cancel_ = true;
        thread_.join();
    }
    BackgroundTask(const BackgroundTask&)            = delete;
    BackgroundTask& operator=(const BackgroundTask&) = delete;

    void cancel() { cancel_ = true; }
    bool cancelling() const { return cancel_.load(); }
    double progress() const { return progress_.load(); }
    bool finished() const { return finished_.load(); }

    // The outcome, once, when the work has ended; std::nullopt before that and after.
    std::optional<TaskOutcome<Result>> take() {
        if (!finished_.load()) return std::nullopt;
        std::lock_guard lock(mutex_);
        return std::exchange(outcome_, std::nullopt);
    }

  private:
    void run(const Work& work) {
        TaskOutcome<Result> outcome;
        try {
            outcome.result.emplace(work(TaskControl{cancel_, progress_}));
        } catch (const std::exception& e) {
            outcome.error = failure_text(e);
        } catch (...) {
            outcome.error = "unexpected failure";
        }
        {
            std::lock_guard lock(mutex_);
            outcome_ = std::move(outcome);
        }
        finished_ = true;
        if (wake_) wake_();
    }

    std::function<void()> wake_;
    std::atomic<bool> cancel_{false};
    std::atomic<double> progress_{0.0};
    std::atomic<bool> finished_{false};
    std::mutex mutex_;
    std::optional<TaskOutcome<Result>> outcome_;
    std::thread thread_;  // last: starts once the members above exist
};

}  // namespace app::gui
