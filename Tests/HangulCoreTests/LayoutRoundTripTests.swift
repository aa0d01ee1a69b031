import HangulCore
import Testing

/// Text typed from its own keys comes back: every one of the 11,172 modern syllables, spelled by
/// inverting a layout's tables (``LayoutSpelling``) or, for romaja, by transliteration
/// (``RomajaSpelling``), typed and flushed, is that syllable, and nothing is committed before the
/// flush.
@Suite struct LayoutRoundTripTests {
    static let syllables: [Unicode.Scalar] = (Syllable.first...Syllable.last).compactMap(Unicode.Scalar.init)

    /// What typing `keys` then flushing gives, or `nil` when a key was refused or committed text
    /// before the syllable was finished.
    static func typed(_ keys: some Sequence<KeyPosition>, on layout: Layout) -> [UInt32]? {
        var composer = Composer(layout: layout)
        for key in keys {
            let output = composer.process(key)
            guard output.consumed, output.commit.isEmpty else { return nil }
        }
        return composer.flush().scalars
    }

    @Test(arguments: ["2", "2y", "32", "39", "3f", "3s", "3y", "ahn"])
    func everyModernSyllableTypedFromItsKeysComesBack(id: String) throws {
        let layout = try #require(Layout.named(id))
        let spelling = LayoutSpelling(layout)
        var failures: [String] = []
        for syllable in Self.syllables {
            guard let keys = spelling.keys(for: syllable) else {
                failures.append("\(syllable): no keys")
                continue
            }
            let result = Self.typed(keys, on: layout)
            if result != [syllable.value] {
                let shown = result.map { String(String.UnicodeScalarView($0.compactMap(Unicode.Scalar.init))) }
                failures.append("\(syllable) from \(String(keys.map(\.character))): \(shown ?? "committed early")")
            }
        }
        #expect(failures.prefix(5) == [], "\(failures.count) syllables fail")
    }

    /// The test itself depends on the spelling covering the layout: every modern jamo has keys.
    @Test(arguments: ["2", "2y", "32", "39", "3f", "3s", "3y", "ahn"])
    func everyModernJamoHasASpelling(id: String) throws {
        let spelling = LayoutSpelling(try #require(Layout.named(id)))
        let modern =
            Array(Jamo.modernChoseongRange) + Array(Jamo.modernJungseongRange)
            + Array(Jamo.modernJongseongRange)
        #expect(modern.filter { spelling.spellings[$0] == nil } == [])
    }

    /// 3f has a key for every final (ㄺ is Shift+2); 3s builds ㄲ, ㅘ and ㄺ from two strokes.
    @Test func spellingsComeFromTheKeyTableAndTheCombinationTable() throws {
        let final = LayoutSpelling(try #require(Layout.named("3f")))
        #expect(final.keys(for: "갃").map { String($0.map(\.character)) } == "kfV")
        #expect(final.keys(for: "꽑").map { String($0.map(\.character)) } == "kkvf@")
        let noshift = LayoutSpelling(try #require(Layout.named("3s")))
        #expect(noshift.keys(for: "꽑").map { String($0.map(\.character)) } == "kkvfwx")
        #expect(noshift.keys(for: "꽜").map { String($0.map(\.character)) } == "kkvf2")
        let dubeolsik = LayoutSpelling(.dubeolsik)
        #expect(dubeolsik.keys(for: "닭").map { String($0.map(\.character)) } == "ekfr")
    }

    @Test func everyModernSyllableRomanizedComesBackOnRomaja() throws {
        let layout = try #require(Layout.named("ro"))
        var failures: [String] = []
        for syllable in Self.syllables {
            for alternate in [false, true] {
                let letters = RomajaSpelling.letters(for: syllable, alternate: alternate)
                let result = Self.typed(letters.unicodeScalars.compactMap(KeyPosition.init), on: layout)
                if result != [syllable.value] { failures.append("\(syllable) from \(letters)") }
            }
        }
        #expect(failures.prefix(5) == [], "\(failures.count) syllables fail")
    }

    /// Words of random syllables, written with a capital at each syllable so that no vowel takes the
    /// consonant before it, type back as the word.
    @Test func romanizedWordsComeBackWhenEachSyllableIsCapitalized() throws {
        let layout = try #require(Layout.named("ro"))
        var generator = SplitMix64(seed: 0x524F_4D41_4A41)
        var failures: [String] = []
        for round in 0..<2_000 {
            let length = Int(generator.next() % 4) + 2
            let word = (0..<length).map { _ in Self.syllables[Int(generator.next() % UInt64(Self.syllables.count))] }
            let letters = RomajaSpelling.letters(forWord: word, alternate: round % 2 == 1)
            let text = Typist.text(letters, layout: layout)
            let expected = String(String.UnicodeScalarView(word))
            if Array(text.unicodeScalars) != word { failures.append("\(expected) from \(letters): \(text)") }
        }
        #expect(failures.prefix(5) == [], "\(failures.count) words fail")
    }

    /// Without the capitals, the same letters read differently: the transliteration depends on them.
    @Test func withoutTheCapitalsRomanizedSyllablesRegroup() throws {
        let layout = try #require(Layout.named("ro"))
        #expect(RomajaSpelling.letters(forWord: ["한", "국"]) == "HanGug")
        #expect(Typist.text("HanGug", layout: layout) == "한국")
        #expect(Typist.text("hangug", layout: layout) == "항욱")
        #expect(RomajaSpelling.letters(forWord: ["장", "닭"], alternate: true) == "XangDalg")
        #expect(RomajaSpelling.letters(forWord: ["몫"]) == "Mox")
        #expect(RomajaSpelling.letters(forWord: ["몫"], alternate: true) == "Mogs")
    }
}
