/// One conversion on offer: the key it matched, the hanja or symbol it gives, and its meaning.
///
/// A candidate refers to its dictionary's bytes; its fields become `String`s only when asked for,
/// at the boundary where a frontend is shown the list. The `…UTF8` views are slices of those bytes
/// and allocate nothing.
public struct HanjaCandidate: Sendable {
    let storage: HanjaTable.Storage
    let entry: Int

    private var record: HanjaTable.Entry { storage.entries[entry] }

    /// The key as it is in the dictionary: the whole lookup key for an exact match, a prefix or a
    /// suffix of it otherwise. Its length is how much of the text a pick replaces.
    public var key: String { withField(.key) { String(decoding: $0, as: UTF8.self) } }
    /// What the key converts to: hanja (韓, 大韓民國) or a symbol (※).
    public var value: String { withField(.value) { String(decoding: $0, as: UTF8.self) } }
    /// The meaning shown beside the candidate (`나라 한`); empty when the dictionary has none, as for
    /// most words and every symbol.
    public var comment: String { withField(.comment) { String(decoding: $0, as: UTF8.self) } }

    /// Copies of the fields' bytes (the dictionary's memory may be a mapped file, which a slice
    /// could outlive).
    public var keyUTF8: ArraySlice<UInt8> { withField(.key) { ArraySlice($0) } }
    public var valueUTF8: ArraySlice<UInt8> { withField(.value) { ArraySlice($0) } }
    public var commentUTF8: ArraySlice<UInt8> { withField(.comment) { ArraySlice($0) } }

    /// The number of Unicode scalars in the key: how many characters before the cursor (or of the
    /// preedit) picking this candidate replaces. Hangul syllables and jamo are one scalar each.
    public var keyScalarCount: Int { withField(.key) { $0.reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 } } }

    /// Calls `body` with one field's bytes, valid only during the call.
    private func withField<Result>(
        _ field: HanjaCandidates.Field, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        let record = record
        let start: Int
        let count: Int
        switch field {
        case .key: (start, count) = (Int(record.keyStart), Int(record.keyLength))
        case .value: (start, count) = (record.valueStart, Int(record.valueLength))
        // No comment may mean no second `:` on the file's last line, where `commentStart` is past the end.
        case .comment: (start, count) = (record.commentLength > 0 ? record.commentStart : 0, Int(record.commentLength))
        }
        return withExtendedLifetime(storage) {
            body(UnsafeBufferPointer(rebasing: storage.bytes[start..<start + count]))
        }
    }
}

extension HanjaCandidate: Equatable {
    /// Candidates are equal when they show the same thing: key, value and comment.
    public static func == (left: HanjaCandidate, right: HanjaCandidate) -> Bool {
        left.keyUTF8.elementsEqual(right.keyUTF8) && left.valueUTF8.elementsEqual(right.valueUTF8)
            && left.commentUTF8.elementsEqual(right.commentUTF8)
    }
}

extension HanjaCandidate: CustomStringConvertible {
    /// `key:value:comment`, the entry as a dictionary line writes it.
    public var description: String { "\(key):\(value):\(comment)" }
}
