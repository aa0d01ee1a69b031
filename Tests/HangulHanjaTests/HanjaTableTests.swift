import HangulHanja
import Testing

@Suite struct HanjaTableTests {
    static func table(_ text: String) -> HanjaTable { HanjaTable(parsing: Array(text.utf8), source: "test.txt") }

    static func listed(_ table: HanjaTable, _ key: String, _ match: HanjaMatch = .exact) -> [String] {
        HanjaDictionary(tables: [table]).candidates(for: key, match).map(\.description)
    }

    @Test func entriesOfOneKeyAreListedInFileOrderWithTheirMeaning() {
        let table = Self.table("# a comment\n\n한:韓:나라 이름 한\n한:漢:한수 한\n한국:韓國:\n")
        #expect(table.entryCount == 3)
        #expect(table.keyCount == 2)
        #expect(table.problems.isEmpty)
        #expect(Self.listed(table, "한") == ["한:韓:나라 이름 한", "한:漢:한수 한"])
        #expect(Self.listed(table, "한국") == ["한국:韓國:"])
    }

    @Test func aMissingCommentIsEmptyAndTheCommentKeepsItsColons() {
        let table = Self.table("가:家\n나:那:뜻: 어찌 나\n")
        #expect(table.problems.isEmpty)
        let dictionary = HanjaDictionary(tables: [table])
        #expect(dictionary.candidates(for: "가", .exact).map(\.comment) == [""])
        #expect(dictionary.candidates(for: "나", .exact).map(\.comment) == ["뜻: 어찌 나"])
    }

    @Test func theLastLineNeedsNoLineFeedNorComment() {
        let table = Self.table("가:家:집 가\n나:那")
        #expect(table.problems.isEmpty)
        #expect(Self.listed(table, "나") == ["나:那:"])
    }

    @Test func everyKindOfMalformedUTF8IsReported() {
        let good = Array("가:家:\n".utf8)
        let bad: [[UInt8]] = [
            [0xED, 0xA0, 0x80],  // a surrogate, U+D800
            [0xE0, 0x80, 0x80],  // an overlong form
            [0xEA, 0x41, 0x80],  // a lead without its continuation
            [0x80],  // a stray continuation
            [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
            [0xC0, 0x80],  // an overlong two-byte form
            [0xEA, 0xB0],  // cut short by the separator
        ]
        var bytes = good
        for sequence in bad { bytes += [0xEA, 0xB0, 0x80] + sequence + Array(":x:\n".utf8) }
        bytes += Array("힣:x:\n".utf8)
        let table = HanjaTable(parsing: bytes, source: "bad.txt")
        #expect(table.problems.map(\.line) == Array(2...8))
        #expect(table.problems.allSatisfy { $0.reason == "is not valid UTF-8; save the file as UTF-8" })
        #expect(table.keyCount == 2, "가 and 힣 (ED 9E A3), the last syllable, are valid")
    }

    @Test func crlfLineEndsAndBlankLinesReadLikeLineFeeds() {
        let table = Self.table("가:家:집 가\r\n  \r\n\t\n가:價:값 가\r\n")
        #expect(table.problems.isEmpty)
        #expect(Self.listed(table, "가") == ["가:家:집 가", "가:價:값 가"])
    }

    @Test func malformedLinesAreReportedWithTheirLineAndSkipped() {
        let text = "가:家:\n가\n:家:집\n가::집\n나:那:\n"
        let table = HanjaTable(parsing: Array(text.utf8) + [0xFF, 0x3A, 0x41, 0x0A], source: "/tmp/mine.txt")
        #expect(
            table.problems.map(\.description) == [
                "/tmp/mine.txt:2: has no value after the key; an entry is key:value or key:value:comment",
                "/tmp/mine.txt:3: has an empty key; an entry is key:value or key:value:comment",
                "/tmp/mine.txt:4: has an empty value; an entry is key:value or key:value:comment",
                "/tmp/mine.txt:6: is not valid UTF-8; save the file as UTF-8",
            ])
        #expect(table.entryCount == 2, "the good lines around the bad ones still load")
        #expect(Self.listed(table, "나") == ["나:那:"])
    }

    @Test func aLineLongerThanTheBoundIsReported() {
        let long = "가:" + String(repeating: "家", count: HanjaTable.maximumLineLength / 3) + ":\n"
        let table = Self.table("나:那:\n" + long)
        #expect(
            table.problems.map(\.description) == [
                "test.txt:2: is longer than 4096 bytes; an entry is key:value or key:value:comment"
            ])
        #expect(table.entryCount == 1)
    }

    @Test func anUnsortedFileIsGroupedByKeyInFileOrder() {
        let table = Self.table("하:下:\n가:家:\n하:夏:\n가나:可那:\n가:可:\n")
        #expect(table.keyCount == 3)
        #expect(Self.listed(table, "가") == ["가:家:", "가:可:"])
        #expect(Self.listed(table, "하") == ["하:下:", "하:夏:"])
        #expect(Self.listed(table, "가나", .prefix) == ["가나:可那:", "가:家:", "가:可:"])
    }

    @Test func anEmptyFileHasNoEntries() {
        let table = Self.table("# nothing but a comment\n")
        #expect(table.isEmpty)
        #expect(table.keyCount == 0)
        #expect(Self.listed(table, "가").isEmpty)
    }

    @Test func keysCompareByteForByteLikeStrcmp() {
        // Compatibility jamo (U+3131…) sort before syllables (U+AC00…) in UTF-8 byte order, and a
        // key sorts before the keys it prefixes.
        let table = Self.table("ㄱ:ㄱ:\nㄱㄴ순:ㄱㄴ順:\n가:家:\n가가:加家:\n각:各:\n")
        #expect(table.problems.isEmpty)
        for key in ["ㄱ", "ㄱㄴ순", "가", "가가", "각"] {
            #expect(Self.listed(table, key).count == 1, "\(key)")
        }
        #expect(Self.listed(table, "ㄱㄴ").isEmpty)
        #expect(Self.listed(table, "가각").isEmpty)
    }
}
