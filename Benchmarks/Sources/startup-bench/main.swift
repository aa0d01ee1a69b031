// Start-up as a typist meets it, beside C programs driving libhangul, in the same run (issue 25):
//   - hanguld: exec to the reply to a session's first key (no settings file), against
//     libhangul-server, a C program that listens on a Unix socket and answers with libhangul;
//   - hangul-compose with one short input, as an argument and as a line of standard input, exec to
//     exit, against libhangul-compose (the C reference of compose-bench) typing the same line.
// Programs take turns in every round so the machine's drift falls on both; medians of wall time
// are reported (start-up is latency, which is what a user waits for). Both compose programs must
// print the same text or the run fails.
//
// Usage: startup-bench [--quick] HANGULD HANGUL-COMPOSE LIBHANGUL-SERVER LIBHANGUL-COMPOSE
import BenchmarkSupport

#if canImport(Glibc)
    import Glibc
#endif

var arguments = Array(CommandLine.arguments.dropFirst())
let quick = arguments.first == "--quick"
if quick { arguments.removeFirst() }
guard arguments.count == 4 else {
    fail("usage: startup-bench [--quick] HANGULD HANGUL-COMPOSE LIBHANGUL-SERVER LIBHANGUL-COMPOSE")
}
let (hanguld, compose, server, reference) = (arguments[0], arguments[1], arguments[2], arguments[3])
let rounds = quick ? 7 : 31

var template = Array("/tmp/startup-bench-XXXXXX".utf8CString)
guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
    fail("cannot create a temporary directory")
}
let directory = String(cString: made)

/// Starts a program with standard input from `input` and standard output to `output`.
func spawn(_ command: [String], input: String = "/dev/null", output: String = "/dev/null") -> pid_t {
    var pid: pid_t = 0
    var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let spawned = posix_spawn(&pid, command[0], &actions, nil, &argv, environ)
    if spawned != 0 { fail("cannot start \(command[0]): error \(spawned)") }
    return pid
}

/// Waits for a child; returns its wait status and CPU time (user and system) in nanoseconds.
@discardableResult
func wait(_ pid: pid_t) -> (status: Int32, cpu: Double) {
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
        if errno != EINTR { fail("wait4 failed") }
    }
    let seconds = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
    return (status, seconds * 1e9 + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e3)
}

/// Wall and CPU time from spawning a program to its exit, which must be 0.
func timeToExit(_ command: [String], input: String, output: String) -> (wall: Double, cpu: Double) {
    let start = monotonicNanoseconds()
    let (status, cpu) = wait(spawn(command, input: input, output: output))
    let time = monotonicNanoseconds() - start
    if status != 0 { fail("\(command.joined(separator: " ")) ended with wait status \(status)") }
    return (time, cpu)
}

/// A `sockaddr_un` for a short path.
func connect(_ path: String) -> Int32 {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    precondition(bytes.count < MemoryLayout.size(ofValue: address.sun_path), "socket path too long: \(path)")
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
        raw.copyBytes(from: bytes)
        raw[bytes.count] = 0
    }
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    if descriptor < 0 { fail("socket() failed: errno \(errno)") }
    let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
    }
    if result != 0 {
        close(descriptor)
        return -1
    }
    return descriptor
}

/// Sends a line and reads until the reply's newline; false when the peer closed.
func exchange(_ descriptor: Int32, _ line: String) -> Bool {
    let bytes = Array(line.utf8) + [10]
    guard bytes.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count
    else { return false }
    var byte: UInt8 = 0
    while read(descriptor, &byte, 1) == 1 {
        if byte == 10 { return true }
    }
    return false
}

let hello = #"{"id":"h","method":"hello","params":{"protocol":1,"client":"startup-bench"}}"#
let firstKey = #"{"id":1,"method":"key","params":{"keysym":114,"keycode":27,"modifiers":0}}"#

/// Wall time from spawning a server to the reply to a session's first key (`r`), polling every
/// 50 µs for its socket; stops it with SIGTERM. Also its CPU time, which includes stopping.
func timeToFirstKey(_ command: [String], socket: String) -> (wall: Double, cpu: Double) {
    let start = monotonicNanoseconds()
    let pid = spawn(command)
    var descriptor: Int32 = -1
    while descriptor < 0 {
        descriptor = connect(socket)
        if descriptor >= 0 { break }
        if monotonicNanoseconds() - start > 5e9 { fail("\(command[0]) did not accept on \(socket) within 5 s") }
        usleep(50)
    }
    guard exchange(descriptor, hello), exchange(descriptor, firstKey) else {
        fail("\(command[0]) did not answer hello and a first key")
    }
    let time = monotonicNanoseconds() - start
    close(descriptor)
    kill(pid, SIGTERM)
    let cpu = wait(pid).cpu
    unlink(socket)
    return (time, cpu)
}

