import HangulCore
import HangulCoreTesting
import PropertyBased
import Testing

/// Laws every stroke stream obeys on every built-in layout, under every option combination.
@Suite struct ComposerLawTests {
    static let layoutIDs = Layout.builtIn.map(\.id)
    /// Random numbers that ``Stroke/decode(_:on:withFlushAndReset:)`` reads as strokes on a layout.
    static let streams = Gen.int(in: 0...999_999).array(of: 0...40)
    /// All 32 combinations of the four switches and the output form.
    static let optionBits = Gen.int(in: 0...31)

    static func layout(_ id: String) -> Layout {
        guard let layout = Layout.named(id) else { preconditionFailure("built-in layout \(id) not found by its id") }
        return layout
    }

    /// Backspace walks back through the preedits the keys showed since the last commit, one
    /// keystroke at a time, and ends on an empty preedit it no longer consumes.
    @Test(arguments: layoutIDs)
    func backspacingEveryKeystrokeReturnsToAnEmptyPreedit(layoutID: String) async {
        let layout = Self.layout(layoutID)
        await propertyCheck(count: 300, input: Self.streams, Self.optionBits) { values, bits in
            let strokes = values.map { Stroke.decode($0, on: layout) }.filter { $0 != .backspace }
            var composer = Composer(layout: layout, options: ComposerOptions(bits: bits))
            var shown: [String] = []
            for stroke in strokes {
                let output = stroke.apply(to: &composer)
                if !output.commit.isEmpty || !output.consumed { shown = [] }
                if output.consumed { shown.append(composer.preedit.string) }
            }
            var erased: [String] = []
            for _ in 0...strokes.count {
                guard composer.backspace().consumed else { break }
                erased.append(composer.preedit.string)
            }
            #expect(erased.count <= strokes.count)
            #expect(composer.preedit.isEmpty)
            #expect(composer.isEmpty)
            #expect(!composer.backspace().consumed)
            // A two-set vowel that took a final started the syllable with that consonant, a state never
            // shown on its own; it may follow the retraced preedits before the end. Two initials that
            // merged into a final cluster (ㄹ+ㅁ → ㄻ) leave the first as a final, which conjoining jamo
            // show differently from the initial typed (as libhangul does); syllables show both as ㄹ.
            let retraced = Array(shown.reversed().dropFirst())
            if composer.options.output == .syllables {
                #expect(Array(erased.prefix(retraced.count)) == retraced, "strokes \(strokes)")
            }
        }
    }

    @Test(arguments: layoutIDs)
    func flushIsIdempotent(layoutID: String) async {
        let layout = Self.layout(layoutID)
        await propertyCheck(count: 300, input: Self.streams, Self.optionBits) { values, bits in
            var composer = Composer(layout: layout, options: ComposerOptions(bits: bits))
            for value in values { _ = Stroke.decode(value, on: layout).apply(to: &composer) }
            let preedit = composer.preedit
            #expect(composer.flush() == preedit)
            #expect(composer.flush().isEmpty)
            #expect(composer.preedit.isEmpty)
            #expect(composer.isEmpty)
        }
    }

    /// After a reset the composer shows nothing, commits nothing on a flush, and types the next
    /// strokes exactly as a fresh composer does.
    @Test(arguments: layoutIDs)
    func resetDropsThePreeditAndForgetsIt(layoutID: String) async {
        let layout = Self.layout(layoutID)
        await propertyCheck(count: 300, input: Self.streams, Self.streams, Self.optionBits) { before, after, bits in
            let options = ComposerOptions(bits: bits)
            var composer = Composer(layout: layout, options: options)
            for value in before { _ = Stroke.decode(value, on: layout).apply(to: &composer) }
            composer.reset()
            #expect(composer.preedit.isEmpty)
            #expect(composer.isEmpty)
            var fresh = Composer(layout: layout, options: options)
            for value in after {
                let stroke = Stroke.decode(value, on: layout)
                let afterReset = stroke.apply(to: &composer)
                let fromFresh = stroke.apply(to: &fresh)
                #expect(afterReset == fromFresh, "after reset: \(stroke)")
            }
            #expect(composer.flush() == fresh.flush())
        }
    }

