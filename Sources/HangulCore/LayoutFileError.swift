/// Why a layout file was rejected: the file, the line and what is wrong there.
///
/// A broken file is never half-loaded: the first error rejects the whole file, and the message says
/// where to look and what to write instead.
public struct LayoutFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file's name or path, as the caller gave it.
    public let source: String
    /// The 1-based line, or 0 when the problem is the file as a whole (a missing `id`, say).
    public let line: Int
    /// What is wrong, in words a layout author can act on.
    public let reason: String

    public init(source: String, line: Int, reason: String) {
        self.source = source
        self.line = line
        self.reason = reason
    }

    /// `source:line: reason`, the form editors and compilers use, so the location is clickable.
    public var description: String {
        line > 0 ? "\(source):\(line): \(reason)" : "\(source): \(reason)"
    }
}
