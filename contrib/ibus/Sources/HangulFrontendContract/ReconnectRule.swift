import HangulSystem

/// When a frontend tries the daemon again after it failed (PROTOCOL.md section 8.2), the same rule in
/// every frontend.
///
/// A refused or broken connection costs microseconds to find out, so the next key tries again. A
/// daemon that does not answer in time costs the whole deadline per try, and one that answers
/// `hello` but is slow on keys would cost every keystroke a deadline: after a timeout every field of
/// the frontend passes keys through at once for 1 s, then 2, 4, 8 and 16 s after further timeouts in
/// a row, and one answer in time ends the back-off.
public struct ReconnectRule: Sendable {
    /// The longest silence, reached after this many timeouts in a row: 1 << (5 - 1) = 16 s.
    static let longestStep = 5

    /// Timeouts in a row, up to ``longestStep``.
    public private(set) var timeouts = 0
    /// Until when no field asks the daemon anything.
    public private(set) var silentUntil: MonotonicInstant?

    public init() {}

    /// The daemon missed the deadline at `now`.
    public mutating func timedOut(at now: MonotonicInstant) {
        timeouts = min(timeouts + 1, Self.longestStep)
        silentUntil = now + .seconds(1 << (timeouts - 1))
    }

    /// The daemon answered in time.
    public mutating func answered() {
        timeouts = 0
        silentUntil = nil
    }

    /// Whether keys pass through without asking the daemon at `now`.
    public func isSilent(at now: MonotonicInstant) -> Bool {
        guard let silentUntil else { return false }
        return now < silentUntil
    }
}
