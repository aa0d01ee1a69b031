extension ModifierMask {
    /// Every spelling of a modifier that a notation accepts, lower-cased, for both notations that
    /// name modifiers: key notation (`<Control+a>`, ``KeyNotation``) and key chords
    /// (`Control+space`, ``KeyChord/init(notation:)``). One table, so the two never disagree on
    /// what `Ctrl` or `AltGr` means; a chord refuses the spellings of Lock, Mod2 and Mod3, which it
    /// never compares (``KeyChord/significantModifiers``).
    static let spellings: [String: ModifierMask] = [
        "shift": .shift, "lock": .lock, "control": .control, "ctrl": .control, "alt": .mod1, "mod1": .mod1,
        "mod2": .mod2, "mod3": .mod3, "super": .mod4, "mod4": .mod4, "altgr": .mod5, "mod5": .mod5,
    ]

    /// The name key notation writes for each bit, in bit order: `Mod5` rather than `AltGr`, as
    /// `hangul-compose` traces have always shown it.
    static let notationNames = ["Shift", "Lock", "Control", "Alt", "Mod2", "Mod3", "Super", "Mod5"]

    /// The name a key chord writes for each bit, in bit order; nil for the bits a chord never holds.
    /// `AltGr` is what the protocol's `toggle-keys` and the README call Mod5.
    static let chordNames: [String?] = ["Shift", nil, "Control", "Alt", nil, nil, "Super", "AltGr"]

    /// The eight X11 core bits: everything a key event keeps; higher bits (pointer buttons, IBus's
    /// own flags such as its release bit) mean nothing to the engine.
    public static let core = ModifierMask(rawValue: 0xFF)
}
