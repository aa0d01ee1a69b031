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

    /// Starts hanguld (with `arguments` after its socket and session bound) and waits, polling every
    /// 50 µs, until a connection to its socket succeeds. With no session bound (nil), the command
    /// line is `--socket PATH` and `arguments`, as frontends start the daemon: `--max-sessions` is not
    /// one of the options `hanguld` reads without its parser program, so with it `hanguld` runs
    /// `hanguld-cli`, which runs `hanguld` again, and a start costs about twice as much.
    init(binary: String, socket: String, maxSessions: Int?, arguments: [String] = []) {
        self.socket = socket
        let start = monotonicNanoseconds()
        let bound = maxSessions.map { ["--max-sessions", "\($0)"] } ?? []
        pid = ChildProcess.spawn([binary, "--socket", socket] + bound + arguments)
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

    /// Time from spawning hanguld to the reply to a session's first key: start-up as a user sees
    /// it (exec, settings, layouts, keymap, the socket, then `hello` and one `key`). Stops it.
    static func timeToFirstKey(binary: String, socket: String, arguments: [String] = []) -> Double {
        let start = monotonicNanoseconds()
        let daemon = Daemon(binary: binary, socket: socket, maxSessions: nil, arguments: arguments)
        var client = Client(path: socket, hello: true)
        guard client.exchange(KeyRequests.firstKey) != nil else { fail("\(binary) did not answer its first key") }
        let time = monotonicNanoseconds() - start
        client.close()
        daemon.stop()
        return time
    }

    var residentBytes: Double { ChildProcess.residentBytes(of: pid) }

    /// Stops the daemon (SIGTERM) and checks that it exits 0, as its signal handling promises.
    func stop() {
        kill(pid, SIGTERM)
        ChildProcess.wait(pid, name: "hanguld")
    }
}
