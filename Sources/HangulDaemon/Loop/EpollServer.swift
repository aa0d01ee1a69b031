import HangulLog
import HangulSystem
import Synchronization

/// The daemon's socket server on one thread waiting in `epoll_wait` (README, Performance, "The
/// socket loop": measured beside SwiftNIO's, which it replaced).
///
/// What decides is apart from it (``ConnectionStateMachine``, the sessions, ``PeerPolicy``); it
/// moves the bytes: a key is one `epoll_wait`, one `read` and one `send`, with no wake-up
/// descriptors, timer descriptors or promises in between. ``SocketLoop`` does the
/// work on its own thread; this object is what `Daemon.run` holds: the socket files, the session
/// count, shutdown.
public final class EpollServer: Sendable {
    private let listener: PreparedListener
    private let bell: WakeUpBell
    private let shared: SocketLoopControl
    private let shutdownStarted = Mutex(false)

    /// The socket file this server created, or nil when it serves an inherited socket.
    public var socketPath: String? { self.listener.socketPath }

    /// How many connections are being served now.
    public var activeConnections: Int { self.shared.active.load(ordering: .relaxed) }

    private init(listener: PreparedListener, bell: WakeUpBell, shared: SocketLoopControl) {
        self.listener = listener
        self.bell = bell
        self.shared = shared
    }

    /// Binds (or adopts) the listening socket and starts serving sessions from `factory` on a
    /// thread of its own. Throws `DaemonError` for anything a person must fix; the server is
    /// listening when this returns.
    public static func start(
        listeningOn source: ListenerSource,
        factory: some SessionFactory,
        configuration: ServerConfiguration = ServerConfiguration(),
        logger: DaemonLog
    ) throws -> EpollServer {
        try configuration.validate()
        try Self.ensureDescriptors(for: configuration, logger: logger)
        let listener = try PreparedListener.prepare(source, logger: logger)
        do throws(SystemCallError) {
            try listener.descriptor.setNonBlocking()
            try listener.descriptor.listen(backlog: configuration.listenBacklog)
            let bell = try WakeUpBell()
            let shared = SocketLoopControl()
            let loop = try SocketLoop(
                listener: listener.descriptor, bell: bell, shared: shared, factory: factory,
                configuration: configuration, logger: logger)
            try listener.publish()
            try DetachedThread.start { loop.run() }
            return EpollServer(listener: listener, bell: bell, shared: shared)
        } catch {
            try? listener.descriptor.close()
            listener.removeFiles()
            throw DaemonError.system(error)
        }
    }

    /// Checks that `--max-sessions` fits the descriptor limit, raising the soft limit toward the
    /// hard one when it does not: past the soft limit `accept` fails with `EMFILE`, so sessions the
    /// configuration promises could never be served.
    static func ensureDescriptors(for configuration: ServerConfiguration, logger: DaemonLog) throws(DaemonError) {
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

    /// Stops accepting (after the connections already waiting in the backlog, which are served
    /// like the others), lets every connection answer what it has received, closes them within
    /// the shutdown timeout, and removes the socket and lock files. Only the first call does
    /// anything. Returns once all that is done.
    public func stop() {
        // Without an eventfd for the latch (descriptors exhausted), the loop is still told to stop;
        // the files are removed when it has, but nobody waits for that.
        let latch = try? Latch()
        self.stop { latch?.open() }
        latch?.wait()
    }

    /// Starts stopping, once, without waiting; `then` runs when the loop has finished and the files
    /// are gone, at once for every call after the first. The tests' `shutdown() async` suspends on
    /// it; the daemon itself has no async code, so that it loads no concurrency runtime.
    public func stop(then: @escaping @Sendable () -> Void) {
        let first = self.shutdownStarted.withLock { started in
            defer { started = true }
            return !started
        }
        guard first else {
            then()
            return
        }
        self.listener.removeSocketFile()
        self.shared.requestStop { [listener] in
            listener.removeFiles()
            then()
        }
        self.bell.ring()
    }
}
