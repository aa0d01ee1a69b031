/// The two printable levels of each US-QWERTY character key, which key notation reads characters by.
///
/// These are the keys whose unshifted and shifted levels are both printable ASCII on the xkb `us`
/// layout; space is left out since Shift does not change it. Letters differ from the rest in one
/// way xkb also has: CapsLock (Lock) changes their level and nothing else's.
enum USQWERTY {
    /// Unshifted characters of the non-letter keys, in keyboard order…
    static let unshiftedSymbols = Array("`1234567890-=[]\\;',./".utf8)
    /// …and the shifted character of the same key at the same index.
    static let shiftedSymbols = Array("~!@#$%^&*()_+{}|:\"<>?".utf8)

    /// Whether the character is a letter, `a`…`z` or `A`…`Z`.
    static func isLetter(_ ascii: UInt8) -> Bool {
        let lower = ascii | 0x20
        return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
    }

    /// The unshifted character of the key that types this one (`A` → `a`, `!` → `1`, `a` → `a`), or
    /// `nil` when no US-QWERTY character key types it.
    static func baseCharacter(of ascii: UInt8) -> UInt8? {
        if isLetter(ascii) { return ascii | 0x20 }
        if unshiftedSymbols.contains(ascii) { return ascii }
        return shiftedSymbols.firstIndex(of: ascii).map { unshiftedSymbols[$0] }
    }

    /// Whether typing the character takes Shift (`A`, `!`; not `a`, `1`).
    static func needsShift(_ ascii: UInt8) -> Bool {
        (ascii >= UInt8(ascii: "A") && ascii <= UInt8(ascii: "Z")) || shiftedSymbols.contains(ascii)
    }

    /// What the key with this unshifted character types with Shift and Lock in the given states:
    /// a letter is upper case when exactly one of them is on (xkb's `ALPHABETIC` type); any other key
    /// follows Shift alone.
    static func character(ofKey base: UInt8, shift: Bool, lock: Bool) -> UInt8 {
        if isLetter(base) { return shift != lock ? base & ~0x20 : base | 0x20 }
        guard shift, let index = unshiftedSymbols.firstIndex(of: base) else { return base }
        return shiftedSymbols[index]
    }
}
