import Foundation
import HangulTestSupport
import HanguldOptions
import Testing

/// `hanguld` links neither swift-argument-parser nor Foundation, so that a daemon started the
/// usual way loads neither; every command line ``QuickStart`` does not read runs `hanguld-cli` in
/// its place, with the arguments unchanged, and that runs `hanguld` with the options it read
/// (every `RunningDaemon` is started that way: its options include `--log-level`).
@Suite struct DaemonParserProgramTests {
    static var front: String { SystemTools.hanguld }
    static var parser: String { SystemTools.hanguld + "-cli" }

    @Test func theDaemonLoadsNeitherFoundationNorTheParser() throws {
        let libraries = try SharedLibraries.listed(for: Self.front)
        #expect(libraries.contains("libc.so"), "ldd printed no libc for \(Self.front): \(libraries)")
        for name in ["libFoundation", "ArgumentParser"] {
            #expect(!libraries.contains(name), "hanguld loads \(name):\n\(libraries)")
        }
    }

    @Test func theParserProgramIsTheOneThatLoadsFoundationAndItLinksNoDaemon() throws {
        #expect(try SharedLibraries.listed(for: Self.parser).contains("libFoundationEssentials"))
        #expect(try !SharedLibraries.listed(for: Self.parser).contains("libxkbcommon"))
    }

    /// Help, the version and usage errors print exactly what the parser program prints for the
    /// same arguments, with the same exit status.
    @Test(arguments: [
        ["--help"], ["--version"], ["--max-sessions", "0"], ["--bogus"], ["--log-level", "chatty"], ["--socket"],
        ["--socket", "/a", "--socket", "/b"], ["--hello-timeout", "0", "--config", "/c.toml"],
    ])
    func aCommandLineThatIsNotQuickReachesTheParserProgram(arguments: [String]) throws {
        let front = try SpawnedProcess(Self.front, arguments).wait()
        let parser = try SpawnedProcess(Self.parser, arguments).wait()
        #expect(front == parser)
        #expect(!(front.stdout + front.stderr).isEmpty)
    }

    @Test func aMissingParserProgramIsNamedWithWhatToDo() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let copy = directory.child("hanguld")
        try FileManager.default.copyItem(atPath: Self.front, toPath: copy)
        let help = try SpawnedProcess(copy, ["--help"]).wait()
        #expect(help.status == 127)
        #expect(help.stdout == "")
        #expect(
            help.stderr == "hanguld: hanguld-cli, which reads every option but --socket and --config, is missing "
                + "(looked for \(directory.path)/../libexec/hangul/hanguld-cli and \(directory.path)/hanguld-cli); "
                + "reinstall hanguld.\n")
    }

    @Test func theParserProgramIsLookedForInstalledThenBesideTheExecutable() {
        #expect(
            DaemonPrograms.parserCandidates(executablePath: "/usr/bin/hanguld") == [
                "/usr/bin/../libexec/hangul/hanguld-cli", "/usr/bin/hanguld-cli",
            ])
        #expect(
            DaemonPrograms.daemonCandidates(executablePath: "/usr/libexec/hangul/hanguld-cli") == [
                "/usr/libexec/hangul/../../bin/hanguld", "/usr/libexec/hangul/hanguld",
            ])
    }
}
