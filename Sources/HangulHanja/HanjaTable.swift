import HangulCore

/// One dictionary file in libhangul's format, indexed for lookup.
///
/// The format is libhangul's (`hanja.txt`, `mssymbol.txt`): one entry a line, `key:value:comment`,
/// where the key is Hangul (or a jamo, for symbols), the value the hanja or symbol it converts to and
/// the comment its meaning, which may be empty or absent (`key:value`). Lines starting with `#` and
/// empty lines are ignored. Entries sharing a key are offered in file order.
///
/// The table keeps the file's bytes as they were read and compact arrays pointing into them: one
/// record per entry (12 bytes) and, per distinct key, its first sixteen bytes as two integers, its
/// first entry and its length (24 bytes), keys in byte order (which for UTF-8 is code point order, libhangul's
/// `strcmp` order). Loading is one pass over the bytes and one over the entries when the file is
/// sorted, as libhangul's own files are; an unsorted file (a user's) is sorted once, stably, so its
/// entries still group by key in file order. A lookup goes to the bucket of the key's first
/// syllable and binary-searches it on the integers, allocating nothing. The system `hanja.txt`
/// (6.4 MB, 303,502 entries, 222,705 keys) takes about 15 MB this way; built once into a cache
/// file and mapped (``HanjaIndexCache``), those 15 MB are shared page cache of which a lookup
/// touches a few pages, not private heap.
public struct HanjaTable: Sendable {
    /// The path the table was read from, or the name it was given when parsed from memory.
    public let source: String
    /// The lines that were skipped, in file order, each with its line number and reason.
    public let problems: [FileProblem]
    let storage: Storage

    /// The number of entries (lines that define a candidate).
    public var entryCount: Int { storage.entries.count }
    /// The number of distinct keys.
    public var keyCount: Int { storage.keys.count / 3 - 1 }
    /// Whether the table has no entries.
    public var isEmpty: Bool { storage.entries.isEmpty }
    /// Whether the table is read from a mapped cache file (``HanjaIndexCache``) rather than held on
    /// the heap.
    public var isMapped: Bool { storage.isMapped }

    /// The distinct key at `index` (0 ..< ``keyCount``), keys in byte order: for tools that walk the
    /// whole dictionary, such as the benchmark and the differential check.
    public func key(at index: Int) -> String {
        let entry = storage.entries[Int(UInt32(truncatingIfNeeded: storage.keys[3 * index + 2]))]
        let start = Int(entry.keyStart)
        return withExtendedLifetime(storage) {
            String(
                decoding: UnsafeBufferPointer(rebasing: storage.bytes[start..<start + Int(entry.keyLength)]),
                as: UTF8.self)
        }
    }
}

extension HanjaTable {
    /// One line that defines a candidate: where its key starts in the file's bytes, and the lengths
    /// of its three fields. The value starts one byte (the `:`) after the key and the comment one
    /// byte after the value, which the parser guarantees.
    @usableFromInline struct Entry: Sendable {
        @usableFromInline var keyStart: UInt32
        @usableFromInline var keyLength: UInt16
        @usableFromInline var valueLength: UInt16
        @usableFromInline var commentLength: UInt16

        init(keyStart: UInt32, keyLength: UInt16, valueLength: UInt16, commentLength: UInt16) {
            self.keyStart = keyStart
            self.keyLength = keyLength
            self.valueLength = valueLength
            self.commentLength = commentLength
        }

        @inlinable var valueStart: Int { Int(keyStart) + Int(keyLength) + 1 }
        @inlinable var commentStart: Int { valueStart + Int(valueLength) + 1 }
    }

    /// The immutable parts of a table, shared by every copy and every candidate list that refers to
    /// it: four arrays laid out in one block of memory, a ``HanjaIndexImage``, which is either on
    /// the heap (a table just parsed) or a cache file mapped read-only (``HanjaIndexCache``), whose
    /// pages are the kernel's shared page cache and resident only where a lookup has read them.
    /// `owner` keeps that memory alive; an image is checked whole before a storage is made over it,
    /// so every index below is in bounds.
    @usableFromInline final class Storage: @unchecked Sendable {
        /// The dictionary file's bytes, as they were read.
        @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
        /// Grouped by key, keys in byte order, file order within a key.
        @usableFromInline let entries: UnsafeBufferPointer<Entry>
        /// One record of three integers per distinct key, keys in byte order: the key's first sixteen
        /// bytes as two big-endian, zero-padded integers, then its first entry (low 32 bits) and its
        /// length in bytes (the bits above). A binary search reads this one dense array and touches
        /// a key's own bytes only when the first sixteen are equal and both keys are longer, which
        /// only keys of more than five syllables can reach. A sentinel record whose first entry is the
        /// entry count ends the array, so key `i`'s entries end where key `i + 1`'s begin.
        let keys: UnsafeBufferPointer<UInt64>
        /// Where each bucket of keys starts (see ``bucketOrdinal(_:)``), and the key count last.
        let bucketStarts: UnsafeBufferPointer<UInt32>
        /// The longest key in bytes: a longer lookup key cannot match and is not searched for.
        let maximumKeyLength: Int
        /// The whole image, for writing it to a cache file.
        let image: UnsafeRawBufferPointer
        /// What keeps the image's memory alive: a ``HeapImage`` or a mapped file.
        let owner: AnyObject
        /// Whether the image is a mapped cache file rather than heap memory.
        let isMapped: Bool

        init(image: HanjaIndexImage.Validated, owner: AnyObject, isMapped: Bool) {
            bytes = image.bytes
            entries = image.entries
            keys = image.keys
            bucketStarts = image.bucketStarts
            maximumKeyLength = image.maximumKeyLength
            self.image = image.whole
            self.owner = owner
            self.isMapped = isMapped
        }
    }
}
