import HangulCore
import HangulSystem
import SystemPackage

/// Finds and reads the dictionary files a session converts with.
///
/// Four sources, stacked in this priority order (see ``HanjaDictionary``): the user's dictionary
/// (`$XDG_CONFIG_HOME/hangul/hanja.txt`, else `~/.config/hangul/hanja.txt`; absent is fine), files
/// named on the command line (`hanguld --hanja-file PATH`, repeatable), the system dictionary
/// `/usr/share/libhangul/hanja/hanja.txt` and the system symbols
/// `/usr/share/libhangul/hanja/mssymbol.txt`, both from Debian's `libhangul-data`.
///
/// Nothing here is fatal: a malformed line is skipped and reported with its file and line, a file
/// that cannot be read is reported and left out, and the dictionary is whatever did load. Without
/// the system files, hanja and symbol conversion offer only the user's own entries, and the
/// problem says which package to install. Whether a problem stops the program is the caller's
/// choice: ``Problem/isExplicit`` marks files the user named on the command line.
public struct HanjaFiles: Sendable {
    /// libhangul's dictionary of words and characters, from Debian's `libhangul-data`.
    public static let systemDictionaryPath = "/usr/share/libhangul/hanja/hanja.txt"
    /// libhangul's symbols keyed by a jamo (ㅁ gives ※, ☆, →, …), from `libhangul-data` too.
    public static let systemSymbolsPath = "/usr/share/libhangul/hanja/mssymbol.txt"

    /// Something that went wrong while loading: a whole file or one line of it.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public let problem: FileProblem
        /// Whether it concerns a whole file the user named on the command line, which a caller may
        /// treat as fatal; lines and the implicit files are warnings.
        public let isExplicit: Bool

        public var description: String { problem.description }
    }

    /// The dictionary, highest priority table first, as ``HanjaDictionary`` stacks them.
    public let dictionary: HanjaDictionary
    /// Every problem, files in loading order, lines in file order.
    public let problems: [Problem]

    /// The user's dictionary file, or nil when neither `XDG_CONFIG_HOME` nor `HOME` is set to an
    /// absolute path.
    public static func userDictionaryPath(environment: (String) -> String?) -> String? {
        if let config = environment("XDG_CONFIG_HOME"), config.hasPrefix("/") { return config + "/hangul/hanja.txt" }
        if let home = environment("HOME"), home.hasPrefix("/") { return home + "/.config/hangul/hanja.txt" }
        return nil
    }

    /// Loads the user's dictionary (when `user` is given and the file exists), then `files`, then
    /// the system dictionary and symbols (each unless nil: `hanguld --no-system-hanja` leaves them
    /// out, so tests get the same candidates whatever the machine has installed).
    ///
    /// With a `cache`, each file's index is built once and kept in a cache file that later loads map
    /// instead of parsing (``HanjaIndexCache``); without one, every table is parsed onto the heap.
    public init(
        user: String?, files: [String], system: String? = Self.systemDictionaryPath,
        symbols: String? = Self.systemSymbolsPath, cache: HanjaIndexCache? = nil
    ) {
        var tables: [HanjaTable] = []
        var problems: [Problem] = []
        func add(_ path: String, isExplicit: Bool, ifMissing: String?) {
            do throws(FileProblem) {
                let table: HanjaTable
                if let cache {
                    table = try cache.table(path)
                } else {
                    table = try Self.readTable(path)
                }
                problems += table.problems.map { Problem(problem: $0, isExplicit: false) }
                tables.append(table)
            } catch {
                var problem = error
                if error.isMissingFile {
                    guard let ifMissing else { return }
                    problem = FileProblem(source: error.source, line: 0, reason: error.reason + "; " + ifMissing)
                }
                problems.append(Problem(problem: problem, isExplicit: isExplicit))
            }
        }
        if let user { add(user, isExplicit: false, ifMissing: nil) }
        for path in files { add(path, isExplicit: true, ifMissing: "check the path given for it") }
        let install = "install Debian's libhangul-data (scripts/setup does)"
        if let system {
            add(system, isExplicit: false, ifMissing: "hanja conversion offers only the user's own entries; " + install)
        }
        if let symbols {
            add(
                symbols, isExplicit: false,
                ifMissing: "symbol conversion offers only the user's own entries; " + install)
        }
        self.dictionary = HanjaDictionary(tables: tables)
        self.problems = problems
    }

    /// Reads and parses one dictionary file; its malformed lines are in the table's ``HanjaTable/problems``.
    public static func readTable(_ path: String) throws(FileProblem) -> HanjaTable {
        let source = try SourceFile(opening: path)
        defer { source.close() }
        return HanjaTable(parsing: try source.readAll(), source: path)
    }

    /// A dictionary file opened for reading: a regular file of at most ``HanjaTable/maximumFileSize``
    /// bytes. Opened without blocking, so a FIFO or a device at a dictionary path is refused at once
    /// rather than hanging the daemon at the first hanja key (issue 12, fault 6, for dictionaries).
    /// Its identity is taken before anything is read, so a file changed while being read has a
    /// newer modification time than the one recorded with its cached index, which is rebuilt then.
    struct SourceFile {
        let path: String
        let descriptor: FileDescriptor
        let size: Int
        let identity: FileIdentity

        init(opening path: String) throws(FileProblem) {
            func failure(_ reason: String) -> FileProblem { FileProblem(source: path, line: 0, reason: reason) }
            do {
                descriptor = try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec, .nonBlocking])
            } catch {
                throw failure("cannot be opened: \(error)")
            }
            let info: Stat
            do {
                info = try descriptor.stat()
            } catch {
                try? descriptor.close()
                throw failure("cannot be read: \(error)")
            }
            guard info.type == .regular else {
                try? descriptor.close()
                throw failure("is not a regular file")
            }
            guard info.size <= Int64(HanjaTable.maximumFileSize) else {
                try? descriptor.close()
                throw failure(
                    "is larger than \(HanjaTable.maximumFileSize / 1024 / 1024) MiB, the most a dictionary file "
                        + "may be; split it into several files")
            }
            self.path = path
            size = Int(info.size)
            identity = FileIdentity(path: path, status: info)
        }

        /// The file's bytes, at most the size it had when opened.
        func readAll() throws(FileProblem) -> [UInt8] {
            let size = self.size
            do {
                return try [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                    while count < size {
                        let read = try descriptor.read(
                            into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[count...])))
                        if read == 0 { break }
                        count += read
                    }
                }
            } catch {
                throw FileProblem(source: path, line: 0, reason: "cannot be read: \(error)")
            }
        }

        func close() { try? descriptor.close() }
    }
}

extension FileProblem {
    /// Whether this is "cannot be opened" because nothing is at the path.
    var isMissingFile: Bool { line == 0 && reason == "cannot be opened: \(Errno.noSuchFileOrDirectory)" }
}
