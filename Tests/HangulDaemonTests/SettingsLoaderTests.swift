import Glibc
import HangulCore
import HangulProtocol
import Testing

@testable import HangulDaemon

/// The settings file is read by a child process that can neither stall nor flood the daemon, and
/// its line is read with the protocol's own checks.
@Suite(.hangGuard)
struct SettingsLoaderTests {
    @Test func aChildPastItsDeadlineIsKilledAndReported() throws {
        let start = ContinuousClock.now
        let outcome = try HelperProcess.run(
            path: "/bin/sh", arguments: ["-c", "sleep 30"], timeout: .milliseconds(200), maxOutputBytes: 1024)
        #expect(outcome.timedOut)
        #expect(outcome.exitStatus == nil)
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test func aChildPrintingWithoutEndIsKilledAtTheByteLimit() throws {
        let outcome = try HelperProcess.run(
            path: "/usr/bin/yes", arguments: [], timeout: .seconds(10), maxOutputBytes: 10_000)
        #expect(outcome.overflowed)
        #expect(!outcome.timedOut)
        #expect(outcome.exitStatus == nil)
        #expect(outcome.standardOutput.count > 10_000)
        #expect(outcome.standardOutput.count <= 10_000 + 4096)
    }

    @Test func bothStreamsAndTheStatusAreCollected() throws {
        let outcome = try HelperProcess.run(
            path: "/bin/sh", arguments: ["-c", "echo out; echo err >&2; exit 7"], timeout: .seconds(10),
            maxOutputBytes: 1024)
        #expect(
            outcome
                == HelperProcess.Outcome(
                    exitStatus: 7, standardOutput: Array("out\n".utf8), standardError: Array("err\n".utf8)))
    }

    @Test func theChildInheritsOnlyItsThreeStandardStreams() throws {
        // A descriptor without close-on-exec, as SwiftNIO's accepted sockets are.
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { for end in ends { close(end) } }
        let probe = ends.map { #"[ -e /proc/$$/fd/\#($0) ] && printf 'open '; "# }.joined() + "printf 'checked'"
        let outcome = try HelperProcess.run(
            path: "/bin/sh", arguments: ["-c", #"[ -e /proc/$$/fd/2 ] && "# + probe], timeout: .seconds(10),
            maxOutputBytes: 1024)
        #expect(String(decoding: outcome.standardOutput, as: UTF8.self) == "checked")
    }

    @Test func aMissingHelperIsRefusedWithAHint() {
        let loader = SettingsLoader(configPath: "/nonexistent/config.toml", hangulctlPath: "/nonexistent/hangulctl")
        #expect(
            loader.load(layouts: .builtIn)
                == .refused([
                    "cannot run /nonexistent/hangulctl: No such file or directory; give its path with --hangulctl"
                ]))
    }

    @Test func aHelperThatFailsSilentlyIsReportedWithItsStatus() {
        let loader = SettingsLoader(configPath: "/x/config.toml", hangulctlPath: "/bin/false")
        #expect(
            loader.load(layouts: .builtIn)
                == .refused(["/bin/false exited with status 1 reading /x/config.toml, saying nothing"]))
    }

    @Test func theSettingsLineIsReadWithTheOptionsReader() throws {
        let line = #"{"layout":"sebeolsik-final","escape-to-latin":true,"commit-unit":"syllable","start-mode":"latin"}"#
        let settings = try ConfiguredSettings.parse(Array(line.utf8), layouts: .builtIn)
        #expect(settings.options.layout == "3f")
        #expect(settings.options.escapeToLatin == true)
        #expect(settings.startMode == .latin)
        #expect(settings.commitUnit == .syllable)
    }

    @Test(arguments: [
        (#"{"layout":"nope"}"#, #"unknown layout "nope"; known: 2, 2y, 32, 39, 3f, 3s, 3y, ro, ahn"#),
        (#"{"start-mode":"korean"}"#, #"params.start-mode must be "hangul" or "latin", got "korean""#),
        (
            #"{"hanja":true}"#,
            "unknown option \"hanja\"; known: layout, auto-reorder, combi-on-double-stroke, non-choseong-combi, extended-vowels, output, toggle-keys, escape-to-latin, hanja-keys, commit-unit"
        ),
        ("[1]", "the settings must be a JSON object, got an array"),
    ])
    func aLineTheDaemonCannotUseIsRefusedWithTheProtocolsMessage(line: String, message: String) {
        #expect(throws: ProtocolError.self) { try ConfiguredSettings.parse(Array(line.utf8), layouts: .builtIn) }
        do {
            _ = try ConfiguredSettings.parse(Array(line.utf8), layouts: .builtIn)
        } catch {
            #expect(error.message == message)
        }
    }
}
