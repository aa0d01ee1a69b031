import HangulCore
import HangulKeys

extension KeyEvent {
    /// A key event from a keysym value, as test tables write it.
    init(keysym: UInt32, keycode: UInt32? = nil, modifiers: ModifierMask = [], isRelease: Bool = false) {
        self.init(keysym: Keysym(rawValue: keysym), keycode: keycode, modifiers: modifiers, isRelease: isRelease)
    }
}

extension ComposedText {
    /// Composed text holding `text`'s scalars (at most ``capacity``).
    init(_ text: String) {
        self.init()
        for scalar in text.unicodeScalars { append(scalar.value) }
    }
}
