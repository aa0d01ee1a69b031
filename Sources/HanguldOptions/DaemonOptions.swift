import HangulLog

/// What `hanguld`'s command line sets, every default in one place (the initializer's): filled by
/// the argument parser in `hanguld-cli` (``Hanguld``'s options take their defaults from here) or,
/// for the command lines a daemon is normally started with, by ``QuickStart`` without the parser.
///
/// This module links neither the daemon nor the parser, so that `hanguld-cli` stays small (the
/// packages' size target): the defaults that the daemon's own types also spell
/// (`ServerConfiguration`, `WordList`, `Wire`) are written here again, and `DaemonOptionsTests`
/// checks that they agree.
public struct DaemonOptions: Sendable, Equatable {
    /// The daemon's version, `Wire.serverVersion`.
    public static let version = "0.1.0"

    public var socket: String?
    public var maxSessions: Int
    public var maxPending: Int
    public var helloTimeout: Int
    public var logLevel: DaemonLog.Level
    public var keymapLayout: String
    public var layoutFiles: [String]
    public var config: String?
    public var hanjaFiles: [String]
    public var noSystemHanja: Bool
    public var words: String
    /// The longest a hanja key waits for the dictionaries to load: below the IBus engine's 150 ms
    /// deadline per key (and fcitx5's and hangul-wayland's longer ones), so a slow load never makes
    /// a frontend give up on the daemon and type Latin letters while it backs off. Mapping the
    /// cached system index takes about 3 ms; building it the first time, 16–170 ms, and a user's
    /// file of tens of MiB seconds, which is what this bounds. The load starts with the daemon, so
    /// by the first hanja key it has normally finished.
    public var hanjaLoadPatienceMilliseconds: Int

    /// The defaults: `ServerConfiguration()`'s bounds, the US reference keymap, Debian's
    /// wamerican word list, 100 ms of patience for the hanja load.
    public init(
        socket: String? = nil, maxSessions: Int = 256, maxPending: Int = 1024, helloTimeout: Int = 10,
        logLevel: DaemonLog.Level = .info, keymapLayout: String = "us", layoutFiles: [String] = [],
        config: String? = nil, hanjaFiles: [String] = [], noSystemHanja: Bool = false,
        words: String = "/usr/share/dict/american-english",
        hanjaLoadPatienceMilliseconds: Int = 100
    ) {
        self.socket = socket
        self.maxSessions = maxSessions
        self.maxPending = maxPending
        self.helloTimeout = helloTimeout
        self.logLevel = logLevel
        self.keymapLayout = keymapLayout
        self.layoutFiles = layoutFiles
        self.config = config
        self.hanjaFiles = hanjaFiles
        self.noSystemHanja = noSystemHanja
        self.words = words
        self.hanjaLoadPatienceMilliseconds = hanjaLoadPatienceMilliseconds
    }

    /// What is wrong with these options, as the parser reports it (after `Error: `), or nil.
    public var problem: String? {
        guard maxSessions >= 1 else { return "--max-sessions must be at least 1, not \(maxSessions)." }
        guard maxPending >= 1 else { return "--max-pending must be at least 1, not \(maxPending)." }
        guard (1...86400).contains(helloTimeout) else {
            return "--hello-timeout must be between 1 and 86400 seconds (a day), not \(helloTimeout)."
        }
        guard (0...60_000).contains(hanjaLoadPatienceMilliseconds) else {
            return
                "--hanja-load-patience must be between 0 and 60000 milliseconds, not \(hanjaLoadPatienceMilliseconds)."
        }
        guard !keymapLayout.isEmpty else { return "--keymap-layout must not be empty." }
        return nil
    }
}
