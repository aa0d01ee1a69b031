import Foundation

/// Reads the conformance transcripts and PROTOCOL.md from the source tree (tests may use
/// Foundation; the modules may not).
enum TranscriptFiles {
    /// `protocol/` at the root of the package.
    static let protocolDirectory: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path + "/protocol"
    }()

    /// `protocol/conformance`.
    static let conformanceDirectory = protocolDirectory + "/conformance"

    static func names(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".txt") }.sorted()
    }

    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }
}
