/// Wall-clock time of a piece of work, in nanoseconds, on the monotonic clock.
public func nanoseconds(_ body: () throws -> Void) rethrows -> Double {
    let elapsed = try ContinuousClock().measure(body)
    return Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
}

/// The monotonic clock now, in nanoseconds since an arbitrary start, for timestamps taken apart.
public func monotonicNanoseconds() -> Double {
    let now = ContinuousClock.now - ContinuousClock.Instant.zeroReference
    return Double(now.components.seconds) * 1e9 + Double(now.components.attoseconds) / 1e9
}

extension ContinuousClock.Instant {
    /// An instant all timestamps are measured from; its value does not matter, only differences do.
    static let zeroReference = ContinuousClock.now
}
