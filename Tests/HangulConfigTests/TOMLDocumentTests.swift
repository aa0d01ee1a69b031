import PropertyBased
import Testing

@testable import HangulConfig

/// The settings file's TOML reader: the subset the file uses, read exactly as TOML reads it, and
/// everything else refused with its line, within bounds on anything at all.
@Suite struct TOMLDocumentTests {
    /// The value of `key = …` in a one-key document.
    static func value(_ literal: String) throws -> TOMLDocument.Value? {
        try TOMLDocument("key = " + literal + "\n").entry("key")?.value
    }

    /// Why a text is refused: `line:column: kind`.
    static func refusal(_ text: String) -> String {
        do throws(TOMLDocument.Failure) {
            _ = try TOMLDocument(text)
            return "accepted"
        } catch {
            switch error.kind {
            case .syntax(let reason): return "\(error.line):\(error.column): \(reason)"
            case .table(let name): return "\(error.line):\(error.column): table \(name)"
            case .refused(let reason): return "\(error.line):\(error.column): refused: \(reason)"
            }
        }
    }

    @Test func keysAreFoundWithTheirLinesValuesAndStatements() throws {
        let text = """
            # layout = "x"
            "layout" = "3f"   # here
            toggle-keys = [
              "Hangul", # one
              'Shift+space',
            ]
            auto-reorder = true
            """
        let document = try TOMLDocument(text)
        #expect(document.entries.map(\.name) == ["layout", "toggle-keys", "auto-reorder"])
        #expect(document.entries.map(\.line) == [2, 3, 7])
        #expect(document.entry("toggle-keys")?.elementLines == [4, 5])
        #expect(
            document.entry("toggle-keys")?.value
                == .array([.init(value: .string("Hangul"), line: 4), .init(value: .string("Shift+space"), line: 5)]))
        let layout = try #require(document.entry("layout"))
        #expect(String(decoding: document.bytes[layout.valueRange], as: UTF8.self) == #""3f""#)
        #expect(String(decoding: document.bytes[layout.statement], as: UTF8.self) == "\"layout\" = \"3f\"   # here\n")
        let last = try #require(document.entry("auto-reorder"))
        #expect(last.statement.upperBound == document.bytes.count)
    }

    @Test(arguments: [
        (#""basic""#, "basic"),
        ("'literal \\n'", "literal \\n"),
        ("\"\"\"\nmulti\nline\"\"\"", "multi\nline"),
        ("'''\nraw\\t\nlines'''", "raw\\t\nlines"),
        (#""""two "quotes" inside""""#, #"two "quotes" inside"#),
        (#""""ends with two quotes""""""#, #"ends with two quotes"""#),
        ("'''it''s'''", "it''s"),
        ("\"한글\"", "한글"),
        ("''", ""),
    ])
    func eachOfTheFourStringKindsIsRead(literal: String, expected: String) throws {
        #expect(try Self.value(literal) == .string(expected))
    }

    @Test func escapesAreReadInBasicStringsOnly() throws {
        #expect(
            try Self.value(#""\b\t\n\f\r\"\\\u00E9\U0001F600""#)
                == .string("\u{8}\t\n\u{C}\r\"\\é😀"))
        #expect(try Self.value(#"'\u00E9'"#) == .string(#"\u00E9"#))
        #expect(try Self.value("\"\"\"a\\u0041\\\"\"\"\"") == .string("aA\""))
    }

    @Test func aLineEndingBackslashJoinsTheLinesOfAMultiLineString() throws {
        #expect(try Self.value("\"\"\"\none \\\n    two \\   \n\n   three\"\"\"") == .string("one two three"))
        #expect(try Self.value("\"\"\"\r\nline\r\nend\"\"\"") == .string("line\nend"))
    }

    @Test func scalarsArraysAndCommentsAreRead() throws {
        #expect(try Self.value("true") == .bool(true))
        #expect(try Self.value("false # no") == .bool(false))
        #expect(try Self.value("-1_000") == .integer(-1000))
        #expect(try Self.value("0x1F") == .integer(31))
        #expect(try Self.value("1.5e2") == .float(150))
        #expect(try Self.value("[]") == .array([]))
        #expect(
            try Self.value("[ \"a\" , [true], ]")
                == .array([
                    .init(value: .string("a"), line: 1),
                    .init(value: .array([.init(value: .bool(true), line: 1)]), line: 1),
                ]))
    }

    @Test func anArrayMaySpanLinesWithCommentsBetweenItsElements() throws {
        let document = try TOMLDocument(
            "keys = [  # the list\n\n  \"a\",  # first\n  # none here\n  \"b\"\n  ,\n]\nx = 1")
        #expect(document.entry("keys")?.elementLines == [3, 5])
        #expect(document.entry("x")?.line == 8)
    }

    @Test func aByteOrderMarkIsSkippedAndItsBytesKept() throws {
        let document = try TOMLDocument("\u{FEFF}layout = \"3f\"\n")
        #expect(document.bodyStart == 3)
        let entry = try #require(document.entry("layout"))
        #expect(entry.line == 1)
        #expect(entry.statement == 3..<document.bytes.count)
        #expect(String(decoding: document.bytes[entry.valueRange], as: UTF8.self) == #""3f""#)
    }

    @Test func crlfLineEndsAreReadAndNoticed() throws {
        let document = try TOMLDocument("a = \"x\"\r\n# note\r\nb = [\r\n  \"y\",\r\n]\r\n")
        #expect(document.usesCRLF)
        #expect(document.entries.map(\.line) == [1, 3])
        #expect(document.entry("b")?.elementLines == [4])
        #expect(document.entry("a")?.statement == 0..<9)
        #expect(!(try TOMLDocument("a = 1\nb = 2\r\n")).usesCRLF)
    }

    @Test func quotedAndEscapedKeysAreFoundByTheirNames() throws {
        let document = try TOMLDocument("\"lay\\u006Fut\" = \"3f\"\n'start-mode' = \"latin\"\n")
        #expect(document.entries.map(\.name) == ["layout", "start-mode"])
    }

    @Test(arguments: [
        // Tables, by their header's line.
        ("a = 1\n\n[hangul]\nlayout = \"3f\"\n", "3:1: table hangul"),
        ("[[layouts]]\n", "1:1: table layouts"),
        ("a = 1\nhangul.layout = \"3f\"\n", "2:1: table hangul"),
        (
            "a = 1\nb = { on = true }\n",
            #"2:5: refused: "b" is an inline table; a settings file has no tables: write each setting as a key of its own"#
        ),
        // Dates and times.
        (
            "# c\nstart = 2026-11-24\n",
            #"2:9: refused: "start" is a date; a settings file has no dates or times (a value in quotes is a string)"#
        ),
        (
            "start = 1979-05-27T07:32:00Z\n",
            #"1:9: refused: "start" is a date-time; a settings file has no dates or times (a value in quotes is a string)"#
        ),
        (
            "\n\nat = 12:00:00\n",
            #"3:6: refused: "at" is a time; a settings file has no dates or times (a value in quotes is a string)"#
        ),
        // A key twice.
        ("a = 1\n\na = 2\n", #"3:1: refused: "a" is set twice, on line 1 and here; keep one"#),
        ("layout = 1\n\"layout\" = 2\n", #"2:1: refused: "layout" is set twice, on line 1 and here; keep one"#),
        // Syntax.
        ("layout = \"2\"\nauto-reorder = \n", "2:16: expected a value after =, found the end of the line"),
        ("a = ", "1:5: expected a value after =, found the end of the file"),
        ("a \"b\"\n", #"1:3: expected = after the key "a", found "\"""#),
        ("= 1\n", #"1:1: expected a key, found "=""#),
        ("layout = 3f\n", #"1:10: "3f" is not a value: strings are written in quotes, as "\"3f\"""#),
        ("a = yes\n", #"1:5: "yes" is not a value: strings are written in quotes, as "\"yes\"""#),
        ("a = 012\n", #"1:5: "012" is not a number TOML can read"#),
        ("a = 1__0\n", #"1:5: "1__0" is not a number TOML can read"#),
        ("a = 99999999999999999999\n", #"1:5: "99999999999999999999" is not a number TOML can read"#),
        ("a = \"x\" b = 1\n", #"1:9: expected the end of the line after the value of "a", found "b""#),
        ("a = \"open\nb = 1\n", "1:5: the string is not closed on its line"),
        ("\n a = \"\"\"never\n", "2:6: the string opened on line 2 is not closed"),
        ("a = '''x''''''\n", "1:14: too many quotes close the string"),
        ("a = \"\\q\"\n", #"1:6: unknown escape \q; the escapes are \b \t \n \f \r \" \\ \uXXXX \UXXXXXXXX"#),
        ("a = \"\\uD800\"\n", "1:6: \\u must be followed by 4 hex digits naming a Unicode scalar value"),
        ("a = \"\\u00\"\n", "1:6: \\u must be followed by 4 hex digits naming a Unicode scalar value"),
        (
            "a = \"tab\there, bell\u{7}\"\n",
            "1:20: the control character U+0007 in a string; write it as an escape such as \\u0007"
        ),
        ("# bell \u{7}\n", "1:8: the control character U+0007 in a comment"),
        ("a = 1\rb = 2\n", "1:6: a carriage return not followed by a line feed; end lines with LF or CRLF"),
        ("a = [1 2]\n", #"1:8: expected , or ] in the array of "a", found "2""#),
        ("a = [1,\n", #"2:1: the array of "a" is not closed with ]"#),
        ("\"\"\"k\"\"\" = 1\n", "1:1: a key cannot be a multi-line string"),
    ])
    func everyRefusalNamesItsLine(text: String, refusal: String) {
        #expect(Self.refusal(text) == refusal)
    }

    @Test func theReaderIsBoundedInSizeAndDepth() throws {
        let nested =
            String(repeating: "[", count: TOMLDocument.maximumDepth)
            + String(repeating: "]", count: TOMLDocument.maximumDepth)
        #expect(throws: Never.self) { try TOMLDocument("a = \(nested)\n") }
        #expect(
            Self.refusal("a = [\(nested)]\n")
                == "1:\(5 + TOMLDocument.maximumDepth): refused: arrays are nested more than 8 deep")
        // Deep enough to overflow the stack of a reader that recursed without a bound.
        #expect(Self.refusal("a = " + String(repeating: "[", count: 60_000)).hasPrefix("1:13: refused: arrays"))
        let large = "# " + String(repeating: "x", count: ConfigFile.maximumSize) + "\n"
        #expect(Self.refusal(large) == "0:0: refused: is 65539 bytes; a settings file is at most 65536")
        #expect(throws: Never.self) {
            try TOMLDocument("# " + String(repeating: "x", count: ConfigFile.maximumSize - 3) + "\n")
        }
    }

    @Test func anythingIsReadOrRefusedWithinBounds() async {
        let alphabet = Array(#"ab=.,[]{}"'\#n #\-1"#.utf8) + [0x0D, 0xEF, 0xBB, 0xBF]
        let documents = Gen.int(in: 0...(alphabet.count - 1)).array(of: 0...60)
        await propertyCheck(count: 3000, input: documents) { indices in
            let text = String(decoding: indices.map { alphabet[$0] }, as: UTF8.self)
            do throws(TOMLDocument.Failure) {
                let document = try TOMLDocument(text)
                for entry in document.entries {
                    #expect(entry.valueRange.upperBound <= document.bytes.count, "\(text)")
                    #expect(entry.statement.upperBound <= document.bytes.count, "\(text)")
                    #expect(entry.line >= 1)
                }
            } catch {
                #expect(error.line >= 0 && error.line <= text.utf8.count + 1, "\(text)")
            }
        }
    }
}
