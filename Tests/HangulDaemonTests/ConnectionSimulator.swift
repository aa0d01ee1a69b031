import HangulDaemon
import HangulHanja
import HangulKeys
import HangulProtocol
import HangulTestSupport

/// One connection without sockets: the spec's framing and bounds (PROTOCOL.md sections 3, 7 and 10)
/// around the real ``ProtocolSession``.
///
/// The transcripts that exercise the connection level (`!hold`, `!fill`, `!flood`, over-long lines)
/// need a server; this stands in for it so that every transcript runs against the real session in
/// unit tests. The server's own tests check the real framing over sockets.
struct ConnectionSimulator {
    private var session: ProtocolSession
    private var input: [UInt8] = []
    /// Every reply line sent so far, newline stripped.
    private(set) var replies: [String] = []
    private(set) var isClosed = false

    /// The dictionary the transcripts are replayed with (`hanja-dictionary.dic`, as `hanja.txt` says
    /// to start the daemon); read once, and empty if it cannot be read, which `hanja.txt` then shows.
    static let conformanceHanja = HanjaDictionarySource(
        HanjaDictionary(
            tables: [
                (try? HanjaFiles.readTable(TranscriptFiles.conformanceDirectory + "/hanja-dictionary.dic"))
            ].compactMap { $0 }))

    /// Opens the connection while `otherSessions` are open; over the bound it is refused at once.
    init(otherSessions: Int, decoder: KeyDecoder?) {
        session = ProtocolSession(decoder: decoder, layouts: .builtIn, hanja: Self.conformanceHanja)
        if otherSessions + 1 > Wire.defaultMaxSessions {
            send(.tooManySessions(limit: Wire.defaultMaxSessions))
        }
    }

    /// Feeds bytes as the socket would deliver them; `unreadReplies` count toward the pending bound.
    mutating func receive(_ bytes: [UInt8], unreadReplies: Int = 0) {
        guard !isClosed else { return }
        input += bytes
        while !isClosed {
            guard let newline = input.firstIndex(of: 0x0A) else {
                if input.count >= Wire.maxLineBytes { send(.lineTooLong) }
                return
            }
            let line = input[..<newline]
            defer { input.removeFirst(newline + 1) }
            if line.count + 1 > Wire.maxLineBytes {
                send(.lineTooLong)
                return
            }
            if let reply = session.reply(to: line) {
                // A reply must be exactly one line; anything else shows up as a mismatch.
                let body = reply.dropLast()
                let wellFormed = reply.last == 0x0A && !body.contains(0x0A)
                replies.append(wellFormed ? String(decoding: body, as: UTF8.self) : "not one line: \(reply)")
                if unreadReplies + 1 > Wire.defaultMaxPendingRequests {
                    send(.tooManyPendingRequests(limit: Wire.defaultMaxPendingRequests))
                }
            }
        }
    }

    /// The client closed its sending side: an unterminated last line is dropped, then the server closes.
    mutating func endOfInput() {
        isClosed = true
    }

    private mutating func send(_ error: ProtocolError) {
        replies.append(String(decoding: Reply.line(for: error).dropLast(), as: UTF8.self))
        isClosed = true
    }
}
