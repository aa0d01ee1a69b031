import BenchmarkSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A bare Unix-socket server that answers each request line at once with a canned line: the floor
/// under any daemon round trip on this machine.
///
/// It runs as a child process (this executable with `--echo-server`), as the daemon does, so that a
/// round trip to either crosses the same process boundary: between threads of one process the
/// kernel skips the address-space switch, and the floor would be lower than any real daemon's.
/// It answers a request whose id is N with `replies[N % count]`, the daemon's own reply to the same
/// key, so both sides move the same bytes. One thread per connection, blocking reads: nothing
/// cheaper can answer a line.
struct EchoServer {
    let pid: pid_t
    let socket: String

    /// Starts the echo process on `socket`, answering with `replies`, and waits until it accepts.
    init(socket: String, replies: [[UInt8]], directory: String) {
        let file = "\(directory)/echo-replies"
        guard let stream = fopen(file, "w") else { fail("cannot write \(file)") }
        for reply in replies { _ = reply.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, stream) } }
        fclose(stream)
        self.socket = socket
        pid = ChildProcess.spawn([ChildProcess.ownExecutable, "--echo-server", socket, file])
        let start = monotonicNanoseconds()
        while true {
            let descriptor = UnixSocket.connect(socket)
            if descriptor >= 0 {
                close(descriptor)
                break
            }
            if monotonicNanoseconds() - start > 5e9 { fail("the echo server did not start") }
            usleep(1_000)
        }
        unlink(file)
    }

    func stop() {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        unlink(socket)
    }

    /// The child's side: serves `socket` until killed, answering from the replies in `file` (one
    /// per line).
    static func serve(socket: String, repliesFile file: String) -> Never {
        guard let stream = fopen(file, "r") else { fail("cannot read \(file)") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, stream)
            if count <= 0 { break }
            bytes += chunk[..<count]
        }
        fclose(stream)
        let replies = bytes.split(separator: 10).map { Array($0) + [10] }
        guard !replies.isEmpty else { fail("no replies in \(file)") }
        let listener = UnixSocket.listen(socket)
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 { fail("accept failed: errno \(errno)") }
            // A new thread inherits the accepting thread's CPU affinity, which the parent sets.
            _ = Threads.start { answer(connection, replies: replies) }
        }
    }

    private static func answer(_ connection: Int32, replies: [[UInt8]]) {
        defer { close(connection) }
        var reader = LineReader(descriptor: connection)
        var id = 0
        while reader.nextLine({ id = requestID($0) }) {
            let sent = replies[id % replies.count].withUnsafeBytes { UnixSocket.send(connection, $0) }
            if !sent { return }
        }
    }

    private static let prefix = Array(#"{"id":"#.utf8)

    /// The integer after `{"id":` at the start of a request line, 0 when there is none.
    static func requestID(_ line: UnsafeRawBufferPointer) -> Int {
        guard line.count > prefix.count, line.prefix(prefix.count).elementsEqual(prefix) else { return 0 }
        var value = 0
        for byte in line.dropFirst(prefix.count) {
            guard byte >= 0x30, byte <= 0x39 else { break }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }
}
