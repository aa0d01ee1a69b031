/// The fixed US keymap the spec decodes keycodes through, for the reference session.
///
/// xkb keycode = evdev code + 8; each row lists the unshifted and shifted character of the main
/// block, as the printed US keyboard shows them. Only test code uses this table: the daemon asks
/// xkbcommon for the real `us` keymap.
enum USKeymap {
    private static let rows: [(firstEvdevCode: UInt32, plain: String, shifted: String)] = [
        (2, "1234567890-=", "!@#$%^&*()_+"),
        (16, "qwertyuiop[]", "QWERTYUIOP{}"),
        (30, "asdfghjkl;'`", "ASDFGHJKL:\"~"),
        (43, "\\zxcvbnm,./", "|ZXCVBNM<>?"),
    ]

    /// The printable ASCII character the key types on the US keymap, or nil (space, named keys).
    static func character(keycode: UInt32, shift: Bool) -> UInt8? {
        for row in rows {
            let plain = Array(row.plain.utf8)
            let shifted = Array(row.shifted.utf8)
            let evdev = keycode &- 8
            if evdev >= row.firstEvdevCode && evdev < row.firstEvdevCode + UInt32(plain.count) {
                let index = Int(evdev - row.firstEvdevCode)
                return shift ? shifted[index] : plain[index]
            }
        }
        return nil
    }
}