    /// Every commit is whole syllables of jamo the layout can type (plus a symbol key's own symbol),
    /// every preedit one syllable at most, and each step's output reports the composer's preedit.
    @Test(arguments: layoutIDs)
    func outputIsPrecomposedHangulTheLayoutsJamoOrTheKeysOwnSymbol(layoutID: String) async {
        let layout = Self.layout(layoutID)
        let validator = OutputValidator(layout: layout)
        await propertyCheck(count: 300, input: Self.streams, Self.optionBits) { values, bits in
            var composer = Composer(layout: layout, options: ComposerOptions(bits: bits))
            for value in values {
                let stroke = Stroke.decode(value, on: layout, withFlushAndReset: true)
                let output = stroke.apply(to: &composer)
                #expect(validator.problem(inCommit: output.commit.scalars, after: stroke) == nil, "at \(stroke)")
                #expect(validator.problem(inPreedit: composer.preedit.scalars) == nil, "at \(stroke)")
                if stroke != .flush, stroke != .reset { #expect(output.preedit == composer.preedit, "at \(stroke)") }
            }
            #expect(validator.problem(inCommit: composer.flush().scalars, after: .flush) == nil)
        }
    }

    @Test(arguments: layoutIDs)
    func typingTheKeysOfEverySyllableGivesItBack(layoutID: String) {
        let layout = Self.layout(layoutID)
        let speller = KeySpeller(layout: layout)
        var failures: [String] = []
        for value in Syllable.first...Syllable.last {
            guard let syllable = Unicode.Scalar(value) else { continue }
            guard let keys = speller.keys(for: syllable) else {
                failures.append("\(syllable): no spelling")
                continue
            }
            let text = Typist.text(spelled: keys, layout: layout)
            if text != String(syllable) { failures.append("\(keys) → \(text), expected \(syllable)") }
        }
        #expect(failures.isEmpty, "\(failures.count) syllables: \(failures.prefix(10))")
    }

    /// Random runs of syllables and spaces, typed under random options (the spelling knows which
    /// pairs the options allow), come back unchanged.
    @Test(arguments: layoutIDs)
    func typingTheKeysOfRandomSyllableTextGivesItBack(layoutID: String) async {
        let layout = Self.layout(layoutID)
        let characters = Gen.int(in: 0...(Syllable.count + Syllable.count / 8)).array(of: 1...24)
        await propertyCheck(count: 300, input: characters, Gen.int(in: 0...15)) { indices, bits in
            let scalars = indices.map { $0 < Syllable.count ? Unicode.Scalar(Syllable.first + UInt32($0)) : " " }
            let text = String(String.UnicodeScalarView(scalars.compactMap { $0 }))
            let options = ComposerOptions(bits: bits)
            guard let keys = KeySpeller(layout: layout, options: options).keys(for: text) else {
                Issue.record("no spelling for \(text)")
                return
            }
            #expect(Typist.text(spelled: keys, layout: layout, options: options) == text, "keys \(keys)")
        }
    }

    static let oldHangulLayoutIDs = Layout.builtIn.filter(\.typesOldHangul).map(\.id)

    /// Old-Hangul syllables (any initial, medial and optional final the layout can type, written as
    /// conjoining jamo unless all three are modern) typed one at a time come back; on direct layouts,
    /// where a key names its slot, whole runs of them do.
    @Test(arguments: oldHangulLayoutIDs)
    func typingOldHangulSyllablesGivesThemBack(layoutID: String) async {
        let layout = Self.layout(layoutID)
        let speller = KeySpeller(layout: layout)
        let initials = speller.reachableJamo(in: .choseong)
        let medials = speller.reachableJamo(in: .jungseong)
        let finals = speller.reachableJamo(in: .jongseong)
        let run = Gen.int(in: 0...Int(Int32.max)).array(of: 1...(layout.kind == .jaso ? 6 : 1))
        await propertyCheck(count: 500, input: run) { values in
            var text = String.UnicodeScalarView()
            for value in values {
                let initial = value % initials.count
                let medial = (value / initials.count) % medials.count
                let final = (value / initials.count / medials.count) % (finals.count + 1) - 1
                let jongseong = final < 0 ? nil : finals[final]
                if let precomposed = Syllable.compose(
                    choseong: initials[initial], jungseong: medials[medial], jongseong: jongseong)
                {
                    text.append(precomposed)
                } else {
                    for jamo in [initials[initial], medials[medial]] + (jongseong.map { [$0] } ?? []) {
                        if let scalar = Unicode.Scalar(jamo.rawValue) { text.append(scalar) }
                    }
                }
            }
            let expected = String(text)
            guard let keys = speller.keys(for: expected) else {
                Issue.record("no spelling for \(expected.unicodeScalars.map { String($0.value, radix: 16) })")
                return
            }
            let typed = Typist.text(spelled: keys, layout: layout)
            #expect(
                typed.unicodeScalars.elementsEqual(expected.unicodeScalars),
                "keys \(keys): \(typed.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
