import HangulSystem

/// A table's index laid out in one block of memory, the same on the heap and in a cache file.
///
/// A table is four arrays (see ``HanjaTable/Storage``); an image puts them after a header, each at
/// an offset that is a multiple of eight, so a cache file mapped read-only (page-aligned) is read in
/// place, with no parsing and no copy. In native byte order, 64-bit words:
///
/// | offset | contents |
/// | --- | --- |
/// | 0 | header (``IndexImageHeader``), whose six words of this format's own are the byte, entry and key counts, the longest key, the bucket slots and the entry stride |
/// | 128 | the source path |
/// | … | key records, three words per key and a sentinel |
/// | … | bucket starts, 32-bit |
/// | … | entries, 12 bytes each |
/// | … | the dictionary file's bytes, padded to eight |
///
/// Each array starts on a 64-byte boundary (a cache line).
///
/// ``validated(_:expecting:checkingRecords:)`` is what stands between a file on disk and a lookup: a short, truncated, foreign, stale or
/// corrupt file is refused (and rebuilt by the cache), and an image that passes has every record
/// checked to point inside it, so no lookup reads out of bounds whatever the file held.
enum HanjaIndexImage {
    /// `HNJAIDX1` as a little-endian word, and the format's version: changed whenever the layout
    /// or the meaning of a field changes, so old cache files are rebuilt.
    static let header = IndexImageHeader(magic: 0x3158_4449_414A_4E48, version: 2)
    static let entryStride = 12

    /// Where each part starts, from the counts; all offsets are multiples of eight.
    struct Layout: Equatable {
        var keys: Int
        var buckets: Int
        var entries: Int
        var bytes: Int
        var total: Int

        init(pathLength: Int, keyCount: Int, entryCount: Int, byteCount: Int) {
            keys = IndexImageHeader.size + IndexImageHeader.alignedToCacheLine(pathLength)
            buckets = keys + IndexImageHeader.alignedToCacheLine(8 * 3 * (keyCount + 1))
            entries = buckets + IndexImageHeader.alignedToCacheLine(4 * HanjaIndexImage.bucketSlots)
            bytes = entries + IndexImageHeader.alignedToCacheLine(HanjaIndexImage.entryStride * entryCount)
            total = bytes + IndexImageHeader.paddedToWord(byteCount)
        }
    }

    static var bucketSlots: Int { HanjaTable.Storage.bucketCount + 3 }

    /// An image's parts, checked.
    struct Validated {
        var whole: UnsafeRawBufferPointer
        var bytes: UnsafeBufferPointer<UInt8>
        var entries: UnsafeBufferPointer<HanjaTable.Entry>
        var keys: UnsafeBufferPointer<UInt64>
        var bucketStarts: UnsafeBufferPointer<UInt32>
        var maximumKeyLength: Int
    }

    /// Lays out a parsed table: the file's bytes, its entries grouped by key and its key records
    /// (``HanjaTable/Storage/keys``); the bucket starts are computed here.
    static func build(
        bytes: UnsafeBufferPointer<UInt8>, entries: UnsafeBufferPointer<HanjaTable.Entry>,
        keys: UnsafeBufferPointer<UInt64>, maximumKeyLength: Int, identity: FileIdentity
    ) -> HeapImage {
        precondition(MemoryLayout<HanjaTable.Entry>.stride == entryStride, "HanjaTable.Entry is not 12 bytes")
        let keyCount = keys.count / 3 - 1
        let layout = Layout(
            pathLength: identity.path.utf8.count, keyCount: keyCount, entryCount: entries.count, byteCount: bytes.count)
        let image = HeapImage(byteCount: layout.total)
        let memory = image.memory
        header.write(
            into: memory, identity: identity,
            formatWords: [
                UInt64(bytes.count), UInt64(entries.count), UInt64(keyCount), UInt64(maximumKeyLength),
                UInt64(bucketSlots), UInt64(entryStride),
            ])
        if let base = keys.baseAddress {
            (memory.baseAddress! + layout.keys).copyMemory(from: base, byteCount: 8 * keys.count)
        }
        let starts = (memory.baseAddress! + layout.buckets).bindMemory(to: UInt32.self, capacity: bucketSlots)
        HanjaTable.Storage.fillBucketStarts(keys, UnsafeMutableBufferPointer(start: starts, count: bucketSlots))
        if let base = entries.baseAddress {
            (memory.baseAddress! + layout.entries).copyMemory(from: base, byteCount: entryStride * entries.count)
        }
        if let base = bytes.baseAddress {
            (memory.baseAddress! + layout.bytes).copyMemory(from: base, byteCount: bytes.count)
        }
        IndexImageHeader.seal(memory)
        return image
    }

