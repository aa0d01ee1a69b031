import Foundation
import Glibc

/// CPU time, for tests that bound the work a daemon does rather than the wall-clock time a machine
/// takes to do it: on two cores shared by a whole parallel suite (load 15), wall time stretches
/// many times over, while the CPU a daemon spends on a task stays about what it is alone.
enum CPUTime {
    /// The user and system CPU time `pid` has used, all its threads together. It stays readable
    /// once the process has exited, until it is reaped (see ``hasExited(_:)``).
    static func of(_ pid: pid_t) throws -> Duration {
        let fields = try statFields(pid)
        // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
            throw POSIXError(.EINVAL)
        }
        let ticksPerSecond = Int(sysconf(Int32(_SC_CLK_TCK)))
        return .milliseconds((user + system) * 1000 / max(ticksPerSecond, 1))
    }

    /// Whether `pid` has exited and waits to be reaped (a zombie). Polling this instead of
    /// `ChildProcess.isRunning`, which reaps, keeps the process's CPU time readable after its end.
    static func hasExited(_ pid: pid_t) -> Bool {
        guard let state = try? statFields(pid).first else { return true }
        return state == "Z" || state == "X"
    }

    /// How long the threads of `pid` whose names begin with one of `names` have been runnable, all
    /// together: running, or ready to run and waiting for a core (`/proc/PID/task/TID/schedstat`).
    /// A thread that spins is runnable the whole time, however little CPU a busy machine gives it;
    /// one that sleeps between short tasks, a small part of it.
    static func runnable(_ pid: pid_t, threadsNamed names: [String]) throws -> Duration {
        var nanoseconds = 0
        for thread in try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") {
            let directory = "/proc/\(pid)/task/\(thread)/"
            guard let name = try? String(contentsOfFile: directory + "comm", encoding: .utf8),
                names.contains(where: { name.hasPrefix($0) }),
                let stat = try? String(contentsOfFile: directory + "schedstat", encoding: .utf8)
            else { continue }
            let fields = stat.split(separator: " ")
            guard fields.count >= 2, let running = Int(fields[0]), let waiting = Int(fields[1]) else {
                throw POSIXError(.EINVAL)
            }
            nanoseconds += running + waiting
        }
        return .nanoseconds(nanoseconds)
    }

    /// The fields of `/proc/PID/stat` after the command name (which may hold spaces), from the state on.
    private static func statFields(_ pid: pid_t) throws -> [Substring] {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        guard let end = stat.range(of: ") ", options: .backwards) else { throw POSIXError(.EINVAL) }
        return stat[end.upperBound...].split(separator: " ")
    }
}
