import CGNUShims
import Glibc
import HangulSystem

/// The signals the daemon acts on, read one at a time by the thread that waits for them, so
/// shutdown and reload are ordinary code rather than signal handlers.
///
/// Each signal's default action (for most: exit at once, leaving the socket and lock files behind)
/// is replaced by a handler that writes the signal's number to a pipe (`hangul_signal_pipe_install`),
/// installed before `init` returns: install this before the socket exists, so that a signal
/// arriving once the socket is visible is never lost. The daemon's helper threads block these
/// signals (``DetachedThread``), so the handler runs on the thread that reads them, or on any other
/// that does not block them; either way the number reaches the pipe.
///
/// Not Dispatch signal sources, as before: those install their handler on Dispatch's own thread
/// some time after `resume()`, so the daemon had to poll until they had (a SIGTERM sent in between
/// was lost), and using them started Dispatch's worker pool, whose monitor woke the idle daemon
/// once a second (README, start-up).
final class TerminationSignals: @unchecked Sendable {
    // @unchecked: the descriptors are set in init, read by one thread, and closed in deinit.
    private let readEnd: CInt
    private let writeEnd: CInt

    /// Every signal whose default action would end the daemon and that a person or a service
    /// manager may send on purpose; all of them stop it cleanly, as SIGTERM does. (SIGKILL cannot
    /// be caught; SIGSEGV and its kind mean a bug, and their default, a core dump, serves better.)
    static let stopping: [CInt] = [SIGTERM, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF]

    /// Asks for a reload of the user's layout files.
    static let reloading: [CInt] = [SIGHUP]

    /// Throws for a number that cannot be caught (SIGKILL, SIGSTOP, not a signal), and when no
    /// pipe can be made.
    init(_ signals: [CInt] = TerminationSignals.stopping + TerminationSignals.reloading) throws(SystemCallError) {
        var ends: [CInt] = [-1, -1]
        guard hangul_signal_pipe_make(&ends) == 0 else { throw .last("pipe2") }
        (self.readEnd, self.writeEnd) = (ends[0], ends[1])
        guard hangul_signal_pipe_install(ends[1], signals, CInt(signals.count)) == 0 else {
            throw .last("sigaction")
        }
    }

    /// Blocks until one of the signals arrives and returns its number (in the order they came;
    /// a signal sent twice before the first is read may be read once).
    func next() -> CInt {
        var byte: UInt8 = 0
        while true {
            let count = read(self.readEnd, &byte, 1)
            if count == 1 { return CInt(byte) }
            // EINTR cannot end a wait here for good; any other failure of a pipe this object owns
            // would be a bug, and spinning on it would hide it.
            precondition(count < 0 && errno == EINTR, "reading the signal pipe failed: errno \(errno)")
        }
    }

    deinit {
        hangul_signal_pipe_detach()
        close(self.readEnd)
        close(self.writeEnd)
    }

    /// The conventional name of a signal number, for the log.
    static func name(of signalNumber: CInt) -> String {
        switch signalNumber {
        case SIGTERM: return "SIGTERM"
        case SIGINT: return "SIGINT"
        case SIGQUIT: return "SIGQUIT"
        case SIGHUP: return "SIGHUP"
        case SIGUSR1: return "SIGUSR1"
        case SIGUSR2: return "SIGUSR2"
        case SIGALRM: return "SIGALRM"
        case SIGVTALRM: return "SIGVTALRM"
        case SIGPROF: return "SIGPROF"
        default: return "signal \(signalNumber)"
        }
    }
}
