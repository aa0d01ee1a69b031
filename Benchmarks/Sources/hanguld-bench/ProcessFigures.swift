import BenchmarkSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What /proc tells about another process: its CPU time, its threads, its resident memory.
enum ProcessFigures {
    /// CPU time of every thread of `pid` so far, in nanoseconds (the first field of each
    /// `/proc/PID/task/TID/schedstat`): nanosecond resolution, where `/proc/PID/stat` counts
    /// 10 ms ticks, coarser than a second of one session typing.
    static func cpuNanoseconds(of pid: pid_t) -> Double {
        threadIDs(of: pid).reduce(0.0) { total, thread in
            total + (firstNumber(in: "/proc/\(pid)/task/\(thread)/schedstat") ?? 0)
        }
    }

    /// How many threads `pid` runs.
    static func threads(of pid: pid_t) -> Int { threadIDs(of: pid).count }

    /// The union of the resident pages of `pid`'s mappings, in bytes: the `Rss:` lines of
    /// `/proc/PID/smaps` summed (for one process, its resident set, shared pages counted once).
    static func residentBytes(of pid: pid_t) -> Double {
        guard let file = fopen("/proc/\(pid)/smaps", "r") else { fail("cannot read /proc/\(pid)/smaps") }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 512)
        var kibibytes = 0
        while fgets(&line, Int32(line.count), file) != nil {
            guard line.starts(with: "Rss:".utf8.map { CChar(bitPattern: $0) }) else { continue }
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            kibibytes += text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        }
        return Double(kibibytes) * 1024
    }

    private static func threadIDs(of pid: pid_t) -> [Int] {
        guard let directory = opendir("/proc/\(pid)/task") else { fail("cannot list threads of \(pid)") }
        defer { closedir(directory) }
        var threads: [Int] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if let thread = Int(name) { threads.append(thread) }
        }
        return threads
    }

    private static func firstNumber(in path: String) -> Double? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        guard fgets(&line, Int32(line.count), file) != nil else { return nil }
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.split(separator: " ").first.flatMap { Double($0) }
    }
}
