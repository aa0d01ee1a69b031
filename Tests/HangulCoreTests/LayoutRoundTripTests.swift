import HangulCore
import HangulCoreTesting
import Testing

/// Text typed from its own keys comes back: every one of the 11,172 modern syllables, spelled by
/// inverting a layout's tables (``KeySpeller``) or, for romaja, by romanization
/// (``RomajaWriting``), typed and flushed, is that syllable, and nothing is committed before the
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
        let speller = KeySpeller(layout: layout)
        var failures: [String] = []
        for syllable in Self.syllables {
            guard let keys = speller.keys(for: syllable) else {
                failures.append("\(syllable): no keys")
                continue
            }
            let result = Self.typed(keys.unicodeScalars.compactMap(KeyPosition.init), on: layout)
            if result != [syllable.value] {
                let shown = result.map { String(String.UnicodeScalarView($0.compactMap(Unicode.Scalar.init))) }
                failures.append("\(syllable) from \(keys): \(shown ?? "committed early")")
            }
        }
        #expect(failures.prefix(5) == [], "\(failures.count) syllables fail")
    }

    /// The test itself depends on the spelling covering the layout: every modern jamo has keys.
    @Test(arguments: ["2", "2y", "32", "39", "3f", "3s", "3y", "ahn"])
    func everyModernJamoHasASpelling(id: String) throws {
        let speller = KeySpeller(layout: try #require(Layout.named(id)))
        let modern: [(JamoSlot, ClosedRange<UInt32>)] = [
            (.choseong, Jamo.modernChoseongRange), (.jungseong, Jamo.modernJungseongRange),
            (.jongseong, Jamo.modernJongseongRange),
        ]
        let missing = modern.flatMap { slot, range in
            range.filter { speller.keys(for: Jamo(rawValue: $0), in: slot) == nil }
        }
        #expect(missing == [])
    }

    /// 3f has a key for every final (ㄺ is Shift+2) and two for ㅗ (`/` and `v`; of equal keys the
    /// speller takes the first in ASCII order); 3s builds ㄲ, ㅘ and ㄺ from two strokes.
    @Test func spellingsComeFromTheKeyTableAndTheCombinationTable() throws {
        let final = KeySpeller(layout: try #require(Layout.named("3f")))
        #expect(final.keys(for: "갃") == "kfV")
        #expect(final.keys(for: "꽑") == "kk/f@")
        let noshift = KeySpeller(layout: try #require(Layout.named("3s")))
        #expect(noshift.keys(for: "꽑") == "kkvfwx")
        #expect(noshift.keys(for: "꽜") == "kkvf2")
        #expect(KeySpeller(layout: .dubeolsik).keys(for: "닭") == "ekfr")
    }

    /// Romanized both ways: initial ㅈ `j` and final ㄳ `x`, or initial ㅈ `x` and final ㄳ `gs`.
    @Test func everyModernSyllableRomanizedComesBackOnRomaja() throws {
        let layout = try #require(Layout.named("ro"))
        var failures: [String] = []
        for letters in [RomajaWriting.Letters.romanized, .romanizedAlternate] {
            let speller = KeySpeller(layout: layout, romaja: RomajaWriting(letters: letters))
            for syllable in Self.syllables {
                guard let keys = speller.keys(for: syllable) else {
                    failures.append("\(syllable): no letters")
                    continue
                }
                let result = Self.typed(keys.unicodeScalars.compactMap(KeyPosition.init), on: layout)
                if result != [syllable.value] { failures.append("\(syllable) from \(keys)") }
            }
        }
        #expect(failures.prefix(5) == [], "\(failures.count) syllables fail")
    }

    /// Words of random syllables, written with a capital at each syllable so that no vowel takes the
    /// consonant before it, type back as the word; so do they with capitals only where one is needed.
    @Test(arguments: [RomajaWriting.Capitals.everySyllable, .whereNeeded])
    func romanizedWordsComeBackWhenSyllablesAreCapitalized(capitals: RomajaWriting.Capitals) throws {
        let layout = try #require(Layout.named("ro"))
        let spellers = [RomajaWriting.Letters.romanized, .romanizedAlternate].map {
            KeySpeller(layout: layout, romaja: RomajaWriting(letters: $0, capitals: capitals))
        }
        var generator = SplitMix64(seed: 0x524F_4D41_4A41)
        var failures: [String] = []
        for round in 0..<2_000 {
            let length = Int(generator.next() % 4) + 2
            let word = (0..<length).map { _ in Self.syllables[Int(generator.next() % UInt64(Self.syllables.count))] }
            let expected = String(String.UnicodeScalarView(word))
            guard let letters = spellers[round % 2].keys(for: expected) else {
                failures.append("\(expected): no letters")
                continue
            }
            let text = Typist.text(letters, layout: layout)
            if Array(text.unicodeScalars) != word { failures.append("\(expected) from \(letters): \(text)") }
        }
        #expect(failures.prefix(5) == [], "\(failures.count) words fail")
    }

    /// Without the capitals, the same letters read differently: the transliteration depends on them.
    @Test func withoutTheCapitalsRomanizedSyllablesRegroup() throws {
        let layout = try #require(Layout.named("ro"))
        let word = KeySpeller(layout: layout, romaja: RomajaWriting(letters: .romanized, capitals: .everySyllable))
        let alternateWord = KeySpeller(
            layout: layout, romaja: RomajaWriting(letters: .romanizedAlternate, capitals: .everySyllable))
        #expect(word.keys(for: "한국") == "HanGug")
        #expect(Typist.text("HanGug", layout: layout) == "한국")
        #expect(Typist.text("hangug", layout: layout) == "항욱")
        #expect(alternateWord.keys(for: "장닭") == "XangDalg")
        #expect(word.keys(for: "몫") == "Mox")
        #expect(alternateWord.keys(for: "몫") == "Mogs")
    }
}
