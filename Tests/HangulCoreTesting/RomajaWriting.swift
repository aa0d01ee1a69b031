import HangulCore

/// How ``KeySpeller`` writes Korean on a romaja layout: which letters spell each jamo, and which
/// syllables start with a capital letter.
///
/// Romaja is typed by sound, so there is more than one right way to write a syllable. The tables
/// read backwards give one (the shortest, earliest letters first: ㅕ `ieo`); romanization as people
/// write it gives another (ㅕ `yeo`, ㅊ `ch`), written from a table of its own rather than from the
/// layout's, so typing it checks the layout's tables against an independent spelling. Romaja also
/// has two ways to write ㅈ and ㄳ: initial ㅈ is `j` or `x` (the composer reads `x` as ㅈ at a
/// syllable's start) and final ㄳ is `x` or `gs`.
///
/// Written syllable after syllable, a vowel would take the consonant before it (`an`+`a` reads
/// 아나), so a capital letter, which the layout reads as the start of a new syllable, goes where
/// the syllables would otherwise regroup; the word form capitalizes every syllable.
public struct RomajaWriting: Hashable, Sendable {
    /// Where the letters for each jamo come from.
    public enum Letters: Hashable, Sendable {
        /// The layout's tables read backwards, as on every other layout: ㅕ `ieo`, ㅊ `c`, ㄹ `l`.
        case fromTables
        /// Romanization: ㅕ `yeo`, initial ㅊ `ch`, initial ㄹ `r` and final `l`, final ㅇ `ng`,
        /// initial ㅈ `j` and final ㄳ `x`.
        case romanized
        /// ``romanized`` with romaja's other spellings of two jamo: initial ㅈ `x`, final ㄳ `gs`.
        case romanizedAlternate
    }

    /// Which syllables start with a capital letter.
    public enum Capitals: Hashable, Sendable {
        /// Only a syllable the one before would otherwise swallow, as the layout's combination
        /// table says: a vowel after a final (안아 `anA`, but 강아 `ganga`) or after a vowel it joins
        /// (아이 `aI`), a consonant that makes final ㅇ with the one before (한국 `hanGug`), a
        /// two-letter initial after a vowel or a final it joins (까치 `ggaChi`), `x` for ㅈ after a vowel.
        case whereNeeded
        /// Every syllable, the first included (한국 `HanGug`): the word form, whose syllables never
        /// depend on the one before.
        case everySyllable
    }

    public var letters: Letters
    public var capitals: Capitals

    public init(letters: Letters = .fromTables, capitals: Capitals = .whereNeeded) {
        self.letters = letters
        self.capitals = capitals
    }

    /// The romanized letters of a modern jamo in its slot, or `nil` when the letters come from the
    /// tables or the jamo is not modern. The silent initial ㅇ is written as nothing.
    func romanized(_ jamo: Jamo) -> String? {
        guard letters != .fromTables, let slot = jamo.slot else { return nil }
        let alternate = letters == .romanizedAlternate
        switch slot {
        case .choseong:
            guard Jamo.modernChoseongRange.contains(jamo.rawValue) else { return nil }
            return alternate && jamo.rawValue == 0x110C ? "x" : Self.initials[Int(jamo.rawValue - 0x1100)]
        case .jungseong:
            guard Jamo.modernJungseongRange.contains(jamo.rawValue) else { return nil }
            return Self.medials[Int(jamo.rawValue - 0x1161)]
        case .jongseong:
            guard Jamo.modernJongseongRange.contains(jamo.rawValue) else { return nil }
            return alternate && jamo.rawValue == 0x11AA ? "gs" : Self.finals[Int(jamo.rawValue - 0x11A8)]
        }
    }

    /// ㄱ ㄲ ㄴ ㄷ ㄸ ㄹ ㅁ ㅂ ㅃ ㅅ ㅆ ㅇ ㅈ ㅉ ㅊ ㅋ ㅌ ㅍ ㅎ
    static let initials = [
        "g", "gg", "n", "d", "dd", "r", "m", "b", "bb", "s", "ss", "", "j", "jj", "ch", "k", "t", "p", "h",
    ]
    /// ㅏ ㅐ ㅑ ㅒ ㅓ ㅔ ㅕ ㅖ ㅗ ㅘ ㅙ ㅚ ㅛ ㅜ ㅝ ㅞ ㅟ ㅠ ㅡ ㅢ ㅣ
    static let medials = [
        "a", "ae", "ya", "yae", "eo", "e", "yeo", "ye", "o", "wa", "wae", "oi", "yo", "u", "wo", "we", "wi", "yu",
        "eu", "eui", "i",
    ]
    /// ㄱ ㄲ ㄳ ㄴ ㄵ ㄶ ㄷ ㄹ ㄺ ㄻ ㄼ ㄽ ㄾ ㄿ ㅀ ㅁ ㅂ ㅄ ㅅ ㅆ ㅇ ㅈ ㅊ ㅋ ㅌ ㅍ ㅎ
    static let finals = [
        "g", "gg", "x", "n", "nj", "nh", "d", "l", "lg", "lm", "lb", "ls", "lt", "lp", "lh", "m", "b", "bs", "s",
        "ss", "ng", "j", "c", "k", "t", "p", "h",
    ]
}
