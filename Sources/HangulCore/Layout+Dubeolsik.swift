extension Layout {
    /// 두벌식 (KS X 5002), libhangul keyboard "2".
    ///
    /// The rows below read like the printed keyboard. Shift gives the tense consonants ㅃ ㅉ ㄸ ㄲ ㅆ
    /// and the vowels ㅒ ㅖ; on every other letter Shift types the same jamo as the plain key, as in
    /// libhangul. Digits and punctuation are not Hangul keys here: they commit and pass through.
    public static let dubeolsik = Layout(
        id: "2",
        aliases: ["dubeolsik"],
        name: "Dubeolsik",
        koreanName: "두벌식",
        kind: .jamo,
        keys: dubeolsikKeys,
        combinations: CombinationTable(
            dubeolsikPairs.map { (compat($0.0, .choseong), compat($0.1, .choseong), compat($0.2, .choseong)) }
                + vowelPairs.map { (compat($0.0, .jungseong), compat($0.1, .jungseong), compat($0.2, .jungseong)) }
                + finalPairs.map { (compat($0.0, .jongseong), compat($0.1, .jongseong), compat($0.2, .jongseong)) }
        ),
        extendedVowelCombinations: CombinationTable(
            [("ㅘ", "ㅣ", "ㅙ"), ("ㅝ", "ㅣ", "ㅞ")].map {
                (compat($0.0, .jungseong), compat($0.1, .jungseong), compat($0.2, .jungseong))
            }
        )
    )

    private static let dubeolsikKeys: [Character: KeyAction] = {
        let plain: [(Character, Character)] = [
            ("q", "ㅂ"), ("w", "ㅈ"), ("e", "ㄷ"), ("r", "ㄱ"), ("t", "ㅅ"),
            ("y", "ㅛ"), ("u", "ㅕ"), ("i", "ㅑ"), ("o", "ㅐ"), ("p", "ㅔ"),
            ("a", "ㅁ"), ("s", "ㄴ"), ("d", "ㅇ"), ("f", "ㄹ"), ("g", "ㅎ"),
            ("h", "ㅗ"), ("j", "ㅓ"), ("k", "ㅏ"), ("l", "ㅣ"),
            ("z", "ㅋ"), ("x", "ㅌ"), ("c", "ㅊ"), ("v", "ㅍ"), ("b", "ㅠ"), ("n", "ㅜ"), ("m", "ㅡ"),
        ]
        let shifted: [Character: Character] = [
            "Q": "ㅃ", "W": "ㅉ", "E": "ㄸ", "R": "ㄲ", "T": "ㅆ", "O": "ㅒ", "P": "ㅖ",
        ]
        var keys: [Character: KeyAction] = [:]
        for (key, letter) in plain {
            keys[key] = letterAction(letter)
            let upper = Character(key.uppercased())
            keys[upper] = letterAction(shifted[upper] ?? letter)
        }
        return keys
    }()

    /// Initial-consonant clusters: on dubeolsik these are the doubled consonants, which form only
    /// with `combi-on-double-stroke` (the composer refuses identical pairs otherwise).
    private static let dubeolsikPairs: [(Character, Character, Character)] = [
        ("ㄱ", "ㄱ", "ㄲ"), ("ㄷ", "ㄷ", "ㄸ"), ("ㅂ", "ㅂ", "ㅃ"), ("ㅅ", "ㅅ", "ㅆ"), ("ㅈ", "ㅈ", "ㅉ"),
    ]
    /// Compound vowels of KS X 5002.
    private static let vowelPairs: [(Character, Character, Character)] = [
        ("ㅗ", "ㅏ", "ㅘ"), ("ㅗ", "ㅐ", "ㅙ"), ("ㅗ", "ㅣ", "ㅚ"),
        ("ㅜ", "ㅓ", "ㅝ"), ("ㅜ", "ㅔ", "ㅞ"), ("ㅜ", "ㅣ", "ㅟ"), ("ㅡ", "ㅣ", "ㅢ"),
    ]
    /// Compound finals; ㄲ and ㅆ from two strokes need `combi-on-double-stroke`.
    private static let finalPairs: [(Character, Character, Character)] = [
        ("ㄱ", "ㄱ", "ㄲ"), ("ㄱ", "ㅅ", "ㄳ"), ("ㄴ", "ㅈ", "ㄵ"), ("ㄴ", "ㅎ", "ㄶ"),
        ("ㄹ", "ㄱ", "ㄺ"), ("ㄹ", "ㅁ", "ㄻ"), ("ㄹ", "ㅂ", "ㄼ"), ("ㄹ", "ㅅ", "ㄽ"), ("ㄹ", "ㅌ", "ㄾ"),
        ("ㄹ", "ㅍ", "ㄿ"), ("ㄹ", "ㅎ", "ㅀ"), ("ㅂ", "ㅅ", "ㅄ"), ("ㅅ", "ㅅ", "ㅆ"),
    ]

    /// A dubeolsik letter key: consonants as initials, vowels as medials.
    private static func letterAction(_ letter: Character) -> KeyAction {
        if let scalar = letter.unicodeScalars.first, let vowel = Jamo(compatibility: scalar, as: .jungseong) {
            return .jamo(vowel)
        }
        return .jamo(compat(letter, .choseong))
    }

    /// The conjoining jamo for a compatibility letter in a slot; layout data only, so a miss is a typo.
    static func compat(_ letter: Character, _ slot: JamoSlot) -> Jamo {
        guard let scalar = letter.unicodeScalars.first, let jamo = Jamo(compatibility: scalar, as: slot) else {
            preconditionFailure("layout data: \(letter) has no \(slot) form")
        }
        return jamo
    }
}
