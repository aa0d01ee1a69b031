import HangulSystem

/// Counts accept failures so that one log line a second reports them all.
struct AcceptFailureCount {
    /// The shortest time between two log lines.
    static let interval = Duration.seconds(1)

    /// How long the listening socket rests after a failed `accept`. Out of descriptors or memory
    /// (`EMFILE`, `ENFILE`, `ENOBUFS`, `ENOMEM`) the socket stays readable, so retrying at once
    /// spins; 100 ms lets clients leave and keeps the CPU idle.
    static let pause = Duration.milliseconds(100)

    private var lastLogged: MonotonicInstant?
    private var unlogged = 0

    /// Counts one failure at `now`; returns how many to report (this one included) when a line is
    /// due, nil when it is counted for the next line.
    mutating func record(at now: MonotonicInstant) -> Int? {
        self.unlogged += 1
        if let last = self.lastLogged, now < last + Self.interval {
            return nil
        }
        defer { self.unlogged = 0 }
        self.lastLogged = now
        return self.unlogged
    }
}
