/// The keys of the US reference keymap (xkb rules evdev, model pc105, layout us) that type a
/// printable ASCII character, as `KeyDecoder` reads them: each row is a run of consecutive xkb
/// keycodes (evdev codes plus 8) with the characters they type without and with Shift.
///
/// These are the standard PC keyboard's keys and have not changed in xkb-data for decades;
/// `KeyDecoderTests` checks the table against the keymap libxkbcommon compiles from the installed
/// xkb-data, entry by entry, so a difference fails a test rather than a typist.
enum USQWERTYTable {
    static let rows: [(firstKeycode: Int, unshifted: StaticString, shifted: StaticString)] = [
        (10, "1234567890-=", "!@#$%^&*()_+"),  // AE01…AE12
        (24, "qwertyuiop[]", "QWERTYUIOP{}"),  // AD01…AD12
        (38, "asdfghjkl;'`", "ASDFGHJKL:\"~"),  // AC01…AC11, TLDE
        (51, "\\zxcvbnm,./", "|ZXCVBNM<>?"),  // BKSL, AB01…AB10
        (94, "<", ">"),  // LSGT, the 105th key
        (187, "()", "()"),  // KPLEFTPAREN, KPRIGHTPAREN
    ]

    /// The decoder's table: the ASCII position per `keycode * 2 + shift`, 0 where a key types none.
    static func positions(keycodes: ClosedRange<UInt32>) -> [UInt8] {
        var table = [UInt8](repeating: 0, count: Int(keycodes.upperBound + 1) * 2)
        for row in rows {
            for (shift, characters) in [row.unshifted, row.shifted].enumerated() {
                characters.withUTF8Buffer { bytes in
                    for (offset, byte) in bytes.enumerated() {
                        table[(row.firstKeycode + offset) * 2 + shift] = byte
                    }
                }
            }
        }
        return table
    }
}
