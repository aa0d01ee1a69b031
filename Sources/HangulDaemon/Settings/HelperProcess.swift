import CGNUShims
import Glibc
import HangulSystem
import SystemPackage

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
        var description: String { "cannot run \(path): \(Errno(rawValue: errno))" }
    }

    /// Runs `path` with `arguments` (not including argv[0]) and the daemon's environment.
    static func run(
        path: String, arguments: [String], timeout: Duration, maxOutputBytes: Int
    ) throws(SpawnError) -> Outcome {
        // Close-on-exec from the start (pipe2): the daemon's other threads never spawn, but nothing
        // should rely on that.
        let output: (readEnd: FileDescriptor, writeEnd: FileDescriptor)
        let errors: (readEnd: FileDescriptor, writeEnd: FileDescriptor)
        do {
            output = try FileDescriptor.pipe(options: .closeOnExec)
        } catch {
            throw SpawnError(path: path, errno: error.rawValue)
        }
        do {
            errors = try FileDescriptor.pipe(options: .closeOnExec)
        } catch {
            try? output.readEnd.close()
            try? output.writeEnd.close()
            throw SpawnError(path: path, errno: error.rawValue)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output.writeEnd.rawValue, 1)
        posix_spawn_file_actions_adddup2(&actions, errors.writeEnd.rawValue, 2)
        let closing = hangul_spawn_close_from(&actions, 3)
        guard closing == 0 else {
            for end in [output.readEnd, output.writeEnd, errors.readEnd, errors.writeEnd] { try? end.close() }
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
        try? output.writeEnd.close()
        try? errors.writeEnd.close()
        guard spawned == 0 else {
            try? output.readEnd.close()
            try? errors.readEnd.close()
            throw SpawnError(path: path, errno: spawned)
        }
        var outcome = Outcome(exitStatus: nil, standardOutput: [], standardError: [])
        let deadline = ContinuousClock.now + timeout
        collect(from: (output.readEnd, errors.readEnd), into: &outcome, until: deadline, maxOutputBytes: maxOutputBytes)
        try? output.readEnd.close()
        try? errors.readEnd.close()
        outcome.exitStatus = reap(ChildProcess(id: pid), until: deadline, outcome: &outcome)
        return outcome
    }

    /// Reads both pipes until both are closed, the deadline passes or a stream overflows. A
    /// failed wait or read ends the collection as an end of file would: the child is then reaped
    /// or killed by the deadline, and what it wrote so far is reported.
    private static func collect(
        from descriptors: (FileDescriptor, FileDescriptor), into outcome: inout Outcome,
        until deadline: ContinuousClock.Instant, maxOutputBytes: Int
    ) {
        var open = [descriptors.0, descriptors.1]
        var chunk = [UInt8](repeating: 0, count: 4096)
        while open.contains(where: { $0.rawValue >= 0 }) {
            let entries = open.filter { $0.rawValue >= 0 }.map { (descriptor: $0, readiness: Readiness.readable) }
            let ready: [Bool]
            do throws(SystemCallError) {
                guard let found = try FileDescriptor.waitUntilAnyReady(entries, deadline: deadline) else {
                    outcome.timedOut = true
                    return
                }
                ready = found
            } catch {
                return
            }
            for (entry, isReady) in zip(entries, ready) where isReady {
                let count: Int
                do {
                    count = try chunk.withUnsafeMutableBytes { try entry.descriptor.read(into: $0) }
                } catch let error as Errno where error == .wouldBlock {
                    continue
                } catch {
                    count = 0
                }
                let index = entry.descriptor == descriptors.0 ? 0 : 1
                guard count > 0 else {
                    open[index] = FileDescriptor(rawValue: -1)
                    continue
                }
                if index == 0 {
                    outcome.standardOutput.append(contentsOf: chunk[0..<count])
                } else {
                    outcome.standardError.append(contentsOf: chunk[0..<count])
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
    private static func reap(
        _ child: ChildProcess, until deadline: ContinuousClock.Instant, outcome: inout Outcome
    ) -> Int32? {
        if !outcome.timedOut && !outcome.overflowed {
            while ContinuousClock.now < deadline {
                do throws(SystemCallError) {
                    switch try child.terminationIfEnded() {
                    case .exited(let status): return status
                    case .killed: return nil
                    case nil: break
                    }
                } catch {
                    return nil
                }
                CurrentThread.sleep(for: .milliseconds(2))
            }
            outcome.timedOut = true
        }
        try? child.send(SIGKILL)
        _ = try? child.waitForTermination()
        return nil
    }
}
