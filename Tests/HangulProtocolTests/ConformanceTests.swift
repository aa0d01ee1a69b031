import HangulProtocol
import Testing

/// Replays every transcript in `protocol/conformance` against the reference session.
///
/// The transcripts are the normative examples of PROTOCOL.md; replaying them here checks each
/// expected line against the parser, the reply writer and HangulCore's composer before a daemon
/// exists. The daemon's own tests replay the same files over a real socket.
@Suite struct ConformanceTests {
    static let directory: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path + "/protocol/conformance"
    }()

    static let files = [
        "backspace.txt", "content-type.txt", "errors.txt", "framing.txt", "hello-negotiation.txt",
        "hello-order.txt", "hello.txt", "keys.txt", "line-too-long-unterminated.txt", "line-too-long.txt",
        "modes.txt", "options.txt", "pending.txt", "reset-cancel.txt", "sessions.txt", "typing-dubeolsik.txt",
    ]

    @Test func everyTranscriptInTheDirectoryIsListedHere() throws {
        let listed = try TranscriptFiles.names(in: Self.directory)
        #expect(listed == Self.files)
    }

    @Test(arguments: files)
    func transcriptReplaysAgainstTheReference(file: String) throws {
        let text = try TranscriptFiles.read(Self.directory + "/" + file)
        let transcript = try ConformanceTranscript(parsing: text)
        #expect(!transcript.steps.isEmpty)
        let failure = TranscriptReplay.firstFailure(of: transcript)
        #expect(failure == nil, "\(file) \(failure ?? "")")
    }
}
