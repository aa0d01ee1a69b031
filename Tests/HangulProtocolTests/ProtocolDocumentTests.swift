import HangulProtocol
import Testing

/// Checks literal text in PROTOCOL.md against the protocol module, so the spec cannot drift from
/// the code. The socat session of section 12 is replayed against the real session by the daemon's
/// tests.
@Suite struct ProtocolDocumentTests {
    private static let document = ConformanceTests.directory.replacingSuffix("/conformance", with: "/PROTOCOL.md")

    @Test func theDefaultOptionsShownAreTheDefaults() throws {
        let text = try TranscriptFiles.read(Self.document)
        var writer = JSONWriter()
        writer.options(SessionOptions())
        let options = String(decoding: writer.bytes, as: UTF8.self)
        #expect(text.contains("```\n" + options + "\n```"))
    }
}

extension String {
    fileprivate func replacingSuffix(_ suffix: String, with replacement: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self
    }
}
