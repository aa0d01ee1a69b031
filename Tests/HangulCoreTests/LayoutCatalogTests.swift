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
        #expect(catalog.ids == ["2", "2y", "32", "39", "3f", "3s", "3y", "3sin-p2", "3sin-1995", "ro", "ahn"])
        #expect(catalog.entries.allSatisfy { $0.source == .builtIn && !$0.overridesBuiltIn })
        #expect(LayoutCatalog.Source.builtIn.description == "built-in")
    }

    /// A user layout with a built-in's id takes its place in the listing, says where it came from,
    /// and is marked as an override; the built-in catalog itself is a value and stays as it was.
    @Test func aUserLayoutOverridesABuiltInInPlaceVisibly() throws {
        var catalog = LayoutCatalog.builtIn
        let mine = try Self.layout(id: "3f", name: "My Final")
        try catalog.add(mine, from: .file("/home/u/.config/hangul/layouts/3f.layout"))

        #expect(catalog.ids == ["2", "2y", "32", "39", "3f", "3s", "3y", "3sin-p2", "3sin-1995", "ro", "ahn"])
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
            throws: FileProblem(
                source: "b/mine.layout", line: 1,
                reason:
                    "id 'mine' is already the id of the layout in a/mine.layout; give one of the two files another id")
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
            throws: FileProblem(
                source: "b/2.layout", line: 1,
                reason: "id '2' is already the id of the layout in a/2.layout; give one of the two files another id")
        ) {
            try catalog.add(try Self.layout(id: "2", name: "Second"), from: .file("b/2.layout"))
        }
        #expect(catalog.layout(named: "2")?.name == "First")
    }

    /// Issue 12, fault 5: a user layout called `dubeolsik` used to be accepted, and `--layout
    /// dubeolsik` then picked it while `hello` still listed `dubeolsik` as 두벌식's alias. A built-in's
    /// long id is taken, so the file is refused with the line to change and how to override instead.
    @Test func anIdThatIsABuiltInsLongIdIsRefusedWithTheWayToOverride() throws {
        var catalog = LayoutCatalog.builtIn
        #expect(
            throws: FileProblem(
                source: "d.layout", line: 1,
                reason: "id 'dubeolsik' already names built-in layout 2 (Dubeolsik); "
                    + "write 'id 2' to replace that layout, or choose another id")
        ) {
            try catalog.add(try Self.layout(id: "dubeolsik"), from: .file("d.layout"))
        }
        #expect(catalog.layout(named: "dubeolsik")?.id == "2")
        #expect(catalog.ids == LayoutCatalog.builtIn.ids)
    }

    /// An alias may be neither another layout's id nor its alias, built-in or not; the line named
    /// is the alias's own.
    @Test(arguments: [
        (["2"], 5, "alias '2' already names built-in layout 2 (Dubeolsik); choose another alias"),
        (
            ["mine", "sebeolsik-final"], 6,
            "alias 'sebeolsik-final' already names built-in layout 3f (Sebeolsik Final); choose another alias"
        ),
        (["first"], 5, "alias 'first' already names layout first in first.layout; choose another alias"),
        (["first-alias"], 5, "alias 'first-alias' already names layout first in first.layout; choose another alias"),
    ])
    func anAliasAlreadyInUseIsRefused(aliases: [String], line: Int, reason: String) throws {
        var catalog = LayoutCatalog.builtIn
        try catalog.add(try Self.layout(id: "first", aliases: ["first-alias"]), from: .file("first.layout"))
        #expect(throws: FileProblem(source: "second.layout", line: line, reason: reason)) {
            try catalog.add(try Self.layout(id: "second", aliases: aliases), from: .file("second.layout"))
        }
        #expect(catalog.layout(named: "second") == nil, "nothing of a refused file is added")
    }

    /// An id that another user layout has as its alias is taken too, whichever file came first.
    @Test func anIdThatIsAnotherUserLayoutsAliasIsRefused() throws {
        var catalog = LayoutCatalog.builtIn
        try catalog.add(try Self.layout(id: "first", aliases: ["second"]), from: .file("first.layout"))
        #expect(
            throws: FileProblem(
                source: "second.layout", line: 1,
                reason: "id 'second' already names layout first in first.layout; choose another id")
        ) {
            try catalog.add(try Self.layout(id: "second"), from: .file("second.layout"))
        }
        #expect(catalog.layout(named: "second")?.id == "first")
    }

    /// An override inherits its built-in's long ids, so they stay taken: another file cannot claim
    /// `sebeolsik-final` after 3f was replaced, and the message names the file that has it now.
    @Test func aLongIdAnOverrideInheritedStaysTaken() throws {
        var catalog = LayoutCatalog.builtIn
        try catalog.add(try Self.layout(id: "3f"), from: .file("3f.layout"))
        #expect(
            throws: FileProblem(
                source: "x.layout", line: 5,
                reason: "alias 'sebeolsik-final' already names layout 3f in 3f.layout; choose another alias")
        ) {
            try catalog.add(try Self.layout(id: "x", aliases: ["sebeolsik-final"]), from: .file("x.layout"))
        }
    }

    /// What `hello` and `--list-layouts` show is the truth: every name listed for a layout selects
    /// that layout, the built-ins' and after any mix of accepted and refused user files.
    @Test func everyListedNameSelectsTheLayoutThatListsIt() throws {
        var catalog = LayoutCatalog.builtIn
        let files: [(String, [String])] = [
            ("mine", ["2", "m"]), ("dubeolsik", []), ("3f", ["my-final", "sebeolsik-final"]), ("yours", ["m"]),
            ("m", []), ("2", ["two"]), ("ours", ["my-final"]), ("romaja", ["ro2"]), ("ro", ["romaja-plus"]),
        ]
        for (id, aliases) in files {
            try? catalog.add(try Self.layout(id: id, aliases: aliases), from: .file("\(id).layout"))
        }
        var names: [String] = []
        for layout in catalog.layouts {
            for name in [layout.id] + layout.aliases {
                #expect(catalog.layout(named: name) === layout, "\(name) is listed for \(layout.id)")
                names.append(name)
            }
        }
        #expect(Set(names).count == names.count, "no name is listed twice")
        #expect(catalog.ids == ["2", "2y", "32", "39", "3f", "3s", "3y", "3sin-p2", "3sin-1995", "ro", "ahn", "yours"])
        #expect(catalog.layout(named: "ro")?.aliases == ["romaja-plus", "romaja"])
    }

    @Test func theBuiltInLayoutsHaveOneLayoutPerName() {
        let names = LayoutCatalog.builtIn.layouts.flatMap { [$0.id] + $0.aliases }
        #expect(names.count == 22)
        #expect(Set(names).count == names.count)
    }
}