func readFile(_ path: String) -> [UInt8] {
    guard let file = fopen(path, "r") else { fail("cannot read \(path)") }
    defer { fclose(file) }
    var result: [UInt8] = []
    var block = [UInt8](repeating: 0, count: 4096)
    while case let count = fread(&block, 1, block.count, file), count > 0 { result += block[0..<count] }
    return result
}

let noSettings = directory + "/none.toml"
let line = directory + "/line"
guard let file = fopen(line, "w") else { fail("cannot create \(line)") }
fputs("dkssud\n", file)
fclose(file)
let (oursOut, referenceOut) = (directory + "/ours", directory + "/reference")

// Wall and CPU time of each program.
var daemonTimes = (Samples(), Samples())
var serverTimes = (Samples(), Samples())
var argumentTimes = (Samples(), Samples())
var standardInputTimes = (Samples(), Samples())
var referenceTimes = (Samples(), Samples())
func append(_ times: (wall: Double, cpu: Double), to samples: inout (Samples, Samples)) {
    samples.0.append(times.wall)
    samples.1.append(times.cpu)
}
for round in 0..<rounds {
    // Alternating which goes first, so neither always runs on a warmer cache.
    let pairs: [() -> Void] = [
        {
            let socket = "\(directory)/d.sock"
            append(
                timeToFirstKey([hanguld, "--socket", socket, "--config", noSettings], socket: socket), to: &daemonTimes)
        },
        { append(timeToFirstKey([server, "\(directory)/c.sock"], socket: "\(directory)/c.sock"), to: &serverTimes) },
        { append(timeToExit([compose, "dkssud"], input: "/dev/null", output: oursOut), to: &argumentTimes) },
        { append(timeToExit([compose], input: line, output: oursOut), to: &standardInputTimes) },
        { append(timeToExit([reference, "2"], input: line, output: referenceOut), to: &referenceTimes) },
    ]
    for index in pairs.indices { pairs[(index + round) % pairs.count]() }
}
guard readFile(oursOut) == readFile(referenceOut), readFile(oursOut) == Array("안녕\n".utf8) else {
    fail("hangul-compose and libhangul-compose did not both print 안녕 for dkssud (\(oursOut), \(referenceOut))")
}
for name in ["ours", "reference", "line"] { unlink(directory + "/" + name) }
rmdir(directory)

let firstKeyTime = daemonTimes.0.median()
let serverTime = serverTimes.0.median()
ReportRow(
    figure: "start-up: hanguld, exec to the first key's reply (no settings file), median",
    ours: "\(Unit.milliseconds.format(firstKeyTime)) (CPU \(Unit.milliseconds.format(daemonTimes.1.median())))",
    reference: "C + libhangul server \(Unit.milliseconds.format(serverTime)) "
        + "(CPU \(Unit.milliseconds.format(serverTimes.1.median())))",
    ratio: firstKeyTime / serverTime, target: "≤ 10 ms (issue 25)", verdict: firstKeyTime <= 10e6 ? .pass : .short
).print()

// Wall time is what a user waits for; CPU time (user and system, from wait4; a server's includes
// stopping) is what the program does, and on a shared machine it depends far less on what else
// runs. Both are printed; the ratio and the target are on wall time, as issue 25 measured it.
let (referenceWall, referenceCPU) = (referenceTimes.0.median(), referenceTimes.1.median())
for (name, samples) in [("as an argument", argumentTimes), ("on standard input", standardInputTimes)] {
    var (wall, cpu) = samples
    let time = wall.median()
    ReportRow(
        figure: "start-up: hangul-compose, dkssud \(name), exec to exit, median",
        ours: "\(Unit.milliseconds.format(time)) (CPU \(Unit.milliseconds.format(cpu.median())))",
        reference: "C + libhangul (libhangul-compose) \(Unit.milliseconds.format(referenceWall)) "
            + "(CPU \(Unit.milliseconds.format(referenceCPU)))",
        ratio: time / referenceWall, target: "≤ 2 ms (issue 25)", verdict: time <= 2e6 ? .pass : .short
    ).print()
}
