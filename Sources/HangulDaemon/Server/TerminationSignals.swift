import Dispatch
import Glibc
import HangulSystem

/// The signals the daemon acts on, as an async sequence, so shutdown and reload are ordinary code
/// rather than signal handlers.
///
/// Each signal's default action (for most: exit at once, leaving the socket and lock files behind)
/// is replaced by `SIG_IGN` and a Dispatch signal source, which still sees it; install this before
/// the socket exists, so that a signal arriving once the socket is visible is never lost.
final class TerminationSignals: @unchecked Sendable {
    // @unchecked: the sources are created in init and only cancelled in deinit, never shared otherwise.
    private let sources: [any DispatchSourceSignal]
    /// Yields the number of each signal received.
    let received: AsyncStream<CInt>

    /// Every signal whose default action would end the daemon and that a person or a service
    /// manager may send on purpose; all of them stop it cleanly, as SIGTERM does. (SIGKILL cannot
    /// be caught; SIGSEGV and its kind mean a bug, and their default, a core dump, serves better.)
    static let stopping: [CInt] = [SIGTERM, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF]

    /// Asks for a reload of the user's layout files.
    static let reloading: [CInt] = [SIGHUP]

    /// Throws only for a number that cannot be ignored (SIGKILL, SIGSTOP, not a signal).
    init(_ signals: [CInt] = TerminationSignals.stopping + TerminationSignals.reloading) throws(SystemCallError) {
        let (stream, continuation) = AsyncStream<CInt>.makeStream()
        let queue = DispatchQueue(label: "hanguld.signals")
        self.received = stream
        self.sources = try signals.map { signalNumber throws(SystemCallError) in
            try Signals.ignore(signalNumber)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler {
                continuation.yield(signalNumber)
            }
            source.resume()
            return source
        }
        Self.waitForHandlers(signals)
    }

    /// Waits (at most 2 s) until Dispatch has installed every source's signal handler. It does so
    /// on a thread of its own some time after `resume()`; until then the disposition is `SIG_IGN`
    /// and the kernel discards the signal. On a loaded machine that lasted past a quick start's
    /// first reply, and a SIGTERM sent then was lost: the daemon ran on and `startup-bench` waited
    /// for it for good.
    private static func waitForHandlers(_ signals: [CInt]) {
        let ignored = unsafeBitCast(SIG_IGN, to: Int.self)
        let deadline = ContinuousClock.now + .seconds(2)
        for signalNumber in signals {
            while ContinuousClock.now < deadline {
                var action = sigaction()
                guard sigaction(signalNumber, nil, &action) == 0,
                    unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == ignored
                else { break }
                CurrentThread.sleep(for: .milliseconds(1))
            }
        }
    }

    deinit {
        for source in self.sources {
            source.cancel()
        }
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
