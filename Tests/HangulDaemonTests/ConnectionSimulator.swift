import HangulProtocol

/// One connection to the reference: the spec's framing and bounds around a ``ReferenceSession``.
struct ReferenceConnection {
    private var session = ReferenceSession()
    private var input: [UInt8] = []
    /// Every reply line sent so far, newline stripped.
    private(set) var replies: [String] = []
    private(set) var isClosed = false

    /// Opens the connection while `otherSessions` are open; over the bound it is refused at once.
    init(otherSessions: Int) {
        if otherSessions + 1 > Wire.defaultMaxSessions {
            send(.tooManySessions(limit: Wire.defaultMaxSessions))
        }
    }

    /// Feeds bytes as the socket would deliver them; `unread` replies count toward the pending bound.
    mutating func receive(_ bytes: [UInt8], unreadReplies: Int = 0) {
        guard !isClosed else { return }
        input += bytes
        while !isClosed {
            guard let newline = input.firstIndex(of: 0x0A) else {
                if input.count >= Wire.maxLineBytes { send(.lineTooLong) }
                return
            }
            let line = Array(input[..<newline])
            input.removeFirst(newline + 1)
            if line.count + 1 > Wire.maxLineBytes {
                send(.lineTooLong)
                return
            }
            if let reply = session.handle(Request.parse(line: line)) {
                replies.append(reply)
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
