/// A key with the modifiers that must be held with it, such as the Hangul/Latin toggle keys.
public struct KeyChord: Hashable, Sendable, CustomStringConvertible {
    /// The key.
    public var keysym: Keysym
    /// The modifiers held; Lock and Mod2 (NumLock) are never compared.
    public var modifiers: ModifierMask

    public init(keysym: Keysym, modifiers: ModifierMask = []) {
        self.keysym = keysym
        self.modifiers = modifiers
    }

    /// Modifiers that are states rather than held keys: CapsLock or NumLock being on must not stop
    /// Shift+space from toggling.
    static let ignoredModifiers: ModifierMask = [.lock, .mod2]

    /// Whether a key press is this chord, ignoring Lock and NumLock.
    public func matches(keysym: Keysym, modifiers: ModifierMask) -> Bool {
        keysym == self.keysym
            && modifiers.subtracting(Self.ignoredModifiers) == self.modifiers.subtracting(Self.ignoredModifiers)
    }

    /// The chord in key notation (`<Hangul>`, `<Shift+space>`).
    public var description: String { KeyNotation.format(keysym: keysym, modifiers: modifiers) }
}
