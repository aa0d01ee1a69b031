/// The dictionaries a session converts with, stacked in priority order.
///
/// The loader stacks the user's dictionary first, then files named on the command line, then the
/// system `hanja.txt`, then the system symbols (`mssymbol.txt`, keyed by a single jamo). A lookup
/// asks every table for each key it tries and lists the first table's candidates for that key
/// first; a later table's candidate whose value an earlier table already gave for the same key is
/// left out. So a user's `한:韓:` line moves 韓 to the front of 한's list without listing it twice,
/// and new words join the lists where they belong. Within one table nothing is merged or dropped:
/// a single table answers exactly as libhangul's `HanjaTable` does on the same file.
///
/// Match kinds try keys longest first (see ``HanjaMatch``), and all tables are asked for one key
/// before the next, shorter key is tried: a whole word from the system dictionary comes before a
/// one-syllable entry from the user's. A list holds at most ``maximumCandidates``.
///
/// A lookup runs on the daemon's event loop, so its cost is bounded whatever the files hold: at
/// most ``maximumCandidates`` entries are read per table and key, and a later table's repeats are
/// found with a set, one hash lookup each (issue 23, fault 3).
public struct HanjaDictionary: Sendable {
    /// The tables, highest priority first.
    public let tables: [HanjaTable]
    private let storages: [HanjaTable.Storage]
    private let maximumKeyLength: Int

    /// A dictionary of `tables`, highest priority first.
    public init(tables: [HanjaTable]) {
        self.tables = tables
        storages = tables.map(\.storage)
        maximumKeyLength = storages.map(\.maximumKeyLength).max() ?? 0
    }

    /// A dictionary with no tables, whose lookups find nothing: what a session has when no
    /// dictionary file could be read.
    public static let empty = HanjaDictionary(tables: [])

    /// Whether no table has an entry, so no lookup can find anything.
    public var isEmpty: Bool { tables.allSatisfy(\.isEmpty) }

    /// Replaces `candidates` with the candidates for `key`.
    ///
    /// Allocates nothing once `candidates` has the capacity for the list found (native Swift
    /// strings keep their UTF-8 contiguous, so the key is not copied either).
    public func lookup(_ key: String, _ match: HanjaMatch, into candidates: inout HanjaCandidates) {
        var key = key
        key.withUTF8 { lookup(utf8: $0, match, into: &candidates) }
    }

    /// The candidates for `key`, in a new list.
    public func candidates(for key: String, _ match: HanjaMatch) -> HanjaCandidates {
        var candidates = HanjaCandidates()
        lookup(key, match, into: &candidates)
        return candidates
    }

    /// Replaces `candidates` with the candidates for the key spelled by `key`, which must be valid
    /// UTF-8 (key boundaries are found at scalar boundaries).
    public func lookup(
        utf8 key: UnsafeBufferPointer<UInt8>, _ match: HanjaMatch, into candidates: inout HanjaCandidates
    ) {
        candidates.removeAll()
        if candidates.storages.count != storages.count || !zip(candidates.storages, storages).allSatisfy({ $0 === $1 })
        {
            candidates.storages = storages
        }
        guard !key.isEmpty else { return }
        switch match {
        case .exact:
            gather(UnsafeBufferPointer(rebasing: key[...]), into: &candidates)
        case .prefix:
            var end = key.count
            while end > 0 {
                gather(UnsafeBufferPointer(rebasing: key[..<end]), into: &candidates)
                end -= 1
                while end > 0 && key[end] & 0xC0 == 0x80 { end -= 1 }
            }
        case .suffix:
            var start = 0
            while start < key.count {
                if key.count - start <= maximumKeyLength {
                    gather(UnsafeBufferPointer(rebasing: key[start...]), into: &candidates)
                }
                start += 1
                while start < key.count && key[start] & 0xC0 == 0x80 { start += 1 }
            }
        }
    }

    /// The most candidates one lookup lists, and the most entries of one key read from each table.
    ///
    /// libhangul's largest list is 구's, 352 candidates; a list ten times as long is no use to anyone
    /// choosing with the digit keys, and the bound keeps a lookup's cost (and a session's list)
    /// small whatever a dictionary holds: a 64 MiB file can put eleven million entries under one key.
    public static let maximumCandidates = 1024

    /// Appends every table's entries for exactly `key`, leaving out a value an earlier table gave,
    /// until the list holds ``maximumCandidates``.
    ///
    /// The first table with entries for the key is listed as it is. From the second on, the values
    /// already listed for the key are put in a set (reused, so no allocation once it has grown), and
    /// each entry of the later table is one hash lookup; the table's own values join the set only
    /// after the whole table was read, since within one table nothing is left out.
    private func gather(_ key: UnsafeBufferPointer<UInt8>, into candidates: inout HanjaCandidates) {
        let firstOfKey = candidates.items.count
        var listedOfKey = firstOfKey
        for (tableIndex, storage) in storages.enumerated() {
            guard candidates.items.count < Self.maximumCandidates else { return }
            let range = storage.entries(forKey: key)
            if range.isEmpty { continue }
            let read = range.prefix(Self.maximumCandidates)
            let firstOfTable = candidates.items.count
            if firstOfTable > firstOfKey {
                if listedOfKey == firstOfKey { candidates.listedValues.removeAll(keepingCapacity: true) }
                for item in candidates.items[listedOfKey..<firstOfTable] {
                    candidates.listedValues.insert(HanjaListedValue(storages[Int(item.table)], Int(item.entry)))
                }
                listedOfKey = firstOfTable
            }
            for entry in read {
                if firstOfTable > firstOfKey && candidates.listedValues.contains(HanjaListedValue(storage, entry)) {
                    continue
                }
                candidates.items.append(HanjaCandidates.Item(table: UInt32(tableIndex), entry: UInt32(entry)))
                if candidates.items.count == Self.maximumCandidates { return }
            }
        }
    }
}
