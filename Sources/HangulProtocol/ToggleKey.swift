/// One entry of the `toggle-keys` option: modifiers and a keysym name, written `Shift+space`.
///
/// The notation is `[Modifier+]…KeysymName`. Modifier names are Shift, Control (or Ctrl), Alt (or
/// Mod1), Super (or Mod4) and AltGr (or Mod5), in any case; the keysym name is an X11 keysym name
/// as xkbcommon spells it (case matters: `Hangul`, `space`, `Alt_R`). This type checks the notation
/// only; whether the keysym name exists is the daemon's question, since only it links xkbcommon.
public struct ToggleKey: Hashable, Sendable, CustomStringConvertible {
    /// Exactly the modifiers that must be held; drawn from ``KeyParams/Modifiers/significant``.
    public var modifiers: KeyParams.Modifiers
    /// The X11 keysym name, unchecked.
    public var keysymName: String

    public init(modifiers: KeyParams.Modifiers = [], keysymName: String) {
        self.modifiers = modifiers.intersection(.significant)
        self.keysymName = keysymName
    }

    /// The default toggle keys: the Hangul key and Shift+space.
    public static let defaults = [ToggleKey(keysymName: "Hangul"), ToggleKey(modifiers: .shift, keysymName: "space")]

    private static let modifierNames: [(names: [String], modifier: KeyParams.Modifiers)] = [
        (["shift"], .shift), (["control", "ctrl"], .control), (["alt", "mod1"], .mod1),
        (["super", "mod4"], .mod4), (["altgr", "mod5"], .mod5),
    ]

    /// What went wrong with a notation, for the caller to put in an error message.
    public enum NotationError: Error, Equatable, Sendable {
        case emptyKeysymName
        case unknownModifier(String)
    }

    /// Reads the notation; the result prints back in canonical form (modifiers in a fixed order).
    public init(notation: String) throws(NotationError) {
        var parts = notation.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        let name = parts.removeLast()
        guard !name.isEmpty else { throw .emptyKeysymName }
        var modifiers: KeyParams.Modifiers = []
        for part in parts {
            let lowered = part.lowercased()
            guard let entry = Self.modifierNames.first(where: { $0.names.contains(lowered) }) else {
                throw .unknownModifier(part)
            }
            modifiers.insert(entry.modifier)
        }
        self.init(modifiers: modifiers, keysymName: name)
    }

    /// The canonical notation: modifiers as Shift, Control, Alt, Super, AltGr in that order.
    public var description: String {
        let names = ["Shift", "Control", "Alt", "Super", "AltGr"]
        var text = ""
        for (index, entry) in Self.modifierNames.enumerated() where modifiers.contains(entry.modifier) {
            text += names[index] + "+"
        }
        return text + keysymName
    }
}
