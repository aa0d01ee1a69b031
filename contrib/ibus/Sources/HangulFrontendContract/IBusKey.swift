import HangulKeys

/// A key event as IBus hands it to an engine, checked and read in the protocol's terms.
///
/// Every value comes from the client unchecked, so nothing here may trap or produce a request the
/// daemon would refuse. Real clients send odd values: ibus-x11 turns a synthetic X key event with
/// keycode 0 into IBus keycode 0xFFFFFFF8 (it subtracts 8), and in LibreOffice's X11 backend Xlib
/// sends a commit's stand-in key (keysym 0) back now and then; a keysym past the protocol's range
/// would make the daemon answer with an error, which an engine reads as a broken session.
public struct IBusKey: Hashable, Sendable {
    /// IBus's state bits that are not the X11 modifiers (PROTOCOL.md section 6.2 ignores them, but
    /// they decide whether a key types text): Super, Hyper, Meta.
    static let superHyperMeta: UInt32 = 1 << 26 | 1 << 27 | 1 << 28
    /// IBus's release bit.
    static let releaseBit: UInt32 = 1 << 30
    /// The bit an engine sets on a key it forwards (`IBUS_FORWARD_MASK`, which GTK's module reads as
    /// "ignored"): the client then inserts the key itself rather than sending it to the engine again.
    public static let forwardedBit: UInt32 = 1 << 25
    /// The largest keysym the protocol carries.
    static let largestKeysym: UInt32 = 0x1FFF_FFFF
    /// The largest xkb keycode the protocol carries.
    static let largestKeycode: UInt32 = 65535

    /// The X keysym.
    public let keyval: UInt32
    /// The evdev code, as IBus gives it (the X keycode minus 8).
    public let keycode: UInt32
    /// The X11 modifier mask plus IBus's own bits.
    public let state: UInt32

    public init(keyval: UInt32, keycode: UInt32, state: UInt32) {
        self.keyval = keyval
        self.keycode = keycode
        self.state = state
    }

    public var isRelease: Bool { state & Self.releaseBit != 0 }

    /// A key this engine forwarded itself, coming back from a client that sends forwarded keys to
    /// the engine again: it goes to the application untouched.
    public var wasForwarded: Bool { state & Self.forwardedBit != 0 }

    /// The xkb keycode the protocol takes (evdev + 8), or `nil` when the event has none it can carry:
    /// 0 marks a synthetic event, and anything past 65535 - 8 (0xFFFFFFF8 among them) is no key a
    /// keyboard has. The key is then read by its keysym alone (section 9.2).
    public var xkbKeycode: UInt32? {
        keycode == 0 || keycode > Self.largestKeycode - 8 ? nil : keycode + 8
    }

    /// The `key` request's event, or `nil` when the keysym is outside the protocol's range: no key
    /// produces one, and the daemon would refuse it, so such an event goes to the application as it is.
    /// So does a key with no keysym (0), leaving the syllable showing: it types nothing, and through
    /// ibus-x11 it is a commit's stand-in key that Xlib sent back to the input method (it keeps one
    /// "already seen" flag for every event it makes up), which must reach the application again to
    /// insert that commit; ending the syllable for it put the syllable before the commit
    /// (`제3ㅅ장(ㅓ울)` for `제3장(서울)` in LibreOffice's X11 backend).
    public var event: KeyEvent? {
        guard keyval != 0, keyval <= Self.largestKeysym else { return nil }
        return KeyEvent(
            keysym: Keysym(rawValue: keyval), keycode: xkbKeycode, modifiers: ModifierMask(rawValue: state),
            isRelease: isRelease)
    }

    /// The character the application inserts for this press when nothing takes it: its keysym's
    /// character, unless Control, Alt, Super, Hyper or Meta make it a shortcut. AltGr (Mod5), Shift,
    /// Caps Lock and Num Lock only choose the character, so they leave it typing.
    public var typedCharacter: Unicode.Scalar? {
        let shortcut =
            ModifierMask.control.rawValue | ModifierMask.mod1.rawValue | ModifierMask.mod3.rawValue
            | ModifierMask.mod4.rawValue | Self.superHyperMeta
        guard !isRelease, state & shortcut == 0, keyval <= Self.largestKeysym else { return nil }
        return Keysym(rawValue: keyval).character
    }

    /// What identifies the key's release: its keycode, or for a synthetic event its keysym with an
    /// ASCII letter folded, since Shift may go up first (press `R`, release `r`).
    var physicalKey: PhysicalKey {
        keycode != 0 ? .code(keycode) : .symbol(Keysym(rawValue: keyval).foldingASCIICase.rawValue)
    }

    enum PhysicalKey: Hashable, Sendable {
        case code(UInt32)
        case symbol(UInt32)
    }
}