    /// The source path an image records (``IndexImageHeader/sourcePath(_:)``).
    static func sourcePath(_ image: UnsafeRawBufferPointer) -> String? { header.sourcePath(image) }

    /// The image's parts when `image` is a whole, intact image of this format built from
    /// `expected` (any source when nil), else nil. Checks, cheapest first: the header
    /// (``IndexImageHeader/checked(_:expecting:checkingSum:)``: length, magic, version, the source's
    /// identity, the checksum); the bucket slots and stride; that the counts lay out to exactly the
    /// length; then every record: key records point to increasing entries ending at the
    /// entry count, each key's length is its first entry's; bucket starts increase up to the key
    /// count; every entry's key, value and comment lie inside the file's bytes.
    ///
    /// `checkingRecords: false` skips the checksum and the records, for an image this process has
    /// just built and holds on its heap: the header is still checked.
    static func validated(
        _ image: UnsafeRawBufferPointer, expecting expected: FileIdentity?, checkingRecords: Bool = true
    ) -> Validated? {
        guard let checked = header.checked(image, expecting: expected, checkingSum: checkingRecords),
            let base = image.baseAddress, checked.formatWords[4] == UInt64(bucketSlots),
            checked.formatWords[5] == UInt64(entryStride)
        else { return nil }
        // Every count is at most the image's length, so the layout arithmetic cannot overflow.
        let limit = UInt64(image.count)
        let byteCount = checked.formatWords[0]
        let entryCount = checked.formatWords[1]
        let keyCount = checked.formatWords[2]
        let maximumKeyLength = checked.formatWords[3]
        guard byteCount <= min(limit, UInt64(UInt32.max)), entryCount <= limit,
            keyCount <= entryCount, maximumKeyLength <= UInt64(HanjaTable.maximumLineLength)
        else { return nil }
        let layout = Layout(
            pathLength: checked.pathLength, keyCount: Int(keyCount), entryCount: Int(entryCount),
            byteCount: Int(byteCount))
        guard layout.total == image.count else { return nil }

        let keys = UnsafeBufferPointer(
            start: (base + layout.keys).assumingMemoryBound(to: UInt64.self), count: 3 * (Int(keyCount) + 1))
        let starts = UnsafeBufferPointer(
            start: (base + layout.buckets).assumingMemoryBound(to: UInt32.self), count: bucketSlots)
        let entries = UnsafeBufferPointer(
            start: (base + layout.entries).assumingMemoryBound(to: HanjaTable.Entry.self), count: Int(entryCount))
        let bytes = UnsafeBufferPointer(
            start: (base + layout.bytes).assumingMemoryBound(to: UInt8.self), count: Int(byteCount))

        let parts = Validated(
            whole: image, bytes: bytes, entries: entries, keys: keys, bucketStarts: starts,
            maximumKeyLength: Int(maximumKeyLength))
        guard checkingRecords else { return parts }
        let entryTotal = Int(entryCount)
        let byteTotal = Int(byteCount)
        for index in 0..<entryTotal {
            let entry = entries[index]
            guard entry.keyLength > 0, entry.valueLength > 0, Int(entry.keyLength) <= Int(maximumKeyLength),
                entry.valueStart + Int(entry.valueLength) <= byteTotal,
                entry.commentLength == 0 || entry.commentStart + Int(entry.commentLength) <= byteTotal
            else { return nil }
        }
        var previous = -1
        for index in 0...Int(keyCount) {
            let first = Int(UInt32(truncatingIfNeeded: keys[3 * index + 2]))
            guard first > previous else { return nil }
            previous = first
            if index == Int(keyCount) {
                guard first == entryTotal else { return nil }
            } else {
                guard first < entryTotal, index > 0 || first == 0,
                    keys[3 * index + 2] >> 32 == UInt64(entries[first].keyLength)
                else { return nil }
            }
        }
        var bucket: UInt32 = 0
        for index in 0..<bucketSlots {
            guard starts[index] >= bucket, starts[index] <= UInt32(keyCount) else { return nil }
            bucket = starts[index]
        }
        guard starts[bucketSlots - 1] == UInt32(keyCount) else { return nil }
        return parts
    }
}
