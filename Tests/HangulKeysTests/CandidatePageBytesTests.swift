import HangulCore
import HangulHanja
import HangulKeys
import Testing

/// Issue 23, fault 10: pages are cut by bytes as well as by count, so that every reply fits the
/// protocol's line. At the edge: nine candidates of exactly ``CandidateList/pageBytes`` make one
/// page; one byte more, or one `"` (two bytes escaped) instead of a letter, moves the last to the next.
@Suite struct CandidatePageBytesTests {
    /// A context whose dictionary has nine candidates for 가 with these values, no meanings.
    static func opened(_ values: [String]) throws -> InputContext {
        let text = values.map { "가:\($0):\n" }.joined()
        var context = InputContext()
        context.hanja = HanjaDictionarySource(
            HanjaDictionary(tables: [HanjaTable(parsing: Array(text.utf8), source: "test.txt")]))
        for key in try KeyNotation.parse("rk<F9>") {
            _ = context.handle(KeyEvent(keysym: key.keysym, modifiers: key.modifiers))
        }
        return context
    }

    /// Nine values whose candidates take exactly `pageBytes` in a reply.
    static func exactValues() -> [String] {
        let fixed = #"{"value":"","meaning":""},"#.utf8.count
        let total = CandidateList.pageBytes - 9 * fixed
        return (0..<9).map { index in
            let length = total / 9 + (index < total % 9 ? 1 : 0)
            return String(index) + String(repeating: "x", count: length - 1)
        }
    }

    @Test func nineCandidatesOfExactlyThePageBoundMakeOnePage() throws {
        let values = Self.exactValues()
        let context = try Self.opened(values)
        let list = context.candidateList
        #expect(list.isOpen)
        #expect(list.page == 0..<9)
        #expect(list.page.map { CandidateList.replyBytes(list.candidates, at: $0) }.reduce(0, +) == 32 * 1024)
    }

    @Test func oneByteMoreMovesTheLastCandidateToTheNextPage() throws {
        var values = Self.exactValues()
        values[8] += "x"
        var context = try Self.opened(values)
        #expect(context.candidateList.page == 0..<8)
        #expect(context.candidateList.pageStarts == [0, 8, 9])
        // Down past the eighth turns the page; 1 then picks the ninth.
        for _ in 0..<8 { _ = context.handle(KeyEvent(keysym: .down)) }
        #expect(context.candidateList.pageStart == 8)
        #expect(context.candidateList.page == 8..<9)
        let result = context.handle(KeyEvent(keysym: Keysym(rawValue: 0x31), modifiers: []))
        #expect(result.converted == values[8])
    }

    @Test func escapesAreCountedAsTheReplyWritesThem() throws {
        var values = Self.exactValues()
        values[8] = values[8].replacingOccurrences(of: "xx", with: "x\"")
        let context = try Self.opened(values)
        #expect(context.candidateList.pageStarts == [0, 8, 9])
    }
}
