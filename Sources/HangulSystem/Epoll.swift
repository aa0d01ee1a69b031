import CGNUShims
import Glibc
import SystemPackage

/// An epoll instance: the daemon's event loop waits here for its sockets, level-triggered.
///
/// Level-triggered, so a descriptor with bytes left after one read is simply reported again on the
/// next wait: the loop never has to read until `EAGAIN` to stay correct. Each registration
/// carries the descriptor number back as its token.
///
/// A noncopyable value rather than an object, so that it lives inline in its owner (the socket
/// loop): a wait reads the descriptor from a line the loop touches anyway, not from an object of
/// its own on another page of the heap.
public struct Epoll: ~Copyable {
    /// What a registration asks to be told about.
    public struct Interest: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Bytes (or end of file, or a connection waiting to be accepted) can be read.
        public static let readable = Interest(rawValue: EPOLLIN.rawValue)
        /// The socket buffer takes more bytes.
        public static let writable = Interest(rawValue: EPOLLOUT.rawValue)
    }

    /// One ready descriptor, as one wait reported it.
    public struct Event: Sendable {
        /// The descriptor number registered.
        public var descriptor: Int32
        /// The raw `EPOLL*` bits.
        public var bits: UInt32

        /// Something to read, or the end of input.
        public var isReadable: Bool { self.bits & EPOLLIN.rawValue != 0 }
        /// The socket takes more bytes.
        public var isWritable: Bool { self.bits & EPOLLOUT.rawValue != 0 }
        /// The connection is gone both ways (`EPOLLHUP`) or has a pending error (`EPOLLERR`),
        /// reported whatever was asked for.
        public var isHangUpOrError: Bool { self.bits & (EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 }
    }

    private let descriptor: CInt
    private let capacity: Int

    /// Creates the instance (close-on-exec); a wait reports at most `capacity` descriptors.
    public init(capacity: Int = 64) throws(SystemCallError) {
        let descriptor = epoll_create1(CInt(EPOLL_CLOEXEC))
        guard descriptor >= 0 else { throw .last("epoll_create1") }
        self.descriptor = descriptor
        self.capacity = max(1, capacity)
    }

    deinit {
        close(self.descriptor)
    }

    /// Starts watching `fd` for `interest`.
    public func add(_ fd: Int32, _ interest: Interest) throws(SystemCallError) {
        try self.control(EPOLL_CTL_ADD, fd, interest)
    }

    /// Changes what `fd` is watched for.
    public func modify(_ fd: Int32, _ interest: Interest) throws(SystemCallError) {
        try self.control(EPOLL_CTL_MOD, fd, interest)
    }

    /// Stops watching `fd` (closing it does too).
    public func remove(_ fd: Int32) {
        var event = epoll_event()
        _ = epoll_ctl(self.descriptor, EPOLL_CTL_DEL, fd, &event)
    }

    private func control(_ operation: CInt, _ fd: Int32, _ interest: Interest) throws(SystemCallError) {
        var event = epoll_event()
        event.events = interest.rawValue
        event.data.fd = fd
        guard epoll_ctl(self.descriptor, operation, fd, &event) == 0 else { throw .last("epoll_ctl") }
    }

    /// Waits until a descriptor is ready or `timeoutMilliseconds` pass (-1: for ever), then calls
    /// `body` with each ready one. An interrupted wait (`EINTR`) reports nothing.
    ///
    /// The events are received on the caller's stack (12 bytes each, 768 for the default
    /// capacity; Swift takes the heap instead past a kilobyte), not in a buffer of the instance's:
    /// at typing speed a wait wakes once a key, and a heap buffer was a page the key touched only
    /// for that, where the loop's stack pages are touched anyway.
    public func wait(timeoutMilliseconds: Int32, _ body: (Event) -> Void) throws(SystemCallError) {
        try withUnsafeTemporaryAllocation(of: epoll_event.self, capacity: self.capacity) {
            events throws(SystemCallError) in
            let count = epoll_wait(self.descriptor, events.baseAddress, CInt(events.count), timeoutMilliseconds)
            if count < 0 {
                if errno == EINTR { return }
                throw .last("epoll_wait")
            }
            for index in 0..<Int(count) {
                let event = events[index]
                body(Event(descriptor: event.data.fd, bits: event.events))
            }
        }
    }
}

/// An eventfd: lets another thread wake a loop waiting in ``Epoll``.
public final class WakeUpBell: Sendable {
    /// The descriptor to register for reading.
    public let descriptor: Int32

    /// Creates the eventfd (non-blocking, close-on-exec).
    public init() throws(SystemCallError) {
        let descriptor = hangul_eventfd()
        guard descriptor >= 0 else { throw .last("eventfd") }
        self.descriptor = descriptor
    }

    deinit { close(self.descriptor) }

    /// Makes the descriptor readable; safe from any thread.
    public func ring() {
        var one: UInt64 = 1
        _ = Glibc.write(self.descriptor, &one, 8)
    }

    /// Makes it unreadable again (the loop calls this when it wakes for it).
    public func silence() {
        var count: UInt64 = 0
        _ = Glibc.read(self.descriptor, &count, 8)
    }
}

/// What a non-blocking read or write on a socket came to.
public enum SocketTransfer: Equatable, Sendable {
    /// This many bytes moved (more than zero).
    case moved(Int)
    /// Nothing now (`EAGAIN`): wait for readiness.
    case wouldBlock
    /// The peer closed its sending side (a read of zero bytes).
    case endOfInput
    /// The connection failed with this errno (`ECONNRESET`, `EPIPE`, ...).
    case failed(Errno)
}

extension FileDescriptor {
    /// Accepts one waiting connection, non-blocking and close-on-exec. Nil when none is waiting
    /// (`EAGAIN`, or a connection that was aborted before it was accepted); throws for anything
    /// else (`EMFILE` and its kind: out of descriptors or memory).
    public func acceptNonBlocking() throws(SystemCallError) -> FileDescriptor? {
        while true {
            let accepted = hangul_accept_nonblocking(self.rawValue)
            if accepted >= 0 { return FileDescriptor(rawValue: accepted) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK, ECONNABORTED, EPROTO: return nil
            default: throw .last("accept4")
            }
        }
    }

    /// One `read(2)` into `buffer`, retried on `EINTR`.
    public func readSome(into buffer: UnsafeMutableRawBufferPointer) -> SocketTransfer {
        while true {
            let count = Glibc.read(self.rawValue, buffer.baseAddress, buffer.count)
            if count > 0 { return .moved(count) }
            if count == 0 { return .endOfInput }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .failed(Errno(rawValue: errno))
            }
        }
    }

    /// One `send(2)` of `bytes` with `MSG_NOSIGNAL` (a vanished peer is `EPIPE`, never SIGPIPE),
    /// retried on `EINTR`.
    public func sendSome(_ bytes: UnsafeRawBufferPointer) -> SocketTransfer {
        while true {
            let count = Glibc.send(self.rawValue, bytes.baseAddress, bytes.count, CInt(MSG_NOSIGNAL))
            if count >= 0 { return .moved(count) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .failed(Errno(rawValue: errno))
            }
        }
    }
}
