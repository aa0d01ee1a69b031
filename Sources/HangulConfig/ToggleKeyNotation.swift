import HangulKeys

/// The notation of `toggle-keys` and `hanja-keys` entries, `[Modifier+]…KeysymName`, as PROTOCOL.md section 9.3
/// defines it for `set_options`: the file and the wire take the same strings.
///
/// Modifiers are Shift, Control (or Ctrl), Alt (or Mod1), Super (or Mod4) and AltGr (or Mod5), in
/// any letter case; the name is an X11 keysym name spelled as xkbcommon spells it, case mattering
/// (`Hangul`, `space`, `Alt_R`). The canonical form lists modifiers as Shift, Control, Alt, Super,
/// AltGr. (HangulProtocol reads the same notation for the wire; when its toggle keys become
/// ``KeyChord``s, one reader should serve both.)
enum ToggleKeyNotation {
    enum Failure: Error, Equatable {
        case emptyName
        case unknownModifier(String)
        case unknownKeysym(String)
    }

    private static let modifiers: [(names: [String], canonical: String, mask: ModifierMask)] = [
        (["shift"], "Shift", .shift), (["control", "ctrl"], "Control", .control), (["alt", "mod1"], "Alt", .mod1),
        (["super", "mod4"], "Super", .mod4), (["altgr", "mod5"], "AltGr", .mod5),
    ]

    /// The modifier names for messages.
    static let modifierList = "Shift, Control, Alt, Super, AltGr"

    static func parse(_ notation: String) throws(Failure) -> KeyChord {
        var parts = notation.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        let name = parts.removeLast()
        guard !name.isEmpty else { throw .emptyName }
        var mask = ModifierMask()
        for part in parts {
            let lowered = part.lowercased()
            guard let entry = modifiers.first(where: { $0.names.contains(lowered) }) else {
                throw .unknownModifier(part)
            }
            mask.formUnion(entry.mask)
        }
        guard let keysym = Keysym(exactName: name) else { throw .unknownKeysym(name) }
        return KeyChord(keysym: keysym, modifiers: mask)
    }

    /// The canonical notation: `Shift+space`, `Control+Alt+x`, `Hangul`.
    static func format(_ chord: KeyChord) -> String {
        var text = ""
        for entry in modifiers where chord.modifiers.contains(entry.mask) { text += entry.canonical + "+" }
        return text + chord.keysym.name
    }
}
