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

    /// The CPU time the calling thread has used.
    static func ofThisThread() -> Duration {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
    }

    /// The fields of `/proc/PID/stat` after the command name (which may hold spaces), from the state on.
    private static func statFields(_ pid: pid_t) throws -> [Substring] {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        guard let end = stat.range(of: ") ", options: .backwards) else { throw POSIXError(.EINVAL) }
        return stat[end.upperBound...].split(separator: " ")
    }
}

/// A thread that spins until stopped: the CPU it gets is what a process stuck in a busy loop gets
/// on this machine at this moment, so a test can bound a daemon's CPU against it, measured over
/// the same window, whatever else the machine runs.
final class SpinningReference: @unchecked Sendable {
    private let stopped = SharedFlag()
    private let lock = NSLock()
    private var spent: Duration?
    private let done = DispatchSemaphore(value: 0)

    /// Starts spinning.
    init() {
        let thread = Thread { [self] in
            let start = CPUTime.ofThisThread()
            var turns = 0
            while !stopped.value { turns &+= 1 }
            let used = CPUTime.ofThisThread() - start
            lock.withLock { spent = used }
            done.signal()
        }
        thread.start()
    }

    /// Stops spinning and returns the CPU time the thread got while it spun.
    func stop() -> Duration {
        stopped.value = true
        done.wait()
        return lock.withLock { spent ?? .zero }
    }
}
