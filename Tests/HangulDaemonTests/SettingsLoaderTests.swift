import Glibc
import HangulCore
import HangulKeys
import HangulProtocol
import HangulTestSupport
import Testing

@testable import HangulDaemon

/// The daemon reads the settings file itself, with hangulctl's reader and checks, and hands its
/// sessions the protocol's options.
@Suite(.hangGuard)
struct SettingsLoaderTests {
    @Test func aFileBecomesTheOptionsEverySessionStartsFrom() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write(
            "layout = 'sebeolsik-final'\nescape-to-latin = true\nstart-mode = \"latin\"\n", to: "config.toml")
        guard case .loaded(let settings) = SettingsLoader(configPath: path).load(layouts: .builtIn) else {
            Issue.record("the file was refused")
            return
        }
        #expect(settings.options[.layout] == "3f")
        #expect(settings.options[.escapeToLatin] == true)
        #expect(settings.options[.nonChoseongCombi] == true)
        #expect(
            settings.options[.toggleKeys] == [KeyChord(keysym: .hangul), KeyChord(keysym: .space, modifiers: .shift)])
        #expect(settings.startMode == .latin)
        #expect(settings.commitUnit == .syllable)
    }

    @Test func aMissingFileGivesTheDefaults() {
        guard
            case .loaded(let settings) = SettingsLoader(configPath: "/nonexistent/config.toml").load(layouts: .builtIn)
        else {
            Issue.record("a missing file was refused")
            return
        }
        #expect(settings.options[.layout] == "2")
        #expect(settings.startMode == .hangul)
    }

    @Test func aBrokenFileIsRefusedWithEveryProblemsLine() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write("layout = \"3x\"\n\noutput = \"syllable\"\n", to: "config.toml")
        #expect(
            SettingsLoader(configPath: path).load(layouts: .builtIn)
                == .refused([
                    #"\#(path):1: unknown layout "3x"; known: 2, 2y, 32, 39, 3f, 3s, 3y, 3sin-p2, 3sin-1995, ro, ahn (or a long id such as "sebeolsik-final")"#,
                    #"\#(path):3: output must be "syllables" or "jamo", not "syllable""#,
                ]))
    }

    @Test func atMostThirtyTwoProblemsAreKept() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let keys = (1...40).map { "unknown-\($0) = 1\n" }.joined()
        let path = try directory.write(keys, to: "config.toml")
        guard case .refused(let problems) = SettingsLoader(configPath: path).load(layouts: .builtIn) else {
            Issue.record("the file was accepted")
            return
        }
        #expect(problems.count == 33)
        #expect(problems.last == "… and 8 more")
    }
}
