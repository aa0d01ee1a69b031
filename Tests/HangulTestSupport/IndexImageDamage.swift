import Foundation

/// The ways a cache file of an index image (`IndexImageHeader`: the hanja indexes, the word list)
/// is damaged in the tests that check a damaged file is rebuilt, never trusted.
public enum IndexImageDamage: String, CaseIterable, Sendable {
    case truncated = "truncated"
    case empty = "empty"
    case flippedByte = "flipped byte"
    case foreignHeader = "foreign header"
    case staleVersion = "stale version"
    case zeroChecksum = "zero checksum"

    /// Damages the file at `path` this way, in place.
    public func apply(toFileAt path: String) throws {
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        switch self {
        case .truncated: bytes.removeLast(bytes.count / 3)
        case .empty: bytes = []
        case .flippedByte: bytes[bytes.count - 20] ^= 0x01
        case .foreignHeader: bytes.replaceSubrange(0..<8, with: Array("NOTANIDX".utf8))
        case .staleVersion: bytes[8] &+= 1
        case .zeroChecksum: bytes.replaceSubrange(24..<32, with: [UInt8](repeating: 0, count: 8))
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}
