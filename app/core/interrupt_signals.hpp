// app/core/interrupt_signals.hpp: turn every signal that would kill the process into a polite
// request to stop, so a long job can remove its temp files before it exits.
//
//     std::atomic<bool> interrupted{false};
//     app::install_interrupt_handlers(interrupted);   // before the first temp file exists
//     export_image(..., &interrupted, ...);           // polls the flag, cleans up, throws
//
// Covered: SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGVTALRM,
// SIGPROF, SIGXCPU, SIGIO, SIGPWR, SIGSTKFLT and the real-time signals: every signal whose
// default action ends the process and which a program may catch, apart from the faults
// (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGSYS, SIGTRAP: after one, the process cannot
// trust its own state to clean up) and SIGXFSZ (ignore it, so a write past `ulimit -f` fails
// with EFBIG). SIGKILL and SIGSTOP cannot be caught at all.
//
// Guarantees:
// - The first such signal only sets the flag; the handler does nothing else (async-signal-safe).
//   It is installed with SA_RESTART, so system calls of other threads carry on.
// - A second signal while the flag is set ends the process the default way at once (a stuck
//   job can still be stopped; its temp files may then stay).
// - A signal ignored when the program started stays ignored: `nohup` (SIGHUP) and shells that
//   start background jobs with SIGINT/SIGQUIT ignored keep working as their users expect.
// - A handler installed by someone else is left alone.
// - One flag per process: a later call replaces the flag the handlers set.
#pragma once

#include <atomic>

namespace app {

void install_interrupt_handlers(std::atomic<bool>& flag);

// The signal that set the flag (e.g. SIGHUP), or 0 if none came.
int interrupting_signal();

// From now on a signal ends the process the default way again, as if no flag were installed
// (for a phase with nothing to clean up that may block, e.g. `sample` reading its points).
void stop_interrupt_handlers();

}  // namespace app
