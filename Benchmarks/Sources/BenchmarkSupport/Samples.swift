/// Measured values, for medians and percentiles.
public struct Samples: Sendable {
    public private(set) var values: [Double] = []
    private var sorted = true

    public init(capacity: Int = 0) { values.reserveCapacity(capacity) }

    public init(_ values: [Double]) {
        self.values = values
        sorted = false
    }

    public var count: Int { values.count }

    public mutating func append(_ value: Double) {
        values.append(value)
        sorted = false
    }

    public mutating func append(contentsOf other: Samples) {
        values += other.values
        sorted = false
    }

    /// The nearest-rank percentile: the smallest value at or above `fraction` of the samples
    /// (0.5 is the median, 0.99 the 99th percentile).
    public mutating func percentile(_ fraction: Double) -> Double {
        precondition(!values.isEmpty, "percentile of no samples")
        if !sorted {
            values.sort()
            sorted = true
        }
        let rank = Int((fraction * Double(values.count)).rounded(.up))
        return values[min(max(rank, 1), values.count) - 1]
    }

    public mutating func median() -> Double { percentile(0.5) }
}
