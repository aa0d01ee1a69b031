import Glibc

/// The daemon's log: records at a level, with key–value metadata, written one line each to standard
/// error (the journal, under systemd) or handed to a sink a test gives.
///
/// Why not swift-log: its `Logger` keeps a task-local logger, so any program that links it loads
/// the Swift concurrency runtime and, with it, Dispatch and the blocks runtime: about 1 MB of
/// resident pages beside the IBus engine, and loading them was about a tenth of the daemon's time
/// to its first key, for a daemon that has no task and no queue (README, "Without swift-log"). The daemon needs levels, metadata
/// and one line per record; this is that.
///
/// What goes into a record is the caller's responsibility, and the daemon's rule holds there: never
/// a keystroke or typed text, only counts, reasons and names.
public struct DaemonLog: Sendable {
    /// How much a record matters, least first: a log at one level keeps the records at that level
    /// and above. The raw values are what `--log-level` accepts.
    public enum Level: String, CaseIterable, Comparable, Sendable {
        case trace, debug, info, notice, warning, error, critical

        public static func < (lhs: Level, rhs: Level) -> Bool {
            lhs.rank < rhs.rank
        }

        private var rank: Int {
            switch self {
            case .trace: 0
            case .debug: 1
            case .info: 2
            case .notice: 3
            case .warning: 4
            case .error: 5
            case .critical: 6
            }
        }
    }

    /// One record, as the sink receives it: the log's metadata merged with the call's (the call's
    /// value wins for a key both give).
    public struct Record: Sendable, Equatable {
        public var level: Level
        public var label: String
        public var message: String
        public var metadata: [String: String]

        public init(level: Level, label: String, message: String, metadata: [String: String]) {
            self.level = level
            self.label = label
            self.message = message
            self.metadata = metadata
        }

        /// The record as one line without its timestamp and newline:
        /// `notice hanguld: listening max-sessions=64 socket=/run/user/1000/hangul/hanguld.sock`, the
        /// metadata sorted by key so that two runs print the same line.
        public var line: String {
            var line = "\(self.level.rawValue) \(self.label): \(self.message)"
            for (key, value) in self.metadata.sorted(by: { $0.key < $1.key }) {
                line += " \(key)=\(value)"
            }
            return line
        }
    }

    /// Where records go. Called on whichever thread logs, so it must be safe from several at once.
    public typealias Sink = @Sendable (Record) -> Void

    /// The program the records come from, at the start of each line.
    public let label: String
    /// Records below this level are dropped before their message is built.
    public var level: Level
    /// Metadata every record of this log carries (a connection's number, for instance).
    public var metadata: [String: String] = [:]
    private let sink: Sink

    public init(label: String, level: Level = .info, sink: @escaping Sink = DaemonLog.standardError) {
        self.label = label
        self.level = level
        self.sink = sink
    }

    /// One key of the log's own metadata.
    public subscript(metadataKey key: String) -> String? {
        get { self.metadata[key] }
        set { self.metadata[key] = newValue }
    }

    /// Whether a record at `level` would be kept: for callers that would do work just to log.
    @inlinable
    public func logs(_ level: Level) -> Bool {
        level >= self.level
    }

    /// Logs `message` at `level`; neither it nor `metadata` is evaluated when the level is dropped.
    /// The methods named for a level below say the same, shorter.
    public func log(
        _ level: Level, _ message: @autoclosure () -> String, metadata: @autoclosure () -> [String: String]? = nil
    ) {
        guard self.logs(level) else { return }
        var merged = self.metadata
        if let extra = metadata() {
            merged.merge(extra) { _, call in call }
        }
        self.sink(Record(level: level, label: self.label, message: message(), metadata: merged))
    }

    public func debug(_ message: @autoclosure () -> String, metadata: @autoclosure () -> [String: String]? = nil) {
        self.log(.debug, message(), metadata: metadata())
    }

    public func info(_ message: @autoclosure () -> String, metadata: @autoclosure () -> [String: String]? = nil) {
        self.log(.info, message(), metadata: metadata())
    }

    public func notice(_ message: @autoclosure () -> String, metadata: @autoclosure () -> [String: String]? = nil) {
        self.log(.notice, message(), metadata: metadata())
    }

    public func warning(_ message: @autoclosure () -> String, metadata: @autoclosure () -> [String: String]? = nil) {
        self.log(.warning, message(), metadata: metadata())
    }

    public func error(_ message: @autoclosure () -> String, metadata: @autoclosure () -> [String: String]? = nil) {
        self.log(.error, message(), metadata: metadata())
    }

    public func critical(_ message: @autoclosure () -> String, metadata: @autoclosure () -> [String: String]? = nil) {
        self.log(.critical, message(), metadata: metadata())
    }

    /// Each record as a line on standard error, after the local time
    /// (`2026-11-28T17:44:09+0000 notice hanguld: …`), in one `write` so that lines from two
    /// threads never interleave.
    public static let standardError: Sink = { record in
        let bytes = Array("\(Self.timestamp()) \(record.line)\n".utf8)
        bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let result = write(STDERR_FILENO, buffer.baseAddress! + written, buffer.count - written)
                if result > 0 {
                    written += result
                } else if result < 0 && errno == EINTR {
                    continue
                } else {
                    return  // standard error is closed: nobody to tell
                }
            }
        }
    }

    /// A sink that keeps nothing.
    public static let discarding: Sink = { _ in }

    /// The local time as `YYYY-MM-DDTHH:MM:SS+ZZZZ`, 24 characters.
    static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        var text = [CChar](repeating: 0, count: 32)
        let count = strftime(&text, text.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
        return String(decoding: text.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
