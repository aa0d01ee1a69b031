import HangulCore
import Testing

/// Word-commit mode by example: the word stays in the preedit, BackSpace reaches back into it.
@Suite struct WordComposerTests {
    /// Types US-QWERTY keys (`<` is BackSpace, a space flushes as a frontend does for the space
    /// bar) and records each step as `commit|preedit` with `-` for a key that was not consumed.
    static func steps(_ keys: String, layout id: String = "2") -> [String] {
        guard let layout = Layout.named(id) else { preconditionFailure("no built-in layout \(id)") }
        var word = WordComposer(layout: layout)
        return keys.unicodeScalars.map { key in
            let output: WordComposer.Output
            if key == "<" {
                output = word.backspace()
            } else if let position = KeyPosition(key) {
                output = word.process(position)
            } else {
                output = WordComposer.Output(consumed: false, commit: word.flush(), preedit: word.preedit)
            }
            #expect(output.preedit == word.preedit)
            return "\(output.commit)|\(output.preedit)" + (output.consumed ? "" : "-")
        }
    }

    @Test func theWholeWordStaysInThePreeditUntilSpace() {
        #expect(Self.steps("gksrmf dkf") == ["|ㅎ", "|하", "|한", "|한ㄱ", "|한그", "|한글", "한글|-", "|ㅇ", "|아", "|알"])
    }

    @Test func backspaceReachesBackIntoTheWordJamoByJamo() {
        #expect(
            Self.steps("gksrmf<<<<<<<<")
                == ["|ㅎ", "|하", "|한", "|한ㄱ", "|한그", "|한글", "|한그", "|한ㄱ", "|한", "|하", "|ㅎ", "|", "|-", "|-"])
    }

    @Test func typingAfterReachingBackComposesWithTheSyllable() {
        #expect(Self.steps("gksr<<f") == ["|ㅎ", "|하", "|한", "|한ㄱ", "|한", "|하", "|할"])
    }

    @Test func aSyllableWhoseFinalMovedOnComesBackAsItWasFinished() {
        #expect(Self.steps("ekfrk<<<<") == ["|ㄷ", "|다", "|달", "|닭", "|달가", "|달ㄱ", "|달", "|다", "|ㄷ"])
    }

    @Test func aCompoundFinalComesBackOneKeystrokeAtATime() {
        #expect(Self.steps("ekfrdk<<<") == ["|ㄷ", "|다", "|달", "|닭", "|닭ㅇ", "|닭아", "|닭ㅇ", "|닭", "|달"])
    }

    @Test func aKeyTheLayoutLeavesToTheApplicationEndsTheWord() {
        #expect(Self.steps("gksrmf1r") == ["|ㅎ", "|하", "|한", "|한ㄱ", "|한그", "|한글", "한글|-", "|ㄱ"])
    }

    @Test func aSymbolKeyCommitsTheWordThenItsSymbol() {
        #expect(Self.steps("mfskgw)", layout: "3f") == ["|ㅎ", "|하", "|한", "|한ㄱ", "|한그", "|한글", "한글~|"])
    }

    @Test func romajaTakesBackAnImpliedVowelWithItsConsonant() {
        #expect(Self.steps("ks<<", layout: "ro") == ["|ㅋ", "|크ㅅ", "|크", "|"])
    }

    @Test func aWordLongerThanTheBoundIsCommittedInPieces() {
        var word = WordComposer()
        var committed = ""
        for key in String(repeating: "dk", count: WordComposer.maximumSyllables + 2).unicodeScalars {
            guard let position = KeyPosition(key) else { continue }
            committed += word.process(position).commit.string
        }
        #expect(committed == String(repeating: "아", count: WordComposer.maximumSyllables + 1))
        #expect(word.preedit.string == "아")
    }

    @Test func configuringCommitsTheWordFirst() {
        var word = WordComposer()
        for key in "gksrmf".unicodeScalars {
            if let position = KeyPosition(key) { _ = word.process(position) }
        }
        var options = ComposerOptions()
        options.autoReorder = true
        guard let sebeolsik = Layout.named("3f") else { preconditionFailure("no built-in layout 3f") }
        #expect(word.configure(layout: sebeolsik, options: options).string == "한글")
        #expect(word.isEmpty)
        #expect(word.layout.id == "3f")
        #expect(word.options.autoReorder)
    }

    @Test func resetDropsTheWord() {
        var word = WordComposer()
        for key in "gksrm".unicodeScalars {
            if let position = KeyPosition(key) { _ = word.process(position) }
        }
        word.reset()
        #expect(word.isEmpty)
        #expect(word.preedit.isEmpty)
        #expect(word.flush().isEmpty)
        #expect(!word.backspace().consumed)
    }

    /// Types US-QWERTY keys into a word composer.
    static func word(_ keys: String, layout: Layout = .dubeolsik, options: ComposerOptions = ComposerOptions())
        -> WordComposer
    {
        var word = WordComposer(layout: layout, options: options)
        for key in keys.unicodeScalars {
            if let position = KeyPosition(key) { _ = word.process(position) }
        }
        return word
    }

    @Test func removingAPrefixKeepsTheRestComposing() {
        var word = Self.word("eogksalsrnr")
        #expect(word.removePrefix(scalars: 2).isEmpty)
        #expect(word.preedit.string == "민국")
        #expect(word.backspace().preedit.string == "민구")
        #expect(word.backspace().preedit.string == "민ㄱ")
        #expect(word.backspace().preedit.string == "민")
        #expect(word.backspace().preedit.string == "미")
    }

    @Test func removingTheWholeWordEmptiesIt() {
        var word = Self.word("eogks")
        #expect(word.removePrefix(scalars: 2).isEmpty)
        #expect(word.isEmpty)
        #expect(!word.backspace().consumed)
    }

    @Test func removingPartOfASyllableReturnsTheRestOfIt() {
        var options = ComposerOptions()
        options.output = .jamo
        var word = Self.word("gksrmf", options: options)
        #expect(word.preedit.count == 6)
        #expect(word.removePrefix(scalars: 2).scalars == [0x11AB])
        #expect(word.preedit.scalars == [0x1100, 0x1173, 0x11AF])
    }

    @Test func aCutInsideTheComposedSyllableReturnsItsRest() {
        var options = ComposerOptions()
        options.output = .jamo
        var word = Self.word("gks", options: options)
        #expect(word.removePrefix(scalars: 1).scalars == [0x1161, 0x11AB])
        #expect(word.isEmpty)
    }

    @Test func syllableUnitPassesTheComposerThrough() {
        var word = WordComposer(unit: .syllable)
        var steps: [String] = []
        for key in "gksrmf".unicodeScalars {
            guard let position = KeyPosition(key) else { continue }
            let output = word.process(position)
            steps.append("\(output.commit)|\(output.preedit)")
        }
        #expect(steps == ["|ㅎ", "|하", "|한", "한|ㄱ", "|그", "|글"])
        #expect(word.backspace().preedit.string == "그")
        #expect(word.setUnit(.word).string == "그")
        #expect(word.unit == .word)
        #expect(word.setUnit(.word).isEmpty)
    }

    @Test func wordTextIteratesItsScalarsInOrder() {
        var word = WordComposer()
        for key in "rk".unicodeScalars {
            if let position = KeyPosition(key) { _ = word.process(position) }
        }
        #expect(word.preedit.scalars == [0xAC00])
        #expect(word.preedit.description == "가")
        #expect(WordText().isEmpty)
        #expect(WordText().scalars == [])
    }
}
