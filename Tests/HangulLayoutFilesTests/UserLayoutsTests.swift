import Foundation
import Glibc
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
                temporary.path + ": is a directory, not a regular file",
            ])
        #expect(loaded.problems.allSatisfy { $0.isExplicit })
        #expect(loaded.catalog.ids == LayoutCatalog.builtIn.ids)
    }

    /// Issue 12, fault 6: `--layout-file` naming a FIFO blocked in `open()` for ever. The FIFO is
    /// refused at once; should that ever regress, a writer opens the other end after 5 seconds so
    /// the test fails on its clock instead of hanging. (No time limit: under a full parallel run a
    /// limit fired on tests that were only waiting for a thread.)
    @Test func aFIFOOnTheCommandLineIsRefusedWithoutBlocking() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let fifo = temporary.child("pipe.layout")
        #expect(mkfifo(fifo, 0o600) == 0)
        let unblocker = Thread {
            Thread.sleep(forTimeInterval: 5)
            let writer = open(fifo, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
        }
        unblocker.start()
        let started = ContinuousClock.now
        let loaded = UserLayouts(directory: nil, files: [fifo])
        #expect(ContinuousClock.now - started < .seconds(2), "refused without waiting for a writer")
        #expect(loaded.problems.map(\.description) == [fifo + ": is a named pipe (FIFO), not a regular file"])
        #expect(loaded.problems.map(\.isExplicit) == [true])
    }

    /// Devices and sockets are refused by kind, before anything opens them.
    @Test func aDeviceOrASocketIsRefusedByKind() throws {
        let loaded = UserLayouts(directory: nil, files: ["/dev/null", "/dev/log"].filter { access($0, F_OK) == 0 })
        let expected = ["/dev/null: is a device, not a regular file", "/dev/log: is a socket, not a regular file"]
        #expect(loaded.problems.map(\.description) == Array(expected.prefix(loaded.problems.count)))
        #expect(loaded.problems.count >= 1)
    }

    /// The README promises a warning for every broken file in the layout directory. A directory,
    /// a dangling link, a link loop and a FIFO named `*.layout` used to be skipped without a word
    /// (and a FIFO would have been opened had it passed the check); each is now a problem of its own,
    /// in name order, and the good files beside them still load.
    @Test func brokenEntriesInTheDirectoryAreEachReported() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        try temporary.write(Self.mine, to: "mine.layout")
        try FileManager.default.createDirectory(
            atPath: temporary.child("a-directory.layout"), withIntermediateDirectories: false)
        #expect(symlink(temporary.child("missing"), temporary.child("b-dangling.layout")) == 0)
        #expect(symlink(temporary.child("c-loop-2.layout"), temporary.child("c-loop-1.layout")) == 0)
        #expect(symlink(temporary.child("c-loop-1.layout"), temporary.child("c-loop-2.layout")) == 0)
        #expect(mkfifo(temporary.child("d-pipe.layout"), 0o600) == 0)
        let linked = try temporary.write(
            Self.mine.replacingOccurrences(of: "mine", with: "linked"), to: "repo/x.layout")
        #expect(symlink(linked, temporary.child("e-linked.layout")) == 0)

        let loaded = UserLayouts(directory: temporary.path, files: [])
        #expect(
            loaded.problems.map(\.description) == [
                temporary.child("a-directory.layout") + ": is a directory, not a regular file",
                temporary.child("b-dangling.layout") + ": is a symbolic link to a file that does not exist",
                temporary.child("c-loop-1.layout")
                    + ": is a symbolic link that loops (Too many levels of symbolic links)",
                temporary.child("c-loop-2.layout")
                    + ": is a symbolic link that loops (Too many levels of symbolic links)",
                temporary.child("d-pipe.layout") + ": is a named pipe (FIFO), not a regular file",
            ])
        #expect(loaded.problems.allSatisfy { !$0.isExplicit })
        #expect(loaded.catalog.ids == LayoutCatalog.builtIn.ids + ["linked", "mine"], "a link to a file loads")
    }

    /// File names are bytes: a good layout whose name is not UTF-8 loads, and a broken one is named
    /// in its message with the odd byte written `\xE9`, which a decoded name (U+FFFD) could not do.
    @Test func aFileWhoseNameIsNotUTF8LoadsAndIsNamedByItsBytes() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        try Self.create(Array(temporary.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".layout".utf8), Self.mine)
        try Self.create(Array(temporary.path.utf8) + Array("/bad".utf8) + [0xFF] + Array(".layout".utf8), "id x\n")
        let loaded = UserLayouts(directory: temporary.path, files: [])
        #expect(loaded.catalog.layout(named: "mine")?.name == "Mine")
        #expect(loaded.catalog.entries.last?.source == .file(temporary.path + "/caf\\xE9.layout"))
        #expect(
            loaded.problems.map(\.description) == [
                temporary.path + "/bad\\xFF.layout: no name line; add one, e.g. 'name My Layout'"
            ])
    }

    /// The directory's own file named again with `--layout-file`, or reached through a link in the
    /// directory, is one file: read once, not refused as a second layout with the same id.
    @Test func theSameFileReachedTwiceIsReadOnce() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let mine = try temporary.write(Self.mine, to: "b-mine.layout")
        #expect(symlink("b-mine.layout", temporary.child("c-link.layout")) == 0)
        let loaded = UserLayouts(directory: temporary.path, files: [mine, temporary.child("c-link.layout")])
        #expect(loaded.problems.isEmpty)
        #expect(loaded.catalog.ids == LayoutCatalog.builtIn.ids + ["mine"])
        #expect(loaded.catalog.entries.last?.source == .file(mine))
    }

    @Test func aLayoutDirectoryThatIsAFileIsReported() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let file = try temporary.write("", to: "layouts")
        let loaded = UserLayouts(directory: file, files: [])
        #expect(loaded.problems.map(\.description) == [file + ": layout directory cannot be read: Not a directory"])
        #expect(loaded.catalog.ids == LayoutCatalog.builtIn.ids)
    }

    /// Writes a file whose path is given as bytes, which Foundation cannot name.
    static func create(_ path: [UInt8], _ text: String) throws {
        let descriptor = open(path.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT | O_EXCL, 0o600)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        try #require(write(descriptor, bytes, bytes.count) == bytes.count)
    }
}
