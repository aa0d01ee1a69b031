import BenchmarkSupport
import HangulHanja

/// One workload of ours, repeated for about ten seconds, for `perf record`.
enum HanjaProfiling {
    enum Workload: String, CaseIterable {
        case load, once, exact, prefix, suffix
    }

    static func run(_ workload: Workload) {
        let path = HanjaFiles.systemDictionaryPath
        if workload == .once {
            var loaded: HanjaTable?
            let elapsed = nanoseconds { loaded = try? HanjaFiles.readTable(path) }
            note(
                "hanja-bench: one load in a fresh process, \(format(elapsed / 1e6, digits: 1)) ms, \(loaded?.entryCount ?? 0) entries"
            )
            return
        }
        guard let table = try? HanjaFiles.readTable(path) else { fail("cannot read \(path)") }
        let dictionary = HanjaDictionary(tables: [table])
        let keys = stride(from: 0, to: table.keyCount, by: 10).map { table.key(at: $0) }
        var candidates = HanjaCandidates()
        var sum = 0
        var passes = 0
        let start = monotonicNanoseconds()
        while monotonicNanoseconds() - start < 10e9 {
            passes += 1
            switch workload {
            case .load: sum &+= (try? HanjaFiles.readTable(path))?.entryCount ?? 0
            case .once: break
            case .exact, .prefix, .suffix:
                let match: HanjaMatch = workload == .exact ? .exact : workload == .prefix ? .prefix : .suffix
                sum &+= Int(oursPass(match, dictionary, keys, &candidates))
            }
        }
        let each = (monotonicNanoseconds() - start) / Double(passes * (workload == .load ? 1 : keys.count))
        note(
            "hanja-bench: \(passes) passes, \(format(each, digits: 1)) ns each \(workload == .load ? "load" : "lookup"); checksum \(sum)"
        )
    }
}
