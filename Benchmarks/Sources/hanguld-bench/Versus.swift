import BenchmarkSupport
import HangulCore

#if canImport(Glibc)
    import Glibc
#endif

/// `hanguld-bench --versus BASELINE CANDIDATE`: the one-client, same-CPU round trip through two
/// builds of hanguld and the echo floor, in rotating blocks over the same requests, so that a
/// change to the key path is judged against its baseline in one run rather than across runs,
/// which on a shared machine drift by more than the change. Prints one line per build: p50 and
/// p99 in whole nanoseconds (the changes it judges are tens of nanoseconds) and the ratio to the
/// echo's p50.
enum Versus {
    static func run(baseline: String, candidate: String, quick: Bool) -> Never {
        let directory = "/tmp/hanguld-versus-\(getpid())"
        guard mkdir(directory, 0o700) == 0 else { fail("cannot create \(directory)") }
        let daemons = [
            Daemon(binary: baseline, socket: "\(directory)/baseline.sock", maxSessions: 16),
            Daemon(binary: candidate, socket: "\(directory)/candidate.sock", maxSessions: 16),
        ]
        usleep(100_000)
        let stream = KeyStream(layout: .dubeolsik, count: quick ? 4_000 : 20_000)
        let lines = KeyRequests.lines(for: stream.keys)
        var warmUp = Client(path: daemons[0].socket, hello: true)
        let replies = lines.map { line in
            guard let reply = warmUp.exchange(line) else { fail("the baseline hanguld closed the session") }
            return reply
        }
        warmUp.close()
        let echo = EchoServer(socket: "\(directory)/echo.sock", replies: replies, directory: directory)
        let cpu = [CPUPinning.cpus[0]]
        CPUPinning.pin(to: cpu)
        for daemon in daemons { CPUPinning.pin(process: daemon.pid, to: cpu) }
        CPUPinning.pin(process: echo.pid, to: cpu)
        var clients = [
            Client(path: daemons[0].socket, hello: true), Client(path: daemons[1].socket, hello: true),
            Client(path: echo.socket, hello: false),
        ]
        var samples = [Samples(), Samples(), Samples()]
        let blocks = 30
        for block in 0..<blocks {
            for turn in 0..<3 {
                let which = (block + turn) % 3
                for index in stride(from: block, to: lines.count, by: blocks) {
                    guard let time = clients[which].roundTrip(lines[index]) else { fail("a server closed") }
                    samples[which].append(time)
                }
            }
        }
        for client in clients { client.close() }
        for daemon in daemons { daemon.stop() }
        echo.stop()
        rmdir(directory)
        let floor = samples[2].median()
        for (name, index) in [("baseline", 0), ("candidate", 1), ("echo", 2)] {
            let p50 = samples[index].median()
            let p99 = samples[index].percentile(0.99)
            print(
                "\(name): p50 \(format(p50, digits: 0)) ns, p99 \(format(p99, digits: 0)) ns,"
                    + " \(format(p50 / floor, digits: 3))× echo")
        }
        exit(0)
    }
}
