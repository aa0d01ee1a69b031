extension KeyChord {
    /// What is wrong with a chord written in ``init(notation:)``'s notation; the caller words the
    /// message, since only it knows where the text came from (an option, a line of a file).
    public enum NotationError: Error, Hashable, Sendable {
        /// Nothing after the last `+`: `Shift+`, or the empty string.
        case emptyKeysymName
        /// A modifier that is not one of Shift, Control, Alt, Super and AltGr (or their other
        /// spellings); Lock, Mod2 and Mod3 count as unknown, since a chord never compares them.
        case unknownModifier(String)
        /// A keysym name xkbcommon does not know, compared with case mattering.
        case unknownKeysymName(String)
    }

    /// Reads a chord written `[Modifier+]…KeysymName`, such as `Shift+space` or `Alt_R`: the
    /// notation of the protocol's `toggle-keys` (PROTOCOL.md section 9.3).
    ///
    /// Modifiers are Shift, Control (or Ctrl), Alt (or Mod1), Super (or Mod4) and AltGr (or Mod5),
    /// in any letter case (``ModifierMask/spellings``). The keysym name is looked up exactly as
    /// xkbcommon spells it (``Keysym/init(exactName:)``: `Hangul`, not `hangul`), so a chord names
    /// one keysym whatever the user's locale. Checks run left to right after the name is known to
    /// be there: an empty name first, then each modifier, then the name itself.
    public init(notation: String) throws(NotationError) {
        var parts = notation.split(separator: "+", omittingEmptySubsequences: false)
        let name = String(parts.removeLast())
        guard !name.isEmpty else { throw .emptyKeysymName }
        var modifiers: ModifierMask = []
        for part in parts {
            guard let modifier = ModifierMask.spellings[part.lowercased()],
                Self.significantModifiers.contains(modifier)
            else { throw .unknownModifier(String(part)) }
            modifiers.insert(modifier)
        }
        guard let keysym = Keysym(exactName: name) else { throw .unknownKeysymName(name) }
        self.init(keysym: keysym, modifiers: modifiers)
    }

    /// The canonical notation: the modifiers as Shift, Control, Alt, Super, AltGr in that order,
    /// then the keysym's xkbcommon name (``Keysym/name``).
    ///
    /// Canonical means a keysym with several names is written by the one xkbcommon gives first:
    /// `Page_Up` reads back as `Prior`, `0xff31` as `Hangul`. Reading the notation gives the same
    /// chord back, so a client can store what a reply lists and send it again.
    public var notation: String {
        var text = ""
        for (bit, name) in ModifierMask.chordNames.enumerated() {
            if let name, modifiers.rawValue & (1 << bit) != 0 { text += name + "+" }
        }
        return text + keysym.name
    }
}
