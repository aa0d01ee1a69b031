import HangulSystem

/// A word list's table laid out in one block of memory, the same on the heap and in a cache file
/// (``WordList/init(contentsOf:cache:)``).
///
/// The list is three arrays (see ``WordList``); an image puts them after a header, each on a
/// 64-byte boundary, so a cache file mapped read-only is read in place. In native byte order:
///
/// | offset | contents |
/// | --- | --- |
/// | 0 | header, 16 words of 64 bits: magic, format version, total length, checksum, the source file's identity (size, modification time in seconds and nanoseconds, device, inode), the source path's length, the byte, start and slot counts, the number of distinct words, two zero words |
/// | 128 | the source path |
/// | … | word starts, 32-bit, one more than the words added |
/// | … | table slots, 32-bit |
/// | … | the words' bytes, padded to eight |
///
/// The checksum covers everything after it (from byte 32 on). ``validated(_:expecting:checkingRecords:)``
/// stands between a file on disk and a lookup: a short, foreign, stale or corrupt file is refused
/// (and rebuilt), and one that passes has every start and slot checked, so no lookup reads out of
/// bounds or probes for ever, whatever the file held.
enum WordListImage {
    /// `WORDIDX1` as a little-endian word.
    static let magic: UInt64 = 0x3158_4449_4452_4F57
    /// Changed whenever the layout, the meaning of a field, or which entries a list keeps changes,
    /// so old cache files are rebuilt.
    static let formatVersion: UInt64 = 1
    static let headerSize = 16 * 8
    /// Where the checksummed part starts: after the magic, version, length and checksum words.
    static let checksummedFrom = 32

    /// Where each part starts, from the counts.
    struct Layout: Equatable {
        var path: Int
        var starts: Int
        var slots: Int
        var bytes: Int
        var total: Int

        init(pathLength: Int, byteCount: Int, startCount: Int, slotCount: Int) {
            path = WordListImage.headerSize
            starts = path + alignedToCacheLine(pathLength)
            slots = starts + alignedToCacheLine(4 * startCount)
            bytes = slots + alignedToCacheLine(4 * slotCount)
            total = bytes + ((byteCount + 7) & ~7)
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
        let path = Array(identity.path.utf8)
        let layout = Layout(
            pathLength: path.count, byteCount: bytes.count, startCount: starts.count, slotCount: slots.count)
        let image = HeapImage(byteCount: layout.total)
        let memory = image.memory
        let header: [UInt64] =
            [magic, formatVersion, UInt64(layout.total), 0] + identity.words + [
                UInt64(path.count), UInt64(bytes.count), UInt64(starts.count), UInt64(slots.count), UInt64(count), 0, 0,
            ]
        for (index, word) in header.enumerated() {
            memory.storeBytes(of: word, toByteOffset: 8 * index, as: UInt64.self)
        }
        func copy<Element>(_ array: [Element], to offset: Int) {
            array.withUnsafeBytes { source in
                guard let from = source.baseAddress else { return }
                (memory.baseAddress! + offset).copyMemory(from: from, byteCount: source.count)
            }
        }
        copy(path, to: layout.path)
        copy(starts, to: layout.starts)
        copy(slots, to: layout.slots)
        copy(bytes, to: layout.bytes)
        memory.storeBytes(
            of: IndexCacheDirectory.checksum(UnsafeRawBufferPointer(memory), from: checksummedFrom), toByteOffset: 24,
            as: UInt64.self)
        return image
    }

    /// The source path an image records, when `image` starts as an image of this format does and
    /// is long enough to hold it; nothing else is checked.
    static func sourcePath(_ image: UnsafeRawBufferPointer) -> String? {
        guard image.count >= headerSize else { return nil }
        func word(_ index: Int) -> UInt64 { image.loadUnaligned(fromByteOffset: 8 * index, as: UInt64.self) }
        guard word(0) == magic, word(1) == formatVersion else { return nil }
        let length = word(9)
        guard length > 0, length <= UInt64(image.count - headerSize) else { return nil }
        return String(decoding: image[headerSize..<headerSize + Int(length)], as: UTF8.self)
    }

    /// The image's parts when `image` is a whole, intact image of this format built from
    /// `expected` (any source when nil), else nil. Checks, cheapest first: length, magic and
    /// version; that the counts lay out to exactly the length; the source's identity; the
    /// checksum; then the records: the starts rise from 0 to the byte count, the slot count is a
    /// power of two, each slot is empty or names a word, and as many name one as the header says
    /// there are distinct words, fewer than the slots (so a probe always reaches an empty slot).
    ///
    /// `checkingRecords: false` skips the checksum and the records, for an image this process has
    /// just built on its heap.
    static func validated(
        _ image: UnsafeRawBufferPointer, expecting expected: FileIdentity?, checkingRecords: Bool = true
    ) -> Validated? {
        guard let base = image.baseAddress, image.count >= headerSize, image.count % 8 == 0,
            Int(bitPattern: base) % 8 == 0
        else { return nil }
        func word(_ index: Int) -> UInt64 { image.load(fromByteOffset: 8 * index, as: UInt64.self) }
        guard word(0) == magic, word(1) == formatVersion, word(2) == UInt64(image.count) else { return nil }
        let limit = UInt64(image.count)
        let pathLength = word(9)
        let byteCount = word(10)
        let startCount = word(11)
        let slotCount = word(12)
        let count = word(13)
        guard pathLength <= limit, byteCount <= min(limit, UInt64(UInt32.max)), startCount >= 1, startCount <= limit,
            slotCount >= 2, slotCount <= limit, slotCount & (slotCount - 1) == 0, count < slotCount,
            count < startCount
        else { return nil }
        let layout = Layout(
            pathLength: Int(pathLength), byteCount: Int(byteCount), startCount: Int(startCount),
            slotCount: Int(slotCount))
        guard layout.total == image.count else { return nil }
        if let expected {
            let path = UnsafeRawBufferPointer(rebasing: image[layout.path..<layout.path + Int(pathLength)])
            guard (4..<9).map(word) == expected.words, path.elementsEqual(expected.path.utf8) else { return nil }
        }
        guard !checkingRecords || IndexCacheDirectory.checksum(image, from: checksummedFrom) == word(3) else {
            return nil
        }
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

/// `count` rounded up to a multiple of 64, a cache line: each array starts on a line of its own.
private func alignedToCacheLine(_ count: Int) -> Int { (count + 63) & ~63 }
