import HangulCore
import PropertyBased
import Testing

/// Laws every key stream obeys, checked on random streams and exhaustively where that is cheap.
@Suite struct ComposerLawTests {
    /// Dubeolsik letters in both cases plus a few keys that are not Hangul on it.
    static let keys: [Character] = Array("abcdefghijklmnopqrstuvwxyzQWERTOPABCDHJKLMNSUVXYZ1;, ")
    static let keyStreams = Gen.int(in: 0...(keys.count - 1)).array(of: 0...40).map { String($0.map { keys[$0] }) }

    static let optionSets: [ComposerOptions] = {
        var all: [ComposerOptions] = []
        for bits in 0..<16 {
            var options = ComposerOptions()
            options.autoReorder = bits & 1 != 0
            options.combiOnDoubleStroke = bits & 2 != 0
            options.nonChoseongCombi = bits & 4 != 0
            options.extendedVowels = bits & 8 != 0
            all.append(options)
        }
        return all
    }()

    /// Backspace walks back through the preedits the keys showed since the last commit, one
    /// keystroke at a time, and ends on an empty preedit it no longer consumes.
    @Test func backspacingEveryKeystrokeReturnsToAnEmptyPreedit() async {
        await propertyCheck(count: 500, input: Self.keyStreams, Gen.int(in: 0...15)) { keys, optionBits in
            var composer = Composer(options: Self.optionSets[optionBits])
            var shown: [String] = []
            for key in keys {
                guard let scalar = key.unicodeScalars.first, let position = KeyPosition(scalar) else {
                    _ = composer.flush()
                    shown = []
                    continue
                }
                let output = composer.process(position)
                if !output.commit.isEmpty || !output.consumed { shown = [] }
                if output.consumed { shown.append(composer.preedit.string) }
            }
            var erased: [String] = []
            for _ in 0...keys.count {
                guard composer.backspace().consumed else { break }
                erased.append(composer.preedit.string)
            }
            #expect(erased.count <= keys.count)
            #expect(composer.preedit.isEmpty)
            #expect(!composer.backspace().consumed)
            // A vowel that took a final started the syllable with that consonant, a state never
            // shown on its own; it may follow the retraced preedits before the end.
            let retraced = Array(shown.reversed().dropFirst())
            #expect(Array(erased.prefix(retraced.count)) == retraced, "keys \(keys)")
        }
    }

    @Test func flushIsIdempotent() async {
        await propertyCheck(count: 500, input: Self.keyStreams, Gen.int(in: 0...15)) { keys, optionBits in
            var composer = Composer(options: Self.optionSets[optionBits])
            for key in keys {
                if let scalar = key.unicodeScalars.first, let position = KeyPosition(scalar) {
                    _ = composer.process(position)
                }
            }
            let preedit = composer.preedit
            #expect(composer.flush() == preedit)
            #expect(composer.flush().isEmpty)
            #expect(composer.preedit.isEmpty)
        }
    }

    @Test func outputIsPrecomposedHangulCompatibilityJamoOrTheKeysOwnCharacter() async {
        await propertyCheck(count: 500, input: Self.keyStreams, Gen.int(in: 0...15)) { keys, optionBits in
            let text = Typist.text(keys, options: Self.optionSets[optionBits])
            for scalar in text.unicodeScalars {
                let isSyllable = Syllable.isPrecomposed(scalar.value)
                let isCompatibilityJamo = (0x3131...0x3163).contains(scalar.value)
                let isKey = Self.keys.contains(Character(scalar))
                #expect(isSyllable || isCompatibilityJamo || isKey, "unexpected U+\(String(scalar.value, radix: 16))")
            }
        }
    }

    @Test func typingTheKeysOfEverySyllableGivesItBack() {
        var failures: [String] = []
        for value in Syllable.first...Syllable.last {
            guard let syllable = Unicode.Scalar(value) else { continue }
            let keys = DubeolsikSpelling.keys(for: syllable)
            let text = Typist.text(keys)
            if text != String(syllable) { failures.append("\(keys) → \(text), expected \(syllable)") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    @Test func typingTheKeysOfRandomSyllableStringsGivesThemBack() async {
        let syllables = Gen.int(in: 0...(Syllable.count - 1)).array(of: 1...20)
        await propertyCheck(count: 1_000, input: syllables) { indices in
            let text = String(
                String.UnicodeScalarView(indices.compactMap { Unicode.Scalar(Syllable.first + UInt32($0)) }))
            let keys = text.unicodeScalars.map { DubeolsikSpelling.keys(for: $0) }.joined()
            #expect(Typist.text(keys) == text, "keys \(keys)")
        }
    }
}
