/// The candidates a lookup found, in the order to show them; a reusable buffer.
///
/// A session keeps one and passes it to ``HanjaDictionary/lookup(_:_:into:)`` each time: the
/// lookup empties it but keeps its capacity, so once it has held the longest list it meets, looking
/// up allocates nothing. Each element is a ``HanjaCandidate``, built on access.
public struct HanjaCandidates: Sendable, RandomAccessCollection {
    struct Item: Sendable {
        var table: UInt32
        var entry: UInt32
    }

    var storages: [HanjaTable.Storage] = []
    var items: [Item] = []

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
