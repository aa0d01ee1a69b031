/// The parameters of `key`: one press or release, as the frontend's toolkit reported it.
public struct KeyParams: Equatable, Sendable {
    /// The X11 keysym the frontend's own keymap produced (`0x61` for `a`, `0xff08` for BackSpace).
    public var keysym: UInt32
    /// The xkb keycode (evdev code + 8) when the frontend knows it; then Hangul follows the physical
    /// key whatever the user's Latin layout.
    public var keycode: UInt32?
    /// The X11 modifier state at the event; only the eight core bits are kept.
    public var modifiers: Modifiers
    /// A release rather than a press.
    public var isRelease: Bool

    public init(keysym: UInt32, keycode: UInt32? = nil, modifiers: Modifiers = [], isRelease: Bool = false) {
        self.keysym = keysym
        self.keycode = keycode
        self.modifiers = modifiers
        self.isRelease = isRelease
    }

    /// The largest keysym value X11 and xkbcommon define (29 bits).
    public static let maxKeysym: UInt32 = 0x1FFF_FFFF
    /// The keycode range accepted: xkb keycodes start at 8 (evdev 0); 65535 is far above any evdev code.
    public static let keycodeRange: ClosedRange<UInt32> = 8...65535
}
