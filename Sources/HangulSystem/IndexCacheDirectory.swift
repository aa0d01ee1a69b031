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
}
