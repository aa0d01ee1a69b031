import HangulSystem

/// A word list's table laid out in one block of memory, the same on the heap and in a cache file
/// (``WordList/init(contentsOf:cache:)``).
///
/// The list is three arrays (see ``WordList``); an image puts them after a header, each on a
/// 64-byte boundary, so a cache file mapped read-only is read in place. In native byte order:
///
/// | offset | contents |
/// | --- | --- |
/// | 0 | header (``IndexImageHeader``), whose six words of this format's own are the byte, start and slot counts, the number of distinct words, and two zero words |
/// | 128 | the source path |
/// | … | word starts, 32-bit, one more than the words added |
/// | … | table slots, 32-bit |
/// | … | the words' bytes, padded to eight |
///
/// ``validated(_:expecting:checkingRecords:)``
/// stands between a file on disk and a lookup: a short, foreign, stale or corrupt file is refused
/// (and rebuilt), and one that passes has every start and slot checked, so no lookup reads out of
/// bounds or probes for ever, whatever the file held.
enum WordListImage {
    /// `WORDIDX1` as a little-endian word, and the format's version: changed whenever the layout,
    /// the meaning of a field, or which entries a list keeps changes, so old cache files are rebuilt.
    static let header = IndexImageHeader(magic: 0x3158_4449_4452_4F57, version: 1)

    /// Where each part starts, from the counts.
    struct Layout: Equatable {
        var starts: Int
        var slots: Int
        var bytes: Int
        var total: Int

        init(pathLength: Int, byteCount: Int, startCount: Int, slotCount: Int) {
            starts = IndexImageHeader.size + IndexImageHeader.alignedToCacheLine(pathLength)
            slots = starts + IndexImageHeader.alignedToCacheLine(4 * startCount)
            bytes = slots + IndexImageHeader.alignedToCacheLine(4 * slotCount)
            total = bytes + IndexImageHeader.paddedToWord(byteCount)
        }
    }

    /// An image's parts, checked.
    struct Validated {
        var bytes: UnsafeBufferPointer<UInt8>
        var starts: UnsafeBufferPointer<UInt32>
        var slots: UnsafeBufferPointer<UInt32>
        var count: Int
    }

    /// Lays out a list's arrays with the identity of the file they were read from.
    static func build(
        bytes: [UInt8], starts: [UInt32], slots: [UInt32], count: Int, identity: FileIdentity
    ) -> HeapImage {
        let layout = Layout(
            pathLength: identity.path.utf8.count, byteCount: bytes.count, startCount: starts.count,
            slotCount: slots.count)
        let image = HeapImage(byteCount: layout.total)
        let memory = image.memory
        header.write(
            into: memory, identity: identity,
            formatWords: [UInt64(bytes.count), UInt64(starts.count), UInt64(slots.count), UInt64(count), 0, 0])
        func copy<Element>(_ array: [Element], to offset: Int) {
            array.withUnsafeBytes { source in
                guard let from = source.baseAddress else { return }
                (memory.baseAddress! + offset).copyMemory(from: from, byteCount: source.count)
            }
        }
        copy(starts, to: layout.starts)
        copy(slots, to: layout.slots)
        copy(bytes, to: layout.bytes)
        IndexImageHeader.seal(memory)
        return image
    }

    /// The source path an image records (``IndexImageHeader/sourcePath(_:)``).
    static func sourcePath(_ image: UnsafeRawBufferPointer) -> String? { header.sourcePath(image) }

    /// The image's parts when `image` is a whole, intact image of this format built from
    /// `expected` (any source when nil), else nil. Checks, cheapest first: the header
    /// (``IndexImageHeader/checked(_:expecting:checkingSum:)``: length, magic, version, the
    /// source's identity, the checksum); that the counts lay out to exactly the length; then the
    /// records: the starts rise from 0 to the byte count, the slot count is a power of two, each
    /// slot is empty or names a word, and as many name one as the header says there are distinct
    /// words, fewer than the slots (so a probe always reaches an empty slot).
    ///
    /// `checkingRecords: false` skips the checksum and the records, for an image this process has
    /// just built on its heap.
    static func validated(
        _ image: UnsafeRawBufferPointer, expecting expected: FileIdentity?, checkingRecords: Bool = true
    ) -> Validated? {
        guard let checked = header.checked(image, expecting: expected, checkingSum: checkingRecords),
            let base = image.baseAddress
        else { return nil }
        let limit = UInt64(image.count)
        let byteCount = checked.formatWords[0]
        let startCount = checked.formatWords[1]
        let slotCount = checked.formatWords[2]
        let count = checked.formatWords[3]
        guard byteCount <= min(limit, UInt64(UInt32.max)), startCount >= 1, startCount <= limit,
            slotCount >= 2, slotCount <= limit, slotCount & (slotCount - 1) == 0, count < slotCount,
            count < startCount
        else { return nil }
        let layout = Layout(
            pathLength: checked.pathLength, byteCount: Int(byteCount), startCount: Int(startCount),
            slotCount: Int(slotCount))
        guard layout.total == image.count else { return nil }
        let parts = Validated(
            bytes: UnsafeBufferPointer(
                start: (base + layout.bytes).assumingMemoryBound(to: UInt8.self), count: Int(byteCount)),
            starts: UnsafeBufferPointer(
                start: (base + layout.starts).assumingMemoryBound(to: UInt32.self), count: Int(startCount)),
            slots: UnsafeBufferPointer(
                start: (base + layout.slots).assumingMemoryBound(to: UInt32.self), count: Int(slotCount)),
            count: Int(count))
        guard checkingRecords else { return parts }
        guard parts.starts[0] == 0, parts.starts[Int(startCount) - 1] == UInt32(byteCount) else { return nil }
        for index in 1..<Int(startCount) where parts.starts[index] < parts.starts[index - 1] { return nil }
        var used = 0
        for slot in parts.slots where slot != 0 {
            guard UInt64(slot) < startCount else { return nil }
            used += 1
        }
        guard used == Int(count) else { return nil }
        return parts
    }
}
