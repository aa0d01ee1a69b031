#if canImport(Glibc)
    import Glibc
#endif

// Daemon costs, each next to a reference measured in the same run:
//   1. round trip of one `key` request through hanguld vs a bare Unix-socket echo of the same line;
//   2. resident memory of hanguld with hundreds of idle sessions vs with none;
//   3. round-trip latency of one client while 50 others type as fast as they can vs alone.
// Usage: hanguld-bench PATH-TO-hanguld   (build it first: swift build -c release, in the root)

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
    if posix_spawn(&pid, binary, nil, nil, &argv, environ) != 0 { fail("cannot start \(binary)") }
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

guard CommandLine.arguments.count == 2 else { fail("usage: hanguld-bench PATH-TO-hanguld") }
let directory = "/tmp/hanguld-bench-\(getpid())"
mkdir(directory, 0o700)
let daemonSocket = directory + "/hanguld.sock"
let echoSocket = directory + "/echo.sock"
startEchoServer(path: echoSocket)
let daemon = startDaemon(binary: CommandLine.arguments[1], socket: daemonSocket)
defer {
    kill(daemon, SIGTERM)
    var status: Int32 = 0
    waitpid(daemon, &status, 0)
    unlink(echoSocket)
    rmdir(directory)
}

// 1. Round trip.
let echo = LineSocket(path: echoSocket)
let session = openSession(daemonSocket)
_ = roundTrips(echo, line: press, count: 2_000)
_ = roundTrips(session, line: press, count: 2_000)
let echoTimes = roundTrips(echo, line: press, count: 20_000)
let daemonTimes = roundTrips(session, line: press, count: 20_000)
print("round trip, one key request (median / p99, µs):")
print("  bare Unix-socket echo   \(format(echoTimes.median / 1000)) / \(format(echoTimes.p99 / 1000))")
print("  hanguld key             \(format(daemonTimes.median / 1000)) / \(format(daemonTimes.p99 / 1000))")
print("  ratio (hanguld/echo)    \(format(daemonTimes.median / echoTimes.median)) median")

// 2. Memory with idle sessions.
let baseline = residentKiB(of: daemon)
var idle: [LineSocket] = []
for _ in 0..<500 { idle.append(openSession(daemonSocket)) }
let loaded = residentKiB(of: daemon)
print("resident memory: \(baseline) KiB with 1 session, \(loaded) KiB with 501 sessions")
print("  per idle session: \(format(Double(loaded - baseline) / 500)) KiB")
idle.removeAll()

// 3. Latency under a typing storm from 50 other clients.
nonisolated(unsafe) var stormRunning = true  // read by the storm threads, set once here
var stormThreads: [pthread_t] = []
for _ in 0..<50 {
    var thread = pthread_t()
    let path = strdup(daemonSocket)
    pthread_create(
        &thread, nil,
        { argument in
            let path = String(cString: argument!.assumingMemoryBound(to: CChar.self))
            let connection = openSession(path)
            var batch: [UInt8] = []
            for _ in 0..<32 { batch += press }
            while stormRunning {
                connection.send(batch)
                for _ in 0..<32 { _ = connection.readLine() }
            }
            return nil
        }, path)
    stormThreads.append(thread)
}
usleep(200_000)
let stormTimes = roundTrips(session, line: press, count: 5_000)
stormRunning = false
for thread in stormThreads { pthread_join(thread, nil) }
print("round trip while 50 clients type flat out (median / p99, µs):")
print("  alone                   \(format(daemonTimes.median / 1000)) / \(format(daemonTimes.p99 / 1000))")
print("  during the storm        \(format(stormTimes.median / 1000)) / \(format(stormTimes.p99 / 1000))")
