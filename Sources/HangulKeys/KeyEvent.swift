/// A key press or release as a frontend reports it.
public struct KeyEvent: Hashable, Sendable {
    /// The keysym under the user's own layout.
    public var keysym: Keysym
    /// The xkb keycode (evdev code + 8), when the frontend knows it; with it the position is read
    /// from the physical key, so Hangul lands right under any layout.
    public var keycode: UInt32?
    /// The modifiers held (or locked) when the key went down.
    public var modifiers: ModifierMask
    /// Whether the key went up rather than down.
    public var isRelease: Bool

    public init(keysym: Keysym, keycode: UInt32? = nil, modifiers: ModifierMask = [], isRelease: Bool = false) {
        self.keysym = keysym
        self.keycode = keycode
        self.modifiers = modifiers
        self.isRelease = isRelease
    }
}
