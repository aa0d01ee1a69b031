import Foundation
import HangulConfig
import HangulCore
import Testing

/// `contrib/config.toml` is the documentation of every key: it must stay a valid file of defaults,
/// name every key, and be what the README shows.
@Suite struct ContribExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func read(_ relative: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }

    @Test func theExampleIsValidAndChangesNothing() throws {
        let text = try Self.read("contrib/config.toml")
        #expect(try Settings.parse(text, source: "contrib/config.toml", layouts: .builtIn) == Settings())
    }

    @Test func theExampleSetsEveryKeyToItsDefault() throws {
        let lines = try Self.read("contrib/config.toml").split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines.map(String.init) == Settings().tomlLines.split(separator: "\n").map(String.init))
    }

    @Test func theREADMEShowsTheExampleVerbatim() throws {
        let example = try Self.read("contrib/config.toml")
        #expect(try Self.read("README.md").contains("```toml\n" + example + "```\n"))
    }
}
