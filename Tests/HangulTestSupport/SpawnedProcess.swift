import CGNUShims
import Foundation
import Glibc

/// A child process started with `posix_spawn`, its standard streams on pipes.
///
/// Foundation's `Process` is not used: on Linux it watches children through descriptors the
/// children inherit, and when tests start long-lived daemons and short commands concurrently, one
/// child holding another's descriptor left `waitUntilExit` waiting forever. Here every pipe is
/// close-on-exec except the three ends a child gets as its own 0, 1 and 2, and exit is learned
/// from `waitpid` alone.
public final class SpawnedProcess: @unchecked Sendable {
    public let pid: pid_t
    private let lock = NSLock()
    private var exitStatus: Int32?
    private var output = Data()
    private var errorOutput = Data()
    private let readers = DispatchGroup()

    /// How the child ended. Equal when two programs printed and exited alike.
    public struct Outcome: Sendable, Equatable {
        /// The exit status, or the signal number when `exited` is false.
        public var status: Int32
        /// Whether it exited by itself rather than by a signal.
        public var exited: Bool
        public var stdout: String
        public var stderr: String
    }

    /// Starts `executable` with `arguments`; `input` is written to its standard input, which is then
    /// closed. Standard output and error are collected.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, input: [UInt8] = []
    ) throws {
        // Glibc's module does not offer pipe2, so close-on-exec is set right after pipe(); the lock
        // keeps another test's spawn from inheriting a pipe in between.
        Self.spawnLock.lock()
        defer { Self.spawnLock.unlock() }
        // A child that exits before reading all of its input (a refused start, a full daemon)
        // closes the pipe this process is still writing: that write must fail with EPIPE, not end
        // the whole test run with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let stdinPipe = try Self.closeOnExecPipe()
        let stdoutPipe = try Self.closeOnExecPipe()
        let stderrPipe = try Self.closeOnExecPipe()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, stdoutPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, stderrPipe[1], 2)
        // Nothing else: a test server's accepted sockets (SwiftNIO does not mark them close-on-exec)
        // held open in a child would keep that connection's client from seeing it close.
        _ = hangul_spawn_close_from(&actions, 3)

        let environmentLines = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environmentLines.map { strdup($0) } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        // The child starts with SIGPIPE at its default, as it would from a shell, even though this
        // process ignores it.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaulted = sigset_t()
        sigemptyset(&defaulted)
        sigaddset(&defaulted, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaulted)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable, &actions, &attributes, &argv, &envp)
        close(stdinPipe[0])
        close(stdoutPipe[1])
        close(stderrPipe[1])
        guard spawned == 0 else {
            close(stdinPipe[1])
            close(stdoutPipe[0])
            close(stderrPipe[0])
            throw POSIXError(.init(rawValue: spawned) ?? .EIO)
        }
        pid = child

        let stdinWriter = stdinPipe[1]
        let stdoutReader = stdoutPipe[0]
        let stderrReader = stderrPipe[0]
        DispatchQueue.global().async(group: readers) {
            Self.writeAll(input, to: stdinWriter)
            close(stdinWriter)
        }
        DispatchQueue.global().async(group: readers) { [self] in
            let data = Self.readAll(stdoutReader)
            lock.withLock { output = data }
        }
        DispatchQueue.global().async(group: readers) { [self] in
            let data = Self.readAll(stderrReader)
            lock.withLock { errorOutput = data }
        }
    }

    /// Whether the child has not exited yet (reaps it when it has).
    public var isRunning: Bool {
        lock.withLock {
            if exitStatus != nil { return false }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                exitStatus = status
                return false
            }
            return true
        }
    }

    /// Blocks until the child exits and its output is read.
    public func wait() -> Outcome {
        var status: Int32 = 0
        let known = lock.withLock { exitStatus }
        if let known {
            status = known
        } else {
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            lock.withLock { exitStatus = status }
        }
        readers.wait()
        let exited = status & 0x7F == 0
        return lock.withLock {
            Outcome(
                status: exited ? (status >> 8) & 0xFF : status & 0x7F, exited: exited,
                stdout: String(decoding: output, as: UTF8.self), stderr: String(decoding: errorOutput, as: UTF8.self))
        }
    }

    private static let spawnLock = NSLock()

    private static func closeOnExecPipe() throws -> [Int32] {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return ends
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }

    private static func readAll(_ descriptor: Int32) -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            data.append(contentsOf: chunk[0..<count])
        }
        close(descriptor)
        return data
    }
}
