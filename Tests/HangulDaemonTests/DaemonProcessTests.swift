import Foundation
import Glibc
import HangulDaemon
import HangulTestSupport
import Testing

/// The built `hanguld` executable, end to end: signals, exit status, files left behind, socket activation.
@Suite(.timeLimit(.minutes(3)))
struct DaemonProcessTests {
    /// This process's environment without anything that would redirect the daemon.
    private var cleanEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES", "HANGULD_SOCKET", "XDG_RUNTIME_DIR"] {
            environment[name] = nil
        }
        return environment
    }

    private func hanguld() throws -> String {
        let path = SystemTools.hanguld
        try #require(FileManager.default.isExecutableFile(atPath: path), "\(path) missing: run swift build first")
        return path
    }

    /// Waits until the socket accepts a connection (or the child has died).
    private func waitForSocket(_ path: String, child: ChildProcess) async -> Bool {
        await eventually {
            guard child.isRunning else {
                return true
            }
            return (try? UnixClient(path: path)) != nil
        } && child.isRunning
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func signalStopsTheDaemonWithStatusZeroAndRemovesTheSocket(signal: CInt) async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let socketPath = temporary.child("hangul/hanguld.sock")
        let child = try ChildProcess.launch(
            try self.hanguld(),
            ["--socket", socketPath, "--log-level", "notice"],
            environment: self.cleanEnvironment
        )
        #expect(await self.waitForSocket(socketPath, child: child))

        let client = try UnixClient(path: socketPath)
        try client.send("{}\n")
        #expect(try client.readLine()?.hasPrefix("{") == true)

        kill(child.pid, signal)
        #expect(try client.readToEnd() == [])
        let outcome = try await child.finish()
        #expect(outcome.exited)
        #expect(outcome.status == 0)
        #expect(!FileManager.default.fileExists(atPath: socketPath))
        #expect(!FileManager.default.fileExists(atPath: socketPath + ".lock"))
        #expect(outcome.stderr.contains("shutting down"))
        #expect(outcome.stderr.contains(signal == SIGTERM ? "signal=SIGTERM" : "signal=SIGINT"))
    }

    @Test func refusesToStartWithoutRuntimeDirectoryOrSocketFlag() async throws {
        let child = try ChildProcess.launch(try self.hanguld(), [], environment: self.cleanEnvironment)
        let outcome = try await child.finish()
        #expect(outcome.exited)
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr.contains(
                "Error: XDG_RUNTIME_DIR is not set, so there is no private directory for the socket"))
    }

    @Test func usesTheRuntimeDirectoryByDefault() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        var environment = self.cleanEnvironment
        environment["XDG_RUNTIME_DIR"] = temporary.path
        let child = try ChildProcess.launch(try self.hanguld(), ["--log-level", "notice"], environment: environment)
        let socketPath = temporary.child("hangul/hanguld.sock")
        #expect(await self.waitForSocket(socketPath, child: child))
        kill(child.pid, SIGTERM)
        let outcome = try await child.finish()
        #expect(outcome.status == 0)
    }

    @Test func refusesAGroupWritableSocketDirectoryWithStatusOne() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let directory = temporary.child("shared")
        #expect(mkdir(directory, 0o700) == 0)
        #expect(chmod(directory, 0o770) == 0)
        let child = try ChildProcess.launch(
            try self.hanguld(),
            ["--socket", directory + "/hanguld.sock"],
            environment: self.cleanEnvironment
        )
        let outcome = try await child.finish()
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr.contains(
                "Error: socket directory \(directory) has mode 0770, open to group or others; "
                    + "run chmod 700 \(directory) or choose another --socket PATH"
            )
        )
    }

    @Test func zeroSessionLimitIsAUsageError() async throws {
        let child = try ChildProcess.launch(
            try self.hanguld(),
            ["--socket", "/nonexistent/s.sock", "--max-sessions", "0"],
            environment: self.cleanEnvironment
        )
        let outcome = try await child.finish()
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("Error: --max-sessions must be at least 1, not 0."))
    }

    @Test(.enabled(if: SystemTools.shouldRun(needing: ["systemd-socket-activate"])))
    func socketActivationUsesThePassedSocketAndLeavesItsFile() async throws {
        let activate = try #require(
            SystemTools.find("systemd-socket-activate"),
            "install the systemd package (systemd-socket-activate)"
        )
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let socketPath = temporary.child("activated.sock")
        // Without --accept, systemd-socket-activate execs hanguld in place on the first connection,
        // with LISTEN_PID set to that same pid and the socket as fd 3.
        let child = try ChildProcess.launch(
            activate,
            ["-l", socketPath, try self.hanguld(), "--log-level", "notice"],
            environment: self.cleanEnvironment
        )
        #expect(await eventually { FileManager.default.fileExists(atPath: socketPath) })

        let client = try UnixClient(path: socketPath)
        try client.send("{}\n")
        #expect(try client.readLine()?.hasPrefix("{") == true)
        client.close()

        kill(child.pid, SIGTERM)
        let outcome = try await child.finish()
        #expect(outcome.exited)
        #expect(outcome.status == 0)
        #expect(outcome.stderr.contains("fd 3 from systemd"))
        // systemd owns the socket file; the daemon neither locks nor removes it.
        #expect(FileManager.default.fileExists(atPath: socketPath))
        #expect(!FileManager.default.fileExists(atPath: socketPath + ".lock"))
    }
}
