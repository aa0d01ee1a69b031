import HangulDaemon
import HangulProtocol
import HangulWrongMode
import HanguldOptions
import Testing

/// `DaemonOptions`, which links no daemon code, spells the daemon's own defaults again; and the
/// options `hanguld-cli` hands to `hanguld` come back exactly as they were.
@Suite struct DaemonOptionsTests {
    @Test func theDefaultsAreTheDaemonsOwn() {
        let options = DaemonOptions()
        let server = ServerConfiguration()
        #expect(options.maxSessions == server.maxSessions)
        #expect(options.maxPending == server.maxPendingLines)
        #expect(options.helloTimeout == Int(server.helloTimeout.components.seconds))
        #expect(options.words == WordList.defaultPath)
        #expect(DaemonOptions.version == Wire.serverVersion)
    }

    @Test(arguments: [
        DaemonOptions(),
        DaemonOptions(
            socket: "/run/a=b/s", maxSessions: 3, maxPending: 7, helloTimeout: 86400, logLevel: .trace,
            keymapLayout: "de", layoutFiles: ["/x.layout", "-y=z", ""], config: "+c.toml",
            hanjaFiles: ["h.txt", "layout-file=q"], noSystemHanja: true, words: "",
            hanjaLoadPatienceMilliseconds: 0),
        DaemonOptions(socket: "-", config: "-", hanjaFiles: ["only"]),
    ])
    func parsedOptionsComeBackAsTheyWere(options: DaemonOptions) throws {
        let arguments = ParsedOptions.arguments(for: options)
        #expect(arguments.first == ParsedOptions.marker)
        #expect(try #require(ParsedOptions.options(from: arguments)) == options)
    }

    @Test func anythingButWhatTheParserProgramWritesIsLeftToIt() {
        let arguments = ParsedOptions.arguments(for: DaemonOptions())
        #expect(ParsedOptions.options(from: Array(arguments.dropFirst())) == nil)
        #expect(ParsedOptions.options(from: arguments.dropLast()) == nil)
        #expect(ParsedOptions.options(from: arguments + ["extra"]) == nil)
        #expect(ParsedOptions.options(from: arguments + ["hanja-file=a", "layout-file=b"]) == nil)
        #expect(ParsedOptions.options(from: arguments.map { $0 == "max-sessions=256" ? "max-sessions=0" : $0 }) == nil)
        #expect(
            ParsedOptions.options(from: arguments.map { $0 == "no-system-hanja=false" ? "no-system-hanja=0" : $0 })
                == nil)
        #expect(ParsedOptions.options(from: arguments.map { $0 == "socket=-" ? "socket=/s" : $0 }) == nil)
    }
}
