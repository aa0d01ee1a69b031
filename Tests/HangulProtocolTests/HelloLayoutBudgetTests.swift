import HangulCore
import HangulProtocol
import Testing

/// Issue 23, fault 10, at the edge: `hello`'s layouts are cut at load time where the next user
/// layout would pass ``HelloResult/maximumLayoutsBytes``, and the whole `hello` then fits the line.
@Suite struct HelloLayoutBudgetTests {
    static func catalog(userLayouts count: Int) throws -> LayoutCatalog {
        var catalog = LayoutCatalog.builtIn
        for index in 0..<count {
            let text = """
                id      user-\(index)
                name    User layout number \(index)
                kind    jaso
                key a   initial ㅎ
                key s   medial  ㅏ
                """
            try catalog.add(try LayoutFile.parse(text, source: "/l/\(index).layout"), from: .file("/l/\(index).layout"))
        }
        return catalog
    }

    /// The bytes of `hello`'s `layouts` array for a catalog.
    static func layoutsBytes(_ catalog: LayoutCatalog) -> Int {
        var writer = JSONWriter()
        writer.raw("[")
        for (index, entry) in catalog.entries.enumerated() {
            if index > 0 { writer.raw(",") }
            LayoutSummary(entry).write(to: &writer)
        }
        writer.raw("]")
        return writer.bytes.count
    }

    @Test func layoutsAreKeptWhileTheyFitAndTheNextWouldNot() throws {
        let catalog = try Self.catalog(userLayouts: 600)
        let (fitted, leftOut) = HelloResult.fitting(catalog)
        let kept = fitted.entries.count
        let builtIns = LayoutCatalog.builtIn.entries.count
        #expect(kept > 200 && kept < catalog.entries.count)
        #expect(leftOut.count == catalog.entries.count - kept)
        #expect(Self.layoutsBytes(fitted) <= HelloResult.maximumLayoutsBytes)
        let oneMore = catalog.keeping { entry in
            fitted.entries.contains { $0.layout.id == entry.layout.id } || entry.layout.id == "user-\(kept - builtIns)"
        }
        #expect(Self.layoutsBytes(oneMore) > HelloResult.maximumLayoutsBytes)
        #expect(leftOut.first?.source == "/l/\(kept - builtIns).layout")
        // The longest id (256 bytes of control characters, six bytes each escaped) still fits.
        let hello = Reply.line(
            id: .string(String(repeating: "\u{1}", count: 256)),
            result: HelloResult(layouts: fitted.entries.map(LayoutSummary.init)))
        #expect(hello.count <= 65_536)
    }

    @Test func aSetThatFitsIsLeftAsItIs() throws {
        let catalog = try Self.catalog(userLayouts: 20)
        let (fitted, leftOut) = HelloResult.fitting(catalog)
        #expect(leftOut.isEmpty)
        #expect(fitted.ids == catalog.ids)
    }
}
