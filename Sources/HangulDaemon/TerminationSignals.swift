import Dispatch
import Glibc

/// SIGTERM and SIGINT as an async sequence, so shutdown is ordinary code rather than a signal handler.
///
/// The signals' default action (exit at once, leaving the socket file behind) is replaced by
/// `SIG_IGN` and a Dispatch signal source, which still sees them; install this before the socket
/// exists, so that a signal arriving once the socket is visible is never lost.
final class TerminationSignals: @unchecked Sendable {
    // @unchecked: the sources are created in init and only cancelled in deinit, never shared otherwise.
    private let sources: [any DispatchSourceSignal]
    /// Yields the number of each signal received.
    let received: AsyncStream<CInt>

    init(_ signals: [CInt] = [SIGTERM, SIGINT]) {
        let (stream, continuation) = AsyncStream<CInt>.makeStream()
        let queue = DispatchQueue(label: "hanguld.signals")
        self.received = stream
        self.sources = signals.map { signalNumber in
            Posix.ignoreSignal(signalNumber)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler {
                continuation.yield(signalNumber)
            }
            source.resume()
            return source
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
        default: return "signal \(signalNumber)"
        }
    }
}
