/// What one received line asks of the daemon, as decided by ``Request/parse(line:)-([UInt8])``.
public enum IncomingLine: Equatable, Sendable {
    /// Empty or only whitespace: ignored, no reply (handy when typing into `socat`).
    case blank
    /// A valid request or notification, for the session to carry out.
    case request(Request)
    /// A line that cannot be carried out: send ``ProtocolError/replyLine``. Envelope errors (bad
    /// JSON, not a request) are always answered, with id null when the id could not be read.
    case invalid(ProtocolError)
    /// A notification whose method or parameters are wrong: JSON-RPC forbids answering it, so the
    /// daemon only logs the code and method name.
    case invalidNotification(ProtocolError)
}
