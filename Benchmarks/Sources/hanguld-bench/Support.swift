#if canImport(Glibc)
    import Glibc
#endif

// Sockets and threads for the daemon benchmark. Kept out of main.swift, whose top-level code is
// main-actor isolated: these run on plain pthreads.

func fail(_ message: String) -> Never {
    let bytes = Array("hanguld-bench: \(message)\n".utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(1)
}

/// A connected Unix socket that sends lines and reads lines in chunks.
final class LineSocket {
    let descriptor: Int32
    private var buffer: [UInt8] = []

    init(path: String) {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: Array(path.utf8) + [0])
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        if result != 0 { fail("cannot connect to \(path)") }
    }

    init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, 0) }
            if written <= 0 { fail("write failed") }
            offset += written
        }
    }

    /// Reads one line; nil at end of file.
    func readLine() -> [UInt8]? {
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return nil }
            buffer += chunk[..<count]
        }
    }
}

func nanoseconds(_ body: () -> Void) -> Double {
    let elapsed = ContinuousClock().measure(body)
    return Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
}

func format(_ value: Double) -> String { "\((value * 100).rounded() / 100)" }

/// A bare echo server on a Unix socket, one thread per connection: the floor for any round trip.
func startEchoServer(path: String) {
    unlink(path)
    let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
    _ = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
    }
    listen(listener, 64)
    var thread = pthread_t()
    let box = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    box.pointee = listener
    pthread_create(
        &thread, nil,
        { argument in
            let listener = argument!.assumingMemoryBound(to: Int32.self).pointee
            while true {
                let connection = accept(listener, nil, nil)
                if connection < 0 { return nil }
                var worker = pthread_t()
                let slot = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
                slot.pointee = connection
                pthread_create(
                    &worker, nil,
                    { argument in
                        let descriptor = argument!.assumingMemoryBound(to: Int32.self).pointee
                        var chunk = [UInt8](repeating: 0, count: 65536)
                        while true {
                            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                            if count <= 0 { break }
                            _ = chunk.withUnsafeBytes { send(descriptor, $0.baseAddress, count, 0) }
                        }
                        close(descriptor)
                        return nil
                    }, slot)
            }
        }, box)
}

/// Starts hanguld on `socket` and waits until it accepts connections.
func startDaemon(binary: String, socket: String) -> pid_t {
    var pid: pid_t = 0
    let arguments = [binary, "--socket", socket, "--max-sessions", "1000"]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    // The daemon's log goes nowhere: this program's output is the figures.
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    if posix_spawn(&pid, binary, &actions, nil, &argv, environ) != 0 { fail("cannot start \(binary)") }
    // The socket file appears when it is bound, a moment before it listens: wait for a connect.
    for _ in 0..<500 {
        if canConnect(socket) { return pid }
        usleep(10_000)
    }
    fail("hanguld did not start listening on \(socket)")
}

func canConnect(_ path: String) -> Bool {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
    } == 0
}

func residentKiB(of pid: pid_t) -> Int {
    guard let file = fopen("/proc/\(pid)/status", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, 256, file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix("VmRSS:") {
            return Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
    }
    return 0
}

let hello = Array(#"{"id":0,"method":"hello","params":{"protocol":1}}"#.utf8) + [10]
let press = Array(#"{"id":1,"method":"key","params":{"keysym":114,"keycode":27}}"#.utf8) + [10]

func openSession(_ path: String) -> LineSocket {
    let connection = LineSocket(path: path)
    connection.send(hello)
    _ = connection.readLine()
    return connection
}

/// Median and 99th percentile of `count` sequential round trips of `line`.
func roundTrips(_ connection: LineSocket, line: [UInt8], count: Int) -> (median: Double, p99: Double) {
    var samples: [Double] = []
    samples.reserveCapacity(count)
    for _ in 0..<count {
        samples.append(
            nanoseconds {
                connection.send(line)
                _ = connection.readLine()
            })
    }
    samples.sort()
    return (samples[count / 2], samples[count * 99 / 100])
}

/// Set to false to stop the storm threads; written once by the main thread, polled by the others.
nonisolated(unsafe) var stormRunning = true

/// Key presses each storm client keeps in flight: 1 is a client typing as fast as the daemon
/// answers; more is a client pipelining (a frontend replaying a paste, or a misbehaving one).
nonisolated(unsafe) var stormInFlight = 1

/// Starts a thread that opens a session and sends batches of ``stormInFlight`` key presses as fast
/// as the daemon answers them, until ``stormRunning`` is false.
func startStormClient(path: String) -> pthread_t {
    var thread = pthread_t()
    pthread_create(
        &thread, nil,
        { argument in
            let path = String(cString: argument!.assumingMemoryBound(to: CChar.self))
            let connection = openSession(path)
            let inFlight = stormInFlight
            var batch: [UInt8] = []
            for _ in 0..<inFlight { batch += press }
            while stormRunning {
                connection.send(batch)
                for _ in 0..<inFlight { _ = connection.readLine() }
            }
            return nil
        }, strdup(path))
    return thread
}
