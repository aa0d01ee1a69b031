import Glibc

/// Signal dispositions, set with `sigaction(2)`.
public enum Signals {
    /// `SIGPIPE`, sent on a write to a pipe or socket whose reader has gone.
    public static let brokenPipe: CInt = SIGPIPE

    /// Ignores `signal` for the whole process: it is discarded on delivery.
    ///
    /// For SIGPIPE this turns a write to a closed pipe from a silent death into an `EPIPE` the
    /// writer reports. An ignored disposition is inherited across `exec`; a program spawning
    /// others resets it in the child (the daemon's helper runner does). A Dispatch signal source
    /// still sees an ignored signal, which is how the daemon waits for SIGTERM and SIGHUP.
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

    /// Whether `signal` is ignored now (`sigaction(2)` queried, nothing changed); false for a
    /// number that is not a signal.
    public static func isIgnored(_ signal: CInt) -> Bool {
        var current = sigaction()
        guard sigaction(signal, nil, &current) == 0 else { return false }
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
            == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}
