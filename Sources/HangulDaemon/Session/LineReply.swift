/// What a session sends back for one request line.
///
/// `bytes` holds zero or more complete lines, each ending in `"\n"`; the server writes them unchanged,
/// so a session that forgets the newline breaks its client's framing, not the server.
public struct LineReply: Sendable, Equatable {
    /// The reply lines, each terminated by `"\n"`; empty for a request that gets no answer.
    public var bytes: [UInt8]

    /// Whether the server closes the connection once `bytes` is written (e.g. after a fatal protocol error).
    public var closeAfterwards: Bool

    /// Creates a reply; the connection stays open unless `closeAfterwards` is set.
    public init(bytes: [UInt8], closeAfterwards: Bool = false) {
        self.bytes = bytes
        self.closeAfterwards = closeAfterwards
    }

    /// No reply, connection stays open.
    public static let none = LineReply(bytes: [])
}
