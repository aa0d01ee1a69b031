import Glibc
import SystemPackage

/// What ``FileDescriptor/waitUntilReady(for:deadline:)`` waits for.
public enum Readiness: Sendable {
    /// A read would find bytes or end of file (`POLLIN`).
    case readable
    /// A write would take at least one byte (`POLLOUT`).
    case writable

    var pollEvents: Int16 {
        switch self {
        case .readable: Int16(POLLIN)
        case .writable: Int16(POLLOUT)
        }
    }
}

extension FileDescriptor {
    /// Sets `O_NONBLOCK`: a read with nothing to read, or a write the socket buffer cannot take,
    /// fails with `EAGAIN` instead of waiting, so a caller can bound each wait itself.
    public func setNonBlocking() throws(SystemCallError) {
        do throws(Errno) {
            let flags = try retryingOnInterrupt { Glibc.fcntl(self.rawValue, F_GETFL) }
            _ = try retryingOnInterrupt { Glibc.fcntl(self.rawValue, F_SETFL, flags | O_NONBLOCK) }
        } catch {
            throw SystemCallError("fcntl", errno: error)
        }
    }

    /// `send(2)` with `MSG_NOSIGNAL`, retried on `EINTR`: how many bytes of `bytes` the socket took.
    ///
    /// `send`, not `write`: a peer that went away must give `EPIPE`, never a SIGPIPE that kills the
    /// process (a frontend hosting a client cannot be asked to ignore SIGPIPE). On a non-blocking
    /// socket whose buffer is full this throws `EAGAIN` (``SystemCallError/errno`` `.wouldBlock`).
    public func sendWithoutSignal(_ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int {
        do throws(Errno) {
            return try retryingOnInterrupt {
                Glibc.send(self.rawValue, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
            }
        } catch {
            throw SystemCallError("send", errno: error)
        }
    }

    /// Waits with `poll(2)` until the descriptor is ready for `readiness`, or until `deadline`
    /// (nil: for ever). Returns false when the deadline has passed first.
    ///
    /// Readiness includes error and hang-up conditions (`POLLERR`, `POLLHUP`): the read or write
    /// that follows reports them. See ``waitUntilAnyReady(_:deadline:)`` for how the deadline is
    /// kept.
    public func waitUntilReady(
        for readiness: Readiness, deadline: MonotonicInstant?
    ) throws(SystemCallError) -> Bool {
        try Self.waitUntilAnyReady([(self, readiness)], deadline: deadline) != nil
    }

    /// Waits with `poll(2)` until at least one of `entries` is ready for its readiness, or until
    /// `deadline` (nil: for ever): for each entry, in order, whether it is ready; nil when the
    /// deadline has passed first (at once when it already has). The project's one `poll` loop.
    ///
    /// Each wait asks `poll` for the time left, rounded up to whole milliseconds so that a wait
    /// never ends just before the deadline and spins; after `EINTR`, or a `poll` that returned
    /// early, the time left is computed again, so signals neither stretch nor cut the deadline.
    /// An entry counts as ready on error and hang-up conditions too (`POLLERR`, `POLLHUP`, and
    /// `POLLNVAL` for a descriptor that is not open): the read or write that follows reports
    /// them, and a pipe whose writer has gone reads its end of file.
    public static func waitUntilAnyReady(
        _ entries: [(descriptor: FileDescriptor, readiness: Readiness)], deadline: MonotonicInstant?
    ) throws(SystemCallError) -> [Bool]? {
        var table = entries.map { pollfd(fd: $0.descriptor.rawValue, events: $0.readiness.pollEvents, revents: 0) }
        while true {
            var milliseconds: Int32 = -1
            if let deadline {
                let now = MonotonicInstant.now
                guard now < deadline else { return nil }
                milliseconds = now.milliseconds(until: deadline)
            }
            let ready = Glibc.poll(&table, nfds_t(table.count), milliseconds)
            if ready > 0 {
                return table.map { $0.revents != 0 }
            }
            if ready == 0 {
                if deadline != nil {
                    continue
                }
                return table.map { $0.revents != 0 }
            }
            let error = Errno(rawValue: Glibc.errno)
            if error != .interrupted {
                throw SystemCallError("poll", errno: error)
            }
        }
    }
}
