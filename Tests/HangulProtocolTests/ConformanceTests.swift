import HangulProtocol
import HangulTestSupport
import Testing

/// Reads every transcript in `protocol/conformance` with ``ConformanceTranscript``.
///
/// The transcripts are the normative examples of PROTOCOL.md. Here they are only checked to be
/// well-formed; the daemon's tests (`SessionConformanceTests`) replay them against the real session.
@Suite struct ConformanceTests {
    static let directory: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path + "/protocol/conformance"
    }()

    @Test func everyTranscriptParsesAndBothSendsAndExpects() throws {
        let names = try TranscriptFiles.names(in: Self.directory)
        #expect(names.count == 26)
        for name in names {
            let transcript = try ConformanceTranscript(parsing: TranscriptFiles.read(Self.directory + "/" + name))
            let sends = transcript.steps.contains {
                switch $0.action {
                case .send, .sendBytes, .sendPadded, .sendFill, .flood, .hold: true
                default: false
                }
            }
            let expects = transcript.steps.contains {
                switch $0.action {
                case .expect, .expectAny, .expectRepeated, .expectClosed: true
                default: false
                }
            }
            #expect(sends && expects, "\(name)")
        }
    }
}
