/// One thing wrong with a settings file: where, and what to do about it.
public struct ConfigProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file's path, as the caller gave it.
    public let source: String
    /// The 1-based line, or 0 when the problem is the file as a whole (it cannot be read, say).
    public let line: Int
    /// What is wrong, in words the user can act on: what was found and what is accepted.
    public let reason: String

    public init(source: String, line: Int, reason: String) {
        self.source = source
        self.line = line
        self.reason = reason
    }

    /// `source:line: reason`, the form editors and compilers use, so the location is clickable.
    public var description: String { line > 0 ? "\(source):\(line): \(reason)" : "\(source): \(reason)" }
}

/// Why a settings file was rejected: every problem found, in line order.
///
/// A file with any problem is rejected whole: the caller keeps the settings it had (or the
/// defaults), never half a file. All problems are reported at once so one `hangulctl config check`
/// shows everything to fix.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    /// At least one problem, sorted by line.
    public let problems: [ConfigProblem]

    public init(problems: [ConfigProblem]) {
        self.problems = problems.sorted { $0.line < $1.line }
    }

    init(_ problem: ConfigProblem) { self.init(problems: [problem]) }

    /// One problem per line.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
