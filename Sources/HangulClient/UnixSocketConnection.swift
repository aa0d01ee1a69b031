import HangulProtocol
import HangulSystem
import SystemPackage

/// A `SOCK_STREAM` Unix socket that writes bytes and reads whole lines, each operation bounded by
/// an optional deadline.
///
/// The descriptor is non-blocking, and every wait is a `poll(2)` for at most the time left before
/// the deadline (for ever without one), so a daemon that stops answering costs a frontend its
/// deadline and no more. Replies are read in chunks and split at newlines, never byte by byte.
/// The socket calls (connect, `send` without SIGPIPE, the bounded wait, `EINTR`) are HangulSystem's;
/// this type keeps the buffering and the deadlines, and its failures are `Errno`s.
final class UnixSocketConnection {
    private let descriptor: FileDescriptor
    /// Received bytes live in `buffer[start..<end]`; the buffer is allocated once and grows only
    /// for a line longer than it.
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0
    /// Where the search for the next newline goes on: `buffer[start..<searched]` has none.
    private var searched = 0

    /// The longest line, newline included: the protocol's bound (PROTOCOL.md section 3).
    static let maximumLineBytes = Wire.maxLineBytes

    /// Why an operation did not complete.
    enum Failure: Error, Equatable {
        /// The deadline passed first.
        case timedOut
        /// The peer closed the connection (end of file while reading).
        case closed
        /// A system call failed.
        case system(Errno)
        /// More than ``maximumLineBytes`` arrived without a newline.
        case lineTooLong
    }

    /// Connects to the socket at `path`, then makes the descriptor non-blocking.
    ///
    /// The connect is blocking and outside any deadline: a Unix socket connects at once, or fails at
    /// once when no daemon listens, and waits only while the daemon's listen backlog is full. A path
    /// too long for `sockaddr_un` is ``ClientError/pathTooLong(_:)``; an empty one, or one holding
    /// NUL, cannot name a socket (`Invalid argument`).
    init(path: String) throws(ClientError) {
        do {
            self.descriptor = try FileDescriptor.connectedUnixSocket(path: path, nonBlocking: true)
        } catch {
            if error.call == "sockaddr_un", error.errno == .fileNameTooLong {
                throw .pathTooLong(path)
            }
            throw .cannotConnect(path: path, reason: error.errno.description)
        }
    }

    /// Takes over a connected socket (one end of the tests' `socketpair`), making it non-blocking.
    init(connected raw: CInt) {
        self.descriptor = FileDescriptor(rawValue: raw)
        try? self.descriptor.setNonBlocking()
    }

    deinit { try? descriptor.close() }

    /// Writes all of `bytes` before `deadline` (nil: however long it takes).
    ///
    /// `send` with `MSG_NOSIGNAL`, not `write`: a daemon that went away must give `EPIPE`, never a
    /// SIGPIPE that kills the frontend.
    func write(_ bytes: [UInt8], deadline: MonotonicInstant?) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { raw in
                Result { () throws(SystemCallError) in try descriptor.sendWithoutSignal(raw) }
            }
            switch sent {
            case .success(let count):
                offset += count
            case .failure(let error) where error.errno == .wouldBlock || error.errno == .resourceTemporarilyUnavailable:
                try wait(for: .writable, until: deadline)
            case .failure(let error):
                throw .system(error.errno)
            }
        }
    }

    /// The next line without its newline, read before `deadline` (nil: however long it takes).
    ///
    /// The deadline is checked before every read, not only before waiting: a peer that keeps bytes
    /// coming never makes this wait, and used to hold a call for as long as it sent (issue 23,
    /// fault 5). A line may be at most ``maximumLineBytes`` with its newline, the protocol's bound
    /// (PROTOCOL.md section 3): once that many bytes have come without a newline the line is
    /// refused (``Failure/lineTooLong``), so the buffer never grows past it.
    func readLine(deadline: MonotonicInstant?) throws(Failure) -> [UInt8] {
        while true {
            if let line = bufferedLine() { return line }
            if end - start >= Self.maximumLineBytes { throw .lineTooLong }
            if let deadline, MonotonicInstant.now >= deadline { throw .timedOut }
            guard try fill() else {
                try wait(for: .readable, until: deadline)
                continue
            }
        }
    }

    /// A whole line that has already arrived, without waiting: what a daemon said before it closed
    /// the connection, read after a write to it failed. Nil when no whole line is there.
    func lineAlreadyReceived() -> [UInt8]? {
        while true {
            if let line = bufferedLine() { return line }
            if end - start >= Self.maximumLineBytes { return nil }
            do throws(Failure) {
                guard try fill() else { return nil }
            } catch {
                return nil
            }
        }
    }

    private func bufferedLine() -> [UInt8]? {
        // Bytes already searched are not searched again: a line arriving a few bytes at a time
        // costs its length, not its length squared.
        guard let newline = buffer[max(start, searched)..<end].firstIndex(of: UInt8(ascii: "\n")) else {
            searched = end
            return nil
        }
        let line = Array(buffer[start..<newline])
        start = newline + 1
        searched = start
        return line
    }

    /// Reads what the socket holds into the buffer; false when nothing is there yet.
    private func fill() throws(Failure) -> Bool {
        if start == end {
            start = 0
            end = 0
            searched = 0
        } else if end == buffer.count {
            if start > 0 {
                buffer.withUnsafeMutableBytes { raw in
                    raw.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[start..<end]))
                }
                end -= start
                searched -= start
                start = 0
            } else {
                buffer.append(contentsOf: [UInt8](repeating: 0, count: buffer.count))
            }
        }
        let result = buffer.withUnsafeMutableBytes { raw in
            Result { try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[end...])) }
        }
        switch result {
        case .success(let count):
            if count == 0 { throw .closed }
            end += count
            return true
        case .failure(let error):
            // swift-system throws only `Errno` from `read`; anything else would be a new kind of failure.
            let errno = error as? Errno ?? .ioError
            if errno == .wouldBlock || errno == .resourceTemporarilyUnavailable { return false }
            throw .system(errno)
        }
    }

    /// Waits until the socket is ready, or throws ``Failure/timedOut`` at `deadline`.
    private func wait(for readiness: Readiness, until deadline: MonotonicInstant?) throws(Failure) {
        let ready: Bool
        do {
            ready = try descriptor.waitUntilReady(for: readiness, deadline: deadline)
        } catch {
            throw .system(error.errno)
        }
        if !ready { throw .timedOut }
    }
}
