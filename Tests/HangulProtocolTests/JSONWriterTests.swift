import HangulCoreTesting
import PropertyBased
import Testing

@testable import HangulCore
@testable import HangulProtocol

@Suite struct JSONWriterTests {
    @Test func stringsEscapeOnlyQuoteBackslashAndControls() {
        let value = JSONValue.string("\"\\/\u{8}\u{9}\u{A}\u{C}\u{D}\u{0}\u{1F}\u{7F}é가😀\u{2028}")
        #expect(value.serializedText == #""\"\\/\b\t\n\f\r\u0000\u001f"# + "\u{7F}é가😀\u{2028}\"")
    }

    private static func written(_ write: (inout JSONWriter) -> Void) -> [UInt8] {
        var writer = JSONWriter()
        write(&writer)
        return writer.bytes
    }

    /// Composed text and words are encoded from their scalar values by the writer's own UTF-8
    /// encoder (which the `key` reply and `hangul-compose --json` share); Swift's `String` is the
    /// oracle: a value that is not a scalar is left out, as ``ComposedText/string`` leaves it out.
    @Test func composedTextAndWordsAreWrittenAsTheirStrings() async {
        let scalar = Gen.int(in: 0...(ScalarSamples.values.count - 1)).map { ScalarSamples.values[$0] }
        await propertyCheck(
            count: 1000, input: scalar.array(of: 0...8), scalar.array(of: 0...8), scalar.array(of: 0...8)
        ) {
            first, second, rest in
            let syllable = ScalarSamples.text(rest)
            #expect(Self.written { $0.string(syllable) } == Self.written { $0.string(syllable.string) })
            let finished = [first, second].map {
                WordComposer.FinishedSyllable(text: ScalarSamples.text($0), chain: nil)
            }
            let word = WordText(finished: finished[...], rest: syllable)
            #expect(word.hasFinishedSyllables)
            #expect(Self.written { $0.string(word) } == Self.written { $0.string(word.string) })
        }
    }

    /// A word longer than the writer writes on the stack (``JSONWriter/stackFragmentLimit``) takes
    /// the path that grows the array in place, and is written the same, after text already written.
    @Test func aWordLongerThanAStackFragmentIsWrittenAsItsString() async {
        let scalar = Gen.int(in: 0...(ScalarSamples.values.count - 1)).map { ScalarSamples.values[$0] }
        await propertyCheck(count: 50, input: scalar.array(of: 1...3).array(of: 200...400)) { syllables in
            let finished = syllables.map { WordComposer.FinishedSyllable(text: ScalarSamples.text($0), chain: nil) }
            let word = WordText(finished: finished[...], rest: ScalarSamples.text([]))
            let expected = Self.written {
                $0.string("before")
                $0.string(word.string)
            }
            #expect(expected.count > JSONWriter.stackFragmentLimit + 10)
            #expect(
                Self.written {
                    $0.string("before")
                    $0.string(word)
                } == expected)
        }
    }

    @Test func integersAreWrittenInPlainDecimal() {
        #expect(JSONValue.integer(0).serializedText == "0")
        #expect(JSONValue.integer(-7).serializedText == "-7")
        #expect(JSONValue.integer(1_000_000).serializedText == "1000000")
        #expect(JSONValue.integer(.max).serializedText == "9223372036854775807")
        #expect(JSONValue.integer(.min).serializedText == "-9223372036854775808")
    }

    @Test func containersAreCompactAndKeepMemberOrder() {
        let value = JSONValue.object([
            (key: "z", value: .array([.null, .bool(true), .bool(false), .number("1.5e3")])),
            (key: "a", value: .object([])), (key: "z", value: .string("")),
        ])
        #expect(value.serializedText == #"{"z":[null,true,false,1.5e3],"a":{},"z":""}"#)
    }

    @Test func writtenValuesParseBackToThemselves() async {
        await propertyCheck(count: 500, input: JSONValueGenerator.values) { value in
            let bytes = value.serialized
            #expect(!bytes.contains(0x0A), "a serialized value must fit on one line")
            let reparsed = try JSONParser.parse(bytes)
            #expect(reparsed == value)
            #expect(reparsed.serialized == bytes)
        }
    }

    @Test func theParserNeverTrapsOnArbitraryBytes() async {
        let alphabet: [UInt8] =
            Array(#"{}[]",:-+.0123456789eEtrufalsn\ u"#.utf8) + [0x00, 0x0A, 0x80, 0xC3, 0xED, 0xFF]
        let bytes = Gen<UInt8?>.element(of: alphabet).compactMap { $0 }.array(of: 0...40)
        await propertyCheck(count: 2000, input: bytes) { input in
            // Reaching the end is the property; the result may be a value or an error.
            _ = try? JSONParser.parse(input)
            _ = Request.parse(line: input, layouts: .builtIn)
        }
    }
}
