import HangulLog
import HangulProtocol
import HangulSystem

/// The whole daemon process: pick the socket, serve until a stopping signal, reload on SIGHUP, shut
/// down cleanly.
///
/// `hanguld`'s `@main` parses flags and calls `run`; everything it does lives here so it can be tested.
public enum Daemon {
    /// Serves sessions from `factory` until SIGTERM, SIGINT or another stopping signal
    /// (`TerminationSignals.stopping`), then shuts down gracefully and returns.
    ///
    /// It blocks the calling thread, the process's main thread, which then waits for signals in
    /// `read` while the socket loop runs on a thread of its own. No Swift concurrency or Dispatch is
    /// involved with the default loop: with them the idle daemon kept Dispatch's worker pool, whose
    /// monitor woke it once a second (README, start-up).
    ///
    /// On SIGHUP, `reload` runs: it hands a new factory to the `install` it is given, which then
    /// serves the connections accepted from then on (it installs none when it could not reload, and
    /// said why), and only then publishes new settings, so that no session is made by the old
    /// factory with settings meant for the new one's layouts. A change on disk to a file one of
    /// `watching` matches asks the same, after a short quiet period, so editing the settings file
    /// or a layout file needs no signal. Reloads run one at a time on a thread of their own, requests
    /// made during one merged into the next (``ReloadScheduler``). `settings`, when given, learns
    /// the socket, the session count and how to reload, for the protocol's `status` and `reload`.
    ///
    /// The listening socket is the one systemd passed (`LISTEN_PID`/`LISTEN_FDS`, see
    /// `SocketActivation`) if any, else the path from `SocketLocation.resolve(explicit: socketPath)`.
    /// Throws `DaemonError` when it cannot start; returning means a clean exit.
    ///
    /// Why `hanguld`'s own factory type and not any ``SessionFactory``: called from another module,
    /// a generic `run` was compiled once for any factory, and so was everything it starts, the
    /// socket loop included: per key the loop then looked up generic metadata and associated types,
    /// and copied and destroyed values through witness tables (perf, 20 keys/s). Called here with a
    /// concrete type, the compiler specializes the whole path down to the loop.
    public static func run(
        socketPath: String?,
        configuration: ServerConfiguration,
        factory: ProtocolSessionFactory,
        reload: @Sendable @escaping (_ install: (ProtocolSessionFactory) -> Void) -> Void = { _ in },
        watching: [DirectoryWatcher.Watch] = [],
        settings: SettingsStore? = nil,
        logger: DaemonLog
    ) throws {
        try serve(
            socketPath: socketPath, configuration: configuration, factory: factory, reload: reload,
            watching: watching, settings: settings, logger: logger)
    }

    private static func serve<Factory: SessionFactory>(
        socketPath: String?,
        configuration: ServerConfiguration,
        factory: Factory,
        reload: @Sendable @escaping (_ install: (Factory) -> Void) -> Void,
        watching: [DirectoryWatcher.Watch],
        settings: SettingsStore?,
        logger: DaemonLog
    ) throws {
        // Before any socket exists, so no signal can arrive between "socket visible" and "handler ready".
        let signals: TerminationSignals
        do throws(SystemCallError) {
            signals = try TerminationSignals()
            try Signals.ignore(Signals.brokenPipe)
        } catch {
            throw DaemonError.system(error)
        }

        let source: ListenerSource
        if let descriptor = SocketActivation.takeListeningDescriptor() {
            if socketPath != nil {
                logger.notice("--socket is ignored: systemd passed a listening socket")
            }
            source = .inheritedDescriptor(descriptor)
        } else {
            do {
                source = .path(try SocketLocation.resolve(explicit: socketPath, environment: Environment.value))
            } catch {
                throw DaemonError.socketLocation(error)
            }
        }

        let swappable = SwappableSessionFactory(factory)
        let server = try EpollServer.start(
            listeningOn: source,
            factory: swappable,
            configuration: configuration,
            logger: logger
        )
        logger.notice(
            "listening",
            metadata: [
                "socket": "\(server.socketPath ?? "fd \(SocketActivation.firstDescriptor.rawValue) from systemd")",
                "max-sessions": "\(configuration.maxSessions)",
                "max-pending": "\(configuration.maxPendingLines)",
            ]
        )

        let scheduler = ReloadScheduler { cause in
            logger.notice("reloading", metadata: ["cause": "\(cause)"])
            let covering = settings?.beginReload()
            var installed = false
            reload { factory in
                swappable.replace(with: factory)
                installed = true
            }
            if installed { logger.notice("reloaded; new connections get the layouts and settings now in force") }
            if let covering { settings?.finishReload(covering: covering) }
        }
        let reloadNow: @Sendable (String) -> Void = { scheduler.request($0) }
        settings?.install(
            SettingsStore.Hooks(
                socketPath: server.socketPath, sessionCount: { server.activeConnections },
                requestReload: { reloadNow("reload request") }))
        if !watching.isEmpty {
            if let (_, waiting) = DirectoryWatcher.start(watching, onChange: { reloadNow("a file changed") }) {
                for directory in waiting {
                    logger.info(
                        "a watched directory does not exist yet; it is followed once created",
                        metadata: ["directory": "\(directory)"])
                }
            } else {
                logger.warning("cannot watch the settings and layout directories (inotify); reload with SIGHUP")
            }
        }

        var signalNumber = signals.next()
        while TerminationSignals.reloading.contains(signalNumber) {
            reloadNow(TerminationSignals.name(of: signalNumber))
            signalNumber = signals.next()
        }
        logger.notice("shutting down", metadata: ["signal": "\(TerminationSignals.name(of: signalNumber))"])
        server.stop()
        logger.notice("stopped")
    }
}
