import HangulSystem
import Logging
import Synchronization

/// What `Daemon.run` needs of a socket server, whichever loop serves the socket.
///
/// Two implement it: ``EpollServer`` (the default: one thread in `epoll_wait`, see its notes) and
/// ``HangulServer`` (SwiftNIO), kept behind `hanguld --server nio` so that the benchmark can
/// measure both in one run (README, Performance).
public protocol DaemonServer: AnyObject, Sendable {
    /// The socket file this server created, or nil when it serves an inherited socket.
    var socketPath: String? { get }
    /// How many connections are being served now.
    var activeConnections: Int { get }
    /// Stops accepting, answers what connections have sent, closes them, removes the socket and
    /// lock files; only the first call does anything.
    func shutdown() async
    /// The same, blocking the calling thread until it is done: for the daemon's main thread, which
    /// waits for signals in `read` and runs no Swift concurrency (``Daemon``).
    func stop()
}

/// Which loop serves the socket.
public enum ServerKind: String, Sendable, Equatable, CaseIterable {
    /// ``EpollServer``: the default.
    case epoll
    /// ``HangulServer`` (SwiftNIO).
    case nio
}

extension HangulServer: DaemonServer {
    public func stop() {
        // Only when no eventfd can be made for the wait does this not wait: the process then exits
        // without NIO's graceful close (the hidden `--server nio` only).
        try? BlockingCall.run { await self.shutdown() }
    }
}

extension ServerKind {
    /// Starts the server of this kind on `source`, blocking the calling thread (``Daemon``'s main
    /// thread); the server is listening when this returns. The NIO server, async throughout, is
    /// started on a task meanwhile; the epoll server needs none.
    public func startBlocking(
        listeningOn source: ListenerSource,
        factory: some SessionFactory,
        configuration: ServerConfiguration,
        logger: Logger
    ) throws -> any DaemonServer {
        switch self {
        case .epoll:
            try EpollServer.start(listeningOn: source, factory: factory, configuration: configuration, logger: logger)
        case .nio:
            try BlockingCall.run {
                try await HangulServer.start(
                    listeningOn: source, factory: factory, configuration: configuration, logger: logger)
            }
        }
    }

    /// Starts the server of this kind on `source`; the server is listening when this returns.
    public func start(
        listeningOn source: ListenerSource,
        factory: some SessionFactory,
        configuration: ServerConfiguration,
        logger: Logger
    ) async throws -> any DaemonServer {
        switch self {
        case .epoll:
            try EpollServer.start(listeningOn: source, factory: factory, configuration: configuration, logger: logger)
        case .nio:
            try await HangulServer.start(
                listeningOn: source, factory: factory, configuration: configuration, logger: logger)
        }
    }
}

/// Runs async code from a thread outside Swift concurrency and blocks that thread until it has
/// finished: only the NIO server (`hanguld --server nio`, for the benchmark) needs it, from the
/// daemon's main thread. Never from a task: it would hold one of the pool's few threads.
enum BlockingCall {
    static func run<Value: Sendable>(_ body: @escaping @Sendable () async throws -> Value) throws -> Value {
        let latch = try Latch()
        let outcome = Outcome<Value>()
        Task {
            do {
                outcome.set(.success(try await body()))
            } catch {
                outcome.set(.failure(error))
            }
            latch.open()
        }
        latch.wait()
        return try outcome.get()
    }

    private final class Outcome<Value: Sendable>: Sendable {
        private let result = Mutex<Result<Value, any Error>?>(nil)

        func set(_ result: Result<Value, any Error>) {
            self.result.withLock { $0 = result }
        }

        /// Called once the latch is open, so after `set`.
        func get() throws -> Value {
            guard let result = self.result.withLock({ $0 }) else { preconditionFailure("read before it was set") }
            return try result.get()
        }
    }
}
