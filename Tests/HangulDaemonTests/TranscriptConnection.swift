import HangulHanja
import HangulKeys
import HangulProtocol
import HangulSystem
import HangulTestSupport
import HangulWrongMode

@testable import HangulDaemon

/// One connection without a socket: the daemon's own ``ConnectionStateMachine`` (framing, bounds,
/// queueing, closing; PROTOCOL.md sections 3, 7 and 10) around the real ``ProtocolSession``, with
/// the real factory's rejection lines, performed here as `SessionHandler` performs them on a channel.
///
/// The transcripts that exercise the connection level (`!hold`, `!fill`, `!flood`, over-long lines)
/// need a server; this runs them against the server's own decisions in unit tests. What stands in
/// for the socket is only its buffer: replies the client has not read fill it, and the channel
/// stops being writable at ``socketBufferBytes``, as a kernel's send buffer does. The server's own
/// tests check the same behaviour over real sockets.
struct TranscriptConnection {
    /// About what Linux lets a Unix socket hold unread before writes would block.
    static let socketBufferBytes = 200 * 1024

    private var machine: ConnectionStateMachine
    private var session: ProtocolSession
    private let factory: ProtocolSessionFactory
    /// Every reply line written so far, newline stripped.
    private(set) var replies: [String] = []
    /// How many of ``replies`` the client has read.
    private var read = 0
    /// Each reply's length in bytes, newline included.
    private var replyBytes: [Int] = []
    /// The bytes of the replies the client has not read: what the socket's buffer holds.
    private var unreadBytes = 0
    private(set) var isClosed = false

    /// The dictionary the transcripts are replayed with (`hanja-dictionary.dic`, as `hanja.txt` says
    /// to start the daemon); read once, and empty if it cannot be read, which `hanja.txt` then shows.
    static let conformanceHanja = HanjaDictionarySource(
        HanjaDictionary(
            tables: [
                (try? HanjaFiles.readTable(TranscriptFiles.conformanceDirectory + "/hanja-dictionary.dic"))
            ].compactMap { $0 }))

    /// The rule the transcripts' fix keys apply, with the system word list (Debian's `wamerican`,
    /// which `scripts/setup` installs), as a daemon started for the replay has it.
    static let conformanceWrongMode = WrongModeRuleSource()

    /// Opens the connection while `otherSessions` are open; over the bound it is refused at once,
    /// as the server's connection initializer refuses it, before any state machine exists.
    init(otherSessions: Int, decoder: KeyDecoder?) {
        let configuration = ServerConfiguration()
        factory = ProtocolSessionFactory(
            decoder: decoder, maxPendingRequests: configuration.maxPendingLines, layouts: .builtIn,
            hanja: Self.conformanceHanja, wrongMode: Self.conformanceWrongMode)
        session = factory.makeSession()
        machine = ConnectionStateMachine(
            limits: configuration.connectionLimits, now: .now, sessionIsOpen: session.isOpen)
        if otherSessions + 1 > configuration.maxSessions {
            write(factory.reply(for: .tooManySessions(limit: configuration.maxSessions)))
            isClosed = true
        }
    }

    /// Bytes as the socket delivers them in one read.
    mutating func receive(_ bytes: [UInt8]) {
        guard !isClosed else { return }
        machine.received(bytes[...])
        run()
        perform(machine.readComplete())
    }

    /// The next reply the client would read, without reading it.
    var nextReply: String? { read < replies.count ? replies[read] : nil }

    /// The client reads the next reply, if one was written; the channel may become writable again.
    mutating func readReply() -> String? {
        guard let reply = nextReply else { return nil }
        unreadBytes -= replyBytes[read]
        read += 1
        run()
        return reply
    }

    /// The client closed its sending side: an unterminated last line is dropped, what was received is
    /// answered, then the server closes.
    mutating func endOfInput() {
        guard !isClosed else { return }
        machine.inputClosed()
        run()
    }

    private var canWrite: Bool { unreadBytes < Self.socketBufferBytes }

    /// Asks the machine for actions and performs them until it says wait, as the handler's `run`.
    private mutating func run() {
        while !isClosed {
            let action = machine.next(canWrite: canWrite)
            if action == .wait { return }
            perform(action)
        }
    }

    private mutating func perform(_ action: ConnectionStateMachine.Action) {
        switch action {
        case .wait, .flush:
            // Writes reach the buffer at once here; a flush has nothing left to do.
            break
        case .answer(let line):
            let reply = line.withUnsafeBytes { session.handle(line: $0) }
            if !reply.bytes.isEmpty { write(reply.bytes) }
            machine.answered(wroteReply: !reply.bytes.isEmpty, sessionIsOpen: session.isOpen)
        case .reject(let rejection):
            write(factory.reply(for: rejection))
            close()
        case .closeAfterWriting, .close:
            close()
        case .readRemainingInput:
            // Only a server shutting down asks for this, and no transcript shuts the server down.
            preconditionFailure("internal inconsistency: a transcript asked the connection to drain")
        }
    }

    private mutating func write(_ bytes: [UInt8]) {
        // A reply must be exactly one line; anything else shows up as a mismatch.
        let body = bytes.dropLast()
        let wellFormed = bytes.last == 0x0A && !body.contains(0x0A)
        replies.append(wellFormed ? String(decoding: body, as: UTF8.self) : "not one line: \(bytes)")
        replyBytes.append(bytes.count)
        unreadBytes += bytes.count
    }

    private mutating func close() {
        machine.socketClosed()
        isClosed = true
    }
}
