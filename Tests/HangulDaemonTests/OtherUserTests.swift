import Foundation
import Glibc
import HangulDaemon
import HangulSystem
import HangulTestSupport
import SystemPackage
import Testing

@testable import HangulDaemon

/// A real connection from another uid is refused. Needs root (to become uid 65534) and util-linux's
/// `setpriv` with `perl` (both essential Debian packages); the decision itself is covered by
/// `PeerPolicyTests` everywhere.
@Suite(.hangGuard)
struct OtherUserTests {
    /// Connects to the socket in argv[0] and exits 0 if the server closed without sending a byte,
    /// 4 if it sent something or stayed silent for 10 s (a receive timeout: `alarm` would not do, as a
    /// child may inherit SIGALRM blocked), 3 if connecting failed.
    static let probe = """
        use Socket;
        socket(my $s, PF_UNIX, SOCK_STREAM, 0) or exit 2;
        setsockopt($s, SOL_SOCKET, SO_RCVTIMEO, pack("l!l!", 10, 0)) or exit 2;
        connect($s, pack_sockaddr_un($ARGV[0])) or exit 3;
        my $n = sysread($s, my $buffer, 100);
        exit((!defined $n && $!{ECONNRESET}) || (defined $n && $n == 0) ? 0 : 4);
        """

    @Test(.enabled(if: geteuid() == 0 && SystemTools.shouldRun(needing: ["setpriv", "perl"])))
    func connectionFromAnotherUIDIsClosedAtOnceAndLogged() async throws {
        let setpriv = try #require(SystemTools.find("setpriv"), "install util-linux (setpriv)")
        let perl = try #require(SystemTools.find("perl"), "install perl-base")
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        // Open the file system on purpose, so that only the uid check stands between the other user
        // and the daemon: this is the defence behind the private directory.
        #expect(chmod(temporary.path, 0o711) == 0)
        let socketPath = temporary.child("open.sock")
        let descriptor = try FileDescriptor.boundUnixSocket(path: socketPath, mode: 0o666, nonBlocking: true)
        let factory = UppercaseSessionFactory()
        let (logger, logs) = CapturedLog.logger()
        let server = try await startServer(
            listeningOn: .inheritedDescriptor(descriptor),
            factory: factory,
            logger: logger
        )

        let probe = try ChildProcess.launch(
            setpriv,
            ["--reuid=65534", "--regid=65534", "--clear-groups", "--", perl, "-e", Self.probe, socketPath]
        )
        let outcome = try await probe.finish()
        #expect(outcome.exited)
        #expect(outcome.status == 0, "exit 3: could not connect; 4: the daemon answered another user")

        #expect(logs.all.contains { $0.contains("refused a connection from another user") && $0.contains("uid=65534") })
        #expect(!logs.all.contains { $0.contains("connection opened") })
        #expect(factory.log.lines.isEmpty)

        // Our own uid is still served on the same socket.
        let client = try UnixClient(path: socketPath)
        try client.send("own\n")
        #expect(try client.readLine() == "OWN")
        await server.shutdown()
    }
}
