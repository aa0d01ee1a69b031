import Glibc
import SystemPackage

/// The entries of the user's layout directory that claim to be layout files.
///
/// Names are read as bytes: Linux file names need not be UTF-8, and a name decoded with
/// replacement characters names no file, so a good layout file with an odd name used to vanish
/// without a word. Every visible entry whose name ends in `.layout` is returned, whatever it is
/// (a directory, a dangling or looping link, a FIFO): the reader decides, and a bad one becomes a
/// warning rather than silently disappearing. swift-system has no directory listing, so this file
/// holds the one `opendir`/`readdir` loop of the module.
struct LayoutDirectory {
    /// One candidate file.
    struct Entry: Equatable {
        /// The path to open: the directory's path, `/`, and the name's bytes exactly.
        let path: FilePath
        /// The path as messages show it (``DisplayedPath``).
        let display: String
    }

    let path: FilePath
    let display: String

    init(_ path: String) {
        self.path = FilePath(path)
        self.display = path
    }

    /// The candidates, sorted by name bytes; none when the directory does not exist. A directory
    /// that exists but cannot be listed (not a directory, no permission) throws, so the user hears
    /// why their layouts are missing.
    func entries() throws(Errno) -> [Entry] {
        let stream = path.withPlatformString { opendir($0) }
        guard let stream else {
            let error = Errno(rawValue: errno)
            if error == .noSuchFileOrDirectory { return [] }
            throw error
        }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw Errno(rawValue: errno) }
                break
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if Self.isCandidate(name) { names.append(name) }
        }
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
