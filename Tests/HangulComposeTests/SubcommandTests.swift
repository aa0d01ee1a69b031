import ArgumentParser
import Foundation
import HangulTestSupport
import Testing

@testable import HangulCompose
@testable import HangulComposeCommands

/// The five modes as subcommands print exactly what their flags print, and the flags still work.
@Suite struct SubcommandTests {
    /// The conformance transcripts' small dictionary, as in ``HanjaTests``.
    static let dictionary: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path + "/protocol/conformance/hanja-dictionary.dic"
    }()

    /// A word list of two words, so `fix` does not depend on the installed one.
    static let words: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hangul-compose-words-\(getpid())")
            .path
        _ = FileManager.default.createFile(atPath: path, contents: Data("hello\nworld\n".utf8))
        return path
    }()

    /// Each mode spelled as a subcommand, beside the same mode spelled with today's flags.
    static let spellings: [(subcommand: [String], flags: [String], input: String)] = [
        (["type", "dkssudgktpdy", "gksrmf<space>dlqfur"], ["dkssudgktpdy", "gksrmf<space>dlqfur"], ""),
        (["type", "--trace", "--layout", "3f", "kfs"], ["--trace", "--layout", "3f", "kfs"], ""),
        (["type"], [], "dkssudgktpdy\nrk<BackSpace>\n"),
        (["reverse", "안녕하세요, 세상!"], ["--reverse", "안녕하세요, 세상!"], ""),
        (["reverse", "--layout", "ro"], ["--reverse", "--layout", "ro"], "한국어 안아\n"),
        (["fix", "--words", words, "dkssud ㅗ디ㅣㅐ"], ["--fix", "--words", words, "dkssud ㅗ디ㅣㅐ"], ""),
        (["fix", "--words", words], ["--fix", "--words", words], "ㅈㅐ걍 world\n"),
        (
            ["hanja", "--no-system-hanja", "--hanja-file", dictionary, "한"],
            ["--hanja", "한", "--no-system-hanja", "--hanja-file", dictionary], ""
        ),
        (["layouts"], ["--list-layouts"], ""),
    ]

    /// Parses `arguments` as the executable does (the root command, `type` by default) and runs the
    /// mode's command in process.
    static func runAsRoot(_ arguments: [String], input: String) throws -> InProcess {
        let parsed = try HangulComposeCommand.parseAsRoot(arguments)
        let mode = try #require(parsed as? any ComposeMode, "\(arguments) parsed as \(type(of: parsed))")
        return try InProcess.run(mode.composeCommand(), input: Array(input.utf8))
    }

    @Test(arguments: spellings.indices)
    func aSubcommandPrintsWhatItsFlagPrints(index: Int) throws {
        let (subcommand, flags, input) = Self.spellings[index]
        let bySubcommand = try Self.runAsRoot(subcommand, input: input)
        let byFlags = try Self.runAsRoot(flags, input: input)
        #expect(!bySubcommand.stdout.isEmpty, "\(subcommand) printed nothing")
        #expect(bySubcommand.stdout == byFlags.stdout, "\(subcommand) against \(flags)")
        #expect(bySubcommand.stderr == byFlags.stderr)
        #expect(bySubcommand.status == byFlags.status)
    }

    @Test func withoutASubcommandTheArgumentsAreTypesKeys() throws {
        #expect(try HangulComposeCommand.parseAsRoot(["--reverse", "x"]) is ComposeCommand)
        #expect(try HangulComposeCommand.parseAsRoot(["dkssud"]) is ComposeCommand)
        #expect(try Self.runAsRoot(["--layout", "2", "fix"], input: "").stdout == "럍\n")
    }

    @Test func aKeyStringNamedLikeASubcommandIsTypedThroughType() throws {
        #expect(try HangulComposeCommand.parseAsRoot(["fix"]) is FixCommand)
        #expect(try Self.runAsRoot(["type", "fix"], input: "").stdout == "럍\n")
    }

    @Test func aSubcommandChecksItsArgumentsAsTheFlagDoes() {
        #expect(throws: (any Error).self) { try HangulComposeCommand.parseAsRoot(["hanja", ""]) }
        #expect(throws: (any Error).self) { try HangulComposeCommand.parseAsRoot(["reverse", "--layout"]) }
        #expect(throws: (any Error).self) { try HangulComposeCommand.parseAsRoot(["layouts", "extra"]) }
    }

    /// The executable itself, through `main`: both spellings print the same.
    @Test func theExecutablePrintsTheSameForBothSpellings() throws {
        let bySubcommand = try Subprocess.run(["reverse", "안녕하세요"], input: "")
        let byFlag = try Subprocess.run(["--reverse", "안녕하세요"], input: "")
        #expect(bySubcommand.status == 0)
        #expect(bySubcommand.stdout == "dkssudgktpdy\n")
        #expect(byFlag.stdout == bySubcommand.stdout)
        let typed = try Subprocess.run([], input: "dkssudgktpdy\n")
        #expect(typed.stdout == "안녕하세요\n")
    }
}
