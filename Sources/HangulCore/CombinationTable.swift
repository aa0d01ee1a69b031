/// Pairs of jamo that merge into one: ㅗ+ㅏ → ㅘ, final ㄹ+ㄱ → ㄺ, initial ㄱ+ㄱ → ㄲ.
///
/// Stored as a sorted array of `(first << 32 | second)` keys searched by bisection: a layout has a
/// few dozen pairs, so a lookup is five or six comparisons and never allocates. Pairs of modern
/// jamo, which are nearly all a modern layout is asked, are also read from a square table indexed
/// by both jamo (``modernIndex(_:)``): the bisection's branches, one unpredictable comparison per
/// step, were 6% of `hangul-compose` (issue 25).
public struct CombinationTable: Sendable {
    let keys: [UInt64]
    let results: [UInt32]
    /// For each pair of modern jamo (``modernCount`` squared, first jamo major), the index in
    /// ``results`` plus one, or 0 when the pair does not merge.
    let modernPairs: [UInt16]

    /// A table from `(first, second, result)` triples; later duplicates of a pair are an error in the data.
    public init(_ triples: [(Jamo, Jamo, Jamo)]) {
        let sorted = triples.map { (UInt64($0.0.rawValue) << 32 | UInt64($0.1.rawValue), $0.2.rawValue) }
            .sorted { $0.0 < $1.0 }
        for index in sorted.indices.dropFirst() {
            precondition(sorted[index].0 != sorted[index - 1].0, "layout data lists one jamo pair twice")
        }
        keys = sorted.map(\.0)
        results = sorted.map(\.1)
        modernPairs = Self.modernPairs(keys: keys)
    }

    /// A table from its finished arrays (keys sorted and unique), as the generated built-in
    /// layouts spell it.
    init(sortedKeys: [UInt64], results: [UInt32]) {
        precondition(sortedKeys.count == results.count, "a combination table has one result per pair")
        keys = sortedKeys
        self.results = results
        modernPairs = Self.modernPairs(keys: sortedKeys)
    }

    /// How many modern jamo there are: 19 initials, 21 medials, 27 finals.
    static let modernCount = 67

    /// The place of a modern jamo among the ``modernCount`` (initials, then medials, then finals),
    /// or nil for any other code point.
    @inline(__always)
    static func modernIndex(_ scalar: UInt32) -> Int? {
        if scalar &- 0x1100 < 19 { return Int(scalar &- 0x1100) }
        if scalar &- 0x1161 < 21 { return Int(scalar &- 0x1161) + 19 }
        if scalar &- 0x11A8 < 27 { return Int(scalar &- 0x11A8) + 40 }
        return nil
    }

    /// The square table of modern pairs for sorted keys.
    private static func modernPairs(keys: [UInt64]) -> [UInt16] {
        precondition(keys.count < Int(UInt16.max), "a combination table has fewer than 65,535 pairs")
        var table = [UInt16](repeating: 0, count: modernCount * modernCount)
        for (index, key) in keys.enumerated() {
            guard let first = modernIndex(UInt32(truncatingIfNeeded: key >> 32)),
                let second = modernIndex(UInt32(truncatingIfNeeded: key))
            else { continue }
            table[first * modernCount + second] = UInt16(index + 1)
        }
        return table
    }

    public static let empty = CombinationTable([])

    public var count: Int { keys.count }

    /// The jamo `first` and `second` merge into, or 0 when they do not merge.
    @inline(__always)
    public func combine(_ first: UInt32, _ second: UInt32) -> UInt32 {
        if let row = Self.modernIndex(first), let column = Self.modernIndex(second) {
            let entry = Int(modernPairs[row * Self.modernCount + column])
            return entry == 0 ? 0 : results[entry - 1]
        }
        return combineBySearch(first, second)
    }

    /// ``combine(_:_:)`` by bisection alone, for any pair: what the square table is tested against.
    func combineBySearch(_ first: UInt32, _ second: UInt32) -> UInt32 {
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
