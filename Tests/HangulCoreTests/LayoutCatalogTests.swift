import HangulCore
import Testing

/// The catalog of layouts on offer: built-ins, then user files, which may override a built-in
/// visibly but may not disagree with each other.
@Suite struct LayoutCatalogTests {
    static func layout(id: String, name: String = "Mine", aliases: [String] = []) throws -> Layout {
        let text = "id \(id)\nname \(name)\nkind jaso\nkey k initial ㄱ\n" + aliases.map { "alias \($0)\n" }.joined()
        return try LayoutFile.parse(text, source: "\(id).layout")
    }

    @Test func theBuiltInCatalogListsTheNineKeyboardsAsBuiltIn() {
        let catalog = LayoutCatalog.builtIn
        #expect(catalog.ids == ["2", "2y", "32", "39", "3f", "3s", "3y", "ro", "ahn"])
        #expect(catalog.entries.allSatisfy { $0.source == .builtIn && !$0.overridesBuiltIn })
        #expect(LayoutCatalog.Source.builtIn.description == "built-in")
    }

    /// A user layout with a built-in's id takes its place in the listing, says where it came from,
    /// and is marked as an override; the built-in catalog itself is a value and stays as it was.
    @Test func aUserLayoutOverridesABuiltInInPlaceVisibly() throws {
        var catalog = LayoutCatalog.builtIn
        let mine = try Self.layout(id: "3f", name: "My Final")
        try catalog.add(mine, from: .file("/home/u/.config/hangul/layouts/3f.layout"))

        #expect(catalog.ids == ["2", "2y", "32", "39", "3f", "3s", "3y", "ro", "ahn"])
        let entry = catalog.entries[4]
        #expect(entry.layout.name == "My Final")
        #expect(entry.overridesBuiltIn)
        #expect(entry.source == .file("/home/u/.config/hangul/layouts/3f.layout"))
        #expect(entry.source.description == "/home/u/.config/hangul/layouts/3f.layout")
        #expect(catalog.entries.filter(\.overridesBuiltIn).count == 1)
        #expect(catalog.layout(named: "3f")?.name == mine.name)
        #expect(LayoutCatalog.builtIn.layout(named: "3f")?.name == "Sebeolsik Final")
    }

    /// An override also answers to the built-in's long ids, so a script or a frontend setting that
    /// names `sebeolsik-final` gets the user's 3f too; its own aliases come first.
    @Test func anOverrideKeepsTheBuiltInsLongIdsAfterItsOwn() throws {
        var catalog = LayoutCatalog.builtIn
        try catalog.add(try Self.layout(id: "3f", aliases: ["my-3f"]), from: .file("a/3f.layout"))
        #expect(catalog.layout(named: "sebeolsik-final")?.name == "Mine")
        #expect(catalog.layout(named: "3f")?.aliases == ["my-3f", "sebeolsik-final"])
        var repeating = LayoutCatalog.builtIn
        try repeating.add(try Self.layout(id: "3f", aliases: ["sebeolsik-final"]), from: .file("b/3f.layout"))
        #expect(repeating.layout(named: "3f")?.aliases == ["sebeolsik-final"])
    }

    @Test func aNewUserLayoutIsListedAfterTheBuiltIns() throws {
        var catalog = LayoutCatalog.builtIn
        try catalog.add(try Self.layout(id: "mine"), from: .file("mine.layout"))
        #expect(catalog.ids.last == "mine")
        #expect(catalog.entries.last?.overridesBuiltIn == false)
        #expect(catalog.entries.last?.source == .file("mine.layout"))
    }

    @Test func twoUserFilesWithOneIdAreRefusedAndTheFirstKept() throws {
        var catalog = LayoutCatalog.builtIn
        try catalog.add(try Self.layout(id: "mine", name: "First"), from: .file("a/mine.layout"))
        #expect(
            throws: LayoutFileError(
                source: "b/mine.layout", line: 0, reason: "layout id 'mine' is already defined by a/mine.layout")
        ) {
            try catalog.add(try Self.layout(id: "mine", name: "Second"), from: .file("b/mine.layout"))
        }
        #expect(catalog.layout(named: "mine")?.name == "First")
        #expect(catalog.ids.filter { $0 == "mine" }.count == 1)
    }

    /// Overriding a built-in twice is two user files disagreeing too.
    @Test func twoUserFilesOverridingOneBuiltInAreRefused() throws {
        var catalog = LayoutCatalog.builtIn
        try catalog.add(try Self.layout(id: "2", name: "First"), from: .file("a/2.layout"))
        #expect(
            throws: LayoutFileError(
                source: "b/2.layout", line: 0, reason: "layout id '2' is already defined by a/2.layout")
        ) {
            try catalog.add(try Self.layout(id: "2", name: "Second"), from: .file("b/2.layout"))
        }
        #expect(catalog.layout(named: "2")?.name == "First")
    }

    /// An id always wins over an alias, wherever in the listing either is: a user layout cannot take
    /// a built-in's id by calling itself that.
    @Test func lookupTriesIdsBeforeAliases() throws {
        var catalog = LayoutCatalog.builtIn
        try catalog.add(try Self.layout(id: "mine", aliases: ["2", "my-alias"]), from: .file("mine.layout"))
        #expect(catalog.layout(named: "2")?.id == "2")
        #expect(catalog.layout(named: "my-alias")?.id == "mine")
        #expect(catalog.layout(named: "mine")?.id == "mine")
        #expect(catalog.layout(named: "dubeolsik")?.id == "2")
        #expect(catalog.layout(named: "nothing") == nil)

        var early = LayoutCatalog()
        try early.add(try Self.layout(id: "first", aliases: ["second"]), from: .file("first.layout"))
        try early.add(try Self.layout(id: "second"), from: .file("second.layout"))
        #expect(early.layout(named: "second")?.id == "second")
    }
}
