/// Why the server is about to close a connection on its own: the session factory turns it into a final line.
///
/// Each case carries the bound that was exceeded, so the protocol can tell the client what the limit is.
public enum ConnectionRejection: Sendable, Equatable {
    /// A line reached `limit` bytes (the newline included) without ending.
    case lineTooLong(limit: Int)

    /// The client sent more than `limit` lines that were received but could not be answered yet,
    /// because it is not reading its replies.
    case tooManyPendingRequests(limit: Int)

    /// The lines received but not yet answered, because the client is not reading its replies,
    /// came to more than `limit` bytes.
    case tooManyPendingRequestBytes(limit: Int)

    /// `limit` connections were already being served when this one arrived.
    case tooManySessions(limit: Int)

    /// The session was not opened (`LineSession/isOpen`) within `seconds` of connecting.
    case helloTimeout(seconds: Int)

    /// Part of a line arrived and then nothing more for `seconds`.
    case unfinishedLineTimeout(seconds: Int)
}
