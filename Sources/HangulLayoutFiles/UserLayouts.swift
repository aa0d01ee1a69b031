import Glibc
import HangulCore

/// Finds and reads the user's layout files, giving the catalog the executables offer.
///
/// Layouts come from three places, later ones winning: the built-in layouts, every `*.layout` file
/// in the user's layout directory (`$XDG_CONFIG_HOME/hangul/layouts`, else
/// `~/.config/hangul/layouts`), and files named on the command line (`--layout-file`). A user
/// layout with a built-in's id replaces it, visibly (``LayoutCatalog/Entry/overridesBuiltIn``).
/// A broken file is rejected whole and reported with its path, line and reason; the others still
/// load. Whether a problem is fatal is the caller's choice: a file the user named explicitly
/// usually is, one found in the directory usually is a warning.
public struct UserLayouts: Sendable {
    /// A file that could not be used.
    public struct Problem: Sendable, CustomStringConvertible {
        public let error: LayoutFileError
        /// Whether the file was named on the command line rather than found in the directory.
        public let isExplicit: Bool

        public var description: String { error.description }
    }

    /// The layouts on offer.
    public private(set) var catalog: LayoutCatalog
    /// Files that were rejected, in the order they were read.
    public private(set) var problems: [Problem] = []

    /// The directory user layouts are read from, or nil when neither `XDG_CONFIG_HOME` nor `HOME`
    /// is set to an absolute path.
    public static func directory(environment: (String) -> String?) -> String? {
        if let config = environment("XDG_CONFIG_HOME"), config.hasPrefix("/") { return config + "/hangul/layouts" }
        if let home = environment("HOME"), home.hasPrefix("/") { return home + "/.config/hangul/layouts" }
        return nil
    }

    /// The process environment, for ``directory(environment:)``.
    public static func processEnvironment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    /// Loads the built-ins, then `directory`'s `*.layout` files in name order (a missing directory
    /// is not an error), then `files`.
    public init(directory: String?, files: [String], builtIn: LayoutCatalog = .builtIn) {
        catalog = builtIn
        if let directory {
            for name in Self.layoutFileNames(in: directory) { add(path: directory + "/" + name, isExplicit: false) }
        }
        for path in files { add(path: path, isExplicit: true) }
    }

    private mutating func add(path: String, isExplicit: Bool) {
        do throws(LayoutFileError) {
            let text = try Self.read(path)
            try catalog.add(try LayoutFile.parse(text, source: path), from: .file(path))
        } catch {
            problems.append(Problem(error: error, isExplicit: isExplicit))
        }
    }

    /// The names of the regular, non-hidden `*.layout` files in a directory, sorted; none when the
    /// directory does not exist or cannot be read.
    static func layoutFileNames(in directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix("."), name.hasSuffix(".layout") else { continue }
            var info = stat()
            guard stat(directory + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            names.append(name)
        }
        return names.sorted()
    }

    /// A file's text: at most ``LayoutFile/maximumSize`` bytes of valid UTF-8.
    static func read(_ path: String) throws(LayoutFileError) -> String {
        func failure(_ reason: String) -> LayoutFileError { LayoutFileError(source: path, line: 0, reason: reason) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("cannot be opened: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw failure("is not a regular file")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("cannot be read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > LayoutFile.maximumSize {
                throw failure("is larger than \(LayoutFile.maximumSize) bytes, the most a layout file may be")
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw failure("is not valid UTF-8") }
        return text
    }
}
