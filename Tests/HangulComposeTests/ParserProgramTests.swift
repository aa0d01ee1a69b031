import Foundation
import HangulTestSupport
import Testing

@testable import HangulCompose

/// `hangul-compose` links neither swift-argument-parser nor Foundation and carries the Swift
/// runtime, so that a short input costs no dynamic loading; every command line that is not plain
/// key strings runs `hangul-compose-cli` in its place, with the arguments unchanged.
@Suite struct ParserProgramTests {
    static var front: String { Subprocess.productsDirectory.appendingPathComponent("hangul-compose").path }

    /// Neither Foundation nor the parser in any build; in a release build (the one installed) no
    /// shared Swift library at all: the runtime is linked in there (a debug build links it shared,
    /// since the test bundle inherits the executable's linker flags). `scripts/test-packages`
    /// checks the installed one too.
    @Test func theFastExecutableLoadsNeitherFoundationNorTheParserAndReleaseBuildsNoSwiftLibrary() throws {
        let libraries = try SharedLibraries.listed(for: Self.front)
        #expect(libraries.contains("libc.so"), "ldd printed no libc for \(Self.front): \(libraries)")
        var unwanted = ["libFoundation", "ArgumentParser"]
        if Subprocess.productsDirectory.resolvingSymlinksInPath().path.hasSuffix("/release") {
            unwanted += ["libswiftCore", "libswift_Concurrency", "libdispatch"]
        }
        for name in unwanted {
            #expect(!libraries.contains(name), "hangul-compose loads \(name):\n\(libraries)")
        }
    }

    @Test func theParserProgramIsTheOneThatLoadsFoundation() throws {
        let parser = Subprocess.productsDirectory.appendingPathComponent(ParserProgram.name).path
        #expect(try SharedLibraries.listed(for: parser).contains("libFoundationEssentials"))
    }

    /// Options, subcommands, help, the version and usage errors print exactly what the parser
    /// program prints for the same arguments, with the same exit status; so do the layouts and
    /// options `hangul-compose` reads itself (PlainTyping), and the ones it leaves to the parser.
    @Test(arguments: [
        ["--help"], ["--version"], ["help", "fix"], ["--layout", "nonesuch", "rk"], ["--bogus"], ["type", "dkssud"],
        ["--json", "rk"], ["reverse", "안녕"], ["--generate-completion-script", "bash"],
        ["--layout", "3f", "kfm", "jdjd"], ["--option", "extended-vowels=off", "dkssud"],
        ["--layout=39", "--option=auto-fix", "ehfdk rk"], ["--option", "commit-unit=word", "dkssud gktpdy"],
        ["--option", "nope", "rk"], ["--option", "commit-unit=paragraph", "rk"],
        ["--layout", "3f", "--layout", "2", "rk"], ["rk", "--option"],
    ])
    func aCommandLinePrintsWhatTheParserProgramPrints(arguments: [String]) throws {
        let front = try Subprocess.run("hangul-compose", arguments, input: Data())
        let parser = try Subprocess.run(ParserProgram.name, arguments, input: Data())
        #expect(front == parser)
        #expect(!(front.stdout + front.stderr).isEmpty)
    }

    @Test func aMissingParserProgramIsNamedWithWhatToDo() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let copy = directory.child("hangul-compose")
        try FileManager.default.copyItem(atPath: Self.front, toPath: copy)
        let plain = try SpawnedProcess(copy, ["dkssud"]).wait()
        #expect(plain.stdout == "안녕\n")
        #expect(plain.status == 0)
        let help = try SpawnedProcess(copy, ["--help"]).wait()
        #expect(help.status == 127)
        #expect(help.stdout == "")
        #expect(
            help.stderr == "hangul-compose: hangul-compose-cli, which handles options, subcommands and --help, is "
                + "missing (looked for \(directory.path)/../libexec/hangul/hangul-compose-cli and "
                + "\(directory.path)/hangul-compose-cli); reinstall hangul-compose.\n")
    }

    @Test func theParserProgramIsLookedForInstalledThenBesideTheExecutable() {
        #expect(
            ParserProgram.candidates(executablePath: "/usr/bin/hangul-compose") == [
                "/usr/bin/../libexec/hangul/hangul-compose-cli", "/usr/bin/hangul-compose-cli",
            ])
    }
}
