import HangulProtocol
import Testing

@Suite struct JSONParserTests {
    private func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    /// The parse error's message, or "parsed" when the input was accepted.
    private func failure(_ bytes: [UInt8], maxDepth: Int = 64, maxBytes: Int = 65535) -> String {
        do {
            _ = try JSONParser.parse(bytes, maxDepth: maxDepth, maxBytes: maxBytes)
            return "parsed"
        } catch {
            return error.description
        }
    }

    private func failure(_ text: String) -> String { failure(Array(text.utf8)) }

    @Test func scalarsParseToTheirCases() throws {
        #expect(try parse("null") == .null)
        #expect(try parse("true") == .bool(true))
        #expect(try parse(" false ") == .bool(false))
        #expect(try parse("0") == .integer(0))
        #expect(try parse("-0") == .integer(0))
        #expect(try parse("42") == .integer(42))
        #expect(try parse("\"\"") == .string(""))
        #expect(try parse("\t\r\n\"a\"\r") == .string("a"))
    }

    @Test func int64BoundsAreIntegersAndOneBeyondIsKeptAsText() throws {
        #expect(try parse("9223372036854775807") == .integer(.max))
        #expect(try parse("-9223372036854775808") == .integer(.min))
        #expect(try parse("9223372036854775808") == .number("9223372036854775808"))
        #expect(try parse("-9223372036854775809") == .number("-9223372036854775809"))
        #expect(try parse("99999999999999999999") == .number("99999999999999999999"))
    }

    @Test func fractionsAndExponentsAreNeverIntegers() throws {
        #expect(try parse("1.0") == .number("1.0"))
        #expect(try parse("1e2") == .number("1e2"))
        #expect(try parse("-0.5E-3") == .number("-0.5E-3"))
        #expect(try parse("1e400") == .number("1e400"))
        #expect(try parse("1E+2") == .number("1E+2"))
    }

