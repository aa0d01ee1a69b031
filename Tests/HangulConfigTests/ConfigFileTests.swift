import Foundation
import HangulConfig
import HangulCore
import HangulTestSupport
import Testing

/// The file on disk: where it is, reading it whole and safely, replacing it atomically.
@Suite struct ConfigFileTests {
    @Test func thePathFollowsTheXDGRules() {
        let both = ["XDG_CONFIG_HOME": "/x/config", "HOME": "/home/u"]
        #expect(ConfigFile.defaultPath { both[$0] } == "/x/config/hangul/config.toml")
        let relative = ["XDG_CONFIG_HOME": "config", "HOME": "/home/u"]
        #expect(ConfigFile.defaultPath { relative[$0] } == "/home/u/.config/hangul/config.toml")
        #expect(ConfigFile.defaultPath { _ in nil } == nil)
    }

    @Test func aMissingFileMeansTheDefaults() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(try ConfigFile.read(directory.child("config.toml")) == nil)
        #expect(try ConfigFile.load(directory.child("config.toml"), layouts: .builtIn) == Settings())
    }

    @Test func aFileIsReadAndChecked() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write("layout = \"3f\"\ncommit-unit = \"word\"\n", to: "config.toml")
        let settings = try ConfigFile.load(path, layouts: .builtIn)
        #expect(settings[.layout] == "3f")
        #expect(settings.commitUnit == .word)
    }

    @Test func whatIsNotASmallTextFileIsRefusedWhole() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let big = try directory.write(
            "# " + String(repeating: "x", count: ConfigFile.maximumSize) + "\n", to: "big.toml")
        let binary = directory.child("binary.toml")
        try Data([0x6C, 0x3D, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: binary))
        let cases: [(String, String)] = [
            (big, "\(big): is larger than 65536 bytes, the most a settings file may be"),
            (binary, "\(binary): is not valid UTF-8"),
            (directory.path, "\(directory.path): is a directory, not a regular file"),
        ]
        for (path, message) in cases {
            #expect(throws: ConfigError(problems: [Self.problem(message)])) { try ConfigFile.read(path) }
        }
    }

    static func problem(_ message: String) -> FileProblem {
        let parts = message.split(separator: ": ", maxSplits: 1).map(String.init)
        return FileProblem(source: parts[0], line: 0, reason: parts[1])
    }

    @Test func writingCreatesTheDirectoryAndReplacesTheFileWhole() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.child("config/hangul/config.toml")
        try ConfigFile.write("layout = \"3f\"\n", to: path)
        #expect(try ConfigFile.read(path) == "layout = \"3f\"\n")
        chmod(path, 0o600)
        try ConfigFile.write("layout = \"2\"\n", to: path)
        #expect(try ConfigFile.read(path) == "layout = \"2\"\n")
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.child("config/hangul"))
        #expect(leftovers == ["config.toml"])
    }

    @Test func aSymlinkedFileStaysALink() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = try directory.write("layout = \"2\"\n", to: "dotfiles/config.toml")
        let link = directory.child("config.toml")
        #expect(symlink(target, link) == 0)
        try ConfigFile.write("layout = \"3f\"\n", to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try ConfigFile.read(target) == "layout = \"3f\"\n")
    }

    @Test func aWriteThatFailsSaysWhereAndWhy() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("", to: "file")
        let underFile = file + "/hangul/config.toml"
        let inside = try directory.write("", to: "config.toml/inside")
        let taken = directory.child("config.toml")
        let cases: [(String, String)] = [
            (underFile, "\(underFile): \(file) is not a directory"),
            (taken, "\(taken): cannot be replaced: Is a directory"),
        ]
        for (path, message) in cases {
            #expect(throws: ConfigError(problems: [Self.problem(message)])) { try ConfigFile.write("x\n", to: path) }
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["config.toml", "file"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: taken) == ["inside"])
        #expect(FileManager.default.fileExists(atPath: inside))
    }

    @Test func aReloadKeepsThePreviousSettingsWhenTheFileIsBroken() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var previous = Settings()
        previous[.layout] = "3f"
        let path = try directory.write("layout = \"ro\"\noutput = \"jamo\"\n", to: "config.toml")
        let good = Settings.reloaded(from: path, layouts: .builtIn, keeping: previous)
        #expect(good.settings[.layout] == "ro")
        #expect(good.settings[.output] == "jamo")
        #expect(good.problems == nil)
        try directory.write("layout = \"2\"\noutput = \"jam\"\n", to: "config.toml")
        let broken = Settings.reloaded(from: path, layouts: .builtIn, keeping: previous)
        #expect(broken.settings == previous)
        #expect(broken.problems?.description == #"\#(path):2: output must be "syllables" or "jamo", not "jam""#)
    }
}
