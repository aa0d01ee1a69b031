/// A directory of indexes built from files and kept between runs, one file per source, to be
/// mapped read-only (``MappedFile``) rather than rebuilt.
///
/// An index parsed onto the heap is private to the process and never given back; the same index
/// written once and mapped is the kernel's page cache: shared by every process that maps it, clean
/// (dropped under memory pressure rather than swapped), and resident only where lookups read
/// (issue 25). The hanja dictionaries' indexes and the English word list's use it.
///
/// The index of the source at PATH is `DIRECTORY/index-HASH`, HASH the FNV-1a hash of PATH; the
/// directory is `$XDG_CACHE_HOME/hangul/NAME` (else `~/.cache/hangul/NAME`), made on first write
/// with mode 0700. An index records its source's ``FileIdentity`` and is used only for the same
/// file unchanged; the format of the index is its owner's. Files are replaced by renaming, so a
/// process still mapping the old one keeps reading it.
public struct IndexCacheDirectory: Sendable {
    /// Where the index files are.
    public let path: String

    /// A cache in `path`, which is made when first written.
    public init(path: String) {
        self.path = path
    }

    /// `$XDG_CACHE_HOME/hangul/NAME`, else `~/.cache/hangul/NAME` (the XDG base directory
    /// specification's default), or nil when neither is an absolute path.
    public static func path(named name: String, environment: (String) -> String?) -> String? {
        if let cache = environment("XDG_CACHE_HOME"), cache.hasPrefix("/") { return cache + "/hangul/" + name }
        if let home = environment("HOME"), home.hasPrefix("/") { return home + "/.cache/hangul/" + name }
        return nil
    }

    /// The index file for the source at `source`.
    public func indexPath(for source: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in source.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return path + "/index-" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Writes `image` as the index of `source` (the directory made first, mode 0700) and removes
    /// the indexes of sources that no longer exist (``removeOrphans(sourcePath:)``).
    public func store(
        _ image: UnsafeRawBufferPointer, for source: String, sourcePath: (UnsafeRawBufferPointer) -> String?
    ) throws(SystemCallError) {
        try FileSystem.makeDirectories(path, mode: 0o700)
        try FileSystem.replaceContents(of: indexPath(for: source), with: image)
        removeOrphans(sourcePath: sourcePath)
    }

    /// Removes the index files whose source is gone: files named `index-…` from which `sourcePath`
    /// reads a path (it returns nil for a file that is not such an index) where nothing is. A
    /// dictionary or word list in a temporary directory, or one a user deleted, would otherwise
    /// leave its index behind for ever (the test suites had left 26 files, 266 MB). Errors are
    /// ignored: this only tidies.
    public func removeOrphans(sourcePath: (UnsafeRawBufferPointer) -> String?) {
        guard let names = try? FileSystem.directoryEntryNames(path) else { return }
        for name in names where name.starts(with: Array("index-".utf8)) {
            let index = path + "/" + String(decoding: name, as: UTF8.self)
            guard let file = try? MappedFile(path: index), let source = sourcePath(file.bytes) else { continue }
            do throws(SystemCallError) {
                guard try FileStatus.of(source, followingSymbolicLinks: true) == nil else { continue }
                try FileSystem.unlinkIfExists(index)
            } catch {
                continue
            }
        }
    }

    /// A checksum of `image` from byte `start` on, as 64-bit words in four independent lanes (the
    /// 12 MB of the system hanja dictionary's index take about a millisecond), each a multiply and
    /// a shift per word; trailing bytes short of a word are not covered, so images are padded to
    /// eight. Not cryptographic: it catches a file damaged or cut short, not a forgery (whose
    /// bounds an image's structural checks still enforce).
    public static func checksum(_ image: UnsafeRawBufferPointer, from start: Int) -> UInt64 {
        guard let base = image.baseAddress, image.count >= start else { return 0 }
        let words = (image.count - start) / 8
        let first = base + start
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
}
