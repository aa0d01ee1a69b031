import HangulCore
import HangulProtocol
import PropertyBased
import Testing

@Suite struct JSONWriterTests {
    @Test func stringsEscapeOnlyQuoteBackslashAndControls() {
        let value = JSONValue.string("\"\\/\u{8}\u{9}\u{A}\u{C}\u{D}\u{0}\u{1F}\u{7F}é가😀\u{2028}")
        #expect(value.serializedText == #""\"\\/\b\t\n\f\r\u0000\u001f"# + "\u{7F}é가😀\u{2028}\"")
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
