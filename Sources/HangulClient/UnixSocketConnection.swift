import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `SOCK_STREAM` Unix socket that writes bytes and reads whole lines, each operation bounded by
/// an optional deadline.
///
/// The descriptor is non-blocking, and every wait is a `poll(2)` for at most the time left before
/// the deadline (for ever without one), so a daemon that stops answering costs a frontend its
/// deadline and no more. Replies are read in chunks and split at newlines, never byte by byte.
/// The descriptor is a swift-system `FileDescriptor` and failures are `Errno`s; `socket`,
/// `connect`, `send` and `poll` are the calls swift-system does not wrap.
final class UnixSocketConnection {
    private let descriptor: FileDescriptor
    /// Received bytes live in `buffer[start..<end]`; the buffer is allocated once and grows only
    /// for a line longer than it.
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0

    /// Why an operation did not complete.
    enum Failure: Error, Equatable {
        /// The deadline passed first.
        case timedOut
        /// The peer closed the connection (end of file while reading).
        case closed
        /// A system call failed.
        case system(Errno)
    }

    /// Connects to the socket at `path`, then makes the descriptor non-blocking.
    ///
    /// The connect is blocking and outside any deadline: a Unix socket connects at once, or fails at
    /// once when no daemon listens, and waits only while the daemon's listen backlog is full.
    init(path: String) throws(ClientError) {
        let raw = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard raw >= 0 else { throw .cannotConnect(path: path, reason: Errno(rawValue: errno).description) }
        let descriptor = FileDescriptor(rawValue: raw)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            try? descriptor.close()
            throw .pathTooLong(path)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(raw, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0, fcntl(raw, F_SETFL, fcntl(raw, F_GETFL) | O_NONBLOCK) == 0 else {
            let reason = Errno(rawValue: errno).description
            try? descriptor.close()
            throw .cannotConnect(path: path, reason: reason)
        }
        self.descriptor = descriptor
    }

    /// Takes over a connected socket (one end of the tests' `socketpair`), making it non-blocking.
    init(connected raw: CInt) {
        _ = fcntl(raw, F_SETFL, fcntl(raw, F_GETFL) | O_NONBLOCK)
        self.descriptor = FileDescriptor(rawValue: raw)
    }

    deinit { try? descriptor.close() }

    /// Writes all of `bytes` before `deadline` (nil: however long it takes).
    ///
    /// `send` with `MSG_NOSIGNAL`, not `write`: a daemon that went away must give `EPIPE`, never a
    /// SIGPIPE that kills the frontend.
    func write(_ bytes: [UInt8], deadline: ContinuousClock.Instant?) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                send(descriptor.rawValue, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written >= 0 {
                offset += written
                continue
            }
            let error = Errno(rawValue: errno)
            switch error {
            case .interrupted: continue
            case .wouldBlock, .resourceTemporarilyUnavailable: try wait(for: Int16(POLLOUT), until: deadline)
            default: throw .system(error)
            }
        }
    }

    /// The next line without its newline, read before `deadline` (nil: however long it takes).
    func readLine(deadline: ContinuousClock.Instant?) throws(Failure) -> [UInt8] {
        while true {
            if let line = bufferedLine() { return line }
            guard try fill() else {
                try wait(for: Int16(POLLIN), until: deadline)
                continue
            }
        }
    }

    /// A whole line that has already arrived, without waiting: what a daemon said before it closed
    /// the connection, read after a write to it failed. Nil when no whole line is there.
    func lineAlreadyReceived() -> [UInt8]? {
        while true {
            if let line = bufferedLine() { return line }
            do throws(Failure) {
                guard try fill() else { return nil }
            } catch {
                return nil
            }
        }
    }

    private func bufferedLine() -> [UInt8]? {
        guard let newline = buffer[start..<end].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = Array(buffer[start..<newline])
        start = newline + 1
        return line
    }

    /// Reads what the socket holds into the buffer; false when nothing is there yet.
    private func fill() throws(Failure) -> Bool {
        if start == end {
            start = 0
            end = 0
        } else if end == buffer.count {
            if start > 0 {
                buffer.withUnsafeMutableBytes { raw in
                    raw.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[start..<end]))
                }
                end -= start
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

    /// Waits until the socket is ready for `events`, or throws ``Failure/timedOut`` at `deadline`.
    private func wait(for events: Int16, until deadline: ContinuousClock.Instant?) throws(Failure) {
        while true {
            var milliseconds: Int32 = -1
            if let deadline {
                let left = deadline - .now
                guard left > .zero else { throw .timedOut }
                let (seconds, attoseconds) = left.components
                // Rounded up, so a wait never ends just before the deadline and spins.
                let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
                milliseconds = Int32(clamping: total)
            }
            var entry = pollfd(fd: descriptor.rawValue, events: events, revents: 0)
            let ready = poll(&entry, 1, milliseconds)
            if ready > 0 { return }
            if ready == 0 {
                if deadline != nil { continue }  // the loop's check throws once the time is really up
                return
            }
            let error = Errno(rawValue: errno)
            if error != .interrupted { throw .system(error) }
        }
    }
}
