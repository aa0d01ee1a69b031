import HangulKeys

// A `key` request's parameters are a ``KeyEvent``: these are the wire's ranges for it and the two
// directions of its params object (PROTOCOL.md section 6.2).

extension KeyEvent {
    /// The largest keysym value X11 and xkbcommon define (29 bits).
    public static let maxKeysym: UInt32 = 0x1FFF_FFFF
    /// The keycode range accepted: xkb keycodes start at 8 (evdev 0); 65535 is far above any evdev code.
    public static let keycodeRange: ClosedRange<UInt32> = 8...65535

    /// Reads `keysym`, `keycode`, `modifiers` and `release`, in that order. Modifier bits above the
    /// eight core ones are dropped, so a frontend may pass its toolkit's state word unchanged.
    init(reading params: ParamsReader) throws(ProtocolError) {
        let keysymValue = try params.required("keysym", #"an X11 keysym as an integer, such as 97 for "a""#)
        let keysym = try ParamsReader.integer(
            keysymValue, field: "keysym", expected: "an integer keysym", range: 0...Int64(Self.maxKeysym))
        let keycode = try params.integer(
            "keycode", expected: "an integer xkb keycode (evdev code + 8)",
            range: Int64(Self.keycodeRange.lowerBound)...Int64(Self.keycodeRange.upperBound))
        let modifiers = try params.integer(
            "modifiers", expected: "an integer X11 modifier mask", range: 0...Int64(UInt32.max))
        let release = try params.bool("release")
        self.init(
            keysym: Keysym(rawValue: UInt32(truncatingIfNeeded: keysym)),
            keycode: keycode.map { UInt32(truncatingIfNeeded: $0) },
            modifiers: ModifierMask(rawValue: UInt32(truncatingIfNeeded: modifiers ?? 0)).intersection(.core),
            isRelease: release ?? false)
    }
}

extension JSONWriter {
    /// Appends a `key` request's params object, leaving out what is the default: no keycode, no
    /// modifiers (only the core bits are written, the only ones the daemon reads), not a release.
    mutating func keyParams(_ event: KeyEvent) {
        raw(#"{"keysym":"#)
        integer(Int64(event.keysym.rawValue))
        if let keycode = event.keycode {
            raw(#","keycode":"#)
            integer(Int64(keycode))
        }
        let modifiers = event.modifiers.intersection(.core)
        if !modifiers.isEmpty {
            raw(#","modifiers":"#)
            integer(Int64(modifiers.rawValue))
        }
        if event.isRelease { raw(#","release":true"#) }
        raw("}")
    }
}
