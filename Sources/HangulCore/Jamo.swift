/// One conjoining Hangul jamo: a choseong (initial consonant), jungseong (medial vowel) or jongseong
/// (final consonant) code point from the Hangul Jamo blocks (U+1100…U+11FF, U+A960…U+A97F,
/// U+D7B0…U+D7FF).
///
/// The composer works on conjoining jamo because they say which slot of a syllable they fill: the
/// compatibility letter ㄱ (U+3131) is U+1100 as an initial and U+11A8 as a final. Compatibility jamo
/// appear only at the edges, where a lone letter is shown.
public struct Jamo: RawRepresentable, Hashable, Sendable, Comparable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The slot this jamo fills, or `nil` for a filler-free code point outside the jamo blocks.
    // Inlined: asked several times a key, and as a call it was 3% of `hangul-compose` (issue 25).
    public var slot: JamoSlot? {
        @inline(__always) get { JamoSlot(of: rawValue) }
    }

    public static func < (lhs: Jamo, rhs: Jamo) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The three places of a Hangul syllable.
public enum JamoSlot: UInt8, Sendable, CaseIterable {
    /// 초성, the initial consonant.
    case choseong
    /// 중성, the medial vowel.
    case jungseong
    /// 종성, the final consonant.
    case jongseong

    /// The slot of a conjoining jamo code point; fillers count as their slot.
    @inline(__always)
    public init?(of scalar: UInt32) {
        switch scalar {
        case 0x1100...0x115F, 0xA960...0xA97C: self = .choseong
        case 0x1160...0x11A7, 0xD7B0...0xD7C6: self = .jungseong
        case 0x11A8...0x11FF, 0xD7CB...0xD7FB: self = .jongseong
        default: return nil
        }
    }
}

extension Jamo {
    /// U+115F HANGUL CHOSEONG FILLER: stands in for a missing initial in conjoining output.
    public static let choseongFiller = Jamo(rawValue: 0x115F)
    /// U+1160 HANGUL JUNGSEONG FILLER: stands in for a missing vowel in conjoining output.
    public static let jungseongFiller = Jamo(rawValue: 0x1160)

    /// The 19 modern initials U+1100…U+1112 in code point order.
    public static let modernChoseongRange: ClosedRange<UInt32> = 0x1100...0x1112
    /// The 21 modern medials U+1161…U+1175 in code point order.
    public static let modernJungseongRange: ClosedRange<UInt32> = 0x1161...0x1175
    /// The 27 modern finals U+11A8…U+11C2 in code point order.
    public static let modernJongseongRange: ClosedRange<UInt32> = 0x11A8...0x11C2

    /// The same consonant as a final, or `nil` when it cannot close a syllable (ㄸ ㅃ ㅉ, and old
    /// initials without a final form in Unicode).
    public var asJongseong: Jamo? {
        switch slot {
        case .jongseong: return self
        case .choseong:
            let value = JamoTables.choseongToJongseong(rawValue)
            return value == 0 ? nil : Jamo(rawValue: value)
        default: return nil
        }
    }

    /// The same consonant as an initial, or `nil` when Unicode has no initial form for it
    /// (most compound finals such as ㄳ).
    public var asChoseong: Jamo? {
        switch slot {
        case .choseong: return self
        case .jongseong:
            let value = JamoTables.jongseongToChoseong(rawValue)
            return value == 0 ? nil : Jamo(rawValue: value)
        default: return nil
        }
    }

    /// How a modern final splits when a romaja vowel follows it: the final that stays (`nil` for a
    /// single consonant) and the initial that moves to the next syllable (ㄳ → ㄱ and ㅅ, ㄴ → ㄴ as
    /// an initial); both `nil` for anything but a modern final.
    public var romajaSplit: (remains: Jamo?, initial: Jamo?) {
        let split = JamoTables.splitJongseong(rawValue)
        return (Jamo(nonzero: split.remains), Jamo(nonzero: split.initial))
    }

    /// The compatibility jamo (U+3131…U+318E) that shows this jamo alone, or `nil` when there is none
    /// (most old-Hangul clusters, and fillers).
    public var compatibility: Unicode.Scalar? {
        let value = JamoTables.conjoiningToCompatibility(rawValue)
        return value == 0 ? nil : Unicode.Scalar(value)
    }

    /// The conjoining jamo for a compatibility letter in the given slot, or `nil` when the letter has
    /// no form there (a vowel as a final, ㄳ as an initial). Old-Hangul forms count: ㄸ as a final is
    /// U+D7CD.
    public init?(compatibility scalar: Unicode.Scalar, as slot: JamoSlot) {
        let value = JamoTables.compatibilityToConjoining(scalar.value, slot)
        guard value != 0 else { return nil }
        self.init(rawValue: value)
    }
}
