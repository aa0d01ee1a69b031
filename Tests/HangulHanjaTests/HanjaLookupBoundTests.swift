import HangulHanja
import Testing

/// Issue 23, fault 3: a lookup's cost and length are bounded whatever the dictionaries hold. The
/// daemon-level test (HanjaFaultDaemonTests) shows another session answered meanwhile.
@Suite struct HanjaLookupBoundTests {
    static func table(_ prefix: String, count: Int, repeating: String? = nil) -> HanjaTable {
        var text = ""
        for index in 0..<count { text += "한:\(repeating ?? prefix + String(index)):\n" }
        return HanjaTable(parsing: Array(text.utf8), source: prefix)
    }

    @Test func aListHoldsAtMost1024CandidatesFirstTableFirst() {
        let dictionary = HanjaDictionary(tables: [Self.table("韓", count: 600), Self.table("漢", count: 600)])
        let list = dictionary.candidates(for: "한", .exact)
        #expect(list.count == 1024)
        #expect(HanjaDictionary.maximumCandidates == 1024)
        #expect(list.first?.value == "韓0")
        #expect(list[599].value == "韓599")
        #expect(list[600].value == "漢0")
        #expect(list.last?.value == "漢423")
    }

    /// A later table's values already listed are left out, however many; its new ones follow.
    @Test func aLaterTablesRepeatsAreLeftOutAndItsNewValuesKept() {
        var text = ""
        for index in 0..<3000 { text += "한:韓\(index % 3):\n" }
        text += "한:翰:\n"
        let later = HanjaTable(parsing: Array(text.utf8), source: "later")
        let dictionary = HanjaDictionary(tables: [Self.table("韓", count: 3), later])
        #expect(dictionary.candidates(for: "한", .exact).map(\.value) == ["韓0", "韓1", "韓2"])
        // Only the first 1,024 entries of a key are read from each table: 翰, the 3,001st, is not.
        let short = HanjaTable(parsing: Array("한:韓0:\n한:翰:\n".utf8), source: "short")
        #expect(
            HanjaDictionary(tables: [Self.table("韓", count: 3), short]).candidates(for: "한", .exact).map(\.value)
                == ["韓0", "韓1", "韓2", "翰"])
    }

    /// Within one table nothing is merged, as libhangul lists it; the set only checks later tables.
    @Test func repeatsWithinOneTableStay() {
        let dictionary = HanjaDictionary(tables: [Self.table("韓", count: 2, repeating: "韓"), Self.table("x", count: 0)])
        #expect(dictionary.candidates(for: "한", .exact).map(\.value) == ["韓", "韓"])
        let two = HanjaDictionary(tables: [Self.table("漢", count: 1), Self.table("韓", count: 3, repeating: "韓")])
        #expect(two.candidates(for: "한", .exact).map(\.value) == ["漢0", "韓", "韓", "韓"])
    }

    /// A prefix lookup gathers several keys; the set starts afresh for each, so a value listed for a
    /// longer key is listed again for a shorter one, as before.
    @Test func eachKeyOfAPrefixLookupHasItsOwnList() {
        let first = HanjaTable(parsing: Array("한국:韓國:\n한:韓:\n".utf8), source: "first")
        let second = HanjaTable(parsing: Array("한국:韓國:\n한:韓國:\n".utf8), source: "second")
        let dictionary = HanjaDictionary(tables: [first, second])
        #expect(dictionary.candidates(for: "한국", .prefix).map(\.description) == ["한국:韓國:", "한:韓:", "한:韓國:"])
    }
}