    @Test func containersKeepOrderAndDuplicates() throws {
        let value = try parse(#"{"b":1,"a":[true,null,{}],"b":2}"#)
        let expected: JSONValue = .object([
            (key: "b", value: .integer(1)), (key: "a", value: .array([.bool(true), .null, .object([])])),
            (key: "b", value: .integer(2)),
        ])
        #expect(value == expected)
        #expect(value["b"] == .integer(2))
        #expect(value["c"] == nil)
        #expect(try parse("[ ]") == .array([]))
        #expect(try parse("{ }") == .object([]))
    }

    @Test func escapesDecode() throws {
        #expect(try parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{8}\u{C}\n\r\t"))
        #expect(try parse(#""\u0000\u00e9\uAC00""#) == .string("\u{0}é가"))
        #expect(try parse(#""\ud83d\ude00""#) == .string("😀"))
        #expect(try parse(#""a\u0041b""#) == .string("aAb"))
    }

    @Test func rawUTF8IsAcceptedUpToTheLastScalar() throws {
        #expect(try parse("\"안녕 é \u{10FFFF}\"") == .string("안녕 é \u{10FFFF}"))
        #expect(try JSONParser.parse([0x22, 0xF4, 0x8F, 0xBF, 0xBF, 0x22]) == .string("\u{10FFFF}"))
        #expect(try JSONParser.parse([0x22, 0xEF, 0xBF, 0xBF, 0x22]) == .string("\u{FFFF}"))
    }

    @Test(arguments: [
        ("", "invalid JSON at byte 0: the line ends inside a value"),
        ("nul", "invalid JSON at byte 3: the line ends inside a value"),
        ("nulL", "invalid JSON at byte 3: expected null, got 'L'"),
        ("True", "invalid JSON at byte 0: expected a value, got 'T'"),
        ("'a'", "invalid JSON at byte 0: expected a value, got byte 0x27"),
        ("[1,]", "invalid JSON at byte 3: expected a value, got ']'"),
        ("[1 2]", "invalid JSON at byte 3: expected ',' or ']', got '2'"),
        (#"{"a":1,}"#, "invalid JSON at byte 7: expected a member name in double quotes, got '}'"),
        (#"{"a" 1}"#, "invalid JSON at byte 5: expected ':' after a member name, got '1'"),
        (#"{a:1}"#, "invalid JSON at byte 1: expected a member name in double quotes, got 'a'"),
        (#"{"a":1"#, "invalid JSON at byte 6: the line ends inside a value"),
        ("\"abc", "invalid JSON at byte 4: the line ends inside a value"),
        ("{} x", "invalid JSON at byte 3: more data after the JSON value; send one value per line"),
        ("{}{}", "invalid JSON at byte 2: more data after the JSON value; send one value per line"),
        ("01", "invalid JSON at byte 0: invalid number"),
        ("-", "invalid JSON at byte 0: invalid number"),
        ("-a", "invalid JSON at byte 0: invalid number"),
        ("1.", "invalid JSON at byte 0: invalid number"),
        ("1.e3", "invalid JSON at byte 0: invalid number"),
        ("1e", "invalid JSON at byte 0: invalid number"),
        ("1e+", "invalid JSON at byte 0: invalid number"),
        ("+1", "invalid JSON at byte 0: expected a value, got '+'"),
        (".5", "invalid JSON at byte 0: expected a value, got '.'"),
        ("NaN", "invalid JSON at byte 0: expected a value, got 'N'"),
        ("Infinity", "invalid JSON at byte 0: expected a value, got 'I'"),
        (#""\x""#, #"invalid JSON at byte 1: invalid escape in a string; JSON has \" \\ \/ \b \f \n \r \t \uXXXX"#),
        (#""\u12G4""#, #"invalid JSON at byte 1: invalid escape in a string; JSON has \" \\ \/ \b \f \n \r \t \uXXXX"#),
        (#""\u12""#, #"invalid JSON at byte 1: invalid escape in a string; JSON has \" \\ \/ \b \f \n \r \t \uXXXX"#),
        (
            #""\ud800""#,
            #"invalid JSON at byte 1: lone surrogate \ud800 in a string; a character above U+FFFF is a high-low pair"#
        ),
        (
            #""\udc00\ud800""#,
            #"invalid JSON at byte 1: lone surrogate \udc00 in a string; a character above U+FFFF is a high-low pair"#
        ),
        (
            #""\ud800\u0041""#,
            #"invalid JSON at byte 1: lone surrogate \ud800 in a string; a character above U+FFFF is a high-low pair"#
        ),
        (
            #""x\uDBFFy""#,
            #"invalid JSON at byte 2: lone surrogate \udbff in a string; a character above U+FFFF is a high-low pair"#
        ),
        ("[1] // note", "invalid JSON at byte 4: more data after the JSON value; send one value per line"),
    ])
    func malformedTextIsRejectedWithAPosition(input: String, message: String) {
        #expect(failure(input) == message)
    }

    @Test(
        arguments: [
            (
                [0x22, 0x00, 0x22],
                "invalid JSON at byte 1: raw control character 0x00 in a string; write it as \\u0000"
            ),
            (
                [0x22, 0x09, 0x22],
                "invalid JSON at byte 1: raw control character 0x09 in a string; write it as \\u0009"
            ),
            (
                [0x22, 0x0A, 0x22],
                "invalid JSON at byte 1: raw control character 0x0A in a string; write it as \\u000a"
            ),
            (
                [0x22, 0x1F, 0x22],
                "invalid JSON at byte 1: raw control character 0x1F in a string; write it as \\u001f"
            ),
            ([0x00], "invalid JSON at byte 0: expected a value, got byte 0x00"),
            (
                [0x5B, 0x31, 0x5D, 0x00],
                "invalid JSON at byte 3: more data after the JSON value; send one value per line"
            ),
            ([0xEF, 0xBB, 0xBF, 0x7B, 0x7D], "invalid JSON at byte 0: expected a value, got byte 0xEF"),
        ] as [([UInt8], String)])
    func controlAndStrayBytesAreRejected(bytes: [UInt8], message: String) {
        #expect(failure(bytes) == message)
    }

    @Test(
        arguments: [
            [0x22, 0x80, 0x22],  // lone continuation byte
            [0x22, 0xC0, 0xAF, 0x22],  // overlong "/"
            [0x22, 0xC1, 0xBF, 0x22],  // overlong DEL
            [0x22, 0xE0, 0x80, 0xAF, 0x22],  // overlong three-byte "/"
            [0x22, 0xE0, 0x9F, 0xBF, 0x22],  // overlong U+07FF
            [0x22, 0xF0, 0x80, 0x80, 0xAF, 0x22],  // overlong four-byte "/"
            [0x22, 0xF0, 0x8F, 0xBF, 0xBF, 0x22],  // overlong U+FFFF
            [0x22, 0xED, 0xA0, 0x80, 0x22],  // encoded surrogate U+D800
            [0x22, 0xED, 0xBF, 0xBF, 0x22],  // encoded surrogate U+DFFF
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // U+110000
            [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22],  // lead byte past U+10FFFF
            [0x22, 0xFF, 0x22],  // never valid
            [0x22, 0xFE, 0x22],  // never valid
            [0x22, 0xC3, 0x22],  // truncated two-byte, quote as continuation
            [0x22, 0xE5, 0x8D, 0x22],  // truncated three-byte
            [0x22, 0xC3],  // truncated at the end of input
            [0x22, 0xF0, 0x9F, 0x98, 0x41, 0x22],  // fourth byte not a continuation
            [0x22, 0x5C, 0x6E, 0xC3, 0x28, 0x22],  // after an escape (slow path), bad continuation
        ] as [[UInt8]])
    func invalidUTF8IsRejected(bytes: [UInt8]) {
        let offset = bytes.firstIndex { $0 >= 0x80 } ?? -1
        #expect(failure(bytes) == "invalid JSON at byte \(offset): invalid UTF-8")
    }

    @Test func nestingIsAllowedToTheLimitAndRejectedPastIt() throws {
        let atLimit = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(failure(atLimit) == "parsed")
        let objects = String(repeating: "{\"a\":", count: 63) + "[]" + String(repeating: "}", count: 63)
        #expect(failure(objects) == "parsed")
        let past = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(failure(past) == "invalid JSON at byte 64: arrays and objects nested deeper than 64")
    }

    @Test func aDepthBombFailsFastInsteadOfRecursing() {
        let bomb = [UInt8](repeating: UInt8(ascii: "["), count: 60_000)
        #expect(failure(bomb) == "invalid JSON at byte 64: arrays and objects nested deeper than 64")
        let mixed = Array(String(repeating: "{\"k\":[", count: 20_000).utf8)
        #expect(
            failure(mixed, maxBytes: 200_000) == "invalid JSON at byte 192: arrays and objects nested deeper than 64")
    }

    @Test func theByteLimitIsCheckedFirst() {
        let padded = "\"" + String(repeating: "x", count: 65533) + "\""
        #expect(padded.utf8.count == 65535)
        #expect(failure(padded) == "parsed")
        let over = "\"" + String(repeating: "x", count: 65534) + "\""
        #expect(failure(over) == "invalid JSON at byte 65535: longer than 65535 bytes")
    }
}
