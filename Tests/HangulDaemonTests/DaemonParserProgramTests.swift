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
        var front = try SpawnedProcess(Self.front, arguments).wait()
        var parser = try SpawnedProcess(Self.parser, arguments).wait()
        front.stderr = Self.withoutTimestamps(front.stderr)
        parser.stderr = Self.withoutTimestamps(parser.stderr)
        #expect(front == parser)
        #expect(!(front.stdout + front.stderr).isEmpty)
    }

    /// `text` with the timestamp that starts each log line taken out: a command line the daemon
    /// runs with logs a line before it fails, and two runs a second apart differed only there.
    static func withoutTimestamps(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            // The log's standard-error lines: `2026-11-28T12:55:33+0000 notice …`.
            let timestamp = line.prefix(25)
            let isOne = timestamp.count == 25 && timestamp.dropFirst(10).first == "T" && timestamp.last == " "
            return isOne ? String(line.dropFirst(25)) : String(line)
        }.joined(separator: "\n")
    }

    @Test func logTimestampsAreTakenOutBeforeTheOutcomesAreCompared() {
        #expect(
            Self.withoutTimestamps("2026-11-28T12:55:33+0000 notice hanguld: loaded\nError: kept as it is\n")
                == "notice hanguld: loaded\nError: kept as it is\n")
        #expect(Self.withoutTimestamps("Error: short\n") == "Error: short\n")
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
