import HanguldOptions
import Testing

@testable import hanguld_cli

/// ``QuickStart``: the command lines `hanguld` reads without building the argument parser, and the
/// ones it leaves to the parser.
@Suite struct QuickStartTests {
    @Test func noArgumentsAreTheDefaults() throws {
        let options = try #require(QuickStart.options(from: []))
        #expect(options.socket == nil)
        #expect(options.config == nil)
        #expect(options.maxSessions == DaemonOptions().maxSessions)
        #expect(options.keymapLayout == "us")
    }

    @Test func socketAndConfigAreTakenAsSeparateArgumentsOrAfterAnEqualsSign() throws {
        let separate = try #require(QuickStart.options(from: ["--socket", "/s", "--config", "/c.toml"]))
        #expect(separate.socket == "/s")
        #expect(separate.config == "/c.toml")
        let joined = try #require(QuickStart.options(from: ["--config=/c.toml", "--socket=/s"]))
        #expect(joined.socket == "/s")
        #expect(joined.config == "/c.toml")
    }

    /// Every option the quick path leaves at its default is the parser's default too, and the two it
    /// reads it reads as the parser does: a daemon started either way runs with the same options.
    @Test(arguments: [[], ["--socket", "/s"], ["--config=/c.toml", "--socket", "/s"], ["--config", "/c.toml"]])
    func aQuickCommandLineGivesTheOptionsTheParserGives(arguments: [String]) throws {
        let quick = try #require(QuickStart.options(from: arguments))
        #expect(quick == (try Hanguld.parse(arguments)).options)
    }

    @Test(arguments: [
        ["--help"], ["-h"], ["--version"], ["--log-level", "debug"], ["--socket"], ["--socket", "--config", "/c"],
        ["--socket", ""], ["--socket="], ["--socket", "/a", "--socket", "/b"], ["--config", "/c", "extra"],
        ["--socket=/s", "--max-sessions", "3"], ["help"],
    ])
    func anythingElseGoesToTheParser(arguments: [String]) {
        #expect(QuickStart.options(from: arguments) == nil)
    }
}
