import HangulCore

/// Turns a key event into the US-QWERTY position a Hangul layout is keyed by.
///
/// A layout says which jamo each physical key types, named by the key's US-QWERTY character. A
/// frontend that sends the xkb keycode lets the decoder find that key whatever the user's own
/// layout is (German, Dvorak, AZERTY): the keycode is looked up in a fixed US keymap. At init the
/// keymap is compiled once (`xkb_keymap_new_from_names`), every keycode 8…255 is read with and
/// without Shift, and the xkb state is released; decoding is then a lookup in an immutable table,
/// so one decoder serves every session on every thread without locks.
///
/// Frontends without keycodes use ``position(keysym:modifiers:)``, which reads Latin keysyms
/// directly and so is right only under a QWERTY layout.
public final class KeyDecoder: Sendable {
    /// The keycodes the table covers: xkb keycodes are evdev codes plus 8, and every key that types
    /// a character on a PC keyboard is below 256.
    public static let keycodes: ClosedRange<UInt32> = 8...255

    /// The names of the reference keymap.
    public let names: KeymapNames
    /// The ASCII position per `keycode * 2 + shift` (keycodes up to 255, so 512 entries), 0 where
    /// the key types no printable ASCII. Inline in the decoder rather than an array of its own: a
    /// key reads one line of it, where the array's reference and header cost two more lines on
    /// another page, cold again at every key at typing speed.
    let table: InlineArray<512, UInt8>

    /// Compiles the reference keymap (by default evdev, pc105, us) and builds the position table.
    ///
    /// Throws when the keymap does not compile, e.g. ``KeymapError/keyboardDataMissing(rules:searched:)``
    /// on a system without the Debian package `xkb-data`.
    public convenience init(_ names: KeymapNames = .usQWERTY, includePaths: [String]? = nil) throws(KeymapError) {
        try self.init(keymap: Keymap(names, includePaths: includePaths))
    }

    /// Builds the position table from an already compiled keymap, which the decoder does not keep.
    public init(keymap: Keymap) throws(KeymapError) {
        var table = [UInt8](repeating: 0, count: Int(Self.keycodes.upperBound + 1) * 2)
        for shift in 0...1 {
            guard let keysyms = keymap.keysyms(of: Self.keycodes, modifiers: shift == 1 ? .shift : []) else {
                throw .allocationFailed(function: "xkb_state_new")
            }
            for (offset, keysym) in keysyms.enumerated() {
                guard let value = keysym?.rawValue, value >= 0x21, value <= 0x7E else { continue }
                let keycode = Int(Self.keycodes.lowerBound) + offset
                table[keycode * 2 + shift] = UInt8(value)
            }
        }
        self.names = keymap.names
        self.table = Self.inline(table)
    }

    private init(names: KeymapNames, table: [UInt8]) {
        self.names = names
        self.table = Self.inline(table)
    }

    /// `table`, `keycodes.upperBound + 1` pairs, as the inline table.
    private static func inline(_ table: [UInt8]) -> InlineArray<512, UInt8> {
        precondition(table.count == 512, "a position table holds a pair for every keycode up to 255")
        var inline = InlineArray<512, UInt8>(repeating: 0)
        for index in table.indices { inline[index] = table[index] }
        return inline
    }

    /// The decoder of the US reference keymap (evdev, pc105, us) from a table built into the
    /// program, without compiling the keymap: the same table `KeyDecoder()` builds from xkb-data
    /// (a test compares the two with libxkbcommon), for the daemon's start, where compiling it took
    /// 2–3 ms of CPU, a fifth of the time to the first key (README, start-up).
    public static let usQWERTY = KeyDecoder(names: .usQWERTY, table: USQWERTYTable.positions(keycodes: keycodes))

    /// The position of a key by its xkb keycode: Shift picks the level, nothing else counts.
    ///
    /// Lock is ignored, so CapsLock never acts as Shift (a Hangul user with CapsLock on still gets
    /// ㄱ, not ㄲ). Control, Alt and the rest are the caller's business. `nil` for keycodes outside
    /// 8…255 and for keys that type no printable ASCII on the reference keymap (space, Return,
    /// keypad keys).
    public func position(keycode: UInt32, modifiers: ModifierMask) -> KeyPosition? {
        guard Self.keycodes.contains(keycode) else { return nil }
        let index = Int(keycode) * 2 + (modifiers.contains(.shift) ? 1 : 0)
        return KeyPosition(ascii: table[index])
    }

    /// The position of a key by its keysym alone, for frontends that send no keycode.
    ///
    /// Latin keysyms `!`…`~` (0x21…0x7E) are their own position. With Lock set a letter's case
    /// follows the Shift bit instead of the keysym, undoing CapsLock: `R` with Lock and without Shift
    /// is position `r`. Every other keysym (space, named keys, non-Latin letters) has no position.
    public static func position(keysym: Keysym, modifiers: ModifierMask) -> KeyPosition? {
        let value = keysym.rawValue
        guard value >= 0x21, value <= 0x7E else { return nil }
        var ascii = UInt8(value)
        if modifiers.contains(.lock), ascii | 0x20 >= UInt8(ascii: "a"), ascii | 0x20 <= UInt8(ascii: "z") {
            ascii = modifiers.contains(.shift) ? ascii & ~0x20 : ascii | 0x20
        }
        return KeyPosition(ascii: ascii)
    }
}
