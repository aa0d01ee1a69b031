import Glibc
import HangulSystem
import HangulTestSupport
import SystemPackage
import Testing

/// Waiting on several descriptors, child processes, sleeping and the running executable: what the
/// daemon's helper runner, its directory watcher and the blocking client used to write by hand.
@Suite struct ProcessAndWaitTests {
    @Test func aWaitOnSeveralDescriptorsSaysWhichAreReady() throws {
        let quiet = try FileDescriptor.pipe()
        let busy = try FileDescriptor.pipe()
        defer {
            for end in [quiet.readEnd, quiet.writeEnd, busy.readEnd, busy.writeEnd] { try? end.close() }
        }
        let entries = [(descriptor: quiet.readEnd, readiness: Readiness.readable), (busy.readEnd, .readable)]
        #expect(try FileDescriptor.waitUntilAnyReady(entries, deadline: .now + .milliseconds(20)) == nil)
        _ = try busy.writeEnd.writeAll("x".utf8)
        #expect(try FileDescriptor.waitUntilAnyReady(entries, deadline: .now + .seconds(10)) == [false, true])
        try quiet.writeEnd.close()
        #expect(try FileDescriptor.waitUntilAnyReady(entries, deadline: nil) == [true, true])
        #expect(try FileDescriptor.waitUntilAnyReady(entries, deadline: .now - .seconds(1)) == nil)
    }

    @Test func aChildIsSeenRunningThenExitedWithItsStatus() throws {
        let child = try Self.spawn("read line; exit 3")
        let input = child.input
        #expect(try child.process.terminationIfEnded() == nil)
        try input.close()
        #expect(try child.process.waitForTermination() == .exited(3))
        #expect(throws: SystemCallError("waitpid(\(child.process.id))", errno: ECHILD)) {
            try child.process.terminationIfEnded()
        }
        #expect(
            SystemCallError("waitpid(\(child.process.id))", errno: ECHILD).description
                == "waitpid(\(child.process.id)): No child processes")
    }

    @Test func aKilledChildReportsTheSignal() throws {
        let child = try Self.spawn("read line")
        defer { try? child.input.close() }
        try child.process.send(SIGKILL)
        #expect(try child.process.waitForTermination() == .killed(signal: SIGKILL))
    }

    @Test func aSleepLastsAtLeastItsDuration() {
        let start = ContinuousClock.now
        CurrentThread.sleep(for: .milliseconds(30))
        #expect(ContinuousClock.now - start >= .milliseconds(30))
        CurrentThread.sleep(for: .zero)
        CurrentThread.sleep(for: .milliseconds(-5))
    }

    @Test func aLinkIsReadAsWrittenAndAFileIsNotALink() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let file = try temporary.write("", to: "file")
        #expect(symlink("file", temporary.child("link")) == 0)
        #expect(try FileSystem.symbolicLinkTarget(temporary.child("link")) == "file")
        #expect(throws: SystemCallError("readlink", path: file, errno: EINVAL)) {
            try FileSystem.symbolicLinkTarget(file)
        }
        #expect(
            SystemCallError("readlink", path: file, errno: EINVAL).description == "readlink \(file): Invalid argument")
        #expect(CurrentProcess.executablePath?.hasSuffix("/hangulPackageTests.xctest") == true)
    }

    /// `/bin/sh -c script` with its standard input on a pipe the test holds, so the child runs
    /// until the test closes it.
    private static func spawn(_ script: String) throws -> (process: ChildProcess, input: FileDescriptor) {
        let pipe = try FileDescriptor.pipe()
        let process = try ChildProcess.spawn(
            "/bin/sh", arguments: ["-c", script], setup: .init(standardInput: pipe.readEnd))
        try pipe.readEnd.close()
        return (process, pipe.writeEnd)
    }

    /// What `/bin/sh -c script` printed, the child started with `setup` plus its output on a pipe.
    private static func output(of script: String, setup: ChildProcess.Setup = .init()) throws -> (
        String, ChildProcess.Termination
    ) {
        let pipe = try FileDescriptor.pipe()
        var setup = setup
        setup.standardOutput = pipe.writeEnd
        let process = try ChildProcess.spawn("/bin/sh", arguments: ["-c", script], setup: setup)
        try pipe.writeEnd.close()
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = try chunk.withUnsafeMutableBytes { try pipe.readEnd.read(into: $0) }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        try pipe.readEnd.close()
        return (String(decoding: bytes, as: UTF8.self), try process.waitForTermination())
    }

    @Test func aSpawnedChildInheritsOnlyTheStandardDescriptors() throws {
        let pipe = try FileDescriptor.pipe()
        defer {
            try? pipe.readEnd.close()
            try? pipe.writeEnd.close()
        }
        #expect(fcntl(pipe.readEnd.rawValue, F_SETFD, 0) == 0)  // not close-on-exec
        let (printed, termination) = try Self.output(
            of:
                "test -e /proc/$$/fd/\(pipe.readEnd.rawValue) && echo inherited || echo closed; read line; echo \"[$line]\""
        )
        #expect(printed == "closed\n[]\n")
        #expect(termination == .exited(0))
    }

    @Test func aSpawnedChildGetsItsArgumentsEnvironmentAndASessionWhenAsked() throws {
        let (printed, _) = try Self.output(
            of: "echo \"$0 $HANGUL_SPAWN_TEST\"; ps -o sid= -p $$ | tr -d ' '; echo $$",
            setup: .init(newSession: true, environment: ["HANGUL_SPAWN_TEST=yes", "PATH=/usr/bin:/bin"]))
        let lines = printed.split(separator: "\n")
        #expect(lines.first == "/bin/sh yes")
        #expect(lines.count == 3 && lines[1] == lines[2])  // the session id is the child's own pid
    }

    @Test func aProgramThatCannotStartIsAnErrorThatNamesIt() {
        #expect(throws: SystemCallError("posix_spawn", path: "/nonexistent/program", errno: ENOENT)) {
            try ChildProcess.spawn("/nonexistent/program")
        }
    }
}
