import HangulHanja
import Testing

/// Issue 23's dictionary faults: control characters in values were committed as they were (hole
/// D4), a byte order mark dropped the first entry, and a file in the wrong format produced one
/// problem, and one log line, per line (fault 4).
@Suite struct HanjaFileFaultTests {
    static func table(_ bytes: [UInt8]) -> HanjaTable { HanjaTable(parsing: bytes, source: "test.txt") }

    static func listed(_ table: HanjaTable, _ key: String) -> [String] {
        HanjaDictionary(tables: [table]).candidates(for: key, .exact).map(\.description)
    }

    /// Hole D4: ESC, CR, NUL and the other control characters, and the C1 controls a terminal acts
    /// on (NEL, CSI), in a value or a meaning.
    /// A candidate is inserted as typed text, so in a terminal ESC starts a sequence and CR presses
    /// Enter; such a line is refused with its line number and the character, and the lines around it load.
    @Test(arguments: [
        (0x1B as UInt32, "U+001B"), (0x0D, "U+000D"), (0x00, "U+0000"), (0x09, "U+0009"), (0x7F, "U+007F"),
        (0x85, "U+0085"), (0x9B, "U+009B"),
    ])
    func aControlCharacterInAValueIsRefusedWithItsLine(scalar: UInt32, name: String) throws {
        let control = Array(String(try #require(Unicode.Scalar(scalar))).utf8)
        let bytes =
            Array("가:家:집 가\n".utf8) + Array("가:價".utf8) + control + Array("[0m:값 가\n".utf8)
            + Array("가:可:옳을 가\n나:那:".utf8) + control + Array("뜻\n다:多:\n".utf8)
        let table = Self.table(bytes)
        #expect(
            table.problems.map(\.description) == [
                "test.txt:2: has a control character (\(name)) in its value; a candidate is typed into the "
                    + "application as it is, so remove it",
                "test.txt:4: has a control character (\(name)) in its meaning; a candidate is typed into the "
                    + "application as it is, so remove it",
            ])
        #expect(Self.listed(table, "가") == ["가:家:집 가", "가:可:옳을 가"])
        #expect(Self.listed(table, "나").isEmpty)
        #expect(Self.listed(table, "다") == ["다:多:"])
    }

    /// The C1 codes a terminal ignores still load: libhangul's own hanja.txt has U+0092 and U+0080
    /// in one entry (무등, line 81,506).
    @Test func inertC1CodesAsInLibhangulsOwnFileStillLoad() {
        let table = Self.table(Array("무등\u{92}\u{80}:無等\u{92}\u{80}:\n".utf8))
        #expect(table.problems.isEmpty)
        #expect(table.entryCount == 1)
    }

    /// A CR before the line feed is a line end, not a control character in the value.
    @Test func crlfLineEndsAreStillLineEnds() {
        let table = Self.table(Array("가:家:집 가\r\n나:那\r\n".utf8))
        #expect(table.problems.isEmpty)
        #expect(Self.listed(table, "나") == ["나:那:"])
    }

    /// Editors on other systems save UTF-8 with a byte order mark; it used to become part of the
    /// first key, so the first entry could never be found.
    @Test func aByteOrderMarkDoesNotDropTheFirstEntry() {
        let table = Self.table([0xEF, 0xBB, 0xBF] + Array("한:韓:나라 한\n한:漢:\n".utf8))
        #expect(table.problems.isEmpty)
        #expect(table.keyCount == 1)
        #expect(Self.listed(table, "한") == ["한:韓:나라 한", "한:漢:"])
    }

    /// Only at the start of the file: elsewhere U+FEFF is a character of a key like any other.
    @Test func aByteOrderMarkOnALaterLineStaysInItsKey() {
        let table = Self.table(Array("한:韓:\n".utf8) + [0xEF, 0xBB, 0xBF] + Array("한:漢:\n".utf8))
        #expect(table.keyCount == 2)
        #expect(Self.listed(table, "한") == ["한:韓:"])
    }

    /// Fault 4: 300,000 lines in the wrong format gave 300,000 warnings (2.2 s and 61 MB of log, on
    /// the daemon's event loop). The first ten problems are reported with their lines, then one
    /// that counts the rest.
    @Test func aFileInTheWrongFormatReportsItsFirstTenProblemsAndACount() {
        var text = "가:家:\n"
        for index in 0..<1000 { text += "word\(index)\tmeaning\n" }
        let table = Self.table(Array(text.utf8))
        #expect(table.entryCount == 1)
        #expect(table.problems.count == 11)
        #expect(
            table.problems.first?.description
                == "test.txt:2: has no value after the key; an entry is key:value or key:value:comment")
        #expect(table.problems.dropLast().map(\.line) == Array(2...11))
        #expect(
            table.problems.last?.description
                == "test.txt: 990 more lines were skipped (1000 in all); the first ten are reported above, "
                + "each with its reason; is it a dictionary in libhangul's key:value:comment format?")
    }

    /// Exactly ten problems are all reported, with no count after them.
    @Test func tenProblemsAreReportedWithoutACount() {
        var text = "가:家:\n"
        for index in 0..<10 { text += "word\(index)\n" }
        let table = Self.table(Array(text.utf8))
        #expect(table.problems.count == 10)
        #expect(table.problems.map(\.line) == Array(2...11))
    }
}
