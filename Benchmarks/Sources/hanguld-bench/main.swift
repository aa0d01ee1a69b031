import BenchmarkSupport
import HangulCore

#if canImport(Glibc)
    import Glibc
#endif

// The daemon, each figure beside a reference measured in the same run:
//   1. round trip of one key request, one client, against a bare Unix-socket echo moving the same
//      bytes; then 16 and 128 clients typing at once (latency) and flat out (keys per second);
//   2. resident memory idle, with 1,000 idle sessions, and after the storm;
//   3. start-up (exec to the socket accepting, and to the first key's reply) and one short
//      `hangul-compose` run, against exec-to-exit of /bin/true.
// Prints markdown table rows on standard output (scripts/bench adds the header), notes on standard
// error. Usage: hanguld-bench [--quick] PATH-TO-hanguld PATH-TO-hangul-compose
// Or: hanguld-bench [--quick] --versus BASELINE-hanguld CANDIDATE-hanguld (see Versus).
// Or: hanguld-bench [--quick] --loops HANGULD C-EPOLL-SERVER [OTHER-HANGULD] (see ServerLoops).
// Or: hanguld-bench [--quick] --startup-versus BASELINE-hanguld CANDIDATE-hanguld [CONFIG] (see StartupVersus).

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--echo-server", arguments.count == 3 {
    EchoServer.serve(socket: arguments[arguments.startIndex + 1], repliesFile: arguments[arguments.startIndex + 2])
}
let quick = arguments.contains("--quick")
if let loops = arguments.firstIndex(of: "--loops"), arguments.index(loops, offsetBy: 2) < arguments.endIndex {
    let other = arguments.index(loops, offsetBy: 3) < arguments.endIndex ? arguments[loops + 3] : nil
    ServerLoops.run(hanguld: arguments[loops + 1], cServer: arguments[loops + 2], other: other, quick: quick)
}
if let versus = arguments.firstIndex(of: "--versus"), arguments.index(versus, offsetBy: 2) < arguments.endIndex {
    Versus.run(baseline: arguments[versus + 1], candidate: arguments[versus + 2], quick: quick)
}
if let startup = arguments.firstIndex(of: "--startup-versus"),
    arguments.index(startup, offsetBy: 2) < arguments.endIndex
{
    let config = arguments.index(startup, offsetBy: 3) < arguments.endIndex ? arguments[startup + 3] : nil
    StartupVersus.run(
        baseline: arguments[startup + 1], candidate: arguments[startup + 2], config: config, quick: quick)
}
let programs = arguments.filter { $0 != "--quick" }
guard programs.count == 2 else { fail("usage: hanguld-bench [--quick] PATH-TO-hanguld PATH-TO-hangul-compose") }
let (hanguld, hangulCompose) = (programs[programs.startIndex], programs[programs.startIndex + 1])
for program in programs where access(program, X_OK) != 0 { fail("\(program) is not an executable; build it first") }

let idleSessions = 1_000
ChildProcess.raiseDescriptorLimit(to: idleSessions + 512)
let directory = "/tmp/hanguld-bench-\(getpid())"
guard mkdir(directory, 0o700) == 0 else { fail("cannot create \(directory)") }
defer { rmdir(directory) }

// Start-up, several times on fresh sockets; the reference is the cost of any exec.
let starts = quick ? 3 : 7
var startup = Samples()
var firstKey = Samples()
var bareExec = Samples()
for index in 0..<starts {
    bareExec.append(ChildProcess.runTime(["/bin/true"]))
    let daemon = Daemon(binary: hanguld, socket: "\(directory)/start-\(index).sock", maxSessions: nil)
    startup.append(daemon.startup)
    daemon.stop()
    firstKey.append(Daemon.timeToFirstKey(binary: hanguld, socket: "\(directory)/first-\(index).sock"))
}

let daemon = Daemon(binary: hanguld, socket: "\(directory)/hanguld.sock", maxSessions: idleSessions + 256)
defer { daemon.stop() }
usleep(100_000)
let idleBytes = daemon.residentBytes

