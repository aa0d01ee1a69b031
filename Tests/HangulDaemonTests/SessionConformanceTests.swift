import HangulDaemon
import HangulKeys
import HangulProtocol
import HangulTestSupport
import Testing

/// Replays every transcript in `protocol/conformance` against the daemon's own connection state
/// machine and ``ProtocolSession``, with the real US decoder the daemon uses.
///
/// Every file runs through ``TranscriptConnection``: the server's ``ConnectionStateMachine`` frames,
/// bounds and closes, the session answers, and only the socket is played (its buffer of unread
/// replies). The server's own tests replay the connection-level behaviour over real sockets.
@Suite(.enabled(if: TestKeymaps.shouldRun, "needs the Debian package xkb-data"))
struct SessionConformanceTests {
    static let files = [
        "auto-fix.txt", "backspace.txt", "caps-lock.txt", "content-type.txt", "errors.txt", "fix-keys.txt", "focus.txt",
        "framing.txt", "hanja.txt",
        "hello-negotiation.txt",
        "hello-order.txt", "hello.txt", "keys.txt", "layouts.txt", "line-too-long-unterminated.txt",
        "line-too-long.txt", "list-options.txt", "mode-keys.txt",
        "modes.txt", "options.txt", "pending.txt", "reset-cancel.txt", "sessions.txt", "status-reload.txt",
        "typing-dubeolsik.txt", "word-commit.txt",
    ]

    let decoder: KeyDecoder

    init() throws {
        decoder = try TestKeymaps.decoder.get()
    }

    @Test func everyTranscriptInTheDirectoryIsListedHere() throws {
        #expect(try TranscriptFiles.names(in: TranscriptFiles.conformanceDirectory) == Self.files)
    }

    @Test(arguments: files)
    func transcriptReplaysAgainstTheSession(file: String) throws {
        let text = try TranscriptFiles.read(TranscriptFiles.conformanceDirectory + "/" + file)
        let transcript = try ConformanceTranscript(parsing: text)
        let failure = TranscriptReplay.firstFailure(of: transcript, decoder: decoder)
        #expect(failure == nil, "\(file) \(failure ?? "")")
    }

    /// PROTOCOL.md section 12 says its socat session is literal; so it must replay exactly.
    @Test func theSocatSessionInTheSpecIsExact() throws {
        let document = try TranscriptFiles.read(TranscriptFiles.protocolDirectory + "/PROTOCOL.md")
        let lines = document.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("$ socat - UNIX-CONNECT:") })
        let end = try #require(lines[start...].firstIndex { $0 == "END" })
        let close = try #require(lines[end...].firstIndex { $0 == "```" })
        let sends = lines[(start + 1)..<end].map { "> " + $0 }
        let replies = lines[(end + 1)..<close].map { "< " + $0 }
        #expect(sends.count == 9 && replies.count == 9)
        let transcript = try ConformanceTranscript(parsing: (sends + replies).joined(separator: "\n"))
        let failure = TranscriptReplay.firstFailure(of: transcript, decoder: decoder)
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test func theReplayReportsAWrongExpectation() throws {
        let transcript = try ConformanceTranscript(
            parsing: """
                > {"id":1,"method":"hello","params":{"protocol":1}}
                <?
                > {"id":2,"method":"ping"}
                < {"id":2,"result":{"pong":true}}
                """)
        #expect(
            TranscriptReplay.firstFailure(of: transcript, decoder: decoder)
                == "line 4: expected {\"id\":2,\"result\":{\"pong\":true}}\n           got {\"id\":2,\"result\":{}}")
    }

    @Test func theReplayReportsAnUnexpectedExtraReply() throws {
        let transcript = try ConformanceTranscript(
            parsing: """
                > {"id":1,"method":"hello","params":{"protocol":1}}
                > {"id":2,"method":"ping"}
                <?
                """)
        #expect(
            TranscriptReplay.firstFailure(of: transcript, decoder: decoder)
                == "end of file: unexpected reply {\"id\":2,\"result\":{}}")
    }
}
