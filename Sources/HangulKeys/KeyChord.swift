/// A key with the modifiers that must be held with it, such as the Hangul/Latin toggle keys.
public struct KeyChord: Hashable, Sendable, CustomStringConvertible {
    /// The key.
    public var keysym: Keysym
    /// The modifiers held; only ``significantModifiers`` are ever compared.
    public var modifiers: ModifierMask

    public init(keysym: Keysym, modifiers: ModifierMask = []) {
        self.keysym = keysym
        self.modifiers = modifiers
    }

    /// The modifiers a chord is matched on (PROTOCOL.md section 9.3). Lock, Mod2 and Mod3 are left
    /// out: they are states (CapsLock, NumLock) or unused, and CapsLock being on must not stop
    /// Shift+space from toggling.
    public static let significantModifiers: ModifierMask = [.shift, .control, .mod1, .mod4, .mod5]

    /// Whether a key press is this chord: the same keysym, ASCII letters in either case, and exactly
    /// the same Shift, Control, Mod1, Mod4 and Mod5 bits.
    public func matches(keysym: Keysym, modifiers: ModifierMask) -> Bool {
        keysym.foldingASCIICase == self.keysym.foldingASCIICase
            && modifiers.intersection(Self.significantModifiers)
                == self.modifiers.intersection(Self.significantModifiers)
    }

    /// Whether the chord, as a mode key (`toggle-keys`, `hangul-keys`, `latin-keys`), acts on its
    /// tap, a press and its release with no other key pressed between, rather than on its press:
    /// Caps Lock, so that it keeps working as itself when held with another key (PROTOCOL.md
    /// section 9.3). The keyboard's lock still turns with every press; only the frontends can
    /// undo that.
    public var actsOnTap: Bool { keysym == .capsLock }

    /// The chord in its own notation (`Hangul`, `Shift+space`), as ``notation`` writes it.
    public var description: String { notation }
}
