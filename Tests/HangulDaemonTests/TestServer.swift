import Glibc
import HangulDaemon
import HangulLog
import HangulTestSupport

/// A server (``startServer(listeningOn:factory:configuration:logger:)``) with the upper-casing test session on a socket in a fresh temporary directory.
struct TestServer {
    let server: EpollServer
    let directory: TemporaryDirectory
    let socketPath: String
    let factory: UppercaseSessionFactory
    let logs: CapturedLog

    /// Starts a server at `<temporary directory>/hangul/hanguld.sock`.
    static func start(configuration: ServerConfiguration = ServerConfiguration()) async throws -> TestServer {
        let directory = try TemporaryDirectory()
        let socketPath = directory.child("hangul/hanguld.sock")
        let factory = UppercaseSessionFactory()
        let (logger, logs) = CapturedLog.logger()
        do {
            let server = try await startServer(
                listeningOn: .path(socketPath),
                factory: factory,
                configuration: configuration,
                logger: logger
            )
            return TestServer(
                server: server,
                directory: directory,
                socketPath: socketPath,
                factory: factory,
                logs: logs
            )
        } catch {
            directory.remove()
            throw error
        }
    }

    /// Runs `body` against a fresh server and always shuts it down and removes its directory.
    static func with<T>(
        configuration: ServerConfiguration = ServerConfiguration(),
        _ body: (TestServer) async throws -> T
    ) async throws -> T {
        let running = try await Self.start(configuration: configuration)
        do {
            let result = try await body(running)
            await running.stop()
            return result
        } catch {
            await running.stop()
            throw error
        }
    }

    func connect() throws -> UnixClient {
        try UnixClient(path: self.socketPath)
    }

    func stop() async {
        await self.server.shutdown()
        self.directory.remove()
    }
}

/// Starts the daemon's server with `configuration` on `source`.
func startServer(
    listeningOn source: ListenerSource,
    factory: some SessionFactory,
    configuration: ServerConfiguration = ServerConfiguration(),
    logger: DaemonLog
) async throws -> EpollServer {
    try EpollServer.start(listeningOn: source, factory: factory, configuration: configuration, logger: logger)
}

extension EpollServer {
    /// ``EpollServer/stop()`` for the tests, suspending instead of blocking a thread of the
    /// cooperative pool.
    func shutdown() async {
        await withCheckedContinuation { continuation in
            self.stop { continuation.resume() }
        }
    }
}
