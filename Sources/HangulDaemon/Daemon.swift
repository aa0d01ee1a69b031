import Glibc
import HangulProtocol
import Logging

/// The whole daemon process: pick the socket, serve until SIGTERM or SIGINT, shut down cleanly.
///
/// `hanguld`'s `@main` parses flags and calls `run`; everything it does lives here so it can be tested.
public enum Daemon {
    /// Serves sessions from `factory` until SIGTERM or SIGINT, then shuts down gracefully and returns.
    ///
    /// The listening socket is the one systemd passed (`LISTEN_PID`/`LISTEN_FDS`, see
    /// `SocketActivation`) if any, else the path from `SocketLocation.resolve(explicit: socketPath)`.
    /// Throws `DaemonError` when it cannot start; returning means a clean exit.
    public static func run(
        socketPath: String?,
        configuration: ServerConfiguration,
        factory: some SessionFactory,
        logger: Logger
    ) async throws {
        // Before any socket exists, so no signal can arrive between "socket visible" and "handler ready".
        let signals = TerminationSignals()
        Posix.ignoreSignal(SIGPIPE)

        let source: ListenerSource
        if let descriptor = SocketActivation.takeListeningDescriptor() {
            if socketPath != nil {
                logger.notice("--socket is ignored: systemd passed a listening socket")
            }
            source = .inheritedDescriptor(descriptor)
        } else {
            do {
                source = .path(try SocketLocation.resolve(explicit: socketPath, environment: Posix.environmentValue))
            } catch {
                throw DaemonError.socketLocation(error)
            }
        }

        let server = try await HangulServer.start(
            listeningOn: source,
            factory: factory,
            configuration: configuration,
            logger: logger
        )
        logger.notice(
            "listening",
            metadata: [
                "socket": "\(server.socketPath ?? "fd \(SocketActivation.firstDescriptor) from systemd")",
                "max-sessions": "\(configuration.maxSessions)",
                "max-pending": "\(configuration.maxPendingLines)",
            ]
        )

        var iterator = signals.received.makeAsyncIterator()
        let signalNumber = await iterator.next()
        logger.notice(
            "shutting down",
            metadata: ["signal": "\(signalNumber.map(TerminationSignals.name(of:)) ?? "none")"]
        )
        await server.shutdown()
        logger.notice("stopped")
    }
}
