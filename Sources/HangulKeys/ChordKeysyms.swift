/// The keys some chord of a context's lists names (toggle, Hangul, Latin, hanja and fix keys), as a
/// filter kept inline in ``InputContext``, so that a press of any other key (every letter typed)
/// skips searching the five lists.
///
/// Why: the lists are arrays stored away from the rest of a key's data (the defaults in the
/// program's data, settings' lists on the heap), and at typing speed every key comes after 50 ms
/// of other work, so reading them for a letter that is in none of them cost lines and pages a key
/// otherwise never touches. The filter is exact for ASCII keysyms and hashed for the others: it
/// may say a key is named when it is not (two keysyms sharing a bit), and then the lists are
/// searched as before, so the answer is always theirs.
struct ChordKeysyms: Sendable {
    /// One bit per ASCII keysym, exact: a letter, digit or punctuation key is never taken for a
    /// chord's key, whatever the chords (space is, when Shift+space toggles).
    private var ascii: (low: UInt64, high: UInt64) = (0, 0)
    /// Every other keysym (named keys, Latin-1, Unicode) by a 6-bit hash.
    private var other: UInt64 = 0

    /// The filter of every chord in `lists`.
    init(_ lists: [KeyChord]...) {
        for list in lists {
            for chord in list { insert(chord.keysym) }
        }
    }

    /// Whether some chord may name `keysym`; false means none does. Letters are compared folded,
    /// as ``KeyChord/matches(keysym:modifiers:)`` compares them.
    func mayName(_ keysym: Keysym) -> Bool {
        let raw = keysym.foldingASCIICase.rawValue
        switch raw {
        case 0..<64: return ascii.low >> raw & 1 != 0
        case 64..<128: return ascii.high >> (raw - 64) & 1 != 0
        default: return other >> Self.hash(raw) & 1 != 0
        }
    }

    private mutating func insert(_ keysym: Keysym) {
        let raw = keysym.foldingASCIICase.rawValue
        switch raw {
        case 0..<64: ascii.low |= 1 << raw
        case 64..<128: ascii.high |= 1 << (raw - 64)
        default: other |= 1 << Self.hash(raw)
        }
    }

    /// A bit from 0 to 63: the top six bits of the keysym times a constant with well-mixed bits
    /// (Fibonacci hashing), so that keysyms that differ only in their low bits, as a run of
    /// function keys does, land on different bits.
    private static func hash(_ raw: UInt32) -> UInt32 {
        (raw &* 0x9E37_79B1) >> 26
    }
}
