import Foundation
import Glibc
import HangulTestSupport
import Testing

/// Issue 23 (minor): `hangul-compose --daemon` waited for ever on a daemon that accepted the
/// connection and never answered. Each call now has five seconds, as `hangulctl`'s do.
@Suite struct DaemonTimeoutTests {
    /// A socket that listens and never accepts: the connect succeeds (the backlog holds it) and
    /// `hello` gets no reply.
    @Test func aDaemonThatNeverAnswersCostsFiveSecondsAndAMessage() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.child("silent.sock")
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #expect(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: Array(path.utf8) + [0])
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        #expect(bound == 0)
        #expect(listen(listener, 8) == 0)

        let child = try SpawnedProcess(
            Subprocess.productsDirectory.appendingPathComponent("hangul-compose").path,
            ["--daemon", "--socket", path, "rk"], environment: ["PATH": "/usr/bin:/bin"])
        let start = ContinuousClock.now
        let deadline = start + .seconds(20)
        while child.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        let waited = ContinuousClock.now - start
        if child.isRunning { kill(child.pid, SIGKILL) }
        let outcome = child.wait()
        #expect(outcome.exited, "hangul-compose --daemon waited 20 seconds and was killed")
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr
                == "Error: hanguld did not answer hello within 5.0 seconds; the connection is closed, open a new one\n")
        #expect(waited >= .seconds(5))
    }
}
