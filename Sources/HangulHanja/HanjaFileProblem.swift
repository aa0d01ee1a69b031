/// A line of a dictionary file that was skipped, or a file that could not be read at all.
///
/// Dictionary problems never stop anything: a malformed line is skipped and the rest of its file
/// loads; a file that cannot be read contributes nothing and the other files still load. The
/// description names the file and the line (`/home/me/.config/hangul/hanja.txt:12: …`), or the file
/// alone when the whole file is at fault, so the user can go and fix it.
public struct HanjaFileProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path of the file, or whatever name the bytes were given when parsed from memory.
    public let source: String
    /// The 1-based line, or 0 when the problem concerns the whole file.
    public let line: Int
    /// What is wrong and, where it helps, what to do about it.
    public let reason: String

    public init(source: String, line: Int, reason: String) {
        self.source = source
        self.line = line
        self.reason = reason
    }

    public var description: String { line > 0 ? "\(source):\(line): \(reason)" : "\(source): \(reason)" }
}
