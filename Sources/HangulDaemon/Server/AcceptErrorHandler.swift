import Glibc
import Logging
import NIOCore

/// Sits on the listening channel and keeps accept-side errors from ever closing it or flooding the log.
///
/// NIO reports here both failures of `accept` and connections our initializer refused; the latter
/// were logged already. Out of descriptors (or memory) the listening socket stays readable, and
/// NIO, which keeps it registered for reading after a failed accept, retried at once: 100% CPU and
/// one log line per attempt, about 18 MB/s (issue 12). So such a failure pauses accepting
/// (`autoRead` off, which takes the socket out of epoll) for ``AcceptBackoff/delay(after:)``, and
/// failures are logged at most once a second, with how many there were. (NIO's own
/// `AcceptBackoffHandler` only delays the next `read()`, which does not stop that loop.)
final class AcceptErrorHandler: ChannelInboundHandler {
    typealias InboundIn = Channel

    private let logger: Logger
    private var failures = AcceptFailureCount()

    init(logger: Logger) {
        self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if error is ConnectionRefused {
            return
        }
        if let delay = AcceptBackoff.delay(after: error) {
            self.pause(context: context, for: delay)
        }
        guard let count = self.failures.record(at: .now()) else {
            return
        }
        self.logger.error(
            "accepting connections failed",
            metadata: [
                "error": "\(LoggableError.describe(error))",
                "failures": "\(count)",
                "retry-after":
                    "\(AcceptBackoff.delay(after: error).map { "\($0.nanoseconds / 1_000_000) ms" } ?? "0 ms")",
            ]
        )
    }
}

extension AcceptErrorHandler {
    private func pause(context: ChannelHandlerContext, for delay: TimeAmount) {
        let options = context.channel.syncOptions
        guard (try? options?.getOption(.autoRead)) == true else {
            // Already paused.
            return
        }
        try? options?.setOption(.autoRead, value: false)
        context.eventLoop.assumeIsolated().scheduleTask(in: delay) {
            if context.channel.isActive {
                try? context.channel.syncOptions?.setOption(.autoRead, value: true)
            }
        }
    }
}

/// Counts accept failures so that one log line a second reports them all.
struct AcceptFailureCount {
    /// The shortest time between two log lines.
    static let interval = TimeAmount.seconds(1)

    private var lastLogged: NIODeadline?
    private var unlogged = 0

    /// Counts one failure at `now`; returns how many to report (this one included) when a line is
    /// due, nil when it is counted for the next line.
    mutating func record(at now: NIODeadline) -> Int? {
        self.unlogged += 1
        if let last = self.lastLogged, now < last + Self.interval {
            return nil
        }
        defer { self.unlogged = 0 }
        self.lastLogged = now
        return self.unlogged
    }
}

/// How long the listening socket rests after a failed `accept`.
enum AcceptBackoff {
    /// Out of descriptors or memory (`EMFILE`, `ENFILE`, `ENOBUFS`, `ENOMEM`): the socket stays
    /// readable, so retrying at once spins; 100 ms lets clients leave and keeps the CPU idle.
    /// Anything else (a connection aborted before accept) is retried at once.
    static func delay(after error: any Error) -> TimeAmount? {
        guard let error = error as? IOError else {
            return nil
        }
        switch error.errnoCode {
        case EMFILE, ENFILE, ENOBUFS, ENOMEM: return .milliseconds(100)
        default: return nil
        }
    }
}
