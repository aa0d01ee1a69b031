import BenchmarkSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `hanguld-bench --startup-versus BASELINE CANDIDATE [CONFIG]`: the time from exec to the reply to
/// a session's first key, for two builds of hanguld taking turns in one run (so the machine's
/// drift falls on both alike), with no settings file and, when CONFIG is given, with that one.
/// Prints one line per build and case: median and spread in milliseconds, and the ratio to the
/// baseline. Issue 25's target for the first key is ≤ 10 ms.
enum StartupVersus {
    static func run(baseline: String, candidate: String, config: String?, quick: Bool) -> Never {
        let directory = "/tmp/hanguld-startup-\(getpid())"
        guard mkdir(directory, 0o700) == 0 else { fail("cannot create \(directory)") }
        let rounds = quick ? 5 : 21
        var cases: [(name: String, arguments: [String])] = [
            ("no settings file", ["--config", "\(directory)/none.toml"])
        ]
        if let config { cases.append(("settings file \(config)", ["--config", config])) }
        for (name, arguments) in cases {
            var samples = [Samples(), Samples()]
            for round in 0..<rounds {
                for turn in 0..<2 {
                    let which = (round + turn) % 2
                    let binary = which == 0 ? baseline : candidate
                    let socket = "\(directory)/\(which)-\(round).sock"
                    samples[which].append(Daemon.timeToFirstKey(binary: binary, socket: socket, arguments: arguments))
                }
            }
            let reference = samples[0].median()
            for (label, index) in [("baseline", 0), ("candidate", 1)] {
                let median = samples[index].median()
                print(
                    "\(name), \(label): first key \(format(median / 1e6, digits: 2)) ms median"
                        + " (p10 \(format(samples[index].percentile(0.1) / 1e6, digits: 2)),"
                        + " p90 \(format(samples[index].percentile(0.9) / 1e6, digits: 2))),"
                        + " \(format(median / reference, digits: 2))× baseline")
            }
        }
        rmdir(directory)
        exit(0)
    }
}
