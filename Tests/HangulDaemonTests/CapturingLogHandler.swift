import Logging
import Synchronization

/// A log handler that keeps every message with its metadata, so tests can check what the daemon logs.
struct CapturingLogHandler: LogHandler {
    final class Store: Sendable {
        private let entries = Mutex<[String]>([])

        func append(_ entry: String) {
            self.entries.withLock { $0.append(entry) }
        }

        /// Each entry as `level message key=value ...`.
        var all: [String] { self.entries.withLock { $0 } }
    }

    let store: Store
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { self.metadata[key] }
        set { self.metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = self.metadata.merging(event.metadata ?? [:]) { $1 }
        let fields = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        self.store.append("\(event.level) \(event.message) \(fields)")
    }

    /// A logger writing into a new store, and the store.
    static func logger() -> (Logger, Store) {
        let store = Store()
        return (Logger(label: "test") { _ in CapturingLogHandler(store: store) }, store)
    }
}
