import BenchmarkSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Starting and watching child processes.
enum ChildProcess {
    /// This executable, for starting a helper child (the echo server) from it.
    static let ownExecutable: String = {
        var path = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &path, path.count - 1)
        guard length > 0 else { fail("cannot read /proc/self/exe") }
        return String(decoding: path.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()

    /// Starts `arguments[0]` with its output discarded (the benchmark's output is the table).
    static func spawn(_ arguments: [String]) -> pid_t {
        var pid: pid_t = 0
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let status = posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ)
        if status != 0 { fail("cannot start \(arguments[0]): error \(status)") }
        return pid
    }

    /// Waits for a child and fails unless it exited 0.
    static func wait(_ pid: pid_t, name: String) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { fail("waitpid failed for \(name)") }
        }
        if status != 0 { fail("\(name) ended with wait status \(status)") }
    }

    /// Time from spawning a program to its exit, which must be 0.
    static func runTime(_ arguments: [String]) -> Double {
        nanoseconds { wait(spawn(arguments), name: arguments[0]) }
    }

    /// Resident set size of a process in bytes (`VmRSS` in /proc/PID/status).
    static func residentBytes(of pid: pid_t) -> Double {
        guard let file = fopen("/proc/\(pid)/status", "r") else { fail("cannot read /proc/\(pid)/status") }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("VmRSS:"), let kib = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) {
                return Double(kib) * 1024
            }
        }
        fail("no VmRSS in /proc/\(pid)/status")
    }

    /// Lets this process (and the daemon it starts, which inherits the limit) hold `count` descriptors,
    /// as far as the hard limit allows.
    static func raiseDescriptorLimit(to count: Int) {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        let wanted = rlim_t(count)
        if limit.rlim_cur >= wanted { return }
        limit.rlim_cur = min(wanted, limit.rlim_max)
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        if limit.rlim_cur < wanted { note("hanguld-bench: descriptor limit \(limit.rlim_cur), below \(count)") }
    }
}
