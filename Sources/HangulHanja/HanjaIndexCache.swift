import HangulCore
import HangulSystem

/// Built dictionary indexes kept between runs, one file per dictionary, mapped rather than parsed.
///
/// Parsing the system `hanja.txt` puts about 15 MB on a process's heap, private and never given
/// back, and takes about 13 ms. Written once as a ``HanjaIndexImage`` and mapped read-only, the same
/// index is page cache: shared by every process that maps it (the daemon, `hangul-compose`, a
/// second user's daemon), clean (the kernel drops it under pressure instead of swapping), and
/// resident only where lookups have read, a few pages per key (issue 25). Loading it is a check of
/// the file, about 3 ms.
///
/// The file for a dictionary at PATH is `DIRECTORY/index-HASH`, HASH the FNV-1a hash of PATH; the
/// directory is `$XDG_CACHE_HOME/hangul/hanja` (else `~/.cache/hangul/hanja`), made on first
/// write with mode 0700. An index is used only when it was built from the same path, size,
/// modification time, device and inode by this format version, and passes its checks (see
/// ``HanjaIndexImage/validated(_:expecting:checkingRecords:)``): anything else, a missing file, one
/// from an older version, one cut short or damaged, is rebuilt from the dictionary and replaced
/// (atomically, by renaming, so another process still mapping the old file keeps reading it).
///
/// Nothing here fails a load: when the directory cannot be made or written (a read-only home) the
/// table is kept on the heap, as without a cache. A file with lines skipped is not cached, so its
/// problems are reported at every load, as they are without a cache.
///
/// Each time an index is written, the indexes of dictionaries that no longer exist are removed
/// (``removeOrphans()``): a `--hanja-file` deleted, or a dictionary in a temporary directory,
/// would otherwise leave its index behind for ever (the test suites had left 26 files, 266 MB).
public struct HanjaIndexCache: Sendable {
    /// Where the index files are.
    public let directory: String

    /// A cache in `directory`, which is made when first written.
    public init(directory: String) {
        self.directory = directory
    }

    /// `$XDG_CACHE_HOME/hangul/hanja`, else `~/.cache/hangul/hanja` (the XDG base directory
    /// specification's default), or nil when neither is an absolute path.
    public static func directory(environment: (String) -> String?) -> String? {
        if let cache = environment("XDG_CACHE_HOME"), cache.hasPrefix("/") { return cache + "/hangul/hanja" }
        if let home = environment("HOME"), home.hasPrefix("/") { return home + "/.cache/hangul/hanja" }
        return nil
    }

    /// The index file for the dictionary at `source`.
    public func indexPath(for source: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in source.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return directory + "/index-" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The table of the dictionary at `path`: its cached index mapped when it is there and intact,
    /// else parsed from the file, written to the cache and mapped. Throws what
    /// ``HanjaFiles/readTable(_:)`` throws for a file that cannot be read.
    public func table(_ path: String) throws(FileProblem) -> HanjaTable {
        let source = try HanjaFiles.SourceFile(opening: path)
        defer { source.close() }
        let indexPath = indexPath(for: path)
        if let table = Self.mapped(indexPath, identity: source.identity) { return table }
        let parsed = HanjaTable(parsing: try source.readAll(), source: path, identity: source.identity)
        guard parsed.problems.isEmpty else { return parsed }
        do throws(SystemCallError) {
            try FileSystem.makeDirectories(directory, mode: 0o700)
            try FileSystem.replaceContents(of: indexPath, with: parsed.storage.image)
        } catch {
            return parsed
        }
        removeOrphans()
        return withExtendedLifetime(parsed) { Self.mapped(indexPath, identity: source.identity) } ?? parsed
    }

    /// Removes the index files whose dictionary is gone: files named `index-…` in the directory
    /// that start as an index of this format does and name a source path where nothing is. A file
    /// that is not such an index, or whose source still exists, is left alone (a stale index of an
    /// existing file is rebuilt in place when that file is next loaded). Errors are ignored: this
    /// only tidies.
    public func removeOrphans() {
        guard let names = try? FileSystem.directoryEntryNames(directory) else { return }
        for name in names where name.starts(with: Array("index-".utf8)) {
            let path = directory + "/" + String(decoding: name, as: UTF8.self)
            guard let source = Self.sourcePath(ofIndexAt: path) else { continue }
            do throws(SystemCallError) {
                guard try FileStatus.of(source, followingSymbolicLinks: true) == nil else { continue }
                try FileSystem.unlinkIfExists(path)
            } catch {
                continue
            }
        }
    }

    /// The source path recorded in the index file at `path`, or nil when it is not an index of this
    /// format version (or cannot be read). Only the header and the path are read.
    static func sourcePath(ofIndexAt path: String) -> String? {
        guard let file = try? MappedFile(path: path) else { return nil }
        return HanjaIndexImage.sourcePath(file.bytes)
    }

    /// The table whose index is the file at `indexPath`, built from `identity`'s file; nil when the
    /// file is missing or is not such an index, whole and intact.
    static func mapped(_ indexPath: String, identity: HanjaIndexImage.SourceIdentity) -> HanjaTable? {
        guard let file = try? MappedFile(path: indexPath),
            let validated = HanjaIndexImage.validated(file.bytes, expecting: identity)
        else { return nil }
        // The check read every page; lookups read a few. Letting the checked pages go keeps the
        // process's resident set to what lookups touch (the pages stay in the page cache).
        file.releaseResidentPages()
        return HanjaTable(
            source: identity.path, problems: [],
            storage: HanjaTable.Storage(image: validated, owner: file, isMapped: true))
    }
}
