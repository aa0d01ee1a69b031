/// Makes one `LineSession` per accepted connection and words the server's own final error lines.
///
/// This is the seam between the daemon (sockets, framing, limits) and the protocol (what a line means):
/// `EpollServer` takes any factory, so tests plug in a trivial echo session and `hanguld` the real one.
public protocol SessionFactory: Sendable {
    /// The per-connection session type.
    associatedtype Session: LineSession

    /// Creates the session for a newly accepted connection (called on the socket loop's thread).
    func makeSession() -> Session

    /// The complete final line(s), `"\n"` included, sent before the server closes a connection itself.
    func reply(for rejection: ConnectionRejection) -> [UInt8]
}
