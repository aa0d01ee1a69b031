import HangulLog
import Synchronization

/// A log that keeps every record, so tests can check what the daemon logs.
final class CapturedLog: Sendable {
    private let entries = Mutex<[String]>([])

    /// Each record as its line: `level label: message key=value ...`.
    var all: [String] { self.entries.withLock { $0 } }

    /// A log at every level writing into a new capture, and the capture.
    static func logger() -> (DaemonLog, CapturedLog) {
        let capture = CapturedLog()
        return (
            DaemonLog(label: "test", level: .trace) { record in capture.entries.withLock { $0.append(record.line) } },
            capture
        )
    }
}
