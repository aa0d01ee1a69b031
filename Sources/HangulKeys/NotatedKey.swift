/// One key press read from key notation: what a frontend would send for it, and how to write it.
public struct NotatedKey: Hashable, Sendable, CustomStringConvertible {
    /// The keysym the key produces.
    public var keysym: Keysym
    /// The modifiers held, including the Shift a character like `R` or `!` implies.
    public var modifiers: ModifierMask
    /// The key in normalized notation (`R`, `<BackSpace>`, `<Control+a>`), as
    /// ``KeyNotation/format(keysym:modifiers:)`` writes it, whatever spelling named it.
    public var notation: String

    public init(keysym: Keysym, modifiers: ModifierMask = []) {
        self.keysym = keysym
        self.modifiers = modifiers
        self.notation = KeyNotation.format(keysym: keysym, modifiers: modifiers)
    }

    public var description: String { notation }
}
