import Foundation
import Glibc
import HangulTestSupport

/// A program run by a test, with a deadline, so a stuck child fails the test instead of hanging it
/// (a blocked wait cannot be cancelled by a test time limit).
struct ChildProcess {
    let spawned: SpawnedProcess

    /// The child's pid.
    var pid: pid_t { spawned.pid }

    /// Whether the child is still running.
    var isRunning: Bool { spawned.isRunning }

    /// Starts `executable`; its standard output and error are collected.
    static func launch(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws
        -> ChildProcess
    {
        ChildProcess(spawned: try SpawnedProcess(executable, arguments, environment: environment))
    }

    typealias Outcome = SpawnedProcess.Outcome

    /// Waits for the exit, killing the child with SIGKILL if it is still running after `seconds`;
    /// a killed child's outcome says it did not exit by itself.
    func finish(within seconds: Int = 20) async throws -> Outcome {
        let spawned = self.spawned
        let finished = await eventually(within: seconds) { !spawned.isRunning }
        if !finished {
            kill(spawned.pid, SIGKILL)
        }
        return try await onThread { spawned.wait() }
    }
}
