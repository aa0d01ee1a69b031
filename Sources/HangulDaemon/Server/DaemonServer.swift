import Logging

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
}

/// Which loop serves the socket.
public enum ServerKind: String, Sendable, Equatable, CaseIterable {
    /// ``EpollServer``: the default.
    case epoll
    /// ``HangulServer`` (SwiftNIO).
    case nio
}

extension HangulServer: DaemonServer {}

extension ServerKind {
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
