/// What one side did on one key: whether it used the key, what it committed, the preedit after it.
public struct Step: Equatable, Sendable {
    public var consumed: Bool
    public var commit: [UInt32]
    public var preedit: [UInt32]

    public init(consumed: Bool, commit: [UInt32], preedit: [UInt32]) {
        self.consumed = consumed
        self.commit = commit
        self.preedit = preedit
    }
}

/// Everything one side did on a key stream: a step per key, then what the final flush committed.
public struct Trace: Equatable, Sendable {
    public var steps: [Step]
    public var flush: [UInt32]

    public init(steps: [Step] = [], flush: [UInt32] = []) {
        self.steps = steps
        self.flush = flush
    }

    /// The index of the first step where two traces differ, `steps.count` when only the flush does,
    /// or `nil` when they agree.
    public func firstDifference(from other: Trace) -> Int? {
        for index in 0..<min(steps.count, other.steps.count) where steps[index] != other.steps[index] {
            return index
        }
        if steps.count != other.steps.count { return min(steps.count, other.steps.count) }
        return flush == other.flush ? nil : steps.count
    }
}
