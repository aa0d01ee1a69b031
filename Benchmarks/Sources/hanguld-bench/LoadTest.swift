import BenchmarkSupport
import HangulCoreTesting

#if canImport(Glibc)
    import Glibc
#endif

/// Many clients typing into one server at once.
enum LoadTest {
    /// How the clients type.
    enum Pace {
        /// Like a fast typist: a random 40–120 ms between keys (about 12 keys a second), so the figure
        /// is the latency a user feels while others type too.
        case typist
        /// The next key as soon as the reply arrives: the server's throughput.
        case flatOut
        /// One key every `milliseconds`, each client starting at a random point of the interval:
        /// typing at a steady rate, for the server's CPU time per key at that rate.
        case every(milliseconds: Int)
    }

    struct Result {
        var latencies = Samples()
        var seconds = 0.0
        var keysPerSecond: Double { Double(latencies.count) / seconds }

        /// Adds another slice of the same test.
        mutating func add(_ other: Result) {
            latencies.append(contentsOf: other.latencies)
            seconds += other.seconds
        }
    }

    /// One client's share, written by its thread and read after the join.
    private final class Share: @unchecked Sendable {
        var client: Client
        var latencies = Samples(capacity: 4096)
        init(_ client: Client) { self.client = client }
    }

    /// Connected clients, kept open across the slices of a test so that connecting and closing
    /// never falls inside a measurement.
    final class Group {
        private let shares: [Share]
        private var slices = 0

        /// Connects `clients` sessions (opened with `hello` on a daemon).
        init(path: String, hello: Bool, clients: Int) {
            shares = (0..<clients).map { _ in Share(Client(path: path, hello: hello)) }
        }

        /// Lets every client type `lines` (each from its own offset) for `seconds`, one request at a
        /// time, and gathers every round trip.
        func run(lines: [[UInt8]], seconds: Double, pace: Pace) -> Result {
            let start = monotonicNanoseconds() + 50e6
            let end = start + seconds * 1e9
            slices += 1
            let slice = slices
            let threads = shares.enumerated().map { index, share in
                share.latencies = Samples(capacity: 4096)
                return Threads.start {
                    var random = SplitMix64(seed: UInt64(index) &* 1_000 &+ UInt64(slice))
                    var next = start
                    switch pace {
                    case .typist: next += Double(random.next() % 120) * 1e6
                    case .flatOut: break
                    case .every(let milliseconds): next += Double(random.next() % UInt64(milliseconds * 1_000)) * 1e3
                    }
                    var position = index * 7_919 + slice * 101
                    while true {
                        LoadTest.sleep(until: next)
                        if monotonicNanoseconds() >= end { break }
                        guard let latency = share.client.roundTrip(lines[position % lines.count]) else {
                            fail("a load-test client lost its connection")
                        }
                        share.latencies.append(latency)
                        position += 1
                        switch pace {
                        case .typist: next = max(next + Double(40 + random.next() % 81) * 1e6, monotonicNanoseconds())
                        case .flatOut: break
                        case .every(let milliseconds): next += Double(milliseconds) * 1e6
                        }
                    }
                }
            }
            Threads.join(threads)
            var result = Result(seconds: seconds)
            for share in shares { result.latencies.append(contentsOf: share.latencies) }
            return result
        }

        func close() {
            for share in shares { share.client.close() }
        }
    }

    static func sleep(until instant: Double) {
        let remaining = instant - monotonicNanoseconds()
        if remaining > 1_000 { usleep(UInt32(remaining / 1_000)) }
    }
}
