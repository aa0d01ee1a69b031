/// Something wrong in a text file the user wrote or installed: the file, the line, and what is
/// wrong there in words the user can act on.
///
/// One type for every file the engine reads (layout files, the settings file, hanja
/// dictionaries), so every message has the same clickable `source:line: reason` form. What a
/// problem costs differs by file and is said where the file is read: a layout file or a settings
/// file with any problem is refused whole, a dictionary line is skipped and the rest loads.
public struct FileProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file's path, as the caller gave it, or the name given to bytes parsed from memory.
    public let source: String
    /// The 1-based line, or 0 when the problem is the file as a whole (it cannot be read, a
    /// required entry is missing).
    public let line: Int
    /// What is wrong: what was found and what is accepted instead.
    public let reason: String

    public init(source: String, line: Int, reason: String) {
        self.source = source
        self.line = line
        self.reason = reason
    }

    /// `source:line: reason`, the form editors and compilers use, so the location is clickable.
    public var description: String { line > 0 ? "\(source):\(line): \(reason)" : "\(source): \(reason)" }
}
