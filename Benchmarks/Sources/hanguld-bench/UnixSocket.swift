import BenchmarkSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Unix-socket plumbing shared by the clients, the echo server and the daemon's start-up probe.
enum UnixSocket {
    /// A `sockaddr_un` for a path; the benchmark's paths are short, well below the 108-byte limit.
    static func withAddress<Result>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        precondition(bytes.count < MemoryLayout.size(ofValue: address.sun_path), "socket path too long: \(path)")
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    /// A connected descriptor, or -1 when nothing accepts on `path` (yet).
    static func connect(_ path: String) -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        if descriptor < 0 { fail("socket() failed: errno \(errno); raise `ulimit -n`?") }
        let result = withAddress(path) { Glibc.connect(descriptor, $0, $1) }
        if result != 0 {
            close(descriptor)
            return -1
        }
        return descriptor
    }

    /// A listening descriptor on a fresh path.
    static func listen(_ path: String) -> Int32 {
        unlink(path)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0, withAddress(path, { bind(descriptor, $0, $1) }) == 0, Glibc.listen(descriptor, 1024) == 0
        else { fail("cannot listen on \(path): errno \(errno)") }
        return descriptor
    }

    /// Writes all of `bytes`.
    static func send(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.send(descriptor, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            if written <= 0 { return false }
            offset += written
        }
        return true
    }
}
