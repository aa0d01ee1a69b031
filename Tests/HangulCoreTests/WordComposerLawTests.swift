import HangulCoreTesting
import PropertyBased
import Testing

@testable import HangulCore

/// Laws of word-commit mode on every built-in layout, under every option combination: it is
/// syllable mode with the commits held back until the word ends, and BackSpace can take the whole
/// word apart again.
@Suite struct WordComposerLawTests {
    static let layoutIDs = Layout.builtIn.map(\.id)
    static let streams = Gen.int(in: 0...999_999).array(of: 0...40)
    static let optionBits = Gen.int(in: 0...31)

    static func layout(_ id: String) -> Layout {
        guard let layout = Layout.named(id) else { preconditionFailure("built-in layout \(id) not found by its id") }
        return layout
    }

    /// Applies a stroke in word mode as a frontend would (the space bar flushes, then passes).
    static func apply(_ stroke: Stroke, to word: inout WordComposer) -> WordComposer.Output {
        switch stroke {
        case .key(let position): return word.process(position)
        case .space: return WordComposer.Output(consumed: false, commit: word.flush(), preedit: word.preedit)
        case .backspace: return word.backspace()
        case .flush: return WordComposer.Output(consumed: true, commit: word.flush(), preedit: word.preedit)
        case .reset:
            word.reset()
            return WordComposer.Output(consumed: true)
        }
    }

    /// Whether a stroke ends the word in syllable mode's terms: anything but a Hangul key the
    /// composer consumed, or BackSpace inside the syllable.
    static func endsWord(_ stroke: Stroke, _ output: Composer.Output, on layout: Layout) -> Bool {
        switch stroke {
        case .key(let position):
            switch layout.action(at: position) {
            case .jamo, .dual: return !output.consumed
            case .symbol, .none: return true
            }
        case .backspace: return false
        case .space, .flush, .reset: return true
        }
    }

    /// After every stroke, word mode shows as preedit what syllable mode committed since the word
    /// began followed by its preedit, commits exactly that when the word ends, and consumes the same
    /// keys; at the end both have typed the same text. BackSpace is only pressed while syllable
    /// mode has a syllable to edit, where both modes must do the same.
    @Test(arguments: layoutIDs)
    func wordModeIsSyllableModeWithTheCommitsHeldBack(layoutID: String) async {
        let layout = Self.layout(layoutID)
        await propertyCheck(count: 300, input: Self.streams, Self.optionBits) { values, bits in
            let options = ComposerOptions(bits: bits)
            var syllables = Composer(layout: layout, options: options)
            var word = WordComposer(layout: layout, options: options)
            var heldBack: [UInt32] = []
            var syllableText: [UInt32] = []
            var wordText: [UInt32] = []
            for value in values {
                let stroke = Stroke.decode(value, on: layout, withFlushAndReset: true)
                if stroke == .backspace, syllables.isEmpty { continue }
                if stroke == .reset {
                    syllableText.removeLast(heldBack.count)  // the word reset drops had not been committed
                    heldBack = []
                }
                let expected = stroke.apply(to: &syllables)
                let output = Self.apply(stroke, to: &word)
                #expect(output.consumed == expected.consumed, "at \(stroke)")
                syllableText += expected.commit.scalars
                wordText += output.commit.scalars
                heldBack += expected.commit.scalars
                if Self.endsWord(stroke, expected, on: layout) {
                    #expect(output.commit.scalars == heldBack, "commit at \(stroke)")
                    heldBack = []
                } else {
                    #expect(output.commit.isEmpty, "commit at \(stroke)")
                }
                #expect(output.preedit.scalars == heldBack + syllables.preedit.scalars, "preedit at \(stroke)")
                #expect(output.preedit == word.preedit)
            }
            syllableText += syllables.flush().scalars
            wordText += word.flush().scalars
            #expect(wordText == syllableText)
            #expect(word.isEmpty)
        }
    }

    /// BackSpace takes a word apart keystroke by keystroke, never committing, at most once per key
    /// typed, until nothing is left and the next BackSpace goes to the application; every syllable
    /// the composer finished could be handed back to it (none had to go whole).
    @Test(arguments: layoutIDs)
    func backspacingTheWholeWordReturnsToEmpty(layoutID: String) async {
        let layout = Self.layout(layoutID)
        let hangulKeys = Stroke.hangulKeyPositions(of: layout)
        await propertyCheck(count: 300, input: Self.streams, Self.optionBits) { values, bits in
            var word = WordComposer(layout: layout, options: ComposerOptions(bits: bits))
            var typed = 0
            for value in values {
                let output = word.process(hangulKeys[value % hangulKeys.count])
                typed += 1
                if !output.commit.isEmpty { typed = 0 }
            }
            #expect(word.finished.allSatisfy { $0.chain != nil }, "a syllable of \(word.preedit) cannot be taken back")
            var erased = 0
            while erased <= typed {
                let output = word.backspace()
                guard output.consumed else { break }
                #expect(output.commit.isEmpty)
                erased += 1
            }
            #expect(erased <= typed)
            #expect(word.isEmpty)
            #expect(word.preedit.isEmpty)
            #expect(!word.backspace().consumed)
        }
    }

    /// Every commit is whole syllables of jamo the layout can type (plus a symbol key's own symbol),
    /// and every preedit is whole syllables, also while BackSpace reaches back into the word.
    @Test(arguments: layoutIDs)
    func outputIsAlwaysValidHangul(layoutID: String) async {
        let layout = Self.layout(layoutID)
        let validator = OutputValidator(layout: layout)
        await propertyCheck(count: 300, input: Self.streams, Self.optionBits) { values, bits in
            var word = WordComposer(layout: layout, options: ComposerOptions(bits: bits))
            for value in values {
                let stroke = Stroke.decode(value, on: layout, withFlushAndReset: true)
                let output = Self.apply(stroke, to: &word)
                #expect(validator.problem(inCommit: output.commit.scalars, after: stroke) == nil, "at \(stroke)")
                #expect(validator.problem(inCommit: word.preedit.scalars, after: .flush) == nil, "at \(stroke)")
            }
            #expect(validator.problem(inCommit: word.flush().scalars, after: .flush) == nil)
        }
    }

    @Test(arguments: layoutIDs)
    func flushIsIdempotent(layoutID: String) async {
        let layout = Self.layout(layoutID)
        await propertyCheck(count: 200, input: Self.streams, Self.optionBits) { values, bits in
            var word = WordComposer(layout: layout, options: ComposerOptions(bits: bits))
            for value in values { _ = Self.apply(Stroke.decode(value, on: layout), to: &word) }
            let preedit = word.preedit.scalars
            #expect(word.flush().scalars == preedit)
            #expect(word.flush().isEmpty)
            #expect(word.isEmpty)
        }
    }
}

/// The memory figures the type's documentation gives, so the documentation cannot drift.
@Suite struct WordComposerCostTests {
    @Test func aFinishedSyllableTakesAbout210Bytes() {
        #expect(MemoryLayout<WordComposer.FinishedSyllable>.stride == 208)
        #expect(MemoryLayout<Composer>.stride == 184)
        #expect(MemoryLayout<WordComposer>.stride == 200)
    }
}
