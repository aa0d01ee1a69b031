import Logging
import NIOCore
import NIOPosix
import Synchronization

/// The daemon's socket server: accepts connections, checks who they come from, and runs one session each.
///
/// Each connection's pipeline is one `SessionHandler`: its `LineFramer` cuts bytes into lines, apart
/// from meaning as in swift-nio's TCP echo server example, and its session turns lines into replies. An error in one connection closes that
/// connection only; the listening socket never closes because of a client.
public final class HangulServer: Sendable {
    private let group: MultiThreadedEventLoopGroup
    private let serverChannel: Channel
    private let listener: PreparedListener
    private let registry: ConnectionRegistry
    private let configuration: ServerConfiguration
    private let logger: Logger
    private let shutdownStarted = Mutex(false)

    /// The socket file this server created, or nil when it serves an inherited socket.
    public var socketPath: String? { self.listener.socketPath }

    /// How many connections are being served now.
    public var activeConnections: Int { self.registry.count }

    private init(
        group: MultiThreadedEventLoopGroup,
        serverChannel: Channel,
        listener: PreparedListener,
        registry: ConnectionRegistry,
        configuration: ServerConfiguration,
        logger: Logger
    ) {
        self.group = group
        self.serverChannel = serverChannel
        self.listener = listener
        self.registry = registry
        self.configuration = configuration
        self.logger = logger
    }

    /// Binds (or adopts) the listening socket and starts serving sessions from `factory`.
    ///
    /// Throws `DaemonError` for anything a person must fix (socket directory, a live daemon, limits);
    /// the server is listening when this returns.
    public static func start(
        listeningOn source: ListenerSource,
        factory: some SessionFactory,
        configuration: ServerConfiguration = ServerConfiguration(),
        logger: Logger
    ) async throws -> HangulServer {
        try configuration.validate()
        let listener = try PreparedListener.prepare(source, logger: logger)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: configuration.eventLoopThreads)
        let registry = ConnectionRegistry()
        let connectionInitializer = ConnectionInitializer(
            factory: factory,
            configuration: configuration,
            registry: registry,
            daemonUID: UInt32(Posix.effectiveUID),
            logger: logger
        )
        let serverLogger = logger
        let bootstrap = ServerBootstrap(group: group)
            // A generous backlog: a burst of connects beyond it fails with EAGAIN on a Unix socket,
            // and the sessions bound is enforced after accept with a clear -32005 instead.
            .serverChannelOption(.backlog, value: 4096)
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(AcceptErrorHandler(logger: serverLogger))
                }
            }
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .childChannelInitializer { channel in
                connectionInitializer.initialize(channel)
            }
        let serverChannel: Channel
        do {
            serverChannel = try await bootstrap.withBoundSocket(listener.descriptor).get()
        } catch {
            listener.removeFiles()
            try? await group.shutdownGracefully()
            throw error
        }
        return HangulServer(
            group: group,
            serverChannel: serverChannel,
            listener: listener,
            registry: registry,
            configuration: configuration,
            logger: logger
        )
    }

    /// Stops accepting, lets every connection answer the lines it has received, closes them, removes the
    /// socket and lock files (when this server created them) and stops the event loops.
    ///
    /// Connections that have not finished within `shutdownTimeout` (a client not reading its replies)
    /// are closed regardless. Only the first call does anything; later calls return at once.
    public func shutdown() async {
        let first = self.shutdownStarted.withLock { started in
            defer { started = true }
            return !started
        }
        guard first else {
            return
        }
        try? await self.serverChannel.close()
        let channels = self.registry.beginShutdown()
        self.logger.info("stopped accepting; draining connections", metadata: ["active": "\(channels.count)"])
        for channel in channels {
            channel.eventLoop.execute {
                channel.pipeline.fireUserInboundEventTriggered(ConnectionDrainEvent())
            }
        }
        await Self.waitForClose(
            of: channels,
            timeout: TimeAmount(self.configuration.shutdownTimeout),
            on: self.group.any()
        )
        self.listener.removeFiles()
        try? await self.group.shutdownGracefully()
    }

    private static func waitForClose(of channels: [Channel], timeout: TimeAmount, on eventLoop: EventLoop) async {
        guard !channels.isEmpty else {
            return
        }
        let allClosed = EventLoopFuture.andAllComplete(channels.map(\.closeFuture), on: eventLoop)
        let deadline = eventLoop.scheduleTask(in: timeout) {
            for channel in channels {
                channel.close(promise: nil)
            }
        }
        try? await allClosed.get()
        deadline.cancel()
    }
}
