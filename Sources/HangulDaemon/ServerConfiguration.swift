/// The server's bounds and timings; every count a client can drive has a limit here.
public struct ServerConfiguration: Sendable, Equatable {
    /// At most this many connections are served at once; one more gets `.tooManySessions` and is closed.
    public var maxSessions: Int
    /// At most this many lines per connection may be received but not yet answered (a client pipelining
    /// without reading its replies); one more gets `.tooManyPendingRequests` and is closed.
    public var maxPendingLines: Int
    /// The longest line accepted, its `"\n"` included; a longer one gets `.lineTooLong` and is closed.
    public var maxLineLength: Int
    /// Event loop threads. One is plenty: a key costs microseconds, and one loop keeps memory small.
    public var eventLoopThreads: Int
    /// How long a connection being closed by the server waits for its final line to be written.
    public var finalWriteTimeout: Duration
    /// How long shutdown waits for connections to answer what they received before cutting them off.
    public var shutdownTimeout: Duration

    /// Creates a configuration; the defaults are the documented protocol limits.
    public init(
        maxSessions: Int = 256,
        maxPendingLines: Int = 1024,
        maxLineLength: Int = 65536,
        eventLoopThreads: Int = 1,
        finalWriteTimeout: Duration = .seconds(5),
        shutdownTimeout: Duration = .seconds(5)
    ) {
        self.maxSessions = maxSessions
        self.maxPendingLines = maxPendingLines
        self.maxLineLength = maxLineLength
        self.eventLoopThreads = eventLoopThreads
        self.finalWriteTimeout = finalWriteTimeout
        self.shutdownTimeout = shutdownTimeout
    }

    /// Throws `DaemonError.invalidConfiguration` naming the first value out of range.
    public func validate() throws(DaemonError) {
        let counts: [(String, Int)] = [
            ("max-sessions", self.maxSessions), ("max-pending", self.maxPendingLines),
            ("max-line-length", self.maxLineLength), ("event-loop-threads", self.eventLoopThreads),
        ]
        for (name, value) in counts where value < 1 {
            throw .invalidConfiguration("\(name) must be at least 1, not \(value)")
        }
        if self.maxLineLength < 2 {
            throw .invalidConfiguration("max-line-length must leave room for a byte and the newline")
        }
    }
}
