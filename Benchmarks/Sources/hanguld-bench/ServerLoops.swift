import BenchmarkSupport
import HangulCore

#if canImport(Glibc)
    import Glibc
#endif

/// `hanguld-bench --loops HANGULD C-EPOLL-SERVER [OTHER-HANGULD]`: the daemon's socket loop beside a
/// minimal C epoll server answering the same bytes (Benchmarks/Sources/c-epoll-server), and
/// beside another build of the daemon when one is given (the one before a change), all measured in
/// one run (issue 25, item 1):
///   - the one-client round trip with client and server on one CPU, in rotating blocks;
///   - the servers' CPU time per key while 1, 8 and 64 sessions each type 20 keys a second, in
///     rotating slices (each process's CPU-time clock);
///   - threads, and resident memory idle (the union of resident pages, from /proc/PID/smaps).
/// Prints table rows, like the main run.
enum ServerLoops {
    static func run(hanguld: String, cServer: String, other: String?, quick: Bool) -> Never {
        for program in [hanguld, cServer] + (other.map { [$0] } ?? []) where access(program, X_OK) != 0 {
            fail("\(program) is not an executable; build it first")
        }
        let directory = "/tmp/hanguld-loops-\(getpid())"
        guard mkdir(directory, 0o700) == 0 else { fail("cannot create \(directory)") }
        let binaries = [hanguld] + (other.map { [$0] } ?? [])
        let daemons = binaries.enumerated().map { index, binary in
            Daemon(binary: binary, socket: "\(directory)/hanguld-\(index).sock", maxSessions: nil)
        }
        usleep(300_000)
        let idle = daemons.map {
            (bytes: ProcessFigures.residentBytes(of: $0.pid), threads: ProcessFigures.threads(of: $0.pid))
        }

        let stream = KeyStream(layout: .dubeolsik, count: quick ? 4_000 : 20_000)
        let lines = KeyRequests.lines(for: stream.keys)
        var warmUp = Client(path: daemons[0].socket, hello: true)
        let replies = lines.map { line in
            guard let reply = warmUp.exchange(line) else { fail("hanguld closed the session") }
            return reply
        }
        warmUp.close()
        let reference = CEpollServer(
            binary: cServer, socket: "\(directory)/c.sock", replies: replies, directory: directory)
        usleep(100_000)
        let referenceIdle = (
            bytes: ProcessFigures.residentBytes(of: reference.pid), threads: ProcessFigures.threads(of: reference.pid)
        )
        let servers = daemons.map { ($0.socket, true) } + [(reference.socket, false)]
        let pids = daemons.map(\.pid) + [reference.pid]
        let names = other == nil ? ["hanguld", "C epoll"] : ["hanguld", "other hanguld", "C epoll"]
        let count = servers.count
        let c = count - 1

        // The same-CPU round trip.
        let cpu = [CPUPinning.cpus[0]]
        CPUPinning.pin(to: cpu)
        for pid in pids { CPUPinning.pin(process: pid, to: cpu) }
        var clients = servers.map { Client(path: $0.0, hello: $0.1) }
        var roundTrips = Array(repeating: Samples(), count: count)
        let blocks = 30
        for block in 0..<blocks {
            for turn in 0..<count {
                let which = (block + turn) % count
                for index in stride(from: block, to: lines.count, by: blocks) {
                    guard let time = clients[which].roundTrip(lines[index]) else { fail("\(names[which]) closed") }
                    roundTrips[which].append(time)
                }
            }
        }
        for client in clients { client.close() }
        CPUPinning.pin(to: nil)
        for pid in pids { CPUPinning.pin(process: pid, to: nil) }
        let floor = roundTrips[c].median()
        for which in 0..<c {
            ReportRow.ratio(
                "round trip p50, 1 client, same CPU, \(names[which])", ours: roundTrips[which].median(),
                reference: floor, unit: .microseconds, referenceName: "C epoll", atMost: 1.3
            ).print()
        }

        // CPU per key at typing speed.
        let seconds = quick ? 2.0 : 9.0
        let slices = 3
        for sessions in [1, 8, 64] {
            let groups = servers.map { LoadTest.Group(path: $0.0, hello: $0.1, clients: sessions) }
            var cpuTime = Array(repeating: 0.0, count: count)
            var keys = Array(repeating: 0, count: count)
            var latencies = Array(repeating: Samples(), count: count)
            usleep(100_000)
            for slice in 0..<slices {
                for turn in 0..<count {
                    let which = (slice + turn) % count
                    let before = ProcessFigures.cpuNanoseconds(of: pids[which])
                    let result = groups[which].run(
                        lines: lines, seconds: seconds / Double(slices), pace: .every(milliseconds: 50))
                    cpuTime[which] += ProcessFigures.cpuNanoseconds(of: pids[which]) - before
                    keys[which] += result.latencies.count
                    latencies[which].append(contentsOf: result.latencies)
                }
            }
            for group in groups { group.close() }
            let perKey = (0..<count).map { cpuTime[$0] / Double(max(keys[$0], 1)) }
            note("hanguld-bench --loops: \(sessions) sessions at 20 keys/s: keys \(keys), CPU ns per key \(perKey)")
            for which in 0..<c {
                ReportRow.ratio(
                    "CPU per key, \(sessions) session\(sessions == 1 ? "" : "s") at 20 keys/s, \(names[which])",
                    ours: perKey[which], reference: perKey[c], unit: .microseconds, referenceName: "C epoll",
                    atMost: 1.5
                ).print()
                ReportRow.ratio(
                    "latency p50, \(sessions) session\(sessions == 1 ? "" : "s") at 20 keys/s, \(names[which])",
                    ours: latencies[which].median(), reference: latencies[c].median(), unit: .microseconds,
                    referenceName: "C epoll", atMost: nil
                ).print()
            }
        }

        for which in 0..<c {
            ReportRow(
                figure: "threads, \(names[which])", ours: "\(idle[which].threads)",
                reference: "C epoll \(referenceIdle.threads)",
                ratio: Double(idle[which].threads) / Double(referenceIdle.threads)
            ).print()
        }
        for which in 0..<c {
            ReportRow(
                figure: "memory idle (resident pages, smaps), \(names[which])",
                ours: Unit.megabytes.format(idle[which].bytes),
                reference: "C epoll \(Unit.megabytes.format(referenceIdle.bytes))",
                ratio: idle[which].bytes / referenceIdle.bytes
            ).print()
        }
        for daemon in daemons { daemon.stop() }
        reference.stop()
        rmdir(directory)
        exit(0)
    }
}

/// The C epoll server (Benchmarks/Sources/c-epoll-server) as a child process answering `replies`.
struct CEpollServer {
    let pid: pid_t
    let socket: String

    init(binary: String, socket: String, replies: [[UInt8]], directory: String) {
        let file = "\(directory)/c-replies"
        guard let stream = fopen(file, "w") else { fail("cannot write \(file)") }
        for reply in replies { _ = reply.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, stream) } }
        fclose(stream)
        self.socket = socket
        pid = ChildProcess.spawn([binary, socket, file])
        let start = monotonicNanoseconds()
        while true {
            let descriptor = UnixSocket.connect(socket)
            if descriptor >= 0 {
                close(descriptor)
                break
            }
            if monotonicNanoseconds() - start > 5e9 { fail("the C epoll server did not start") }
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
}
