import BenchmarkSupport

#if canImport(Glibc)
    import Glibc
#endif

/// One client connection: sends a request line and waits for its reply line.
struct Client {
    let descriptor: Int32
    private var reader: LineReader

    /// Connects; to a daemon, also opens the session with `hello`.
    init(path: String, hello: Bool) {
        descriptor = UnixSocket.connect(path)
        if descriptor < 0 { fail("cannot connect to \(path): errno \(errno)") }
        reader = LineReader(descriptor: descriptor)
        if hello, exchange(KeyRequests.hello) == nil { fail("no reply to hello from \(path)") }
    }

    func close() { _ = Glibc.close(descriptor) }

    /// Sends one line and returns the time until its reply arrived, or nil if the peer is gone.
    mutating func roundTrip(_ line: [UInt8]) -> Double? {
        let start = monotonicNanoseconds()
        guard line.withUnsafeBytes({ UnixSocket.send(descriptor, $0) }), reader.nextLine() else { return nil }
        return monotonicNanoseconds() - start
    }

    /// Sends one line and returns its reply, newline included.
    mutating func exchange(_ line: [UInt8]) -> [UInt8]? {
        guard line.withUnsafeBytes({ UnixSocket.send(descriptor, $0) }) else { return nil }
        return reader.readLine()
    }
}
