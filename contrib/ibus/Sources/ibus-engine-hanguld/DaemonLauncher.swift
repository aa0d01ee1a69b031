import CHangulIBusEngine
import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Starts `hanguld` when no daemon listens on the socket, as fcitx5-mozc starts mozc_server.
///
/// Only when the socket file is missing or refuses connections: a socket that accepts them belongs
/// to a running daemon or to systemd's socket activation, which starts the daemon itself. The daemon
/// runs in a session of its own so it outlives this engine (an `ibus restart` does not take everyone's
/// sessions down); a thread here reaps it if it exits while we run. One start per 2 seconds at most,
/// for the whole process, so a daemon that cannot start is not restarted in a tight loop.
enum DaemonLauncher {
    private static let lastStart = Mutex<UInt64?>(nil)

    /// Whether nothing answers at `path`: no file there, or a file nobody listens on (a dead daemon's).
    static func nobodyListens(at path: String) -> Bool {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return result != 0 && (errno == ENOENT || errno == ECONNREFUSED)
    }

    /// Starts `executable --socket path` unless one was started in the last 2 seconds; returns
    /// whether it started one.
    static func start(executable: String, socketPath: String) -> Bool {
        let now = monotonicMilliseconds()
        let allowed = lastStart.withLock { last -> Bool in
            if let last, now - last < 2000 { return false }
            last = now
            return true
        }
        guard allowed else { return false }
        let arguments = [executable, "--socket", socketPath]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        guard hangul_ibus_spawn_detached(executable, argv, environ, &pid) == 0 else { return false }
        let child = pid
        DispatchQueue.global().async {
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        }
        return true
    }

    static func monotonicMilliseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1000 + UInt64(now.tv_nsec) / 1_000_000
    }
}

/// Sleeps the calling (background) thread.
func usleepMilliseconds(_ milliseconds: UInt32) {
    usleep(milliseconds * 1000)
}
