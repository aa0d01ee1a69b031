/// The modifier state of a key event as the X11 core modifier bits, which every frontend can report.
///
/// The eight bits are the xkb "real" modifiers. Their meaning past Control is a keymap convention,
/// not a rule, but on every common Linux setup Mod1 is Alt, Mod2 is NumLock and Mod4 is Super, and
/// frontends (IBus, fcitx5, Wayland `wl_keyboard.modifiers` after xkb serialization) report them so.
public struct ModifierMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Shift (bit 0).
    public static let shift = ModifierMask(rawValue: 1 << 0)
    /// Lock (bit 1): CapsLock is on. Never taken as Shift for Hangul.
    public static let lock = ModifierMask(rawValue: 1 << 1)
    /// Control (bit 2).
    public static let control = ModifierMask(rawValue: 1 << 2)
    /// Mod1 (bit 3), Alt on common keymaps.
    public static let mod1 = ModifierMask(rawValue: 1 << 3)
    /// Mod2 (bit 4), NumLock on common keymaps.
    public static let mod2 = ModifierMask(rawValue: 1 << 4)
    /// Mod3 (bit 5), unused on common keymaps.
    public static let mod3 = ModifierMask(rawValue: 1 << 5)
    /// Mod4 (bit 6), Super (the logo key) on common keymaps.
    public static let mod4 = ModifierMask(rawValue: 1 << 6)
    /// Mod5 (bit 7), ISO_Level3_Shift (AltGr) on many keymaps.
    public static let mod5 = ModifierMask(rawValue: 1 << 7)

    /// Alt: the same bit as ``mod1``.
    public static let alt = mod1
    /// NumLock: the same bit as ``mod2``.
    public static let numLock = mod2
    /// Super, the logo key: the same bit as ``mod4``.
    public static let `super` = mod4

    /// The xkb names of the real modifiers, indexed by bit, as `xkb_keymap_mod_get_index` knows them.
    static let xkbNames = ["Shift", "Lock", "Control", "Mod1", "Mod2", "Mod3", "Mod4", "Mod5"]

    /// Modifiers that make a key something other than a Hangul letter: Control, Alt (Mod1) and
    /// Super (Mod4) make it a shortcut, and AltGr (Mod5, ISO_Level3_Shift) types the symbols of
    /// the user's own layout (German AltGr+Q is @), which Hangul must not take away. Such a key
    /// commits the preedit and passes through.
    public static let nonHangul: ModifierMask = [.control, .mod1, .mod4, .mod5]
}
