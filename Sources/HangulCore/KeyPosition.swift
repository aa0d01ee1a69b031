/// A physical key named by the printable ASCII character it types on a US-QWERTY keyboard.
///
/// Layouts are keyed by position rather than by the character a user's own xkb layout produces, so
/// Hangul lands on the same physical keys under Dvorak, AZERTY or a German layout. Shift is part of
/// the position: `r` and `R` are two positions of one key. Only `!`…`~` (0x21…0x7E) are positions;
/// space and control characters never carry a jamo on any layout.
public struct KeyPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The US-QWERTY character, 0x21…0x7E.
    public let ascii: UInt8

    /// The position for a US-QWERTY character, or `nil` when it is not printable ASCII other than space.
    public init?(ascii: UInt8) {
        guard ascii >= 0x21, ascii <= 0x7E else { return nil }
        self.ascii = ascii
    }

    /// The position for a US-QWERTY character, or `nil` when it is not printable ASCII other than space.
    public init?(_ scalar: Unicode.Scalar) {
        guard scalar.value <= 0x7E else { return nil }
        self.init(ascii: UInt8(truncatingIfNeeded: scalar.value))
    }

    /// Index into a 94-entry layout table.
    var tableIndex: Int { Int(ascii) - 0x21 }

    /// How many positions there are.
    public static let count = 94

    /// All 94 positions in ASCII order.
    public static let all: [KeyPosition] = (0x21...0x7E).compactMap { KeyPosition(ascii: $0) }

    public var character: Character { Character(Unicode.Scalar(ascii)) }

    public var description: String { String(character) }

    public static func < (lhs: KeyPosition, rhs: KeyPosition) -> Bool { lhs.ascii < rhs.ascii }
}
