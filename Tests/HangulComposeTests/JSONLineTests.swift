import HangulCore
import HangulCoreTesting
import HangulKeys
import HangulProtocol
import PropertyBased
import Testing

@testable import HangulCompose

/// `--json` writes each key's line through a cursor into room it made ahead (`StepPrinter`); the
/// line is byte for byte what the general JSON writer writes member by member, for every kind of
/// text (syllable mode's, a word, a conversion's string), escapes and values that are not scalars
/// included, and for batches that outgrow the room first made.
@Suite struct JSONLineTests {
    /// The line as the general writer writes it.
    private static func expected(_ key: [UInt8], handled: Bool, commit: String, preedit: String) -> [UInt8] {
        var writer = JSONWriter()
        writer.raw(#"{"key":"#)
        key.withUnsafeBufferPointer { writer.string(utf8: $0) }
        writer.raw(#","commit":"#)
        writer.string(commit)
        writer.raw(#","preedit":"#)
        writer.string(preedit)
        writer.raw(handled ? #","handled":true}"# : #","handled":false}"#)
        writer.raw("\n")
        return writer.bytes
    }

    /// What a printer in `--json` format writes for `steps`, in one batch.
    private static func printed<Text: EngineText>(_ steps: [(KeyPress, Bool, Text, Text)]) throws -> [UInt8] {
        var written: [UInt8] = []
        let output = OutputBuffer { written.append(contentsOf: $0) }
        var printer = StepPrinter(format: .json, output: output)
        for (key, handled, commit, preedit) in steps {
            try printer.take(key, handled: handled, commit: commit, preedit: preedit)
        }
        printer.endBatch()
        try output.drain()
        return written
    }

    private static let keys: [KeyPress] = [
        KeyPress(keysym: Keysym(rawValue: 0x72)), KeyPress(keysym: Keysym(rawValue: 0x52), modifiers: .shift),
        KeyPress(keysym: Keysym(rawValue: 0x22)), KeyPress(keysym: Keysym(rawValue: 0x5C)),
        KeyPress(keysym: Keysym(rawValue: 0xFF08)), KeyPress(keysym: Keysym(rawValue: 0x61), modifiers: .control),
    ]

    @Test func syllableModeLinesAreWhatTheGeneralWriterWrites() async {
        let scalar = Gen.int(in: 0...(ScalarSamples.values.count - 1)).map { ScalarSamples.values[$0] }
        await propertyCheck(
            count: 500, input: Gen.int(in: 0...(Self.keys.count - 1)), scalar.array(of: 0...8),
            scalar.array(of: 0...8), Gen.bool
        ) { keyIndex, commit, preedit, handled in
            let key = Self.keys[keyIndex]
            let (commitText, preeditText) = (ScalarSamples.text(commit), ScalarSamples.text(preedit))
            var notations = KeyNotations()
            let line = Self.expected(
                notations.notation(of: key), handled: handled, commit: commitText.string, preedit: preeditText.string)
            #expect((try? Self.printed([(key, handled, commitText, preeditText)])) == line)
        }
    }

    @Test func wordsAndStringsAreWrittenAsTheGeneralWriterWritesThem() throws {
        var notations = KeyNotations()
        let key = Self.keys[0]
        let word = "안녕하세요\"\\\n\u{1F600}"
        let line = Self.expected(notations.notation(of: key), handled: true, commit: word, preedit: "가")
        #expect(try Self.printed([(key, true, word, "가")]) == line)
        var composer = WordComposer(layout: .dubeolsik, unit: .word)
        var lastPreedit = WordText()
        for character in "dkssudgktpdy".utf8 {
            lastPreedit = composer.process(KeyPosition(ascii: character)!).preedit
        }
        #expect(lastPreedit.hasFinishedSyllables)
        let wordLine = Self.expected(
            notations.notation(of: key), handled: true, commit: "", preedit: lastPreedit.string)
        #expect(try Self.printed([(key, true, WordText(), lastPreedit)]) == wordLine)
    }

    @Test func aBatchLargerThanTheFirstRoomKeepsEveryLineInOrder() throws {
        var steps: [(KeyPress, Bool, ComposedText, ComposedText)] = []
        var expected: [UInt8] = []
        var notations = KeyNotations()
        for index in 0..<5_000 {
            let key = Self.keys[index % Self.keys.count]
            let commit = ScalarSamples.text(index % 3 == 0 ? [0xAC00 + UInt32(index % 11_172)] : [])
            let preedit = ScalarSamples.text([0x3131 + UInt32(index % 30), 0x22])
            steps.append((key, index % 2 == 0, commit, preedit))
            expected += Self.expected(
                notations.notation(of: key), handled: index % 2 == 0, commit: commit.string, preedit: preedit.string)
        }
        let printed = try Self.printed(steps)
        #expect(printed.count > 1 << 16)
        #expect(printed == expected)
    }
}
