import Testing

@testable import hanguld

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

    @Test(arguments: [
        ["--help"], ["-h"], ["--version"], ["--log-level", "debug"], ["--socket"], ["--socket", "--config", "/c"],
        ["--socket", ""], ["--socket="], ["--socket", "/a", "--socket", "/b"], ["--config", "/c", "extra"],
        ["--socket=/s", "--max-sessions", "3"], ["help"],
    ])
    func anythingElseGoesToTheParser(arguments: [String]) {
        #expect(QuickStart.options(from: arguments) == nil)
    }
}
