import CGNUShims
import Glibc

/// A one-way gate between threads: `wait` blocks until some thread has called `open`, or returns
/// at once if one already has; `wait(timeout:)` gives up after a while. An `eventfd(2)`
/// (non-blocking, waited for with `poll`), so the waiting thread sleeps in the kernel and needs
/// neither Dispatch nor Swift concurrency (the daemon's main thread waits on one for the
/// socket loop to finish, the IBus engine for a connection being made): a process that has used
/// Dispatch's global queues keeps its worker pool, whose monitor wakes it once a second.
public final class Latch: Sendable {
    private let descriptor: CInt

    /// Throws when no eventfd can be made (`EMFILE`, `ENFILE`, `ENOMEM`).
    public init() throws(SystemCallError) {
        let descriptor = hangul_eventfd()
        guard descriptor >= 0 else { throw .last("eventfd") }
        self.descriptor = descriptor
    }

    /// Lets every `wait`, now and later, return. Opening it again changes nothing.
    public func open() {
        var one: UInt64 = 1
        // The counter cannot overflow from these writes, and the descriptor is this object's own.
        _ = try? retryingOnInterrupt { write(self.descriptor, &one, 8) }
    }

    /// Blocks until `open` has been called.
    public func wait() {
        var pollDescriptor = pollfd(fd: self.descriptor, events: Int16(POLLIN), revents: 0)
        // Polled rather than read, so the counter stays set and a later `wait` returns at once too.
        _ = try? retryingOnInterrupt { poll(&pollDescriptor, 1, -1) }
    }

    /// Blocks until `open` has been called or `timeout` has passed; true when it was opened. A zero
    /// or negative timeout only looks.
    public func wait(timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        var pollDescriptor = pollfd(fd: self.descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let left = max(.zero, deadline - ContinuousClock.now)
            let (seconds, attoseconds) = left.components
            // Rounded up, so it never returns just before the deadline with the latch about to open.
            let milliseconds = Int32(
                clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
            let ready = poll(&pollDescriptor, 1, milliseconds)
            if ready > 0 { return true }
            if ready == 0 || errno != EINTR { return false }
        }
    }

    deinit {
        close(self.descriptor)
    }
}
