import Glibc

/// Signal dispositions, set with `sigaction(2)`.
public enum Signals {
    /// `SIGPIPE`, sent on a write to a pipe or socket whose reader has gone.
    public static let brokenPipe: CInt = SIGPIPE

    /// Ignores `signal` for the whole process: it is discarded on delivery.
    ///
    /// For SIGPIPE this turns a write to a closed pipe from a silent death into an `EPIPE` the
    /// writer reports. An ignored disposition is inherited across `exec`; a program spawning
    /// others should reset it in the child.
    /// Throws `EINVAL` for a number that is not a signal, and for SIGKILL and SIGSTOP, which
    /// cannot be ignored: `sigaction(9): Invalid argument`.
    public static func ignore(_ signal: CInt) throws(SystemCallError) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_IGN
        sigemptyset(&action.sa_mask)
        guard sigaction(signal, &action, nil) == 0 else {
            throw .last("sigaction(\(signal))")
        }
    }

    /// Blocks every asynchronous signal in the calling thread, for a helper thread that never acts
    /// on one (the daemon's file watcher and reload runner).
    ///
    /// The daemon's main thread waits for its signals (their handler writes each to a pipe it
    /// reads); a helper thread that blocks them leaves them to that thread, and its own blocking
    /// calls are never interrupted by one. (When the daemon read them through Dispatch signal
    /// sources with the signals ignored, a signal the kernel handed to a thread not blocking it was
    /// discarded, and a SIGTERM was lost that way.) Faults (SIGSEGV,
    /// SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGABRT) are left unblocked: they belong to the thread
    /// that caused them.
    public static func blockAsynchronousSignalsInThisThread() {
        var set = sigset_t()
        sigfillset(&set)
        for fault in [SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGABRT] { sigdelset(&set, fault) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Whether `signal` is ignored now (`sigaction(2)` queried, nothing changed); false for a
    /// number that is not a signal.
    public static func isIgnored(_ signal: CInt) -> Bool {
        var current = sigaction()
        guard sigaction(signal, nil, &current) == 0 else { return false }
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
            == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}
