import HangulKeys

/// The text an application would hold after the keys: what a frontend commits, plus what forwarded
/// keys do to a plain text field.
///
/// A forwarded key inserts the character its keysym types (`xkb_keysym_to_utf32`), except with
/// Control, Alt or Super held (a shortcut inserts nothing) and for control characters (Return, Tab,
/// Escape insert nothing here); a forwarded BackSpace deletes the character before the cursor.
struct EditorText {
    private(set) var scalars: [Unicode.Scalar] = []

    mutating func insert(_ text: String) {
        scalars.append(contentsOf: text.unicodeScalars)
    }

    mutating func forward(_ key: NotatedKey) {
        if key.keysym == .backSpace {
            if !scalars.isEmpty { scalars.removeLast() }
            return
        }
        guard key.modifiers.isDisjoint(with: [.control, .mod1, .mod4]), let character = key.keysym.character else {
            return
        }
        scalars.append(character)
    }

    var string: String { String(String.UnicodeScalarView(scalars)) }
}
