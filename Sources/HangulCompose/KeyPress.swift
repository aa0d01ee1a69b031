import HangulKeys

/// One key press read from key notation: what a frontend would send for it.
///
/// Lighter than HangulKeys' `NotatedKey`, which writes the key's notation when it is made: a batch
/// builds the notation only for the formats that print it.
public struct KeyPress: Hashable, Sendable {
    public var keysym: Keysym
    public var modifiers: ModifierMask

    public init(keysym: Keysym, modifiers: ModifierMask = []) {
        self.keysym = keysym
        self.modifiers = modifiers
    }

    /// The key in normalized notation (`R`, `<BackSpace>`, `<Control+a>`).
    public var notation: String { KeyNotation.format(keysym: keysym, modifiers: modifiers) }
}
