import BenchmarkSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A bare Unix-socket server that answers each request line at once with a canned line: the floor
/// under any daemon round trip on this machine.
///
/// It answers a request whose id is N with `replies[N % count]`, the daemon's own reply to the same
/// key, so both sides move the same bytes. One thread per connection, blocking reads: nothing
/// cheaper can answer a line.
enum EchoServer {
    /// The CPUs that threads serving new connections pin themselves to; nil lets them run anywhere.
    /// Set by the main thread before it connects, read by the accepting thread.
    nonisolated(unsafe) static var cpus: [Int]?

    static func start(path: String, replies: [[UInt8]]) {
        let listener = UnixSocket.listen(path)
        _ = Threads.start {
            while true {
                let connection = accept(listener, nil, nil)
                if connection < 0 { return }
                let pinned = Self.cpus
                _ = Threads.start {
                    CPUPinning.pin(to: pinned)
                    serve(connection, replies: replies)
                }
            }
        }
    }

    private static func serve(_ connection: Int32, replies: [[UInt8]]) {
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