// One client: the daemon's replies to the stream, recorded in a warm-up pass, are what the echo
// server answers, so the floor moves the same bytes. Placement is explicit (see CPUPinning).
let stream = KeyStream(layout: .dubeolsik, count: quick ? 4_000 : 20_000)
let lines = KeyRequests.lines(for: stream.keys)
var session = Client(path: daemon.socket, hello: true)
let replies = lines.map { line in
    guard let reply = session.exchange(line) else { fail("hanguld closed the session") }
    return reply
}
session.close()
let echoServer = EchoServer(socket: "\(directory)/echo.sock", replies: replies, directory: directory)
defer { echoServer.stop() }
let echoSocket = echoServer.socket

/// Round trips of the stream's requests through one daemon session and one echo connection, in
/// alternating blocks (so a change in the machine's load hits both alike), with the client pinned
/// to `client` and both servers to `server`.
func oneClient(client clientCPUs: [Int], server serverCPUs: [Int]) -> (daemon: Samples, echo: Samples) {
    CPUPinning.pin(to: clientCPUs)
    CPUPinning.pin(process: daemon.pid, to: serverCPUs)
    CPUPinning.pin(process: echoServer.pid, to: serverCPUs)
    defer {
        CPUPinning.pin(to: nil)
        CPUPinning.pin(process: daemon.pid, to: nil)
        CPUPinning.pin(process: echoServer.pid, to: nil)
    }
    var session = Client(path: daemon.socket, hello: true)
    var echo = Client(path: echoSocket, hello: false)
    defer {
        session.close()
        echo.close()
    }
    var samples = (daemon: Samples(), echo: Samples())
    for block in 0..<10 {
        for turn in 0..<2 {
            let daemonTurn = (turn == 0) == (block % 2 == 0)
            for index in stride(from: block, to: lines.count, by: 10) {
                if daemonTurn {
                    guard let time = session.roundTrip(lines[index]) else { fail("hanguld closed the session") }
                    samples.daemon.append(time)
                } else {
                    guard let time = echo.roundTrip(lines[index]) else { fail("the echo server closed") }
                    samples.echo.append(time)
                }
            }
        }
    }
    return samples
}

let cpus = CPUPinning.cpus
var placements = [("1 client, same CPU", [cpus[0]], [cpus[0]])]
if cpus.count > 1 { placements.append(("1 client, server on another CPU", [cpus[0]], [cpus[1]])) }
for (name, clientCPUs, serverCPUs) in placements {
    var (ours, floor) = oneClient(client: clientCPUs, server: serverCPUs)
    note("hanguld-bench: \(ours.count) round trips each, \(name)")
    ReportRow.ratio(
        "round trip p50, \(name)", ours: ours.median(), reference: floor.median(), unit: .microseconds,
        referenceName: "echo", atMost: 1.5
    ).print()
    ReportRow.ratio(
        "round trip p99, \(name)", ours: ours.percentile(0.99), reference: floor.percentile(0.99),
        unit: .microseconds, referenceName: "echo", atMost: nil
    ).print()
}

// Idle sessions: each connected and opened with hello, then left alone.
var idle: [Client] = []
let oneSession = Client(path: daemon.socket, hello: true)
usleep(50_000)
let oneSessionBytes = daemon.residentBytes
for _ in 1..<idleSessions { idle.append(Client(path: daemon.socket, hello: true)) }
idle.append(oneSession)
usleep(200_000)
let loadedBytes = daemon.residentBytes
for client in idle { client.close() }
idle.removeAll()
usleep(500_000)
let closedBytes = daemon.residentBytes

// Many clients: typing (latency) and flat out (throughput), the echo under the same load beside,
// in alternating slices so a burst of other work on the machine hits both alike.
let seconds = quick ? 1.5 : 6.0
let slices = quick ? 3 : 6

