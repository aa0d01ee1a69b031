/// An X11 keysym: the symbol a key produces, as a frontend reports it.
///
/// A thin wrapper over `xkb_keysym_t`. Keysym values are stable across X11, Wayland and every
/// frontend toolkit, so they are what the protocol carries; Latin-1 characters are their own value
/// (`a` is 0x61), other Unicode characters are `0x01000000 + scalar`, and named keys live in
/// 0xFF00…0xFFFF (`Return` is 0xFF0D).
public struct Keysym: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The `xkb_keysym_t` value.
    public let rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// The keysym with an xkb name (`BackSpace`, `a`, `Hangul`, `U20AC`, `0x1008ff13`), or `nil`.
    ///
    /// Wraps `xkb_keysym_from_name`: an exact match first, then `XKB_KEYSYM_CASE_INSENSITIVE`, so
    /// `backspace` finds `BackSpace` while `A` still finds `A` rather than `a` (a case-insensitive
    /// search alone prefers the lower-case keysym). `NoSymbol` and the empty name give `nil`.
    public init?(name: String) {
        let exact = XKB.keysym(named: name, caseInsensitive: false)
        let keysym = exact != 0 ? exact : XKB.keysym(named: name, caseInsensitive: true)
        guard keysym != 0 else { return nil }
        self.init(rawValue: keysym)
    }

    /// The keysym whose xkb name is exactly `exactName`, case mattering, or `nil`.
    ///
    /// Wraps `xkb_keysym_from_name` without `XKB_KEYSYM_CASE_INSENSITIVE`: the protocol's toggle
    /// keys spell keysym names as xkbcommon does (`Hangul`, `space`, `Alt_R`; PROTOCOL.md section
    /// 9.3), so `hangul` names nothing there, unlike in ``init(name:)``. `U20AC` and `0x1008ff13`
    /// forms are accepted; `NoSymbol` and the empty name give `nil`.
    public init?(exactName: String) {
        let keysym = XKB.keysym(named: exactName, caseInsensitive: false)
        guard keysym != 0 else { return nil }
        self.init(rawValue: keysym)
    }

    /// The keysym that types a character, or `nil` when there is none.
    ///
    /// Wraps `xkb_utf32_to_keysym`. Control characters map to their keys (U+0008 is `BackSpace`,
    /// U+000D is `Return`); noncharacters such as U+FFFE have no keysym.
    public init?(character: Unicode.Scalar) {
        let keysym = XKB.keysym(utf32: character.value)
        guard keysym != 0 else { return nil }
        self.init(rawValue: keysym)
    }

    /// The xkb name (`BackSpace`, `a`, `UD55C` for an unnamed Unicode keysym).
    ///
    /// Wraps `xkb_keysym_get_name`. Every name it gives is accepted by ``init(name:)``; a value
    /// outside the keysym range, which no frontend sends, is shown as hexadecimal.
    public var name: String {
        XKB.name(of: rawValue) ?? "0x" + String(rawValue, radix: 16)
    }

    /// The character the keysym types, or `nil` for keys that type none.
    ///
    /// Wraps `xkb_keysym_to_utf32`. Control characters count as none: xkb reports U+000D for `Return`
    /// and U+0008 for `BackSpace`, but those keys edit rather than type, and the rest of the engine
    /// treats them as named keys. That covers C0, DEL and C1 (general category Cc).
    public var character: Unicode.Scalar? {
        guard let scalar = Unicode.Scalar(XKB.utf32(of: rawValue)), scalar.value != 0 else { return nil }
        return scalar.properties.generalCategory == .control ? nil : scalar
    }

    public var description: String { name }
}
