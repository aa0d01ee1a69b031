import HangulProtocol

/// The server's bounds and timings; every count a client can drive has a limit here.
///
/// The protocol's numbers (PROTOCOL.md section 10) have one home, `Wire`: the defaults here are
/// Wire's, so the daemon, the client library and the tests cannot drift apart.
public struct ServerConfiguration: Sendable, Equatable {
    /// At most this many connections are served at once; one more gets `.tooManySessions` and is closed.
    public var maxSessions: Int
    /// At most this many lines per connection may be received but not yet answered (a client pipelining
    /// without reading its replies); one more gets `.tooManyPendingRequests` and is closed.
    public var maxPendingLines: Int
    /// At most this many bytes of such lines (newlines included); more gets
    /// `.tooManyPendingRequestBytes` and is closed. Bounds the memory a non-reading client can take.
    public var maxPendingBytes: Int
    /// The longest line accepted, its `"\n"` included; a longer one gets `.lineTooLong` and is closed.
    public var maxLineLength: Int
    /// How long a connection may go without opening its session (`hello`), and how long a line may
    /// stay unfinished after its first byte; past it, `.helloTimeout` or `.unfinishedLineTimeout`.
    public var helloTimeout: Duration
    /// The listen backlog: how many connects may wait for `accept` (the kernel caps it at
    /// `net.core.somaxconn`). Beyond it a connect fails with `EAGAIN`, so it is generous; the session
    /// bound is enforced after accept with a clear `-32005`.
    public var listenBacklog: Int
    /// How long a connection being closed by the server waits for its final line to be written.
    public var finalWriteTimeout: Duration
    /// How long shutdown waits for connections to answer what they received before cutting them off.
    public var shutdownTimeout: Duration

    /// Creates a configuration; the defaults are the documented protocol limits.
    public init(
        maxSessions: Int = Wire.defaultMaxSessions,
        maxPendingLines: Int = Wire.defaultMaxPendingRequests,
        maxPendingBytes: Int = Wire.maxPendingRequestBytes,
        maxLineLength: Int = Wire.maxLineBytes,
        helloTimeout: Duration = .seconds(Wire.defaultHelloTimeoutSeconds),
        listenBacklog: Int = 4096,
        finalWriteTimeout: Duration = .seconds(5),
        shutdownTimeout: Duration = .seconds(5)
    ) {
        self.maxSessions = maxSessions
        self.maxPendingLines = maxPendingLines
        self.maxPendingBytes = maxPendingBytes
        self.maxLineLength = maxLineLength
        self.helloTimeout = helloTimeout
        self.listenBacklog = listenBacklog
        self.finalWriteTimeout = finalWriteTimeout
        self.shutdownTimeout = shutdownTimeout
    }

    /// The longest hello timeout accepted: a day is already far more than any client needs, and
    /// the bound keeps the deadline arithmetic far from overflow.
    public static let longestHelloTimeout = Duration.seconds(86400)

    /// Descriptors the daemon needs besides one per session: standard streams, the listening socket
    /// and its lock, the loop's epoll and wake-up descriptors, the signal machinery,
    /// layout files read on SIGHUP, and connections accepted over the session limit only to be told
    /// `-32005` and closed.
    public static let reservedDescriptors = 64

    /// The file descriptors this configuration needs at most: one per session plus the reserve.
    public var descriptorsNeeded: Int { self.maxSessions + Self.reservedDescriptors }

    /// Throws `DaemonError.invalidConfiguration` naming the first value out of range.
    public func validate() throws(DaemonError) {
        let counts: [(String, Int)] = [
            ("max-sessions", self.maxSessions), ("max-pending", self.maxPendingLines),
            ("max-pending-bytes", self.maxPendingBytes), ("max-line-length", self.maxLineLength),
            ("listen-backlog", self.listenBacklog),
        ]
        for (name, value) in counts where value < 1 {
            throw .invalidConfiguration("\(name) must be at least 1, not \(value)")
        }
        if self.maxLineLength < 2 {
            throw .invalidConfiguration("max-line-length must leave room for a byte and the newline")
        }
        if self.helloTimeout < .seconds(1) || self.helloTimeout > Self.longestHelloTimeout {
            let (seconds, attoseconds) = self.helloTimeout.components
            let given = seconds == 0 ? "\(attoseconds / 1_000_000_000_000_000) ms" : "\(seconds) s"
            throw .invalidConfiguration(
                "hello-timeout must be between 1 and \(Self.longestHelloTimeout.components.seconds) seconds, "
                    + "not \(given)")
        }
    }

    /// The bounds one connection is held to.
    var connectionLimits: ConnectionStateMachine.Limits {
        ConnectionStateMachine.Limits(
            maxLineLength: self.maxLineLength,
            maxPendingLines: self.maxPendingLines,
            maxPendingBytes: self.maxPendingBytes,
            helloTimeout: self.helloTimeout
        )
    }
}
