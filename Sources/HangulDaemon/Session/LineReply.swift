/// What a session sends back for one request line.
///
/// `bytes` holds zero or more complete lines, each ending in `"\n"`; the server writes them unchanged,
/// so a session that forgets the newline breaks its client's framing, not the server.
///
/// A reply never ends the connection: every connection-level error (PROTOCOL.md section 7) is the
/// server's decision, made by ``ConnectionStateMachine``, and the protocol session has none to make.
public struct LineReply: Sendable, Equatable {
    /// The reply lines, each terminated by `"\n"`; empty for a request that gets no answer.
    public var bytes: [UInt8]

    /// Creates a reply.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// No reply.
    public static let none = LineReply(bytes: [])
}
