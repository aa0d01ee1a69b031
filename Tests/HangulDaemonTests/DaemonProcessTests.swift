import Foundation
import Glibc
import HangulDaemon
import HangulTestSupport
import Testing

/// The built `hanguld` executable, end to end: signals, exit status, files left behind, socket activation.
@Suite(.hangGuard)
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

    @Test(arguments: [SIGTERM, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM])
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
        let names = [SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGUSR1: "SIGUSR1", SIGUSR2: "SIGUSR2"]
        #expect(outcome.stderr.contains("signal=\(names[signal] ?? "SIGALRM")"))
    }

    /// The daemon waits for signals on its main thread and serves on one loop thread, with no
    /// Dispatch worker pool (whose monitor woke the idle daemon once a second) and no Swift
    /// concurrency threads: its threads, once it has served a key and its background loads are
    /// done, are the main thread, the loop and the directory watcher.
    @Test func anIdleDaemonRunsOnlyItsOwnThreads() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let socketPath = temporary.child("hangul/hanguld.sock")
        let child = try ChildProcess.launch(
            try self.hanguld(), ["--socket", socketPath, "--config", temporary.child("none.toml")],
            environment: self.cleanEnvironment)
        #expect(await self.waitForSocket(socketPath, child: child))
        let client = try UnixClient(path: socketPath)
        try client.send(#"{"id":1,"method":"hello","params":{"protocol":1}}"# + "\n")
        #expect(try client.readLine()?.hasPrefix(#"{"id":1,"result""#) == true)
        let threadNames = {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(child.pid)/task")) ?? []
            return tasks.compactMap {
                try? String(contentsOfFile: "/proc/\(child.pid)/task/\($0)/comm", encoding: .utf8)
            }
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.sorted()
        }
        // The hanja dictionary and the word list are read on a thread of their own from 100 ms after
        // start; it ends when they are read.
        #expect(await eventually(within: 20) { threadNames().count == 3 }, "threads: \(threadNames())")
        #expect(threadNames() == ["hanguld", "hanguld", "hanguld-loop"])
        kill(child.pid, SIGTERM)
        let outcome = try await child.finish()
        #expect(outcome.status == 0)
    }

    /// `--socket` and `--config` alone are read without the argument parser (QuickStart): the
    /// daemon started so serves a key and stops cleanly like any other.
    @Test func aDaemonStartedWithOnlySocketAndConfigServesAKey() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let socketPath = temporary.child("hangul/hanguld.sock")
        let child = try ChildProcess.launch(
            try self.hanguld(), ["--socket=\(socketPath)", "--config", temporary.child("none.toml")],
            environment: self.cleanEnvironment)
        #expect(await self.waitForSocket(socketPath, child: child))
        let client = try UnixClient(path: socketPath)
        try client.send(#"{"id":1,"method":"hello","params":{"protocol":1}}"# + "\n")
        #expect(try client.readLine()?.hasPrefix(#"{"id":1,"result":{"protocol":1,"#) == true)
        try client.send(#"{"id":2,"method":"key","params":{"keysym":114,"keycode":27,"modifiers":0}}"# + "\n")
        #expect(
            try client.readLine() == #"{"id":2,"result":{"handled":true,"commit":"","preedit":"ㄱ","mode":"hangul"}}"#)
        kill(child.pid, SIGTERM)
        let outcome = try await child.finish()
        #expect(outcome.exited)
        #expect(outcome.status == 0)
        #expect(outcome.stderr.contains("listening"))
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

    @Test func connectionThatNeverSaysHelloIsToldAndClosedAfterTheHelloTimeout() async throws {
        let daemon = try await RunningDaemon.start(["--hello-timeout", "1"])
        let client = try UnixClient(path: daemon.socketPath, timeoutSeconds: 10)
        let started = ContinuousClock.now
        // The arrival is timed on the reading thread: after the await, the test's task may wait for
        // a free thread of the cooperative pool, which the whole suite keeps busy (15.8 s once).
        let (line, arrived) = try await onThread { (try client.readLine(), ContinuousClock.now) }
        let waited = arrived - started
        #expect(
            line
                == #"{"id":null,"error":{"code":-32006,"message":"no hello within 1 seconds of connecting; closing the connection"}}"#
        )
        #expect(try client.readToEnd() == [])
        #expect(waited >= .milliseconds(900) && waited < .seconds(15), "the refusal came after \(waited)")
        #expect(try await daemon.stop().status == 0)
    }

    @Test func unknownLogLevelIsAUsageErrorListingTheLevels() async throws {
        let child = try ChildProcess.launch(
            try self.hanguld(), ["--socket", "/nonexistent/s.sock", "--log-level", "chatty"],
            environment: self.cleanEnvironment)
        let outcome = try await child.finish()
        #expect(outcome.status == 64)
        #expect(
            outcome.stderr.contains(
                "Error: The value 'chatty' is invalid for '--log-level <log-level>'. Please provide one of the "
                    + "following:\n  - trace\n  - debug\n  - info\n  - notice\n  - warning\n  - error\n  - critical\n"))
    }

    @Test func runtimeDirectoryWritableByOthersIsRefused() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let runtime = temporary.child("runtime")
        #expect(mkdir(runtime, 0o700) == 0)
        #expect(chmod(runtime, 0o777) == 0)
        var environment = self.cleanEnvironment
        environment["XDG_RUNTIME_DIR"] = runtime
        let outcome = try await ChildProcess.launch(try self.hanguld(), [], environment: environment).finish()
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr.contains(
                "Error: \(runtime) has mode 0777: other users could replace \(runtime)/hangul and impersonate the "
                    + "daemon; run chmod 700 \(runtime) (or chmod +t for a shared directory), or choose a --socket "
                    + "PATH in a directory only you can write"))
        #expect(!FileManager.default.fileExists(atPath: runtime + "/hangul"))
    }

    @Test func stickyRuntimeDirectoryWritableByOthersIsAWarning() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let runtime = temporary.child("runtime")
        #expect(mkdir(runtime, 0o700) == 0)
        #expect(chmod(runtime, 0o1777) == 0)
        var environment = self.cleanEnvironment
        environment["XDG_RUNTIME_DIR"] = runtime
        let child = try ChildProcess.launch(try self.hanguld(), ["--log-level", "warning"], environment: environment)
        #expect(await self.waitForSocket(runtime + "/hangul/hanguld.sock", child: child))
        kill(child.pid, SIGTERM)
        let outcome = try await child.finish()
        #expect(outcome.status == 0)
        #expect(
            outcome.stderr.contains(
                "\(runtime) is writable by other users (mode 1777); a private runtime directory (0700, as "
                    + "systemd-logind makes $XDG_RUNTIME_DIR) is safer"))
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

    @Test(arguments: ["0", "86401"])
    func helloTimeoutOutOfRangeIsAUsageError(seconds: String) async throws {
        let child = try ChildProcess.launch(
            try self.hanguld(), ["--socket", "/nonexistent/s.sock", "--hello-timeout", seconds],
            environment: self.cleanEnvironment)
        let outcome = try await child.finish()
        #expect(outcome.status == 64)
        #expect(
            outcome.stderr.contains(
                "Error: --hello-timeout must be between 1 and 86400 seconds (a day), not \(seconds)."))
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
