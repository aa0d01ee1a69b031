import Glibc
import HangulCore
import HangulProtocol
import Synchronization

/// The settings file's current contents as every session of the daemon sees them, and what the
/// last load of it found.
///
/// One store per daemon, shared by all its sessions: a reload replaces the settings and bumps
/// ``generation``, and each open session compares the generation it has adopted with this one at
/// its next request (an atomic load, no lock on the typing path), taking the new settings at the
/// next syllable boundary. Nothing here holds typed text: the settings and the problems come from
/// the file.
public final class SettingsStore: Sendable {
    /// One load of the file: what the sessions follow, and its provenance for logs and status.
    public struct Snapshot: Sendable {
        /// The settings sessions follow: the last file that was accepted, or the defaults.
        public var settings: ConfiguredSettings
        /// The layouts ``settings`` were read against, nil when none were given (the defaults). A
        /// session finds the settings' layout here, not in the catalog it was opened with: a session
        /// opened just before a reload holds the old catalog, which may lack a layout the reload
        /// added, and it stayed on the default layout (issue 23, fault 16).
        public var layouts: LayoutCatalog?
        /// Bumped by every accepted load; a session that adopted an older one has settings to take.
        public var generation: Int
        /// The problems of the last attempt (`file:line: reason`), empty when it was accepted; a
        /// refused attempt keeps ``settings`` as they were.
        public var problems: [String]
        /// When the settings in force were accepted, seconds since the epoch; nil for the defaults.
        public var loadedAt: Int?
        /// Reload requests served since start, accepted or refused (the first load at start not
        /// counted): a request is served by the first reload that begins after it.
        public var reloadsFinished = 0
        /// Reloads asked for through the protocol or a signal; those past ``reloadsFinished`` wait.
        public var reloadsRequested = 0
    }

    /// What the daemon lets a session see and ask of it, set once it is listening.
    public struct Hooks: Sendable {
        /// The socket path, nil under systemd activation.
        public var socketPath: String?
        /// The connections served now.
        public var sessionCount: @Sendable () -> Int
        /// Starts a reload in the background; returns at once.
        public var requestReload: @Sendable () -> Void

        public init(
            socketPath: String?, sessionCount: @escaping @Sendable () -> Int,
            requestReload: @escaping @Sendable () -> Void
        ) {
            self.socketPath = socketPath
            self.sessionCount = sessionCount
            self.requestReload = requestReload
        }
    }

    /// The settings file, as `status` names it; nil for a store without one (tests, tools).
    public let configPath: String?
    private let state: Mutex<Snapshot>
    private let currentGeneration = Atomic<Int>(0)
    private let hooks = Mutex<Hooks?>(nil)

    /// A store holding `settings` (generation 0).
    public init(_ settings: ConfiguredSettings = ConfiguredSettings(), configPath: String? = nil) {
        self.configPath = configPath
        self.state = Mutex(Snapshot(settings: settings, generation: 0, problems: []))
    }

    /// Installs what `status` and `reload` need from the daemon.
    public func install(_ newHooks: Hooks) {
        hooks.withLock { $0 = newHooks }
    }

    /// The daemon's state for `status`: nothing typed, only the daemon's and the file's.
    public var status: StatusResult {
        let snapshot = self.snapshot
        let hooks = self.hooks.withLock { $0 }
        return StatusResult(
            socket: hooks?.socketPath, sessions: hooks?.sessionCount() ?? 0, configFile: configPath,
            loadedAt: snapshot.loadedAt.map(Self.utcTimestamp), generation: snapshot.generation,
            reloads: snapshot.reloadsFinished, problems: snapshot.problems)
    }

    /// Asks the daemon for a reload; returns the ``Snapshot/reloadsFinished`` count that marks it
    /// done, or nil when no daemon is attached to run it.
    public func requestReload() -> Int? {
        guard let hooks = hooks.withLock({ $0 }) else { return nil }
        let ticket = state.withLock { snapshot in
            snapshot.reloadsRequested += 1
            return snapshot.reloadsRequested
        }
        hooks.requestReload()
        return ticket
    }

    /// Marks a reload's start: it serves every request made so far (requests are merged, see
    /// `ReloadScheduler`), and a reload nobody asked for through the protocol (a signal, a file
    /// changed) counts as one more, so the numbers `reload` hands out stay ahead. Returns the count
    /// ``finishReload(covering:)`` takes.
    public func beginReload() -> Int {
        state.withLock { snapshot in
            snapshot.reloadsRequested = max(snapshot.reloadsRequested, snapshot.reloadsFinished + 1)
            return snapshot.reloadsRequested
        }
    }

    /// Marks the reload begun with `covering` done: every ticket up to it has been served.
    public func finishReload(covering: Int) {
        state.withLock { snapshot in
            snapshot.reloadsFinished = max(snapshot.reloadsFinished, covering)
        }
    }

    /// `2026-11-24T06:30:00Z` for seconds since the epoch.
    static func utcTimestamp(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }

    /// The settings and their generation, read together.
    public var snapshot: Snapshot { state.withLock { $0 } }

    /// The generation of the settings now in force; cheap enough to read on every request.
    public var generation: Int { currentGeneration.load(ordering: .acquiring) }

    /// Makes `settings`, read against `layouts`, the ones sessions follow; returns the new generation.
    @discardableResult
    public func replace(with settings: ConfiguredSettings, layouts: LayoutCatalog? = nil) -> Int {
        state.withLock { snapshot in
            snapshot.settings = settings
            snapshot.layouts = layouts
            snapshot.generation += 1
            snapshot.problems = []
            snapshot.loadedAt = time(nil)
            currentGeneration.store(snapshot.generation, ordering: .releasing)
            ChangeHint.advance()
            return snapshot.generation
        }
    }

    /// Records a refused load: the settings stay, the problems are kept for status.
    public func refuse(problems: [String]) {
        state.withLock { $0.problems = problems }
    }
}
