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
    public var key: String { String(decoding: keyUTF8, as: UTF8.self) }
    /// What the key converts to: hanja (韓, 大韓民國) or a symbol (※).
    public var value: String { String(decoding: valueUTF8, as: UTF8.self) }
    /// The meaning shown beside the candidate (`나라 한`); empty when the dictionary has none, as for
    /// most words and every symbol.
    public var comment: String { String(decoding: commentUTF8, as: UTF8.self) }

    public var keyUTF8: ArraySlice<UInt8> {
        let record = record
        return storage.bytes[Int(record.keyStart)..<Int(record.keyStart) + Int(record.keyLength)]
    }
    public var valueUTF8: ArraySlice<UInt8> {
        let record = record
        return storage.bytes[record.valueStart..<record.valueStart + Int(record.valueLength)]
    }
    public var commentUTF8: ArraySlice<UInt8> {
        let record = record
        // No comment may mean no second `:` on the file's last line, where `commentStart` is past the end.
        guard record.commentLength > 0 else { return storage.bytes[0..<0] }
        return storage.bytes[record.commentStart..<record.commentStart + Int(record.commentLength)]
    }

    /// The number of Unicode scalars in the key: how many characters before the cursor (or of the
    /// preedit) picking this candidate replaces. Hangul syllables and jamo are one scalar each.
    public var keyScalarCount: Int { keyUTF8.reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 } }
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
