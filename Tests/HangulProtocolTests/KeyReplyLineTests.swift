import HangulCore
import HangulCoreTesting
import HangulKeys
import PropertyBased
import Testing

@testable import HangulProtocol

/// A `key` reply written in one piece (`Reply.write(id:key:page:options:to:)`) is byte for byte the
/// reply written member by member, for every result, the ones that take the member-by-member path
/// included.
@Suite struct KeyReplyLineTests {
    /// The member-by-member reply, through the generic writer every other result takes.
    private func memberByMember(id: RequestID, _ result: KeyStateResult) -> String {
        String(decoding: Reply.line(id: id, result: result), as: UTF8.self)
    }

    private func onePiece(id: RequestID, _ result: KeyStateResult) -> String {
        var writer = JSONWriter(capacity: 4)
        Reply.write(id: id, key: result.result, page: result.page, options: result.options, to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func aTypingReplyIsWrittenExactly() {
        let result = KeyResult(
            handled: true, commit: ScalarSamples.text([0xAC00]), preedit: ScalarSamples.text([0x3131]), mode: .hangul)
        #expect(
            onePiece(id: .integer(42), KeyStateResult(result, page: nil))
                == #"{"id":42,"result":{"handled":true,"commit":"가","preedit":"ㄱ","mode":"hangul"}}"# + "\n")
        let unhandled = KeyResult(handled: false, preedit: ComposedText(), mode: .latin)
        #expect(
            onePiece(id: .integer(-9_223_372_036_854_775_808), KeyStateResult(unhandled, page: nil))
                == #"{"id":-9223372036854775808,"result":{"handled":false,"commit":"","preedit":"","mode":"latin"}}"#
                + "\n")
    }

    @Test(arguments: InputMode.allCases)
    func eachModeEndsTheLineAsTheGeneralWriterDoes(mode: InputMode) {
        let result = KeyStateResult(
            KeyResult(handled: true, preedit: ScalarSamples.text([0x3131]), mode: mode), page: nil)
        #expect(onePiece(id: .integer(7), result) == memberByMember(id: .integer(7), result))
        #expect(onePiece(id: .integer(7), result).hasSuffix(#""mode":"\#(mode.rawValue)"}}"# + "\n"))
    }

    @Test func escapesAndValuesThatAreNotScalarsAreWrittenAsTheWriterWritesThem() {
        let result = KeyResult(
            handled: true, commit: ScalarSamples.text([0x22, 0x5C, 0x0A, 0x01, 0x1F, 0x7F]),
            preedit: ScalarSamples.text([0xD800, 0x1F600, 0x110000, 0x2F]), mode: .hangul)
        let line = onePiece(id: .integer(0), KeyStateResult(result, page: nil))
        #expect(
            line
                == #"{"id":0,"result":{"handled":true,"commit":"\"\\\n\u0001\u001f"#
                + "\u{7F}" + #"","preedit":"😀/","mode":"hangul"}}"# + "\n")
        #expect(line == memberByMember(id: .integer(0), KeyStateResult(result, page: nil)))
    }

    @Test func bothPathsAgreeOnRandomResults() async {
        let scalar = Gen.int(in: 0...(ScalarSamples.values.count - 1)).map { ScalarSamples.values[$0] }
        await propertyCheck(
            count: 2000, input: Gen.int(in: -3...3), scalar.array(of: 0...8), scalar.array(of: 0...8),
            Gen.int(in: 0...5), Gen.bool
        ) { idKind, commit, preedit, extra, handled in
            let id: RequestID =
                switch idKind {
                case -3: .integer(.min)
                case -2: .integer(-17)
                case -1: .string("a\"b")
                case 0: .integer(0)
                case 1: .integer(9)
                case 2: .integer(.max)
                default: .integer(1_234_567)
                }
            var result = KeyResult(
                handled: handled, commit: ScalarSamples.text(commit), preedit: ScalarSamples.text(preedit),
                mode: extra == 1 ? .latin : .hangul)
            var options: SessionOptions?
            switch extra {
            case 2: result.candidates = .closed
            case 3: result.deleteBefore = 2
            case 4: result.converted = "漢"
            case 5: options = SessionOptions()
            default: break
            }
            let state = KeyStateResult(result, page: nil, options: options)
            #expect(onePiece(id: id, state) == memberByMember(id: id, state))
        }
    }

    /// Word-commit mode's text, whose finished syllables live apart from the syllable being
    /// composed, is written whole.
    @Test func aWordIsWrittenWhole() {
        var word = WordComposer(layout: .dubeolsik, unit: .word)
        var output = WordComposer.Output(consumed: false)
        for character in "gksrnrdj".utf8 {
            guard let position = KeyPosition(ascii: character) else { continue }
            output = word.process(position)
        }
        let result = KeyResult(handled: true, commit: output.commit, preedit: output.preedit, mode: .hangul)
        let line = onePiece(id: .integer(3), KeyStateResult(result, page: nil))
        #expect(line == #"{"id":3,"result":{"handled":true,"commit":"","preedit":"한국어","mode":"hangul"}}"# + "\n")
        #expect(line == memberByMember(id: .integer(3), KeyStateResult(result, page: nil)))
    }
}
