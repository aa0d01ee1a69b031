import Glibc
import HangulDaemon

/// A blocking Unix stream socket client with timeouts, so a broken server fails a test instead of hanging it.
final class UnixClient: @unchecked Sendable {
    // @unchecked: each client is used by one thread at a time.
    let descriptor: CInt
    private var buffered: [UInt8] = []
    private var closed = false

    /// Connects to the socket at `path`.
    init(path: String, timeoutSeconds: Int = 20) throws {
        self.descriptor = try Self.connect(path: path)
        try self.setTimeouts(seconds: timeoutSeconds)
    }

    /// Wraps an already connected descriptor (owned from now on).
    init(descriptor: CInt, timeoutSeconds: Int = 20) throws {
        self.descriptor = descriptor
        try self.setTimeouts(seconds: timeoutSeconds)
    }

    deinit {
        self.close()
    }

    static func connect(path: String) throws -> CInt {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else {
            throw SystemCallError("socket", errno: errno)
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            let error = errno
            Glibc.close(fd)
            throw SystemCallError("connect", path: path, errno: error)
        }
        return fd
    }

    private func setTimeouts(seconds: Int) throws {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        for option in [SO_RCVTIMEO, SO_SNDTIMEO] {
            guard setsockopt(self.descriptor, SOL_SOCKET, option, &timeout, socklen_t(MemoryLayout<timeval>.size)) == 0
            else {
                throw SystemCallError("setsockopt", errno: errno)
            }
        }
    }

    func send(_ text: String) throws {
        try self.send(bytes: Array(text.utf8))
    }

    func send(bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { raw in
                Glibc.send(self.descriptor, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else {
                if errno == EINTR {
                    continue
                }
                throw SystemCallError("send", errno: errno)
            }
            offset += written
        }
    }

    /// Reads more bytes into the buffer; false at end of stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { raw in
                Glibc.recv(self.descriptor, raw.baseAddress, raw.count, 0)
            }
            if count > 0 {
                self.buffered.append(contentsOf: chunk[..<count])
                return true
            }
            if count == 0 {
                return false
            }
            let error = errno
            if error == EINTR {
                continue
            }
            if error == ECONNRESET {
                return false
            }
            throw SystemCallError("recv", errno: error)
        }
    }

    /// The next line without its newline, or nil at end of stream (a trailing partial line is dropped).
    func readLine() throws -> String? {
        try self.readLineBytes().map { String(decoding: $0, as: UTF8.self) }
    }

    func readLineBytes() throws -> [UInt8]? {
        while true {
            if let newline = self.buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(self.buffered[..<newline])
                self.buffered.removeFirst(newline + 1)
                return line
            }
            guard try self.fill() else {
                return nil
            }
        }
    }

    /// Everything until the server closes the connection.
    func readToEnd() throws -> [UInt8] {
        while try self.fill() {}
        defer { self.buffered.removeAll() }
        return self.buffered
    }

    /// `shutdown(SHUT_WR)`: tells the server we are done sending.
    func shutdownWrite() {
        _ = shutdown(self.descriptor, Int32(SHUT_WR))
    }

    func close() {
        guard !self.closed else {
            return
        }
        self.closed = true
        Glibc.close(self.descriptor)
    }
}
