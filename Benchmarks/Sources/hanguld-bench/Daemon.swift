import BenchmarkSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A hanguld child process on its own socket.
struct Daemon {
    let pid: pid_t
    let socket: String
    /// Time from spawning it to its socket accepting a connection.
    let startup: Double

    /// Starts hanguld and waits, polling every 50 µs, until a connection to its socket succeeds.
    init(binary: String, socket: String, maxSessions: Int) {
        self.socket = socket
        let start = monotonicNanoseconds()
        pid = ChildProcess.spawn([binary, "--socket", socket, "--max-sessions", "\(maxSessions)"])
        while true {
            let descriptor = UnixSocket.connect(socket)
            if descriptor >= 0 {
                close(descriptor)
                break
            }
            if monotonicNanoseconds() - start > 5e9 { fail("hanguld did not accept on \(socket) within 5 s") }
            usleep(50)
        }
        startup = monotonicNanoseconds() - start
    }

    var residentBytes: Double { ChildProcess.residentBytes(of: pid) }

    /// Stops the daemon (SIGTERM) and checks that it exits 0, as its signal handling promises.
    func stop() {
        kill(pid, SIGTERM)
        ChildProcess.wait(pid, name: "hanguld")
    }
}
