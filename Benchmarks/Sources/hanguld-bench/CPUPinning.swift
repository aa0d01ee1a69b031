import BenchmarkSupport
import CCPUAffinity

#if canImport(Glibc)
    import Glibc
#endif

/// Pins threads to CPUs, so a one-client round trip has the same shape for the daemon and the echo.
///
/// Left to itself the scheduler may run a server on the client's CPU for one run and on the other
/// CPU for the next; in a virtual machine a wake-up across CPUs costs tens of microseconds, so the
/// ratio flipped between runs with where each server happened to land. The one-client figures are
/// taken twice with explicit placement, the same for both servers: on the client's CPU, and on
/// another one.
enum CPUPinning {
    /// The CPUs this process may run on, in order, as it started.
    static let cpus: [Int] = {
        var cpus = [Int32](repeating: 0, count: 1024)
        let count = cpu_affinity_get(0, &cpus, Int32(cpus.count))
        return count > 0 ? cpus.prefix(Int(count)).map(Int.init) : [0]
    }()

    /// Whether this machine lets us set affinity at all: some containers forbid `sched_setaffinity`.
    /// Without it the one-client rows are measured unpinned (noisier, still side by side) rather than
    /// failing the run, so CI's quick run keeps working there.
    static let isAvailable: Bool = {
        let all = cpus.map(Int32.init)
        let available = cpu_affinity_set(0, all, Int32(all.count)) == 0
        if !available {
            note("CPU affinity is not available here (errno \(errno)); one-client rows run unpinned")
        }
        return available
    }()

    /// Pins one thread (0: the calling one) to `cpus`, or back to every CPU of ``cpus`` when nil.
    /// `mayHaveEnded`: a thread that no longer exists (`ESRCH`) is left alone rather than failing.
    static func pin(thread: pid_t = 0, to cpus: [Int]?, mayHaveEnded: Bool = false) {
        guard isAvailable else { return }
        let chosen = (cpus ?? Self.cpus).map(Int32.init)
        if cpu_affinity_set(thread, chosen, Int32(chosen.count)) != 0 {
            let error = errno
            if mayHaveEnded && error == ESRCH { return }
            fail("cannot pin thread \(thread) to CPUs \(chosen): errno \(error)")
        }
    }

    /// Pins every thread of another process. A thread other than the main one may end between the
    /// listing and its turn (CI once met one: `errno 3`), and then there is nothing to pin; the
    /// process itself must still be there.
    static func pin(process: pid_t, to cpus: [Int]?) {
        guard isAvailable else { return }
        guard let directory = opendir("/proc/\(process)/task") else { fail("cannot list threads of \(process)") }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if let thread = pid_t(name) { pin(thread: thread, to: cpus, mayHaveEnded: thread != process) }
        }
    }
}
