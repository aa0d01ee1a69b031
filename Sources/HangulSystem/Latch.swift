import CGNUShims
import Glibc
import SystemPackage

/// A one-way gate between threads: `wait` blocks until some thread has called `open`, or returns
/// at once if one already has; `wait(timeout:)` gives up after a while. An `eventfd(2)`
/// (non-blocking, waited for with the project's one `poll` loop,
/// ``FileDescriptor/waitUntilReady(for:deadline:)``), so the waiting thread sleeps in the kernel and needs
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

    /// Blocks until `open` has been called. Polled rather than read, so the counter stays set and
    /// a later `wait` returns at once too.
    public func wait() {
        _ = try? FileDescriptor(rawValue: descriptor).waitUntilReady(for: .readable, deadline: nil)
    }

    /// Blocks until `open` has been called or `timeout` has passed; true when it was opened. A zero
    /// or negative timeout only looks (the poll loop gives up at once on a deadline already passed).
    public func wait(timeout: Duration) -> Bool {
        if isOpen { return true }
        let deadline = MonotonicInstant.now + timeout
        return (try? FileDescriptor(rawValue: descriptor).waitUntilReady(for: .readable, deadline: deadline)) ?? false
    }

    /// Whether `open` has been called: one `poll` that does not wait.
    public var isOpen: Bool {
        var pollDescriptor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&pollDescriptor, 1, 0) > 0
    }

    deinit {
        close(self.descriptor)
    }
}
