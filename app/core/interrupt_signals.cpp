// Signal handlers that only set a flag; see interrupt_signals.hpp.
#include "core/interrupt_signals.hpp"

#include <csignal>
#include <vector>

namespace app {
namespace {

// Lock-free atomics are the only shared state a signal handler may touch.
std::atomic<std::atomic<bool>*> target_flag{nullptr};
std::atomic<int> first_signal{0};
static_assert(std::atomic<std::atomic<bool>*>::is_always_lock_free);
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free);

extern "C" void on_interrupt(int signal_number) {
    std::atomic<bool>* flag = target_flag.load();
    if (!flag || flag->exchange(true)) {
        // Asked twice (or before anyone listens): stop the way the signal normally does.
        std::signal(signal_number, SIG_DFL);
        std::raise(signal_number);
        return;
    }
    int none = 0;
    first_signal.compare_exchange_strong(none, signal_number);
}

std::vector<int> terminating_signals() {
    std::vector<int> list{SIGINT,  SIGTERM, SIGHUP,    SIGQUIT, SIGUSR1, SIGUSR2,
                          SIGALRM, SIGPIPE, SIGVTALRM, SIGPROF, SIGXCPU};
#ifdef SIGIO
    list.push_back(SIGIO);
#endif
#ifdef SIGPWR
    list.push_back(SIGPWR);
#endif
#ifdef SIGSTKFLT
    list.push_back(SIGSTKFLT);
#endif
    for (int s = SIGRTMIN; s <= SIGRTMAX; ++s) list.push_back(s);
    return list;
}

}  // namespace

void install_interrupt_handlers(std::atomic<bool>& flag) {
    target_flag.store(&flag);
    struct sigaction action {};
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (int s : terminating_signals()) {
        struct sigaction before {};
        if (::sigaction(s, nullptr, &before) != 0) continue;  // e.g. a real-time signal the C library keeps
        // Ignored on purpose by whoever started us, or caught by someone else: theirs.
        const bool default_action = !(before.sa_flags & SA_SIGINFO) && before.sa_handler == SIG_DFL;
        if (!default_action && before.sa_handler != on_interrupt) continue;
        ::sigaction(s, &action, nullptr);
    }
}

int interrupting_signal() { return first_signal.load(); }

void stop_interrupt_handlers() { target_flag.store(nullptr); }

}  // namespace app
