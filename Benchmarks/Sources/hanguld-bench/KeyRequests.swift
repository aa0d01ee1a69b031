import BenchmarkSupport
import HangulCore

/// `key` requests as a frontend on a US keyboard sends them: keysym, xkb keycode and Shift.
enum KeyRequests {
    /// The `hello` that opens a session.
    static let hello =
        Array(#"{"id":"h","method":"hello","params":{"protocol":1,"client":"hanguld-bench"}}"#.utf8) + [10]

    /// One key, `r` (ㄱ on 두벌식), for the time to a session's first key.
    static let firstKey =
        Array(#"{"id":1,"method":"key","params":{"keysym":114,"keycode":27,"modifiers":0}}"#.utf8) + [10]

    /// One request line per key; the id is the key's index in the stream, which the echo server
    /// reads to answer with the daemon's reply to the same key.
    static func lines(for keys: [TypedKey]) -> [[UInt8]] {
        keys.enumerated().map { index, key in
            let (keysym, keycode, shift) = event(key)
            return Array(
                #"{"id":\#(index),"method":"key","params":{"keysym":\#(keysym),"keycode":\#(keycode),"modifiers":\#(shift ? 1 : 0)}}"#
                    .utf8) + [10]
        }
    }

    /// The X11 keysym, the xkb keycode (evdev code + 8) and whether Shift is held.
    static func event(_ key: TypedKey) -> (keysym: UInt32, keycode: Int, shift: Bool) {
        switch key {
        case .space: return (0x20, 57 + 8, false)
        case .backspace: return (0xFF08, 14 + 8, false)
        case .position(let position):
            let ascii = position.ascii
            // Printable ASCII keysyms equal their code points.
            if let index = unshifted.firstIndex(of: ascii) { return (UInt32(ascii), evdevCodes[index] + 8, false) }
            if let index = shifted.firstIndex(of: ascii) { return (UInt32(ascii), evdevCodes[index] + 8, true) }
            fail("no US key types \(position)")
        }
    }

    /// The characters of the US keyboard's printable keys without and with Shift, and the evdev code
    /// of each key (linux/input-event-codes.h: KEY_GRAVE 41, KEY_1 2 … KEY_SLASH 53).
    static let unshifted = Array("`1234567890-=qwertyuiop[]\\asdfghjkl;'zxcvbnm,./".utf8)
    static let shifted = Array("~!@#$%^&*()_+QWERTYUIOP{}|ASDFGHJKL:\"ZXCVBNM<>?".utf8)
    static let evdevCodes: [Int] =
        [41] + Array(2...13) + Array(16...27) + [43] + Array(30...40) + Array(44...53)
}
