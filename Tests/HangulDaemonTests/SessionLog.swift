import Synchronization

/// What the test sessions of one server saw: written on the socket loop's thread, read by the tests'.
final class SessionLog: Sendable {
    private struct State {
        var lines: [[UInt8]] = []
    }

    private let state = Mutex(State())

    func recordLine(_ line: [UInt8]) {
        self.state.withLock { $0.lines.append(line) }
    }

    /// Every line any session handled, in the order handled.
    var lines: [[UInt8]] { self.state.withLock { $0.lines } }
}
