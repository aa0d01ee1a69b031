import Glibc
import HangulDaemon

/// Socket calls that never block, for tests that must see exactly when the daemon stops taking bytes
/// or refuses a connect.
enum NonBlocking {
    /// Connects a non-blocking Unix stream socket to `path`; a full listen backlog fails at once
    /// with `EAGAIN` instead of waiting.
    static func connect(_ path: String) -> Result<CInt, SystemCallError> {
        let descriptor = socket(
            AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else {
            return .failure(SystemCallError("socket", errno: errno))
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
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            let error = errno
            close(descriptor)
            return .failure(SystemCallError("connect", path: path, errno: error))
        }
        return .success(descriptor)
    }

    /// Writes `line` again and again without reading, until the peer has taken nothing for `quietFor`
    /// or has closed the connection; returns how many whole lines were written.
    static func pushUntilRefused(_ descriptor: CInt, line: String, quietFor: Duration) throws -> Int {
        let bytes = Array(line.utf8)
        var lines = 0
        var offset = 0
        var lastProgress = ContinuousClock.now
        while ContinuousClock.now - lastProgress < quietFor {
            let written = bytes[offset...].withUnsafeBytes { raw in
                send(descriptor, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            if written > 0 {
                offset += written
                if offset == bytes.count {
                    offset = 0
                    lines += 1
                }
                lastProgress = ContinuousClock.now
                continue
            }
            let error = errno
            switch error {
            case EINTR: continue
            case EAGAIN: usleep(1000)
            case EPIPE, ECONNRESET: return lines
            default: throw SystemCallError("send", errno: error)
            }
        }
        return lines
    }
}
