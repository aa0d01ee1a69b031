import HangulProtocol
import Testing

/// Checks the literal examples in PROTOCOL.md against the reference, so the spec's text cannot
/// drift from the transcripts.
@Suite struct ProtocolDocumentTests {
    private static let document = ConformanceTests.directory.replacingSuffix("/conformance", with: "/PROTOCOL.md")

    @Test func theSocatSessionIsExact() throws {
        let lines = try TranscriptFiles.read(Self.document).split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("$ socat - UNIX-CONNECT:") })
        let end = try #require(lines[start...].firstIndex { $0 == "END" })
        let close = try #require(lines[end...].firstIndex { $0 == "```" })
        let sends = lines[(start + 1)..<end].map { "> " + $0 }
        let replies = lines[(end + 1)..<close].map { "< " + $0 }
        #expect(sends.count == 9 && replies.count == 9)
        let transcript = try ConformanceTranscript(parsing: (sends + replies).joined(separator: "\n"))
        let failure = TranscriptReplay.firstFailure(of: transcript)
        #expect(failure == nil, "\(failure ?? "")")
    }

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
