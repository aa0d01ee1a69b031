import Foundation
import Glibc

/// A program run by a test, with its stderr collected and a deadline, so a stuck child fails the test
/// instead of hanging it (a blocked wait cannot be cancelled by a test time limit).
struct ChildProcess {
    let process: Process
    private let stderr: Pipe
    /// Standard output, when launched with ``launchCapturing(_:_:environment:)``.
    private var stdout: Pipe?

    /// The child's pid.
    var pid: pid_t { self.process.processIdentifier }

    static func launch(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws
        -> ChildProcess
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment {
            process.environment = environment
        }
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return ChildProcess(process: process, stderr: stderr)
    }

    /// Launches like ``launch(_:_:environment:)`` and also collects standard output (for small outputs:
    /// it is read after the child exits).
    static func launchCapturing(_ executable: String, _ arguments: [String], environment: [String: String]? = nil)
        throws -> ChildProcess
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment {
            process.environment = environment
        }
        let stderr = Pipe()
        let stdout = Pipe()
        process.standardError = stderr
        process.standardOutput = stdout
        try process.run()
        return ChildProcess(process: process, stderr: stderr, stdout: stdout)
    }

    /// How the child ended.
    struct Outcome {
        /// The exit status, or the signal number when `exited` is false.
        var status: Int32
        /// Whether it exited by itself (rather than by a signal, or killed by us at the deadline).
        var exited: Bool
        var stderr: String
        /// Standard output when captured, else empty.
        var stdout: String = ""
    }

    /// Waits for the exit, killing the child with SIGKILL if it is still running after `seconds`.
    func finish(within seconds: Int = 20) async throws -> Outcome {
        let process = self.process
        let finished = await eventually(within: seconds) { !process.isRunning }
        if !finished {
            kill(process.processIdentifier, SIGKILL)
        }
        let pipe = self.stderr
        let outputPipe = self.stdout
        return try await onThread {
            process.waitUntilExit()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            let standardOutput = outputPipe?.fileHandleForReading.readDataToEndOfFile() ?? Data()
            return Outcome(
                status: process.terminationStatus,
                exited: finished && process.terminationReason == .exit,
                stderr: String(decoding: output, as: UTF8.self),
                stdout: String(decoding: standardOutput, as: UTF8.self)
            )
        }
    }
}
