import Foundation
import HangulTestSupport
import Testing

/// User layout files end to end: found in the layout directory or named with --layout-file, listed,
/// typed with, and rejected with file, line and reason when broken.
@Suite struct UserLayoutTests {
    static let homeRow = TestLayoutFiles.homeRow

    /// The README's complete example layout file and the session it shows, as written there.
    static func readmeExample() throws -> (layout: String, command: String, output: String) {
        var repository = #filePath
        for _ in 0..<3 { repository = String(repository[..<(repository.lastIndex(of: "/") ?? repository.startIndex)]) }
        let readme = try String(contentsOfFile: repository + "/README.md", encoding: .utf8)
        let parts = readme.components(separatedBy: "A complete small example")
        try #require(parts.count == 2, "the README has one complete layout example")
        let blocks = parts[1].components(separatedBy: "```")
        try #require(blocks.count > 4)
        let session = blocks[3].split(separator: "\n").dropFirst().map(String.init)
        try #require(session.first?.hasPrefix("$ hangul-compose ") == true)
        return (
            String(blocks[1].dropFirst()), String(session[0].dropFirst(2)),
            session.dropFirst().joined(separator: "\n") + "\n"
        )
    }

    @Test func theReadmeExampleLayoutTypesWhatTheReadmeShows() throws {
        let example = try Self.readmeExample()
        let config = try TemporaryDirectory()
        defer { config.remove() }
        try config.write(example.layout, to: "hangul/layouts/home-row.layout")
        let arguments = example.command.split(separator: " ").dropFirst().map(String.init)
        let result = try compose(arguments, config: config)
        #expect(result.stderr.isEmpty)
        #expect(result.status == 0)
        #expect(result.stdout == example.output)
        #expect(try compose(["--layout", "home-row", ";a"], config: config).stdout == "·ㅎ\n")
    }

    func compose(_ arguments: [String], config: TemporaryDirectory) throws -> Subprocess {
        try Subprocess.run(
            "hangul-compose", arguments, environment: ["XDG_CONFIG_HOME": config.path, "PATH": "/usr/bin:/bin"])
    }

    @Test func aLayoutInTheDirectoryIsListedAndTypes() throws {
        let config = try TemporaryDirectory()
        defer { config.remove() }
        let path = try config.write(Self.homeRow, to: "hangul/layouts/home-row.layout")
        let listing = try compose(["--list-layouts"], config: config)
        #expect(
            listing.stdout.hasSuffix(
                "ahn\tahnmatae\tAhnmatae\t안마태\tbuilt-in\nhome-row\thomerow\tHome Row\t홈 줄\t\(path)\n"))
        let typed = try compose(["--layout", "homerow", "asdfgh", "ajs"], config: config)
        #expect(typed.status == 0)
        #expect(typed.stdout == "한글\n화\n")
    }

    @Test func aLayoutFileOverridingABuiltInSaysSoAndIsUsed() throws {
        let config = try TemporaryDirectory()
        defer { config.remove() }
        let path = try config.write(
            Self.homeRow.replacingOccurrences(of: "id       home-row", with: "id       2"), to: "override.layout")
        let listing = try compose(["--layout-file", path, "--list-layouts"], config: config)
        #expect(
            listing.stdout.hasPrefix("2\thomerow,dubeolsik\tHome Row\t홈 줄\t\(path) (overrides built-in)\n2y\t"))
        #expect(try compose(["--layout-file", path, "asd"], config: config).stdout == "한\n")
    }

    @Test func aBrokenFileInTheDirectoryWarnsAndTheRestStillWorks() throws {
        let config = try TemporaryDirectory()
        defer { config.remove() }
        let broken = try config.write("id x\nname X\nkind jaso\nkey 1 final ㅏ\n", to: "hangul/layouts/broken.layout")
        try config.write(Self.homeRow, to: "hangul/layouts/home-row.layout")
        let result = try compose(["--layout", "home-row", "asd"], config: config)
        #expect(result.status == 0)
        #expect(result.stdout == "한\n")
        #expect(
            result.stderr
                == "hangul-compose: warning: layout file skipped: \(broken):4: ㅏ has no final form; write a Hangul letter or U+XXXX\n"
        )
    }

    @Test func aBrokenLayoutFileOnTheCommandLineIsAnError() throws {
        let config = try TemporaryDirectory()
        defer { config.remove() }
        let broken = try config.write("id x\nname X\nkind jaso\nkey r initial ㄱ\nkey r medial ㅏ\n", to: "x.layout")
        let result = try compose(["--layout-file", broken, "rk"], config: config)
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix("Error: layout file rejected: \(broken):5: key r is already defined on line 4\n"))
        #expect(result.stdout.isEmpty)
    }

    @Test func layoutFilesAreForInProcessTypingOnly() throws {
        let config = try TemporaryDirectory()
        defer { config.remove() }
        let result = try compose(["--daemon", "--layout-file", "x.layout", "rk"], config: config)
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "Error: --layout-file types in this process; a daemon offers the layouts it loaded (hanguld --layout-file).\n"
            ))
    }
}
