import HangulSystem
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
        try Self.ensureDescriptors(for: configuration, logger: logger)
        let listener = try PreparedListener.prepare(source, logger: logger)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: configuration.eventLoopThreads)
        let registry = ConnectionRegistry()
        let connectionInitializer = ConnectionInitializer(
            factory: factory,
            configuration: configuration,
            registry: registry,
            daemonUID: UInt32(CurrentProcess.effectiveUserID),
            logger: logger
        )
        let serverLogger = logger
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let operations = channel.pipeline.syncOperations
                    try operations.addHandler(AcceptErrorHandler(logger: serverLogger))
                }
            }
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .childChannelInitializer { channel in
                connectionInitializer.initialize(channel)
            }
        let serverChannel: Channel
        do {
            serverChannel = try await bootstrap.withBoundSocket(listener.descriptor.rawValue).get()
            // NIO listens with its default backlog of 128 when it adopts a socket and never applies
            // the backlog option to it; listening again sets ours (Linux changes the backlog of a
            // listening socket in place). An inherited socket gets it too: systemd's own backlog
            // was cut to 128 the same way. Only then does our socket get its name (`publish`).
            try listener.descriptor.listen(backlog: configuration.listenBacklog)
            try listener.publish()
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
        // No new client can find the socket; those already waiting in the listen backlog have sent
        // their requests and are accepted and answered like the others (issue 12, fault 4).
        self.listener.removeSocketFile()
        await self.acceptWaitingConnections()
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

    /// Lets the event loop accept every connection waiting in the listen backlog (the listening
    /// socket polls readable while one waits), then lets each be admitted, within a second.
    private func acceptWaitingConnections() async {
        let deadline = ContinuousClock.now + .seconds(1)
        while ContinuousClock.now < deadline, self.listener.descriptor.hasInputWaiting {
            try? await Task.sleep(for: .milliseconds(2))
        }
        // Accepting hands each connection to its event loop, which registers and admits it in tasks
        // of its own: queue behind them, a few hops deep.
        for _ in 0..<3 {
            for loop in self.group.makeIterator() {
                try? await loop.submit {}.get()
            }
        }
    }

    /// Checks that `--max-sessions` fits the descriptor limit, raising the soft limit toward the
    /// hard one when it does not: past the soft limit `accept` fails with `EMFILE`, so sessions the
    /// configuration promises could never be served.
    static func ensureDescriptors(for configuration: ServerConfiguration, logger: Logger) throws(DaemonError) {
        let limit: DescriptorLimit
        do {
            limit = try DescriptorLimit.current()
        } catch {
            throw .system(error)
        }
        let needed = configuration.descriptorsNeeded
        guard limit.soft < needed else {
            return
        }
        guard limit.hard >= needed else {
            throw .descriptorLimitTooLow(maxSessions: configuration.maxSessions, needed: needed, hardLimit: limit.hard)
        }
        do {
            try DescriptorLimit.raiseSoft(to: needed)
        } catch {
            throw .system(error)
        }
        logger.info(
            "raised the soft descriptor limit for max-sessions",
            metadata: ["from": "\(limit.soft)", "to": "\(needed)", "hard": "\(limit.hard)"]
        )
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
