import CGNUShims
import Glibc

/// Runs a short-lived helper program and collects its output, within bounds on time and size.
///
/// The daemon reads its settings file through `hangulctl` rather than linking the TOML parser, so
/// the helper's output is untrusted in the sense that matters here: a hostile or broken file must
/// neither crash nor stall the daemon. Hence a deadline (the child is killed with SIGKILL past it)
/// and a byte limit per stream (past it the child is killed too); either is reported, never
/// waited out. Standard input is `/dev/null`, and the child inherits nothing but its three
/// standard streams: every other descriptor is closed in it, since SwiftNIO accepts connections
/// without close-on-exec and a client's socket must never be open in another process (a
/// connection the daemon closes would not end for its client until the helper exits).
struct HelperProcess {
    /// What a run produced.
    struct Outcome: Equatable {
        /// The exit status, or nil when the child did not exit normally (killed by a signal,
        /// including ours after the deadline or the output limit).
        var exitStatus: Int32?
        var standardOutput: [UInt8]
        var standardError: [UInt8]
        /// Whether the deadline passed and the child was killed.
        var timedOut = false
        /// Whether a stream passed the byte limit and the child was killed.
        var overflowed = false
    }

    /// Why the child could not be started.
    struct SpawnError: Error, CustomStringConvertible {
        var path: String
        var errno: Int32
        var description: String { "cannot run \(path): \(String(cString: strerror(errno)))" }
    }

    /// Runs `path` with `arguments` (not including argv[0]) and the daemon's environment.
    static func run(
        path: String, arguments: [String], timeout: Duration, maxOutputBytes: Int
    ) throws(SpawnError) -> Outcome {
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        guard pipeClosedOnExec(&outPipe) else { throw SpawnError(path: path, errno: errno) }
        guard pipeClosedOnExec(&errPipe) else {
            let error = errno
            close(outPipe[0])
            close(outPipe[1])
            throw SpawnError(path: path, errno: error)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        let closing = hangul_spawn_close_from(&actions, 3)
        guard closing == 0 else {
            for end in outPipe + errPipe { close(end) }
            throw SpawnError(path: path, errno: closing)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The daemon ignores SIGPIPE and blocks the signals it waits for; the child gets defaults.
        var defaults = sigset_t()
        sigfillset(&defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        close(outPipe[1])
        close(errPipe[1])
        guard spawned == 0 else {
            close(outPipe[0])
            close(errPipe[0])
            throw SpawnError(path: path, errno: spawned)
        }
        var outcome = Outcome(exitStatus: nil, standardOutput: [], standardError: [])
        let deadline = ContinuousClock.now + timeout
        collect(from: (outPipe[0], errPipe[0]), into: &outcome, until: deadline, maxOutputBytes: maxOutputBytes)
        close(outPipe[0])
        close(errPipe[0])
        outcome.exitStatus = reap(pid, until: deadline, outcome: &outcome)
        return outcome
    }

    /// A pipe whose ends are close-on-exec (Glibc's `pipe2` is not exported to Swift): the daemon
    /// spawns nothing else, so no other child can inherit them between the two calls.
    private static func pipeClosedOnExec(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// Reads both pipes until both are closed, the deadline passes or a stream overflows.
    private static func collect(
        from descriptors: (Int32, Int32), into outcome: inout Outcome, until deadline: ContinuousClock.Instant,
        maxOutputBytes: Int
    ) {
        var fds = [
            pollfd(fd: descriptors.0, events: Int16(POLLIN), revents: 0),
            pollfd(fd: descriptors.1, events: Int16(POLLIN), revents: 0),
        ]
        var buffer = [UInt8](repeating: 0, count: 4096)
        while fds.contains(where: { $0.fd >= 0 }) {
            let left = deadline - ContinuousClock.now
            guard left > .zero else {
                outcome.timedOut = true
                return
            }
            let (seconds, attoseconds) = left.components
            let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            let ready = poll(&fds, nfds_t(fds.count), milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready >= 0 else { return }
            for index in fds.indices where fds[index].fd >= 0 && fds[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(fds[index].fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                guard count > 0 else {
                    fds[index].fd = -1
                    continue
                }
                if index == 0 {
                    outcome.standardOutput.append(contentsOf: buffer[0..<count])
                } else {
                    outcome.standardError.append(contentsOf: buffer[0..<count])
                }
                if outcome.standardOutput.count > maxOutputBytes || outcome.standardError.count > maxOutputBytes {
                    outcome.overflowed = true
                    return
                }
            }
        }
    }

    /// Waits for the child until the deadline, killing it when it is late or already condemned;
    /// returns its exit status when it exited normally.
    private static func reap(_ pid: pid_t, until deadline: ContinuousClock.Instant, outcome: inout Outcome) -> Int32? {
        var status: Int32 = 0
        if !outcome.timedOut && !outcome.overflowed {
            while ContinuousClock.now < deadline {
                let reaped = waitpid(pid, &status, WNOHANG)
                if reaped == pid { return exitStatus(status) }
                if reaped < 0, errno != EINTR { return nil }
                usleep(2000)
            }
            outcome.timedOut = true
        }
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return nil
    }

    /// The exit code of a `waitpid` status, or nil for a death by signal.
    private static func exitStatus(_ status: Int32) -> Int32? {
        (status & 0x7f) == 0 ? (status >> 8) & 0xff : nil
    }
}
