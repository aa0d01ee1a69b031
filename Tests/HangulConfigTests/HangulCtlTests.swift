import Foundation
import HangulConfig
import HangulTestSupport
import Testing

/// The `hangulctl` executable end to end, on files in a temporary directory (never the user's own).
@Suite struct HangulCtlTests {
    static func run(_ arguments: [String], home: TemporaryDirectory) throws -> Subprocess {
        try Subprocess.run(
            "hangulctl", arguments,
            environment: ["XDG_CONFIG_HOME": home.child("config"), "HOME": home.path, "PATH": "/usr/bin:/bin"])
    }

    @Test func setThenGetThenCheckTheDefaultFile() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let path = home.child("config/hangul/config.toml")
        #expect(try Self.run(["config", "path"], home: home).stdout == path + "\n")
        #expect(
            try Self.run(["config", "check"], home: home).stdout == "\(path): no settings file; the defaults apply\n")
        let set = try Self.run(["config", "set", "layout", "3f"], home: home)
        #expect(set.status == 0)
        #expect(set.stderr == "")
        #expect(try Self.run(["config", "get", "layout"], home: home).stdout == "3f\n")
        #expect(try Self.run(["config", "get", "toggle-keys"], home: home).stdout == "Hangul,Shift+space\n")
        #expect(try Self.run(["config", "check"], home: home).stdout == "\(path): ok\n")
        #expect(
            try Self.run(["config", "get", "--json"], home: home).stdout
                == #"{"layout":"3f","auto-reorder":false,"combi-on-double-stroke":false,"non-choseong-combi":true,"extended-vowels":true,"output":"syllables","toggle-keys":["Hangul","Shift+space"],"escape-to-latin":false,"hanja-keys":["Hangul_Hanja","F9"],"commit-unit":"syllable","hangul-keys":[],"latin-keys":[],"fix-keys":["Shift+Hangul","Pause"],"auto-fix":false,"start-mode":"hangul","mode-scope":"global"}"#
                + "\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "layout = \"3f\"\n")
        #expect(try Self.run(["config", "unset", "layout"], home: home).status == 0)
        #expect(try Self.run(["config", "get", "layout"], home: home).stdout == "2\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "")
    }

    @Test func aBrokenFileFailsTheCheckAndIsNotChanged() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let text = "layout = \"3x\"\ncommit-unit = \"words\"\n"
        let path = try home.write(text, to: "mine.toml")
        let check = try Self.run(["config", "check", path], home: home)
        #expect(check.status == 1)
        #expect(
            check.stderr == """
                \(path):1: unknown layout "3x"; known: 2, 2y, 32, 39, 3f, 3s, 3y, 3sin-p2, 3sin-1995, ro, ahn (or a long id such as "sebeolsik-final")
                \(path):2: commit-unit must be "syllable" or "word", not "words"

                """)
        let set = try Self.run(["config", "set", "--file", path, "layout", "3f"], home: home)
        #expect(set.status == 1)
        #expect(set.stderr == "not changed:\n\(path):2: commit-unit must be \"syllable\" or \"word\", not \"words\"\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
        let get = try Self.run(["config", "get", "--file", path, "layout"], home: home)
        #expect(get.status == 1)
        #expect(get.stdout == "")
    }

    @Test func aNamedFileThatIsMissingFailsTheCheck() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let check = try Self.run(["config", "check", home.child("none.toml")], home: home)
        #expect(check.status == 1)
        #expect(check.stderr == "\(home.child("none.toml")): no such file\n")
    }

    @Test func anUnknownKeyIsAUsageError() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let get = try Self.run(["config", "get", "layuot"], home: home)
        #expect(get.status == 64)
        #expect(
            get.stderr.hasPrefix(
                "Error: unknown key \"layuot\"; known keys: layout, auto-reorder, combi-on-double-stroke, "
                    + "non-choseong-combi, extended-vowels, output, toggle-keys, escape-to-latin, hanja-keys, start-mode, commit-unit, "
                    + "hangul-keys, latin-keys, mode-scope, fix-keys, auto-fix"
            ))
    }

    @Test func aUserLayoutCanBeNamed() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        try home.write(TestLayoutFiles.homeRow, to: "config/hangul/layouts/home-row.layout")
        let set = try Self.run(["config", "set", "layout", "home-row"], home: home)
        #expect(set.status == 0)
        #expect(set.stderr == "")
        #expect(try Self.run(["config", "get", "layout"], home: home).stdout == "home-row\n")
    }
}
