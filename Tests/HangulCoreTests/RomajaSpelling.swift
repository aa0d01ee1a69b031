/// Modern syllables written in the Latin letters the romaja keyboard (`ro`) reads back.
///
/// A transliteration, not an inversion of key tables: romaja is spelled by sound, and the spellings
/// follow its rules. An initial ㅇ is not written (a vowel alone gets it back), final ㅇ is `ng`, and
/// the final ㄳ is `x`; initial ㅈ is `j` or, in the alternate spelling, `x`, and the final ㄳ `gs`.
/// Written syllable after syllable, a vowel would take the consonant before it (`an`+`a` reads
/// 아나), so the word form capitalizes each syllable: a capital starts a new one.
enum RomajaSpelling {
    /// ㄱ ㄲ ㄴ ㄷ ㄸ ㄹ ㅁ ㅂ ㅃ ㅅ ㅆ ㅇ ㅈ ㅉ ㅊ ㅋ ㅌ ㅍ ㅎ
    static let initials = [
        "g", "gg", "n", "d", "dd", "r", "m", "b", "bb", "s", "ss", "", "j", "jj", "ch", "k", "t", "p", "h",
    ]
    /// ㅏ ㅐ ㅑ ㅒ ㅓ ㅔ ㅕ ㅖ ㅗ ㅘ ㅙ ㅚ ㅛ ㅜ ㅝ ㅞ ㅟ ㅠ ㅡ ㅢ ㅣ
    static let medials = [
        "a", "ae", "ya", "yae", "eo", "e", "yeo", "ye", "o", "wa", "wae", "oi", "yo", "u", "wo", "we", "wi", "yu",
        "eu", "eui", "i",
    ]
    /// none ㄱ ㄲ ㄳ ㄴ ㄵ ㄶ ㄷ ㄹ ㄺ ㄻ ㄼ ㄽ ㄾ ㄿ ㅀ ㅁ ㅂ ㅄ ㅅ ㅆ ㅇ ㅈ ㅊ ㅋ ㅌ ㅍ ㅎ
    static let finals = [
        "", "g", "gg", "x", "n", "nj", "nh", "d", "l", "lg", "lm", "lb", "ls", "lt", "lp", "lh", "m", "b", "bs", "s",
        "ss", "ng", "j", "c", "k", "t", "p", "h",
    ]

    /// One syllable's letters; `alternate` writes initial ㅈ as `x` and the final ㄳ as `gs`.
    static func letters(for syllable: Unicode.Scalar, alternate: Bool = false) -> String {
        let index = Int(syllable.value - 0xAC00)
        let initial = index / (21 * 28)
        let final = index % 28
        var letters = alternate && initial == 12 ? "x" : initials[initial]
        letters += medials[(index % (21 * 28)) / 28]
        letters += alternate && final == 3 ? "gs" : finals[final]
        return letters
    }

    /// A word's letters, each syllable capitalized so it starts a new one.
    static func letters(forWord syllables: [Unicode.Scalar], alternate: Bool = false) -> String {
        syllables.map { syllable in
            let letters = Self.letters(for: syllable, alternate: alternate)
            return letters.prefix(1).uppercased() + letters.dropFirst()
        }.joined()
    }
}
