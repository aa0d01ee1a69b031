import HangulCore
import HangulSystem
import SystemPackage

/// Finds and reads the user's layout files, giving the catalog the executables offer.
///
/// Layouts come from three places, read in this order: the built-in layouts, every `*.layout` file
/// in the user's layout directory (`$XDG_CONFIG_HOME/hangul/layouts`, else
/// `~/.config/hangul/layouts`), and files named on the command line (`--layout-file`). A user
/// layout with a built-in's id replaces it, visibly (``LayoutCatalog/Entry/overridesBuiltIn``).
/// Every other name already taken rejects the file that reuses it, so the first to claim a name
/// keeps it (``LayoutCatalog/add(_:from:)``). A broken file is rejected whole and reported with
/// its path, line and reason; the others still load. Whether a problem is fatal is the caller's choice: a file the user named explicitly
/// usually is, one found in the directory usually is a warning.
public struct UserLayouts: Sendable {
    /// A file that could not be used.
    public struct Problem: Sendable, CustomStringConvertible {
        public let error: FileProblem
        /// Whether the file was named on the command line rather than found in the directory.
        public let isExplicit: Bool

        public var description: String { error.description }
    }

    /// The layouts on offer.
    public private(set) var catalog: LayoutCatalog
    /// Files that were rejected, in the order they were read.
    public private(set) var problems: [Problem] = []
    /// The files read so far: one reached again is not read twice.
    private var filesRead: Set<LayoutFileReader.Identity> = []

    /// The directory user layouts are read from, or nil when neither `XDG_CONFIG_HOME` nor `HOME`
    /// is set to an absolute path.
    public static func directory(environment: (String) -> String?) -> String? {
        if let config = environment("XDG_CONFIG_HOME"), config.hasPrefix("/") { return config + "/hangul/layouts" }
        if let home = environment("HOME"), home.hasPrefix("/") { return home + "/.config/hangul/layouts" }
        return nil
    }

    /// The process environment, for ``directory(environment:)``.
    public static func processEnvironment(_ name: String) -> String? { Environment.value(name) }

    /// Loads the built-ins, then `directory`'s `*.layout` files in name order (a missing directory
    /// is not an error), then `files`.
    ///
    /// Whatever a path names, nothing here blocks: a FIFO, a socket, a device or a directory is
    /// refused before it is opened (``LayoutFileReader``). In the directory, every visible entry
    /// whose name ends in `.layout` is read, its name taken as bytes so that a file whose name is
    /// not UTF-8 still loads; one that is not a readable regular file (a directory, a dangling or
    /// looping symbolic link, a FIFO) is a problem like a broken file, never skipped in silence.
    public init(directory: String?, files: [String], builtIn: LayoutCatalog = .builtIn) {
        catalog = builtIn
        if let directory {
            let listing = LayoutDirectory(directory)
            do {
                for entry in try listing.entries() { add(entry.path, display: entry.display, isExplicit: false) }
            } catch {
                problems.append(
                    Problem(
                        error: FileProblem(
                            source: listing.display, line: 0, reason: "layout directory cannot be read: \(error)"),
                        isExplicit: false))
            }
        }
        for path in files { add(FilePath(path), display: path, isExplicit: true) }
    }

    /// Reads, parses and adds one file. The same file reached a second time (the directory's own
    /// file named again with `--layout-file`, or a link to a file already read) is skipped: it
    /// agrees with itself, and refusing it as a second layout with the same id would be absurd.
    private mutating func add(_ path: FilePath, display: String, isExplicit: Bool) {
        do throws(FileProblem) {
            let (identity, text) = try LayoutFileReader.read(path, display: display)
            guard filesRead.insert(identity).inserted else { return }
            try catalog.add(try LayoutFile.parse(text, source: display), from: .file(display))
        } catch {
            problems.append(Problem(error: error, isExplicit: isExplicit))
        }
    }
}
