/// Conversions between jamo forms, with arithmetic fast paths for the modern jamo.
///
/// The compatibility block orders consonants alphabetically with compound finals interleaved
/// (ㄱ ㄲ ㄳ ㄴ ㄵ …), so modern conjoining jamo map into it through offset tables rather than
/// arithmetic; vowels line up one to one (U+1161 + i ↔ U+314F + i). Everything else, old Hangul
/// included, is looked up in ``JamoData``.
enum JamoTables {
    /// Offsets from U+3131 of the 19 modern initials U+1100…U+1112.
    static let choseongCompatibilityOffsets: [UInt8] = [
        0, 1, 3, 6, 7, 8, 16, 17, 18, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29,
    ]
    /// Offsets from U+3131 of the 27 modern finals U+11A8…U+11C2.
    static let jongseongCompatibilityOffsets: [UInt8] = [
        0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 19, 20, 21, 22, 23, 25, 26, 27, 28, 29,
    ]
    /// Final U+11A8 + i for each modern initial U+1100 + i, or 0 where the consonant has no modern
    /// final (ㄸ ㅃ ㅉ).
    static let choseongToJongseongTable: [UInt32] = [
        0x11A8, 0x11A9, 0x11AB, 0x11AE, 0, 0x11AF, 0x11B7, 0x11B8, 0, 0x11BA,
        0x11BB, 0x11BC, 0x11BD, 0, 0x11BE, 0x11BF, 0x11C0, 0x11C1, 0x11C2,
    ]

    /// Finals a modern syllable can end with. libhangul counts U+11A7 in (its range starts there),
    /// and so do we, so that the same keystrokes are accepted.
    static let conjoinableJongseongRange: ClosedRange<UInt32> = 0x11A7...0x11C2

    /// The final form of an initial; on layouts without old Hangul only a final that a modern
    /// syllable can hold, or 0.
    static func choseongToJongseong(_ scalar: UInt32, oldHangul: Bool = false) -> UInt32 {
        if Jamo.modernChoseongRange.contains(scalar) {
            let modern = choseongToJongseongTable[Int(scalar - 0x1100)]
            if modern != 0 || !oldHangul { return modern }
        }
        let final = lookup(scalar, in: JamoData.choseongToJongseong)
        return oldHangul || conjoinableJongseongRange.contains(final) ? final : 0
    }

    /// The initial a following vowel takes from each modern final U+11A8…U+11C2, or 0 (ㄳ ㄵ ㄶ have
    /// none): the modern rows of ``JamoData/jongseongToChoseong`` and the inverse of
    /// ``choseongToJongseongTable``, as a test checks. A vowel after a final asks it on a quarter of
    /// the keys of prose, where a search was 1% of `hangul-compose`.
    static let modernJongseongToChoseongTable: [UInt32] = [
        0x1100, 0x1101, 0, 0x1102, 0x115C, 0x115D, 0x1103, 0x1105, 0xA964, 0xA968, 0xA969, 0xA96C, 0, 0,
        0x111A, 0x1106, 0x1107, 0x1121, 0x1109, 0x110A, 0x110B, 0x110C, 0x110E, 0x110F, 0x1110, 0x1111, 0x1112,
    ]

    /// The initial a following vowel takes from a final, or 0.
    static func jongseongToChoseong(_ scalar: UInt32) -> UInt32 {
        if Jamo.modernJongseongRange.contains(scalar) {
            return modernJongseongToChoseongTable[Int(scalar - 0x11A8)]
        }
        return lookup(scalar, in: JamoData.jongseongToChoseong)
    }

    /// ``jongseongToChoseong(_:)`` as it was computed before the modern table, by searching the
    /// initial-to-final table and then ``JamoData``: what the test compares the table with.
    static func jongseongToChoseongBySearch(_ scalar: UInt32) -> UInt32 {
        if Jamo.modernJongseongRange.contains(scalar),
            let index = choseongToJongseongTable.firstIndex(of: scalar)
        {
            return 0x1100 + UInt32(index)
        }
        return lookup(scalar, in: JamoData.jongseongToChoseong)
    }

    /// The compatibility letter that shows a jamo alone, or 0.
    static func conjoiningToCompatibility(_ scalar: UInt32) -> UInt32 {
        switch scalar {
        case Jamo.modernChoseongRange:
            return 0x3131 + UInt32(choseongCompatibilityOffsets[Int(scalar - 0x1100)])
        case Jamo.modernJungseongRange:
            return 0x314F + (scalar - 0x1161)
        case Jamo.modernJongseongRange:
            return 0x3131 + UInt32(jongseongCompatibilityOffsets[Int(scalar - 0x11A8)])
        default:
            return lookup(scalar, in: JamoData.compatibilityForms)
        }
    }

    /// The conjoining jamo of a compatibility letter in a slot, or 0 when it has no form there.
    static func compatibilityToConjoining(_ scalar: UInt32, _ slot: JamoSlot) -> UInt32 {
        var low = 0
        var high = JamoData.letters.count
        while low < high {
            let middle = (low + high) / 2
            let row = JamoData.letters[middle]
            if row.compatibility == scalar {
                switch slot {
                case .choseong: return row.choseong
                case .jungseong: return row.jungseong
                case .jongseong: return row.jongseong
                }
            }
            if row.compatibility < scalar { low = middle + 1 } else { high = middle }
        }
        return 0
    }

    /// Whether a jamo is one a modern precomposed syllable can hold (libhangul's "conjoinable").
    static func isConjoinable(_ scalar: UInt32) -> Bool {
        Jamo.modernChoseongRange.contains(scalar) || Jamo.modernJungseongRange.contains(scalar)
            || conjoinableJongseongRange.contains(scalar)
    }

    /// A modern final split for a following romaja vowel: the final that stays and the initial that
    /// moves (ᆪ → ᆨ and ᄉ); zeros for anything else.
    static func splitJongseong(_ scalar: UInt32) -> (remains: UInt32, initial: UInt32) {
        guard Jamo.modernJongseongRange.contains(scalar) else { return (0, 0) }
        let row = JamoData.jongseongSplits[Int(scalar - 0x11A8)]
        return (row.remains, row.initial)
    }

    /// Bisection over a table sorted by its first element; 0 when the key is absent.
    private static func lookup(_ key: UInt32, in table: [(UInt32, UInt32)]) -> UInt32 {
        var low = 0
        var high = table.count
        while low < high {
            let middle = (low + high) / 2
            let probe = table[middle].0
            if probe == key { return table[middle].1 }
            if probe < key { low = middle + 1 } else { high = middle }
        }
        return 0
    }
}
