/// The header every index image kept in an ``IndexCacheDirectory`` starts with (the hanja
/// dictionaries' and the word list's), and the checks on it that stand between a file on disk and
/// a lookup.
///
/// Sixteen 64-bit words in native byte order, then the source path at byte 128: magic, format
/// version, total length, checksum, the source's ``FileIdentity`` (size, modification seconds and
/// nanoseconds, device, inode), the path's length, then six words that are the format's own
/// (its counts). The checksum covers everything after it, from byte 32 to the end, so an image is
/// padded to a multiple of eight.
public struct IndexImageHeader: Sendable {
    /// The header's size, and where the source path starts.
    public static let size = 128
    /// Where the checksummed part starts: after the magic, version, length and checksum words.
    public static let checksummedFrom = 32
    /// How many words of the header are the format's own (words 10 to 15).
    public static let formatWords = 6

    /// What an image of this format starts with.
    public let magic: UInt64
    /// Changed whenever the format's layout or the meaning of a field changes, so old files are rebuilt.
    public let version: UInt64

    public init(magic: UInt64, version: UInt64) {
        self.magic = magic
        self.version = version
    }

    /// Writes the header and the path into the start of `image` (as long as the whole image), with
    /// `formatWords` as words 10 to 15; the checksum stays zero until ``seal(_:)``.
    public func write(into image: UnsafeMutableRawBufferPointer, identity: FileIdentity, formatWords: [UInt64]) {
        precondition(formatWords.count == Self.formatWords, "an index image header has six words of its format's own")
        let path = Array(identity.path.utf8)
        let words = [magic, version, UInt64(image.count), 0] + identity.words + [UInt64(path.count)] + formatWords
        for (index, word) in words.enumerated() {
            image.storeBytes(of: word, toByteOffset: 8 * index, as: UInt64.self)
        }
        path.withUnsafeBytes { source in
            guard let from = source.baseAddress else { return }
            (image.baseAddress! + Self.size).copyMemory(from: from, byteCount: source.count)
        }
    }

    /// Stores the checksum of a finished image: the last step of building one.
    public static func seal(_ image: UnsafeMutableRawBufferPointer) {
        image.storeBytes(of: checksum(UnsafeRawBufferPointer(image)), toByteOffset: 24, as: UInt64.self)
    }

    /// The source path an image records, when `image` starts as an image of this format does and
    /// is long enough to hold the path; nothing else is checked (``IndexCacheDirectory/removeOrphans(sourcePath:)``).
    public func sourcePath(_ image: UnsafeRawBufferPointer) -> String? {
        guard image.count >= Self.size else { return nil }
        func word(_ index: Int) -> UInt64 { image.loadUnaligned(fromByteOffset: 8 * index, as: UInt64.self) }
        guard word(0) == magic, word(1) == version else { return nil }
        let length = word(9)
        guard length > 0, length <= UInt64(image.count - Self.size) else { return nil }
        return String(decoding: image[Self.size..<Self.size + Int(length)], as: UTF8.self)
    }

    /// What a checked header holds: the path's length and the format's six words.
    public struct Checked {
        public var pathLength: Int
        public var formatWords: [UInt64]
    }

    /// The header of `image` when `image` is aligned to eight, a multiple of eight long, starts with
    /// this format's magic and version, records its own length, holds the path whole, was built
    /// from `expected` (any source when nil) and, when `checkingSum`, matches its checksum; else
    /// nil. The format then checks that its counts lay out to exactly the image's length, and its
    /// records. Checking the sum reads every page: `checkingSum: false` is for an image this
    /// process has just built on its heap.
    public func checked(
        _ image: UnsafeRawBufferPointer, expecting expected: FileIdentity?, checkingSum: Bool
    ) -> Checked? {
        guard let base = image.baseAddress, image.count >= Self.size, image.count % 8 == 0,
            Int(bitPattern: base) % 8 == 0
        else { return nil }
        func word(_ index: Int) -> UInt64 { image.load(fromByteOffset: 8 * index, as: UInt64.self) }
        guard word(0) == magic, word(1) == version, word(2) == UInt64(image.count),
            word(9) <= UInt64(image.count - Self.size)
        else { return nil }
        let pathLength = Int(word(9))
        if let expected {
            let path = UnsafeRawBufferPointer(rebasing: image[Self.size..<Self.size + pathLength])
            guard (4..<9).map(word) == expected.words, path.elementsEqual(expected.path.utf8) else { return nil }
        }
        guard !checkingSum || Self.checksum(image) == word(3) else { return nil }
        return Checked(pathLength: pathLength, formatWords: (10..<16).map(word))
    }

    /// The checksum of an image: everything from byte 32 on, as 64-bit words in four independent
    /// lanes (the 12 MB of the system hanja dictionary's index take about a millisecond), each a
    /// multiply and a shift per word. Not cryptographic: it catches a file damaged or cut short, not
    /// a forgery (whose bounds each format's record checks still enforce).
    public static func checksum(_ image: UnsafeRawBufferPointer) -> UInt64 {
        guard let base = image.baseAddress, image.count >= checksummedFrom else { return 0 }
        let words = (image.count - checksummedFrom) / 8
        let first = base + checksummedFrom
        @inline(__always) func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
            let product = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
            return product ^ (product >> 29)
        }
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (
            0x243F_6A88_85A3_08D3, 0x1319_8A2E_0370_7344, 0xA409_3822_299F_31D0, 0x082E_FA98_EC4E_6C89
        )
        var index = 0
        while index &+ 4 <= words {
            let offset = 8 &* index
            lanes.0 = mix(lanes.0, first.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            lanes.1 = mix(lanes.1, first.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self))
            lanes.2 = mix(lanes.2, first.loadUnaligned(fromByteOffset: offset &+ 16, as: UInt64.self))
            lanes.3 = mix(lanes.3, first.loadUnaligned(fromByteOffset: offset &+ 24, as: UInt64.self))
            index &+= 4
        }
        while index < words {
            lanes.0 = mix(lanes.0, first.loadUnaligned(fromByteOffset: 8 &* index, as: UInt64.self))
            index &+= 1
        }
        return mix(mix(mix(mix(lanes.0, lanes.1), lanes.2), lanes.3), UInt64(words))
    }

    /// `count` rounded up to a multiple of 64, a cache line: where each of an image's arrays starts.
    public static func alignedToCacheLine(_ count: Int) -> Int { (count + 63) & ~63 }

    /// `count` rounded up to a multiple of eight: an image's last array, so the checksum covers it.
    public static func paddedToWord(_ count: Int) -> Int { (count + 7) & ~7 }
}
