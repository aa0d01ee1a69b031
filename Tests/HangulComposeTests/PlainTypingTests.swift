import Foundation
import HangulTestSupport
import Testing

@testable import HangulCompose
@testable import HangulComposeCommands

/// `hangul-compose KEYS…` and `hangul-compose < lines` skip the argument parser (``PlainTyping``);
/// `hangul-compose type KEYS…` is the same command through it. Every case here runs both ways and
/// must print the same, report the same and exit the same.
@Suite struct PlainTypingTests {
    static func bytes(_ arguments: [String]) -> [[UInt8]] { arguments.map { Array($0.utf8) } }

    @Test func plainKeyStringsSkipTheParser() {
        #expect(PlainTyping.plainCommand([])?.keys == [])
        #expect(
            PlainTyping.plainCommand(Self.bytes(["dkssud", "rk<BackSpace>", ""]))?.keys
                == Self.bytes(["dkssud", "rk<BackSpace>", ""]))
        #expect(PlainTyping.plainCommand(Self.bytes(["typed", "x-y"]))?.settings == ComposeSettings())
    }

    @Test(arguments: [
        ["--json", "rk"], ["-h"], ["--"], ["-"], ["rk", "--trace"], ["type", "rk"], ["fix", "rk"], ["reverse"],
        ["hanja", "한"], ["layouts"], ["help"], ["rk", "help"],
        // What only the parser decides or reports: a missing value or one that looks like an option,
        // a repeated --layout, a layout that is not built in, an option it refuses.
        ["--layout"], ["rk", "--option"], ["--layout", "-3", "rk"], ["--layout", "3f", "--layout", "2", "rk"],
        ["--layout", "nonesuch", "rk"], ["--layout=", "rk"], ["--option", "nope", "rk"], ["--option=", "rk"],
        ["--option", "extended-vowels=maybe"], ["--option", "commit-unit=paragraph"], ["--option", "auto-fix=2"],
        ["--layout", "fix"], ["--layouts=3", "rk"], ["--options", "auto-fix"], ["--output", "jamo", "rk"],
    ])
    func optionsSubcommandsAndHelpGoToTheParser(arguments: [String]) {
        #expect(PlainTyping.plainCommand(Self.bytes(arguments)) == nil)
    }

    /// The settings typed here are the ones the parser makes of the same command line.
    @Test(arguments: [
        ["dkssud"], ["--layout", "3f", "kfm"], ["--layout=39", "rk"], ["--option", "extended-vowels=off", "dkssud"],
        ["rk", "--option=auto-fix", "--option", "commit-unit=word", "sk"],
        ["--layout", "ahnmatae", "--option", "combi-on-double-stroke"],
        ["--option", "auto-fix=off", "--option", "auto-fix=on", "--layout", "2y"],
    ])
    func aLayoutAndOptionsAreReadAsTheParserReadsThem(arguments: [String]) throws {
        let plain = try #require(PlainTyping.plainCommand(Self.bytes(arguments)))
        let parsed = try #require(try HangulComposeCommand.parseAsRoot(arguments) as? ComposeCommand)
        #expect(plain.settings == parsed.settings)
        #expect(plain.keys == Self.bytes(parsed.keys))
    }

    /// Runs `hangul-compose ARGUMENTS` and `hangul-compose type ARGUMENTS` on the same input.
    static func bothWays(_ arguments: [[UInt8]], input: String = "", stdout: String? = nil, closeStdout: Bool = false)
        throws -> (
            plain: (stdout: String, stderr: String, status: Int32),
            parsed: (stdout: String, stderr: String, status: Int32)
        )
    {
        let path = Subprocess.productsDirectory.appendingPathComponent("hangul-compose").path
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("plain-typing-\(getpid())-\(UUID())")
        try Data(input.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let plain = try BinaryTests.run(
            path, arguments: arguments, stdin: file.path, stdout: stdout, closeStdout: closeStdout)
        let parsed = try BinaryTests.run(
            path, arguments: [Array("type".utf8)] + arguments, stdin: file.path, stdout: stdout,
            closeStdout: closeStdout)
        return (plain, parsed)
    }

    @Test(arguments: [
        ["dkssud"], ["dkssud", "gktpdy", ""], ["rk<BackSpace>sk", "<Hangul>abc"], ["<Nope>", "rk"], ["rk<BackSp"],
    ])
    func argumentsTypeTheSameBothWays(arguments: [String]) throws {
        let (plain, parsed) = try Self.bothWays(arguments.map { Array($0.utf8) })
        #expect(plain.stdout == parsed.stdout)
        #expect(plain.stderr == parsed.stderr)
        #expect(plain.status == parsed.status)
        #expect(!plain.stdout.isEmpty)
    }

    @Test func standardInputTypesTheSameBothWays() throws {
        let input = "dkssudgktpdy\nrk<BackSpace>sk\n<Nope>\ngksrmf <Hangul>hello"
        let (plain, parsed) = try Self.bothWays([], input: input)
        #expect(plain.stdout == "안녕하세요\nㄱ나\n\n한글 hello\n")
        #expect(plain.stdout == parsed.stdout)
        #expect(plain.stderr == parsed.stderr)
        #expect(plain.status == 1)
        #expect(plain.status == parsed.status)
    }

    @Test func anArgumentThatIsNotUTF8IsReportedTheSameBothWays() throws {
        let (plain, parsed) = try Self.bothWays([Array("rk".utf8), [0x73, 0x6B, 0xC3]])
        #expect(plain.stderr == "hangul-compose: argument 2: not valid UTF-8 at byte 3\n")
        #expect(plain.stdout == parsed.stdout)
        #expect(plain.stderr == parsed.stderr)
        #expect(plain.status == 1)
        #expect(plain.status == parsed.status)
    }

    @Test func writeErrorsAreReportedTheSameBothWays() throws {
        let full = try Self.bothWays([Array("dkssud".utf8)], stdout: "/dev/full")
        #expect(full.plain.status == 74)
        #expect(full.plain.stderr == full.parsed.stderr)
        #expect(full.plain.status == full.parsed.status)
        let closed = try Self.bothWays([Array("dkssud".utf8)], closeStdout: true)
        #expect(closed.plain.stderr == "hangul-compose: cannot write to standard output: Broken pipe\n")
        #expect(closed.plain.stderr == closed.parsed.stderr)
        #expect(closed.plain.status == closed.parsed.status)
    }
}
