extension KeyParams {
    /// The X11 core modifier mask, as X11, IBus and fcitx report key state.
    ///
    /// Bits above Mod5 (pointer buttons, IBus's own flags such as its release bit) are dropped when
    /// parsing: a frontend may pass its toolkit's state word unchanged. A release is only ever
    /// signalled by `release`, never by a bit here.
    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32

        public init(rawValue: UInt32) { self.rawValue = rawValue }

        public static let shift = Modifiers(rawValue: 1 << 0)
        /// CapsLock: never acts as Shift for Hangul.
        public static let lock = Modifiers(rawValue: 1 << 1)
        public static let control = Modifiers(rawValue: 1 << 2)
        /// Usually Alt.
        public static let mod1 = Modifiers(rawValue: 1 << 3)
        /// Usually NumLock; ignored.
        public static let mod2 = Modifiers(rawValue: 1 << 4)
        /// Rarely bound; ignored.
        public static let mod3 = Modifiers(rawValue: 1 << 5)
        /// Usually Super (the logo key).
        public static let mod4 = Modifiers(rawValue: 1 << 6)
        /// Usually AltGr (ISO_Level3_Shift).
        public static let mod5 = Modifiers(rawValue: 1 << 7)

        /// The eight core bits; everything the protocol keeps.
        public static let core = Modifiers(rawValue: 0xFF)
        /// Modifiers that make a key a shortcut: with any of them the daemon commits and lets the key through.
        public static let shortcut: Modifiers = [.control, .mod1, .mod4, .mod5]
        /// Modifiers a toggle key is matched on; Lock, Mod2 and Mod3 never matter.
        public static let significant: Modifiers = [.shift, .control, .mod1, .mod4, .mod5]
    }
}
