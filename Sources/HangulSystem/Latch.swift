import CGNUShims
import Glibc

/// A one-way gate between threads: `wait` blocks until some thread has called `open`, or returns
/// at once if one already has. An `eventfd(2)` (non-blocking; waited for with `poll`), so the waiting thread sleeps in the kernel and
/// needs neither Dispatch nor Swift concurrency (the daemon's main thread waits on one for the
/// socket loop to finish).
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

    deinit {
        close(self.descriptor)
    }
}
