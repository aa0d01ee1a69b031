import Foundation
import Glibc
import HangulTestSupport
import Testing

/// Issue 12's layout-file faults as `hangul-compose` shows them: a name shadowing another
/// layout's (fault 5) and a FIFO named with `--layout-file` (fault 6).
@Suite struct UserLayoutFaultTests {
    /// Fault 5: a user file with id `dubeolsik` used to be accepted in silence, and `--layout
    /// dubeolsik` then typed with it while `--list-layouts` still showed `dubeolsik` under 2. Now
    /// the file is skipped with a warning, and the name keeps selecting 두벌식.
    @Test func aUserLayoutCannotTakeABuiltInsLongId() throws {
        let config = try TemporaryDirectory()
        defer { config.remove() }
        let path = try config.write(
            TestLayoutFiles.homeRow.replacingOccurrences(of: "id       home-row", with: "id       dubeolsik"),
            to: "hangul/layouts/shadow.layout")
        let result = try Subprocess.run(
            "hangul-compose", ["--layout", "dubeolsik", "gksrmf"],
            environment: ["XDG_CONFIG_HOME": config.path, "PATH": "/usr/bin:/bin"])
        #expect(result.status == 0)
        #expect(result.stdout == "한글\n")
        #expect(
            result.stderr
                == "hangul-compose: warning: layout file skipped: \(path):2: id 'dubeolsik' already names built-in "
                + "layout 2 (Dubeolsik); write 'id 2' to replace that layout, or choose another id\n")
    }

    /// The FIFO is refused at once as a usage error; a child still running after 10 seconds is
    /// killed, so a regression fails the test rather than hanging the suite.
    @Test func aFIFOGivenAsALayoutFileIsRefusedAtOnce() async throws {
        let config = try TemporaryDirectory()
        defer { config.remove() }
        let fifo = config.child("pipe.layout")
        #expect(mkfifo(fifo, 0o600) == 0)
        let child = try SpawnedProcess(
            Subprocess.productsDirectory.appendingPathComponent("hangul-compose").path, ["--layout-file", fifo, "rk"],
            environment: ["XDG_CONFIG_HOME": config.path, "PATH": "/usr/bin:/bin"])
        let deadline = ContinuousClock.now + .seconds(10)
        while child.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        if child.isRunning { kill(child.pid, SIGKILL) }
        let outcome = child.wait()
        #expect(outcome.exited, "hangul-compose blocked on the FIFO and was killed")
        #expect(outcome.status == 64)
        #expect(
            outcome.stderr.hasPrefix(
                "Error: layout file rejected: \(fifo): is a named pipe (FIFO), not a regular file\n"))
        #expect(outcome.stdout.isEmpty)
    }
}
