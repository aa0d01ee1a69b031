/// One connection's request handling: a complete request line in, the reply line(s) out.
///
/// The daemon owns framing, limits and sockets; a session owns meaning. The server calls `handle(line:)`
/// once per line, in the order the lines arrived, never concurrently, and always on the socket loop's
/// thread, so a session needs no locking. A session must not trap on any input: the bytes
/// are exactly what the client sent (any bytes, NUL and invalid UTF-8 included), minus the `"\n"`.
public protocol LineSession {
    /// Answers one request line (without its terminating `"\n"`, at most `maxLineLength - 1` bytes).
    ///
    /// The line is the connection's receive buffer itself, not a copy, and valid only during the
    /// call: a session reads it in place and copies only what it keeps.
    mutating func handle(line: UnsafeRawBufferPointer) -> LineReply

    /// Whether the session has been opened (the protocol's `hello` succeeded): until it is, the
    /// server closes the connection with `ConnectionRejection.helloTimeout` once the hello timeout
    /// has passed since it connected. Read after every line until it is true.
    var isOpen: Bool { get }

    /// What may be logged about the line just handled, at debug level: a method name, an error
    /// code. Never anything the client typed.
    var lastLineSummary: String? { get }
}

extension LineSession {
    /// Open from the start: a session without a handshake is never timed out for lacking one.
    public var isOpen: Bool { true }

    /// Nothing: a session that cannot summarize safely says nothing.
    public var lastLineSummary: String? { nil }
}
