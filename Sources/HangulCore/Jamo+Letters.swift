/// The jamo the automata name in their rules, by their Unicode names, so a rule reads as the
/// letters it is about rather than as code points.
extension Jamo {
    /// ᄉ U+1109 HANGUL CHOSEONG SIOS: the initial a vowel takes from romaja's final ㄳ, leaving ㄱ.
    static let choseongSios = Jamo(rawValue: 0x1109)
    /// ᄋ U+110B HANGUL CHOSEONG IEUNG: the silent initial romaja puts before a lone vowel (a → 아).
    static let choseongIeung = Jamo(rawValue: 0x110B)
    /// ᄌ U+110C HANGUL CHOSEONG CIEUC: romaja's `x` at the start of a syllable.
    static let choseongCieuc = Jamo(rawValue: 0x110C)

    /// ᅪ U+116A HANGUL JUNGSEONG WA (ㅘ).
    static let jungseongWa = Jamo(rawValue: 0x116A)
    /// ᅫ U+116B HANGUL JUNGSEONG WAE (ㅙ).
    static let jungseongWae = Jamo(rawValue: 0x116B)
    /// ᅯ U+116F HANGUL JUNGSEONG WEO (ㅝ).
    static let jungseongWeo = Jamo(rawValue: 0x116F)
    /// ᅰ U+1170 HANGUL JUNGSEONG WE (ㅞ).
    static let jungseongWe = Jamo(rawValue: 0x1170)
    /// ᅳ U+1173 HANGUL JUNGSEONG EU: the vowel romaja gives a consonant that cannot join the next
    /// one (k then s → 크, then ㅅ).
    static let jungseongEu = Jamo(rawValue: 0x1173)
    /// ᅵ U+1175 HANGUL JUNGSEONG I (ㅣ).
    static let jungseongI = Jamo(rawValue: 0x1175)

    /// ᆨ U+11A8 HANGUL JONGSEONG KIYEOK: what stays of romaja's final ㄳ when a vowel takes its ㅅ.
    static let jongseongKiyeok = Jamo(rawValue: 0x11A8)
    /// ᆪ U+11AA HANGUL JONGSEONG KIYEOK-SIOS (ㄳ): romaja's `x` at the end of a syllable.
    static let jongseongKiyeokSios = Jamo(rawValue: 0x11AA)
    /// ᆼ U+11BC HANGUL JONGSEONG IEUNG: romaja's `ng`, which stays when a vowel follows (강아).
    static let jongseongIeung = Jamo(rawValue: 0x11BC)

    /// A table's answer as a jamo: the conversion and combination tables answer 0 for "none".
    init?(nonzero value: UInt32) {
        guard value != 0 else { return nil }
        self.init(rawValue: value)
    }
}
