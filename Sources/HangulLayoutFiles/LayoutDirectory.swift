import HangulSystem
import SystemPackage

/// The entries of the user's layout directory that claim to be layout files.
///
/// Names are read as bytes: Linux file names need not be UTF-8, and a name decoded with
/// replacement characters names no file, so a good layout file with an odd name used to vanish
/// without a word. Every visible entry whose name ends in `.layout` is returned, whatever it is
/// (a directory, a dangling or looping link, a FIFO): the reader decides, and a bad one becomes a
/// warning rather than silently disappearing. The listing itself is HangulSystem's
/// (``FileSystem/directoryEntryNames(_:)``).
struct LayoutDirectory {
    /// One candidate file.
    struct Entry: Equatable {
        /// The path to open: the directory's path, `/`, and the name's bytes exactly.
        let path: FilePath
        /// The path as messages show it (``DisplayedPath``).
        let display: String
    }

    /// The directory's path, as given: opened as is and shown as is.
    let display: String

    init(_ path: String) {
        self.display = path
    }

    /// The candidates, sorted by name bytes; none when the directory does not exist. A directory
    /// that exists but cannot be listed (not a directory, no permission) throws, so the user hears
    /// why their layouts are missing.
    func entries() throws(Errno) -> [Entry] {
        let listed: [[UInt8]]?
        do {
            listed = try FileSystem.directoryEntryNames(display)
        } catch {
            throw error.errno
        }
        let names = (listed ?? []).filter(Self.isCandidate)
        return names.sorted { $0.lexicographicallyPrecedes($1) }.map { name in
            let full = Array(display.utf8) + [UInt8(ascii: "/")] + name
            let platform = full.map { CChar(bitPattern: $0) } + [0]
            return Entry(path: FilePath(platformString: platform), display: DisplayedPath(full).text)
        }
    }

    /// A visible name ending in `.layout` (editors' backups such as `x.layout~` and hidden files
    /// such as `.x.layout` are not layouts).
    static func isCandidate(_ name: [UInt8]) -> Bool {
        let suffix = Array(".layout".utf8)
        return name.first != UInt8(ascii: ".") && name.count > suffix.count
            && name.suffix(suffix.count).elementsEqual(suffix)
    }
}
