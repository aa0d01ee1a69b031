import BenchmarkSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What the kernel tells about another process: its CPU time, its threads, its resident memory.
enum ProcessFigures {
    /// CPU time of `pid` so far, every thread it ever ran included, in nanoseconds: its
    /// process CPU-time clock (`clock_getcpuclockid`). `/proc/PID/stat` counts 10 ms ticks, coarser
    /// than a second of one session typing, and summing the threads' `schedstat` loses the time of
    /// threads that ended in between.
    static func cpuNanoseconds(of pid: pid_t) -> Double {
        var clock = clockid_t()
        var time = timespec()
        guard clock_getcpuclockid(pid, &clock) == 0, clock_gettime(clock, &time) == 0 else {
            fail("cannot read the CPU time of process \(pid)")
        }
        return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
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
}
