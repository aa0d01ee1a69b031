import Glibc

/// Signal dispositions, set with `sigaction(2)`.
public enum Signals {
    /// `SIGPIPE`, sent on a write to a pipe or socket whose reader has gone.
    public static let brokenPipe: CInt = SIGPIPE

    /// Ignores `signal` for the whole process: it is discarded on delivery.
    ///
    /// For SIGPIPE this turns a write to a closed pipe from a silent death into an `EPIPE` the
    /// writer reports. An ignored disposition is inherited across `exec`; a program spawning
    /// others should reset it in the child. A Dispatch signal source still sees an ignored signal
    /// that reaches a thread blocking it, which is how the daemon waits for SIGTERM and SIGHUP
    /// (``blockAsynchronousSignalsInThisThread()``).
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
    /// The daemon ignores its signals and reads them through Dispatch signal sources; a process
    /// signal that the kernel hands to a thread not blocking it is then discarded by the ignored
    /// disposition, and SIGTERM was lost that way (a stopped daemon sent SIGTERM and SIGCONT hung
    /// in some runs). A thread that blocks them leaves them to the sources. Faults (SIGSEGV,
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
