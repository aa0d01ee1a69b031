#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A blocking `SOCK_STREAM` Unix socket that reads and writes whole lines.
///
/// Replies are read in chunks and split at newlines, never byte by byte.
final class UnixSocketConnection {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0

    /// The deadline for each `send`, `recv` and the `connect` itself, when one was given.
    private let deadlineMilliseconds: Int?

    /// Connects to `path`; with `deadlineMilliseconds`, every blocking call on the socket gives up
    /// after that long (`SO_RCVTIMEO`/`SO_SNDTIMEO`, which Linux also applies to a Unix `connect`).
    init(path: String, deadlineMilliseconds: Int? = nil) throws(ClientError) {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .cannotConnect(path: path, reason: Self.errorText()) }
        self.deadlineMilliseconds = deadlineMilliseconds
        if let deadlineMilliseconds {
            var limit = timeval(
                tv_sec: deadlineMilliseconds / 1000, tv_usec: (deadlineMilliseconds % 1000) * 1000)
            let size = socklen_t(MemoryLayout<timeval>.size)
            guard setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, size) == 0,
                setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, size) == 0
            else {
                let reason = Self.errorText()
                close(descriptor)
                throw .cannotConnect(path: path, reason: reason)
            }
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            close(descriptor)
            throw .pathTooLong(path)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            let reason = Self.errorText()
            close(descriptor)
            throw .cannotConnect(path: path, reason: reason)
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Writes all of `bytes`.
    func write(_ bytes: [UInt8]) throws(ClientError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EINTR { continue }
                if let deadlineMilliseconds, errno == EAGAIN || errno == EWOULDBLOCK {
                    throw .timedOut(milliseconds: deadlineMilliseconds)
                }
                throw .io(Self.errorText())
            }
            offset += written
        }
    }

    /// The next line without its newline; throws ``ClientError/closed`` at end of file.
    func readLine() throws(ClientError) -> ArraySlice<UInt8> {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[start..<newline]
                start = newline + 1
                return line
            }
            if start > 0 {
                buffer.removeSubrange(0..<start)
                start = 0
            }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                if errno == EINTR { continue }
                if let deadlineMilliseconds, errno == EAGAIN || errno == EWOULDBLOCK {
                    throw .timedOut(milliseconds: deadlineMilliseconds)
                }
                throw .io(Self.errorText())
            }
            if count == 0 { throw .closed }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    private static func errorText() -> String {
        guard let text = strerror(errno) else { return "error \(errno)" }
        return String(cString: text)
    }
}
