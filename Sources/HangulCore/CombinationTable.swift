/// Pairs of jamo that merge into one: ㅗ+ㅏ → ㅘ, final ㄹ+ㄱ → ㄺ, initial ㄱ+ㄱ → ㄲ.
///
/// Stored as a sorted array of `(first << 32 | second)` keys searched by bisection: a layout has a
/// few dozen pairs, so a lookup is five or six comparisons and never allocates.
public struct CombinationTable: Sendable {
    let keys: [UInt64]
    let results: [UInt32]

    /// A table from `(first, second, result)` triples; later duplicates of a pair are an error in the data.
    public init(_ triples: [(Jamo, Jamo, Jamo)]) {
        let sorted = triples.map { (UInt64($0.0.rawValue) << 32 | UInt64($0.1.rawValue), $0.2.rawValue) }
            .sorted { $0.0 < $1.0 }
        for index in sorted.indices.dropFirst() {
            precondition(sorted[index].0 != sorted[index - 1].0, "layout data lists one jamo pair twice")
        }
        keys = sorted.map(\.0)
        results = sorted.map(\.1)
    }

    /// A table from its finished arrays (keys sorted and unique), as the generated built-in
    /// layouts spell it.
    init(sortedKeys: [UInt64], results: [UInt32]) {
        precondition(sortedKeys.count == results.count, "a combination table has one result per pair")
        keys = sortedKeys
        self.results = results
    }

    public static let empty = CombinationTable([])

    public var count: Int { keys.count }

    /// The jamo `first` and `second` merge into, or 0 when they do not merge.
    public func combine(_ first: UInt32, _ second: UInt32) -> UInt32 {
        let key = UInt64(first) << 32 | UInt64(second)
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            let probe = keys[middle]
            if probe == key { return results[middle] }
            if probe < key { low = middle + 1 } else { high = middle }
        }
        return 0
    }
}
