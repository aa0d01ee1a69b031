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
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipe.readEnd.rawValue, 0)
        posix_spawn_file_actions_addclose(&actions, pipe.writeEnd.rawValue)
        let argv: [UnsafeMutablePointer<CChar>?] =
            ["/bin/sh", "-c", script].map { (word: String) in strdup(word) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, environ)
        try pipe.readEnd.close()
        #expect(spawned == 0)
        return (ChildProcess(id: pid), pipe.writeEnd)
    }
}
