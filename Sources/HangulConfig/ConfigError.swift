import HangulCore

/// Why a settings file was rejected: every problem found, in line order.
///
/// A file with any problem is rejected whole: the caller keeps the settings it had (or the
/// defaults), never half a file. All problems are reported at once so one `hangulctl config check`
/// shows everything to fix.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    /// At least one problem, sorted by line.
    public let problems: [FileProblem]

    public init(problems: [FileProblem]) {
        self.problems = problems.sorted { $0.line < $1.line }
    }

    init(_ problem: FileProblem) { self.init(problems: [problem]) }

    /// One problem per line.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
