/// The value of one option: a switch, a word (a layout id or one of a choice's words) or a list of
/// key chords. Which of the three an option takes is its ``OptionKind``.
public enum OptionValue: Hashable, Sendable {
    /// A switch: `true` or `false`.
    case flag(Bool)
    /// A layout id, or one of the words an ``OptionKind/choice(_:)`` lists.
    case word(String)
    /// Key chords, in the order given (`toggle-keys`, `hanja-keys`).
    case keys([KeyChord])

    /// The switch, or nil when the value is not one.
    public var flag: Bool? {
        guard case .flag(let flag) = self else { return nil }
        return flag
    }

    /// The word, or nil when the value is not one.
    public var word: String? {
        guard case .word(let word) = self else { return nil }
        return word
    }

    /// The chords, or nil when the value is not a list of them.
    public var keys: [KeyChord]? {
        guard case .keys(let keys) = self else { return nil }
        return keys
    }

    /// Whether the value is of the shape `kind` takes (a choice's word is not checked here: readers
    /// check it against ``OptionKind/words`` with their own wording).
    public func fits(_ kind: OptionKind) -> Bool {
        switch (self, kind) {
        case (.flag, .flag), (.word, .choice), (.word, .layout), (.keys, .keys): true
        default: false
        }
    }
}

// Literals, so that a patch reads as what it sends: `[.layout: "3f", .escapeToLatin: true]`.

extension OptionValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .flag(value) }
}

extension OptionValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .word(value) }
}

extension OptionValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: KeyChord...) { self = .keys(elements) }
}
