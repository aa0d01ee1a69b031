import HangulHanja

/// One candidate as bytes, as either side gives it: key, value and comment, compared exactly.
public struct HanjaEntryBytes: Hashable, Sendable, CustomStringConvertible {
    public var key: [UInt8]
    public var value: [UInt8]
    public var comment: [UInt8]

    public init(key: [UInt8], value: [UInt8], comment: [UInt8]) {
        self.key = key
        self.value = value
        self.comment = comment
    }

    public init(_ candidate: HanjaCandidate) {
        self.init(
            key: Array(candidate.keyUTF8), value: Array(candidate.valueUTF8), comment: Array(candidate.commentUTF8))
    }

    /// `key:value:comment`, invalid UTF-8 shown with replacement characters.
    public var description: String {
        [key, value, comment].map { String(decoding: $0, as: UTF8.self) }.joined(separator: ":")
    }
}

/// The match kinds compared, by libhangul's function names.
public enum HanjaMatchKind: String, CaseIterable, Sendable {
    case exact
    case prefix
    case suffix

    /// Ours for the same kind.
    public var ours: HanjaMatch {
        switch self {
        case .exact: .exact
        case .prefix: .prefix
        case .suffix: .suffix
        }
    }
}
