#if canImport(Glibc)
    import Glibc
#endif

// Daemon costs, each next to a reference measured in the same run:
//   1. round trip of one `key` request through hanguld vs a bare Unix-socket echo of the same line;
//   2. resident memory of hanguld with hundreds of idle sessions vs with none;
//   3. round-trip latency of one client while 50 others type as fast as they can vs alone.
// Usage: hanguld-bench PATH-TO-hanguld   (build it first: swift build -c release, in the root)

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

// 3. Latency under a typing storm from 50 other clients, typing one key at a time as fast as the
//    daemon answers, then pipelining 32 keys each.
print("round trip while 50 other clients type flat out (median / p99, µs):")
print("  alone                        \(format(daemonTimes.median / 1000)) / \(format(daemonTimes.p99 / 1000))")
for inFlight in [1, 32] {
    stormInFlight = inFlight
    stormRunning = true
    let stormThreads = (0..<50).map { _ in startStormClient(path: daemonSocket) }
    usleep(200_000)
    let stormTimes = roundTrips(session, line: press, count: 5_000)
    stormRunning = false
    for thread in stormThreads { pthread_join(thread, nil) }
    print(
        "  others \(inFlight) key\(inFlight == 1 ? " " : "s") in flight      "
            + "\(format(stormTimes.median / 1000)) / \(format(stormTimes.p99 / 1000))")
}
