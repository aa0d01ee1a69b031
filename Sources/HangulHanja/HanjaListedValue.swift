/// A candidate's value as a member of a set: hashed and compared by its bytes, whichever table it
/// is in. ``HanjaDictionary`` keeps the values earlier tables listed for a key in such a set, so
/// that leaving out a later table's repeat costs one hash lookup, not a comparison with every
/// candidate listed so far (issue 23, fault 3: two tables of 20,000 entries under one key made
/// 400 million comparisons, 50–59 s per hanja key).
@usableFromInline struct HanjaListedValue: Hashable, Sendable {
    let storage: HanjaTable.Storage
    let entry: Int

    init(_ storage: HanjaTable.Storage, _ entry: Int) {
        self.storage = storage
        self.entry = entry
    }

    @usableFromInline static func == (left: Self, right: Self) -> Bool {
        left.storage.sameValue(left.entry, right.storage, right.entry)
    }

    @usableFromInline func hash(into hasher: inout Hasher) {
        let record = storage.entries[entry]
        withExtendedLifetime(storage) {
            hasher.combine(
                bytes: UnsafeRawBufferPointer(
                    UnsafeBufferPointer(
                        rebasing: storage.bytes[record.valueStart..<record.valueStart + Int(record.valueLength)])))
        }
    }
}
