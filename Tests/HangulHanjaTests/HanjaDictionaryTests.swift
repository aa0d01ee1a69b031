import HangulHanja
import Testing

@Suite struct HanjaDictionaryTests {
    static let system = HanjaTable(
        parsing: Array(
            """
            대:大:클 대
            대:代:대신할 대
            대한:大韓:
            대한:大寒:
            대한민국:大韓民國:대한민국
            민국:民國:
            국:國:나라 국
            한:韓:나라 이름 한
            한:漢:한수 한
            한:寒:찰 한

            """.utf8), source: "system.txt")

    static let symbols = HanjaTable(parsing: Array("ㅁ:※:\nㅁ:☆:\nㅁ:→:\n".utf8), source: "symbols.txt")

    static func values(_ candidates: HanjaCandidates) -> [String] { candidates.map(\.value) }

    @Test func exactMatchListsOnlyTheKeysOwnCandidates() {
        let dictionary = HanjaDictionary(tables: [Self.system])
        #expect(Self.values(dictionary.candidates(for: "한", .exact)) == ["韓", "漢", "寒"])
        #expect(Self.values(dictionary.candidates(for: "대한민", .exact)) == [])
    }

    @Test func prefixMatchTriesTheWholeKeyThenShorterOnes() {
        let dictionary = HanjaDictionary(tables: [Self.system])
        let candidates = dictionary.candidates(for: "대한민국", .prefix)
        #expect(Self.values(candidates) == ["大韓民國", "大韓", "大寒", "大", "代"])
        #expect(candidates.map(\.key) == ["대한민국", "대한", "대한", "대", "대"])
        #expect(candidates.map(\.keyScalarCount) == [4, 2, 2, 1, 1], "how much of the word each pick replaces")
    }

    @Test func suffixMatchTriesTheWholeKeyThenLaterStarts() {
        let dictionary = HanjaDictionary(tables: [Self.system])
        let candidates = dictionary.candidates(for: "나대한민국", .suffix)
        #expect(Self.values(candidates) == ["大韓民國", "民國", "國"])
        #expect(Self.values(dictionary.candidates(for: "우리 한", .suffix)) == ["韓", "漢", "寒"])
    }

    @Test func anEmptyOrUnknownKeyFindsNothing() {
        let dictionary = HanjaDictionary(tables: [Self.system, Self.symbols])
        for match in HanjaMatch.allCases {
            #expect(dictionary.candidates(for: "", match).isEmpty)
            #expect(dictionary.candidates(for: "xyz", match).isEmpty)
        }
        #expect(HanjaDictionary.empty.candidates(for: "한", .prefix).isEmpty)
        #expect(HanjaDictionary.empty.isEmpty)
    }

    @Test func aLoneJamoFindsItsSymbols() {
        let dictionary = HanjaDictionary(tables: [Self.system, Self.symbols])
        #expect(Self.values(dictionary.candidates(for: "ㅁ", .exact)) == ["※", "☆", "→"])
    }

    @Test func theUsersEntriesComeFirstAndAreNotRepeated() {
        let user = HanjaTable(parsing: Array("한:寒:내가 먼저\n한:翰:새 글자\nㅁ:☆:\n".utf8), source: "user.txt")
        let dictionary = HanjaDictionary(tables: [user, Self.system, Self.symbols])
        let candidates = dictionary.candidates(for: "한", .exact)
        #expect(candidates.map(\.description) == ["한:寒:내가 먼저", "한:翰:새 글자", "한:韓:나라 이름 한", "한:漢:한수 한"])
        #expect(Self.values(dictionary.candidates(for: "ㅁ", .exact)) == ["☆", "※", "→"])
    }

    @Test func everyTableAnswersForAKeyBeforeAShorterKeyIsTried() {
        let user = HanjaTable(parsing: Array("대:對:\n".utf8), source: "user.txt")
        let dictionary = HanjaDictionary(tables: [user, Self.system])
        #expect(Self.values(dictionary.candidates(for: "대한", .prefix)) == ["大韓", "大寒", "對", "大", "代"])
    }

    @Test func aCandidatesBytesAreReadInPlace() {
        let dictionary = HanjaDictionary(tables: [Self.system])
        let candidates = dictionary.candidates(for: "대한민국", .prefix)
        func text(_ field: HanjaCandidates.Field, _ index: Int) -> String {
            candidates.withUTF8(field, at: index) { String(decoding: $0, as: UTF8.self) }
        }
        #expect([text(.key, 0), text(.value, 0), text(.comment, 0)] == ["대한민국", "大韓民國", "대한민국"])
        #expect([text(.key, 1), text(.value, 1), text(.comment, 1)] == ["대한", "大韓", ""])
    }

    @Test func aReusedListIsReplacedByEachLookup() {
        let dictionary = HanjaDictionary(tables: [Self.system])
        var candidates = HanjaCandidates(capacity: 16)
        dictionary.lookup("대한민국", .prefix, into: &candidates)
        #expect(candidates.count == 5)
        dictionary.lookup("국", .exact, into: &candidates)
        #expect(candidates.map(\.description) == ["국:國:나라 국"])
        dictionary.lookup("없음", .exact, into: &candidates)
        #expect(candidates.isEmpty)
        let other = HanjaDictionary(tables: [Self.symbols])
        other.lookup("ㅁ", .exact, into: &candidates)
        #expect(Self.values(candidates) == ["※", "☆", "→"], "a list moves to another dictionary's tables")
    }
}
