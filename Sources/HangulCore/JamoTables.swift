/// Code point tables between the conjoining (U+1100…) and compatibility (U+3131…) jamo forms.
///
/// Only modern jamo are listed here; the compatibility block orders consonants alphabetically with
/// compound finals interleaved (ㄱ ㄲ ㄳ ㄴ ㄵ …), so the conjoining blocks map into it through
/// offset tables rather than arithmetic. Vowels line up one to one (U+1161 + i ↔ U+314F + i).
enum JamoTables {
    /// Offsets from U+3131 of the 19 modern initials U+1100…U+1112.
    static let choseongCompatibilityOffsets: [UInt8] = [
        0, 1, 3, 6, 7, 8, 16, 17, 18, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29,
    ]
    /// Offsets from U+3131 of the 27 modern finals U+11A8…U+11C2.
    static let jongseongCompatibilityOffsets: [UInt8] = [
        0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 19, 20, 21, 22, 23, 25, 26, 27, 28, 29,
    ]
    /// Final U+11A8 + i for each modern initial U+1100 + i, or 0 where the consonant never ends a
    /// syllable (ㄸ ㅃ ㅉ).
    static let choseongToJongseongTable: [UInt32] = [
        0x11A8, 0x11A9, 0x11AB, 0x11AE, 0, 0x11AF, 0x11B7, 0x11B8, 0, 0x11BA,
        0x11BB, 0x11BC, 0x11BD, 0, 0x11BE, 0x11BF, 0x11C0, 0x11C1, 0x11C2,
    ]

    static func choseongToJongseong(_ scalar: UInt32) -> UInt32 {
        guard Jamo.modernChoseongRange.contains(scalar) else { return 0 }
        return choseongToJongseongTable[Int(scalar - 0x1100)]
    }

    static func jongseongToChoseong(_ scalar: UInt32) -> UInt32 {
        guard Jamo.modernJongseongRange.contains(scalar) else { return 0 }
        guard let index = choseongToJongseongTable.firstIndex(of: scalar) else { return 0 }
        return 0x1100 + UInt32(index)
    }

    static func conjoiningToCompatibility(_ scalar: UInt32) -> UInt32 {
        switch scalar {
        case Jamo.modernChoseongRange:
            return 0x3131 + UInt32(choseongCompatibilityOffsets[Int(scalar - 0x1100)])
        case Jamo.modernJungseongRange:
            return 0x314F + (scalar - 0x1161)
        case Jamo.modernJongseongRange:
            return 0x3131 + UInt32(jongseongCompatibilityOffsets[Int(scalar - 0x11A8)])
        default:
            return 0
        }
    }

    static func compatibilityToConjoining(_ scalar: UInt32, _ slot: JamoSlot) -> UInt32 {
        switch slot {
        case .jungseong:
            return (0x314F...0x3163).contains(scalar) ? 0x1161 + (scalar - 0x314F) : 0
        case .choseong:
            guard scalar >= 0x3131,
                let index = choseongCompatibilityOffsets.firstIndex(of: UInt8(truncatingIfNeeded: scalar - 0x3131))
            else { return 0 }
            return 0x1100 + UInt32(index)
        case .jongseong:
            guard scalar >= 0x3131,
                let index = jongseongCompatibilityOffsets.firstIndex(of: UInt8(truncatingIfNeeded: scalar - 0x3131))
            else { return 0 }
            return 0x11A8 + UInt32(index)
        }
    }
}
