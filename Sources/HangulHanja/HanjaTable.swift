/// One dictionary file in libhangul's format, indexed for lookup.
///
/// The format is libhangul's (`hanja.txt`, `mssymbol.txt`): one entry a line, `key:value:comment`,
/// where the key is Hangul (or a jamo, for symbols), the value the hanja or symbol it converts to and
/// the comment its meaning, which may be empty or absent (`key:value`). Lines starting with `#` and
/// empty lines are ignored. Entries sharing a key are offered in file order.
///
/// The table keeps the file's bytes as they were read and two compact arrays pointing into them:
/// one record per entry and one per distinct key, the keys in byte order (which for UTF-8 is code
/// point order, libhangul's `strcmp` order). Loading is one pass over the bytes when the file is
/// sorted, as libhangul's own files are; an unsorted file (a user's) is sorted once, stably, so its
/// entries still group by key in file order. A lookup is a binary search over the key records that
/// allocates nothing. The system `hanja.txt` (6.4 MB, 303,502 entries, 222,705 keys) costs about
/// 11 MB in memory this way: the bytes, 12 bytes an entry and 12 a key.
public struct HanjaTable: Sendable {
    /// The path the table was read from, or the name it was given when parsed from memory.
    public let source: String
    /// The lines that were skipped, in file order, each with its line number and reason.
    public let problems: [HanjaFileProblem]
    let storage: Storage

    /// The number of entries (lines that define a candidate).
    public var entryCount: Int { storage.entries.count }
    /// The number of distinct keys.
    public var keyCount: Int { storage.keys.count - 1 }
    /// Whether the table has no entries.
    public var isEmpty: Bool { storage.entries.isEmpty }
}

extension HanjaTable {
    /// One line that defines a candidate: where its key starts in the file's bytes, and the lengths
    /// of its three fields. The value starts one byte (the `:`) after the key and the comment one
    /// byte after the value, which the parser guarantees.
    struct Entry: Sendable {
        var keyStart: UInt32
        var keyLength: UInt16
        var valueLength: UInt16
        var commentLength: UInt16

        var valueStart: Int { Int(keyStart) + Int(keyLength) + 1 }
        var commentStart: Int { valueStart + Int(valueLength) + 1 }
    }

    /// One distinct key: where its bytes are, and the first of its entries, which run up to the next
    /// record's `firstEntry`. The last record is a sentinel whose `firstEntry` is the entry count.
    struct KeyRecord: Sendable {
        var start: UInt32
        var length: UInt32
        var firstEntry: UInt32
    }

    /// The immutable parts of a table, shared by every copy and every candidate list that refers to it.
    final class Storage: Sendable {
        let bytes: [UInt8]
        let entries: [Entry]
        let keys: [KeyRecord]
        /// The longest key in bytes: a longer lookup key cannot match and is not searched for.
        let maximumKeyLength: Int

        init(bytes: [UInt8], entries: [Entry], keys: [KeyRecord], maximumKeyLength: Int) {
            self.bytes = bytes
            self.entries = entries
            self.keys = keys
            self.maximumKeyLength = maximumKeyLength
        }
    }
}
