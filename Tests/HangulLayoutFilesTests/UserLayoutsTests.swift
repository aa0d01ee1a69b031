import Foundation
import HangulCore
import HangulLayoutFiles
import HangulTestSupport
import Testing

@Suite struct UserLayoutsTests {
    static let mine = """
        id    mine
        name  Mine
        kind  jamo
        key a initial ㄱ
        key b medial ㅏ
        """

    static let myDubeolsik = """
        id    2
        name  My Dubeolsik
        kind  jamo
        key r initial ㄱ
        key k medial ㅏ
        """

    @Test func theDirectoryIsUnderXDGConfigHomeElseHome() {
        let both = ["XDG_CONFIG_HOME": "/c", "HOME": "/h"]
        #expect(UserLayouts.directory(environment: { both[$0] }) == "/c/hangul/layouts")
        let home = ["HOME": "/h"]
        #expect(UserLayouts.directory(environment: { home[$0] }) == "/h/.config/hangul/layouts")
        let relative = ["XDG_CONFIG_HOME": "c", "HOME": "h"]
        #expect(UserLayouts.directory(environment: { relative[$0] }) == nil, "relative paths are ignored")
    }

    @Test func aMissingDirectoryOffersTheBuiltInsAlone() {
        let loaded = UserLayouts(directory: "/nonexistent/hangul/layouts", files: [])
        #expect(loaded.catalog.ids == LayoutCatalog.builtIn.ids)
        #expect(loaded.problems.isEmpty)
    }

    @Test func onlyVisibleLayoutFilesInTheDirectoryAreRead() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        try temporary.write(Self.mine, to: "mine.layout")
        try temporary.write("not a layout", to: "README")
        try temporary.write("not a layout", to: ".hidden.layout")
        try temporary.write("not a layout", to: "mine.layout~")
        let loaded = UserLayouts(directory: temporary.path, files: [])
        #expect(loaded.problems.isEmpty)
        #expect(loaded.catalog.ids == LayoutCatalog.builtIn.ids + ["mine"])
        #expect(loaded.catalog.entries.last?.source == .file(temporary.child("mine.layout")))
    }

    @Test func aBrokenFileIsReportedWithItsLineAndTheOthersStillLoad() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        try temporary.write("id broken\nname Broken\nkind jamo\nkey r initial ㅏ\n", to: "a-broken.layout")
        try temporary.write(Self.mine, to: "b-mine.layout")
        let loaded = UserLayouts(directory: temporary.path, files: [])
        #expect(loaded.catalog.layout(named: "mine") != nil)
        #expect(loaded.catalog.layout(named: "broken") == nil, "nothing of a broken file is loaded")
        #expect(
            loaded.problems.map(\.description) == [
                temporary.child("a-broken.layout") + ":4: ㅏ has no initial form; write a Hangul letter or U+XXXX"
            ])
        #expect(loaded.problems.map(\.isExplicit) == [false])
    }

    @Test func anExplicitFileOverridesABuiltInVisibly() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let path = try temporary.write(Self.myDubeolsik, to: "elsewhere/my.layout")
        let loaded = UserLayouts(directory: nil, files: [path])
        #expect(loaded.problems.isEmpty)
        #expect(loaded.catalog.ids == LayoutCatalog.builtIn.ids, "the override keeps the built-in's place")
        let entry = try #require(loaded.catalog.entries.first)
        #expect(entry.layout.name == "My Dubeolsik")
        #expect(entry.overridesBuiltIn)
        #expect(entry.source == .file(path))
    }

    @Test func twoUserFilesWithOneIdKeepTheFirstAndReportTheSecond() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        try temporary.write(Self.mine, to: "a.layout")
        let second = try temporary.write(Self.mine.replacingOccurrences(of: "Mine", with: "Other"), to: "b.layout")
        let loaded = UserLayouts(directory: temporary.path, files: [])
        #expect(loaded.catalog.layout(named: "mine")?.name == "Mine")
        #expect(
            loaded.problems.map(\.description) == [
                second + ":1: id 'mine' is already the id of the layout in " + temporary.child("a.layout")
                    + "; give one of the two files another id"
            ])
    }

    @Test func unreadableOversizedAndNonUTF8FilesAreRejectedWithTheirPath() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let large = try temporary.write(String(repeating: "# padding\n", count: 30_000), to: "large.layout")
        let binary = temporary.child("binary.layout")
        try Data([0x69, 0x64, 0x20, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: binary))
        let missing = temporary.child("missing.layout")
        let loaded = UserLayouts(directory: nil, files: [large, binary, missing, temporary.path])
        #expect(
            loaded.problems.map(\.description) == [
                large + ": is larger than 262144 bytes, the most a layout file may be",
                binary + ": is not valid UTF-8",
                missing + ": cannot be opened: No such file or directory",
                temporary.path + ": is not a regular file",
            ])
        #expect(loaded.problems.allSatisfy { $0.isExplicit })
        #expect(loaded.catalog.ids == LayoutCatalog.builtIn.ids)
    }
}
