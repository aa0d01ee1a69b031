import Foundation
import HangulCore
import HangulHanja
import HangulTestSupport
import Testing

@Suite struct HanjaFilesTests {
    static let systemFilesPresent =
        FileManager.default.fileExists(atPath: HanjaFiles.systemDictionaryPath)
        && FileManager.default.fileExists(atPath: HanjaFiles.systemSymbolsPath)

    @Test func theUserDictionaryIsUnderXDGConfigHomeElseHome() {
        let both = ["XDG_CONFIG_HOME": "/c", "HOME": "/h"]
        #expect(HanjaFiles.userDictionaryPath(environment: { both[$0] }) == "/c/hangul/hanja.txt")
        let home = ["HOME": "/h"]
        #expect(HanjaFiles.userDictionaryPath(environment: { home[$0] }) == "/h/.config/hangul/hanja.txt")
        let relative = ["XDG_CONFIG_HOME": "c", "HOME": "h"]
        #expect(HanjaFiles.userDictionaryPath(environment: { relative[$0] }) == nil, "relative paths are ignored")
    }

    @Test func filesStackUserFirstThenNamedFilesThenTheSystem() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let user = try temporary.write("한:翰:\n", to: "config/hangul/hanja.txt")
        let extra = try temporary.write("한:澣:\n", to: "extra.txt")
        let system = try temporary.write("한:韓:\n한:翰:\n", to: "system.txt")
        let symbols = try temporary.write("ㅁ:※:\n", to: "symbols.txt")
        let loaded = HanjaFiles(user: user, files: [extra], system: system, symbols: symbols)
        #expect(loaded.problems.isEmpty)
        #expect(loaded.dictionary.tables.map(\.source) == [user, extra, system, symbols])
        #expect(loaded.dictionary.candidates(for: "한", .exact).map(\.value) == ["翰", "澣", "韓"])
        #expect(loaded.dictionary.candidates(for: "ㅁ", .exact).map(\.value) == ["※"])
    }

    @Test func missingSystemFilesAreClearWarningsAndTheUsersEntriesStillWork() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let user = try temporary.write("한:翰:\n", to: "hanja.txt")
        let system = temporary.child("missing/hanja.txt")
        let symbols = temporary.child("missing/mssymbol.txt")
        let loaded = HanjaFiles(user: user, files: [], system: system, symbols: symbols)
        #expect(
            loaded.problems.map(\.description) == [
                system + ": cannot be opened: No such file or directory; hanja conversion offers only the user's own "
                    + "entries; install Debian's libhangul-data (scripts/setup does)",
                symbols + ": cannot be opened: No such file or directory; symbol conversion offers only the user's own "
                    + "entries; install Debian's libhangul-data (scripts/setup does)",
            ])
        #expect(loaded.problems.map(\.isExplicit) == [false, false])
        #expect(loaded.dictionary.candidates(for: "한", .exact).map(\.value) == ["翰"])
    }

    @Test func aMissingUserDictionaryIsNotAProblemButAMissingNamedFileIs() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let system = try temporary.write("한:韓:\n", to: "system.txt")
        let symbols = try temporary.write("ㅁ:※:\n", to: "symbols.txt")
        let named = temporary.child("typo.txt")
        let loaded = HanjaFiles(
            user: temporary.child("no-config/hanja.txt"), files: [named], system: system, symbols: symbols)
        #expect(
            loaded.problems.map(\.description) == [
                named + ": cannot be opened: No such file or directory; check the path given for it"
            ])
        #expect(loaded.problems.map(\.isExplicit) == [true])
        #expect(loaded.dictionary.tables.count == 2)
    }

    @Test func aDirectoryIsNotADictionary() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        #expect(throws: FileProblem(source: temporary.path, line: 0, reason: "is not a regular file")) {
            try HanjaFiles.readTable(temporary.path)
        }
    }

    /// A FIFO at a dictionary path once hung the reader in `open()`, which would have stalled the
    /// daemon at its first hanja key; it is refused at once, whoever holds the other end.
    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let path = temporary.path + "/hanja.txt"
        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: FileProblem(source: path, line: 0, reason: "is not a regular file")) {
            try HanjaFiles.readTable(path)
        }
    }

    @Test func malformedLinesOfALoadedFileAreWarningsWithTheirFileAndLine() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let user = try temporary.write("한:翰:\n한\n", to: "hanja.txt")
        let system = try temporary.write("한:韓:\n", to: "system.txt")
        let loaded = HanjaFiles(user: user, files: [], system: system, symbols: system)
        #expect(
            loaded.problems.map(\.description) == [
                user + ":2: has no value after the key; an entry is key:value or key:value:comment"
            ])
        #expect(loaded.problems.map(\.isExplicit) == [false])
    }

    /// The real data from Debian's libhangul-data: fails rather than skips under CI when it is missing.
    @Test(.enabled(if: systemFilesPresent || ProcessInfo.processInfo.environment["CI"] != nil))
    func theSystemDictionaryGivesLibhangulsCandidates() throws {
        let loaded = HanjaFiles(user: nil, files: [])
        #expect(loaded.problems.isEmpty, "install libhangul-data (scripts/setup)")
        let system = try #require(loaded.dictionary.tables.first)
        #expect(system.entryCount == 303_502)
        #expect(system.keyCount == 222_705)
        let han = loaded.dictionary.candidates(for: "한", .exact)
        #expect(han.count == 100)
        #expect(han.first?.description == "한:韓:나라 이름 한, 한나라 한", "libhangul's first candidate for 한")
        #expect(loaded.dictionary.candidates(for: "대한민국", .prefix).first?.value == "大韓民國")
        #expect(loaded.dictionary.candidates(for: "ㅁ", .exact).count == 75)
    }
}