func sideBySide(clients: Int, pace: LoadTest.Pace) -> (daemon: LoadTest.Result, echo: LoadTest.Result) {
    let groups = (
        daemon: LoadTest.Group(path: daemon.socket, hello: true, clients: clients),
        echo: LoadTest.Group(path: echoSocket, hello: false, clients: clients)
    )
    defer {
        groups.daemon.close()
        groups.echo.close()
    }
    var results = (daemon: LoadTest.Result(), echo: LoadTest.Result())
    for slice in 0..<slices {
        for turn in 0..<2 {
            let daemonTurn = (turn == 0) == (slice % 2 == 0)
            let group = daemonTurn ? groups.daemon : groups.echo
            let result = group.run(lines: lines, seconds: seconds / Double(slices), pace: pace)
            if daemonTurn { results.daemon.add(result) } else { results.echo.add(result) }
        }
    }
    return results
}

for clients in [16, 128] {
    var (ours, floor) = sideBySide(clients: clients, pace: .typist)
    note("hanguld-bench: \(clients) typists: \(ours.latencies.count) round trips (echo \(floor.latencies.count))")
    ReportRow.ratio(
        "\(clients) clients typing (~12 keys/s each), p50", ours: ours.latencies.median(),
        reference: floor.latencies.median(), unit: .microseconds, referenceName: "echo, same load", atMost: nil
    ).print()
    ReportRow.ratio(
        "\(clients) clients typing (~12 keys/s each), p99", ours: ours.latencies.percentile(0.99),
        reference: floor.latencies.percentile(0.99), unit: .microseconds, referenceName: "echo, same load",
        atMost: clients == 128 ? 3 : nil
    ).print()
}
for clients in [16, 128] {
    var (storm, echoStorm) = sideBySide(clients: clients, pace: .flatOut)
    note("hanguld-bench: \(clients) clients flat out: p50 \(Unit.microseconds.format(storm.latencies.median()))")
    ReportRow.ratio(
        "\(clients) clients flat out, keys/s", ours: storm.keysPerSecond, reference: echoStorm.keysPerSecond,
        unit: .perSecond, referenceName: "echo", atMost: nil
    ).print()
}
usleep(300_000)
let afterStormBytes = daemon.residentBytes

ReportRow(figure: "RSS idle, no session", ours: Unit.megabytes.format(idleBytes)).print()
ReportRow(
    figure: "RSS with \(idleSessions) idle sessions", ours: Unit.megabytes.format(loadedBytes), target: "≤ 30 MB",
    verdict: loadedBytes <= 30e6 ? .pass : .short
).print()
ReportRow(
    figure: "RSS per idle session",
    ours: Unit.kibibytes.format((loadedBytes - oneSessionBytes) / Double(idleSessions - 1))
).print()
ReportRow(
    figure: "RSS after the \(idleSessions) idle sessions closed", ours: Unit.megabytes.format(closedBytes),
    reference: "idle, before them \(Unit.megabytes.format(idleBytes))", ratio: closedBytes / idleBytes,
    target: "≤ idle + 4 MB (issue 25)", verdict: closedBytes <= idleBytes + 4e6 ? .pass : .short
).print()
ReportRow(figure: "RSS after the storms", ours: Unit.megabytes.format(afterStormBytes)).print()

let startupTime = startup.median()
ReportRow(
    figure: "start-up, exec to socket accepting", ours: Unit.milliseconds.format(startupTime),
    reference: "exec /bin/true \(Unit.milliseconds.format(bareExec.median()))", ratio: startupTime / bareExec.median(),
    target: "≤ 100 ms", verdict: startupTime <= 100e6 ? .pass : .short
).print()

let firstKeyTime = firstKey.median()
ReportRow(
    figure: "start-up, exec to the first key's reply", ours: Unit.milliseconds.format(firstKeyTime),
    reference: "exec /bin/true \(Unit.milliseconds.format(bareExec.median()))", ratio: firstKeyTime / bareExec.median(),
    target: "≤ 10 ms", verdict: firstKeyTime <= 10e6 ? .pass : .short
).print()

var composeTimes = Samples()
var trueTimes = Samples()
for _ in 0..<(quick ? 5 : 15) {
    composeTimes.append(ChildProcess.runTime([hangulCompose, "dkssudgktpdy"]))
    trueTimes.append(ChildProcess.runTime(["/bin/true"]))
}
ReportRow.ratio(
    "hangul-compose, one short input", ours: composeTimes.median(), reference: trueTimes.median(),
    unit: .milliseconds, referenceName: "exec /bin/true", atMost: nil
).print()
