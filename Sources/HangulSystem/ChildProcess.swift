import Glibc
import SystemPackage

/// A child process this one started, by its pid: learning how it ended, and ending it.
///
/// Started by ``spawn(_:arguments:setup:)``, the one way this project starts a program; what every
/// caller then needs, `waitpid` retried on `EINTR` and its status decoded, is here once too.
public struct ChildProcess: Equatable, Sendable {
    /// How a child ended.
    public enum Termination: Equatable, Sendable {
        /// It exited with this status (0–255).
        case exited(Int32)
        /// A signal ended it (SIGKILL from ``send(_:)``, a crash).
        case killed(signal: Int32)

        /// Decodes a `waitpid` status (the `WIFEXITED` family are macros Swift cannot import).
        init(waitStatus status: Int32) {
            let signal = status & 0x7f
            self = signal == 0 ? .exited((status >> 8) & 0xff) : .killed(signal: signal)
        }
    }

    /// The child's process id.
    public let id: pid_t

    public init(id: pid_t) {
        self.id = id
    }

    /// `waitpid(WNOHANG)`, retried on `EINTR`: how the child ended (it is then reaped, and its
    /// pid may be reused), or nil while it still runs. Throws `ECHILD` for a pid that is not an
    /// unreaped child of this process: `waitpid(1): No child processes`.
    public func terminationIfEnded() throws(SystemCallError) -> Termination? {
        var status: Int32 = 0
        let reaped = try self.wait(&status, options: WNOHANG)
        return reaped == self.id ? Termination(waitStatus: status) : nil
    }

    /// `waitpid`, retried on `EINTR`: blocks until the child has ended and reaps it.
    public func waitForTermination() throws(SystemCallError) -> Termination {
        var status: Int32 = 0
        _ = try self.wait(&status, options: 0)
        return Termination(waitStatus: status)
    }

    /// `kill(2)`: sends `signal` to the child. Throws `ESRCH` when no such process exists.
    public func send(_ signal: Int32) throws(SystemCallError) {
        guard Glibc.kill(self.id, signal) == 0 else {
            throw .last("kill(\(self.id))")
        }
    }

    private func wait(_ status: inout Int32, options: Int32) throws(SystemCallError) -> pid_t {
        do throws(Errno) {
            return try retryingOnInterrupt { Glibc.waitpid(self.id, &status, options) }
        } catch {
            throw SystemCallError("waitpid(\(self.id))", errno: error)
        }
    }
}
