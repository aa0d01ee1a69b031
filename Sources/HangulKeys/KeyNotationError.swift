/// What is wrong in a line of key notation, and where.
///
/// Positions are 1-based and count Unicode scalars, which for the ASCII that notation is mostly
/// written in are characters. The ``description`` is stable text meant for users and tests alike.
public enum KeyNotationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A `<…>` names no keysym; the position is the name's first character.
    case unknownKeyName(String, position: Int)
    /// A `<Mod+…>` prefix is not a modifier; the position is its first character.
    case unknownModifier(String, position: Int)
    /// A `<` has no `>` before the end or before the next `<`; the position is the `<`.
    case unterminated(position: Int)
    /// `<>` or `<Control+>`: the position is where the name should be.
    case emptyKeyName(position: Int)
    /// `<+a>` or `<Control++a>`: the position is where the modifier should be.
    case emptyModifier(position: Int)
    /// A character no keysym types (a noncharacter such as U+FFFE).
    case noKeysym(Unicode.Scalar, position: Int)

    /// The 1-based position of the problem in the line.
    public var position: Int {
        switch self {
        case .unknownKeyName(_, let position), .unknownModifier(_, let position), .unterminated(let position),
            .emptyKeyName(let position), .emptyModifier(let position), .noKeysym(_, let position):
            position
        }
    }

    public var description: String {
        switch self {
        case .unknownKeyName(let name, let position):
            "unknown key name \"\(name)\" at position \(position)"
        case .unknownModifier(let name, let position):
            "unknown modifier \"\(name)\" at position \(position)"
        case .unterminated(let position):
            "unterminated \"<\" at position \(position) (type \"<less>\" for a literal \"<\")"
        case .emptyKeyName(let position):
            "empty key name at position \(position)"
        case .emptyModifier(let position):
            "empty modifier name at position \(position)"
        case .noKeysym(let scalar, let position):
            "no keysym types U+\(Self.hex(scalar.value)) at position \(position)"
        }
    }

    /// At least four upper-case hex digits, as code points are conventionally written.
    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
