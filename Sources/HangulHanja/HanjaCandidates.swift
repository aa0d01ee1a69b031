/// The candidates a lookup found, in the order to show them; a reusable buffer.
///
/// A session keeps one and passes it to ``HanjaDictionary/lookup(_:_:into:)`` each time: the
/// lookup empties it but keeps its capacity, so once it has held the longest list it meets, looking
/// up allocates nothing. Each element is a ``HanjaCandidate``, built on access.
public struct HanjaCandidates: Sendable, RandomAccessCollection {
    @usableFromInline struct Item: Sendable {
        @usableFromInline var table: UInt32
        @usableFromInline var entry: UInt32

        init(table: UInt32, entry: UInt32) {
            self.table = table
            self.entry = entry
        }
    }

    @usableFromInline var storages: [HanjaTable.Storage] = []
    @usableFromInline var items: [Item] = []
    /// The values earlier tables listed for the key being gathered; kept for its capacity.
    var listedValues: Set<HanjaListedValue> = []

    /// An empty list.
    public init() {}

    /// An empty list with room for `capacity` candidates before it grows.
    public init(capacity: Int) { items.reserveCapacity(capacity) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { items.count }

    public subscript(position: Int) -> HanjaCandidate {
        let item = items[position]
        return HanjaCandidate(storage: storages[Int(item.table)], entry: Int(item.entry))
    }

    /// Empties the list, keeping its capacity.
    public mutating func removeAll() { items.removeAll(keepingCapacity: true) }
}

extension HanjaCandidates {
    /// A candidate's field, for ``withUTF8(_:at:_:)``.
    public enum Field: Sendable {
        case key, value, comment
    }

    /// Calls `body` with the bytes of one candidate's field, valid only during the call: for a
    /// reply writer that copies candidates into its output, with no `String`, no slice and no
    /// reference counting per candidate.
    @inlinable
    public func withUTF8<Result>(
        _ field: Field, at position: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        let item = items[position]
        let storage = storages[Int(item.table)]
        let entry = storage.entries[Int(item.entry)]
        let start: Int
        let count: Int
        switch field {
        case .key: (start, count) = (Int(entry.keyStart), Int(entry.keyLength))
        case .value: (start, count) = (entry.valueStart, Int(entry.valueLength))
        case .comment: (start, count) = (entry.commentLength > 0 ? entry.commentStart : 0, Int(entry.commentLength))
        }
        return try withExtendedLifetime(storage) {
            try body(UnsafeBufferPointer(rebasing: storage.bytes[start..<start + count]))
        }
    }
}
