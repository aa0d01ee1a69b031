import HangulCore
import HangulSystem

/// Built dictionary indexes kept between runs, one file per dictionary, mapped rather than parsed.
///
/// Parsing the system `hanja.txt` puts about 15 MB on a process's heap, private and never given
/// back, and takes about 13 ms. Written once as a ``HanjaIndexImage`` and mapped read-only, the same
/// index is page cache: shared by every process that maps it (the daemon, `hangul-compose`, a
/// second user's daemon), clean, and resident only where lookups have read, a few pages per key
/// (issue 25). Loading it is a check of the file, about 3 ms.
///
/// The files are in `$XDG_CACHE_HOME/hangul/hanja` (else `~/.cache/hangul/hanja`), one per
/// dictionary path (``IndexCacheDirectory``). An index is used only when it was built from the same
/// path, size, modification time, device and inode by this format version, and passes its checks
/// (see ``HanjaIndexImage/validated(_:expecting:checkingRecords:)``): anything else, a missing file,
/// one from an older version, one cut short or damaged, is rebuilt from the dictionary and replaced.
///
/// Nothing here fails a load: when the directory cannot be made or written (a read-only home) the
/// table is kept on the heap, as without a cache. A file with lines skipped is not cached, so its
/// problems are reported at every load, as they are without a cache. Each time an index is written,
/// the indexes of dictionaries that no longer exist are removed.
public struct HanjaIndexCache: Sendable {
    /// The files.
    let files: IndexCacheDirectory

    /// Where the index files are.
    public var directory: String { files.path }

    /// A cache in `directory`, which is made when first written.
    public init(directory: String) {
        files = IndexCacheDirectory(path: directory)
    }

    /// `$XDG_CACHE_HOME/hangul/hanja`, else `~/.cache/hangul/hanja` (the XDG base directory
    /// specification's default), or nil when neither is an absolute path.
    public static func directory(environment: (String) -> String?) -> String? {
        IndexCacheDirectory.path(named: "hanja", environment: environment)
    }

    /// The index file for the dictionary at `source`.
    public func indexPath(for source: String) -> String { files.indexPath(for: source) }

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
            try files.store(parsed.storage.image, for: path, sourcePath: HanjaIndexImage.sourcePath)
        } catch {
            return parsed
        }
        return withExtendedLifetime(parsed) { Self.mapped(indexPath, identity: source.identity) } ?? parsed
    }

    /// Removes the index files whose dictionary is gone (``IndexCacheDirectory/removeOrphans(sourcePath:)``):
    /// a file that is not an index of this format, or whose source still exists, is left alone (a
    /// stale index of an existing file is rebuilt in place when that file is next loaded).
    public func removeOrphans() {
        files.removeOrphans(sourcePath: HanjaIndexImage.sourcePath)
    }

    /// The source path recorded in the index file at `path`, or nil when it is not an index of this
    /// format version (or cannot be read). Only the header and the path are read.
    static func sourcePath(ofIndexAt path: String) -> String? {
        guard let file = try? MappedFile(path: path) else { return nil }
        return HanjaIndexImage.sourcePath(file.bytes)
    }

    /// The table whose index is the file at `indexPath`, built from `identity`'s file; nil when the
    /// file is missing or is not such an index, whole and intact.
    static func mapped(_ indexPath: String, identity: FileIdentity) -> HanjaTable? {
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
