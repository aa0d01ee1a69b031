import Foundation
import Glibc
import HangulLog
import HangulSystem
import HangulTestSupport
import SystemPackage
import Testing

@testable import HangulDaemon

/// The listening socket's file system side: private directory, modes, lock, stale and live sockets.
@Suite struct SocketSetupTests {
    private let quiet = DaemonLog(label: "test", sink: DaemonLog.discarding)

    private func start(_ path: String, logger: DaemonLog? = nil) async throws -> EpollServer {
        try await startServer(
            listeningOn: .path(path),
            factory: UppercaseSessionFactory(),
            logger: logger ?? self.quiet
        )
    }

    private func mode(_ path: String) throws -> mode_t? {
        try FileStatus.of(path)?.mode
    }

    private func roundTrip(_ path: String, _ text: String = "ping") throws -> String? {
        let client = try UnixClient(path: path)
        try client.send(text + "\n")
        return try client.readLine()
    }

    @Test func directoryIsCreated0700AndSocketAndLockAre0600() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let socketPath = temporary.child("hangul/hanguld.sock")
        let server = try await self.start(socketPath)
        #expect(try self.mode(temporary.child("hangul")) == 0o040_700)
        #expect(try self.mode(socketPath) == 0o140_600)
        #expect(try self.mode(socketPath + ".lock") == 0o100_600)
        #expect(try self.roundTrip(socketPath) == "PING")
        // The socket was bound as .hanguld.sock~ and renamed once it listened with its backlog.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: temporary.child("hangul")).sorted() == [
                "hanguld.sock", "hanguld.sock.lock",
            ])
        await server.shutdown()
    }

    @Test func shutdownRemovesTheSocketAndTheLockFile() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let socketPath = temporary.child("hangul/hanguld.sock")
        let server = try await self.start(socketPath)
        await server.shutdown()
        #expect(try self.mode(socketPath) == nil)
        #expect(try self.mode(socketPath + ".lock") == nil)
        #expect(try self.mode(temporary.child("hangul")) == 0o040_700)
    }

    @Test(arguments: [mode_t(0o770), 0o750, 0o710, 0o707, 0o701, 0o755])
    func directoryOpenToGroupOrOthersIsRefused(mode: mode_t) async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let directory = temporary.child("hangul")
        #expect(mkdir(directory, 0o700) == 0)
        #expect(chmod(directory, mode) == 0)
        await #expect(throws: DaemonError.directoryNotPrivate(directory, mode: UInt32(mode))) {
            _ = try await self.start(directory + "/hanguld.sock")
        }
        #expect(try self.mode(directory + "/hanguld.sock") == nil)
    }

    @Test func groupWritableDirectoryMessageSaysWhatToDo() {
        let error = DaemonError.directoryNotPrivate("/run/user/1000/hangul", mode: 0o770)
        #expect(
            error.description
                == "socket directory /run/user/1000/hangul has mode 0770, open to group or others; "
                + "run chmod 700 /run/user/1000/hangul or choose another --socket PATH"
        )
    }

    @Test func symbolicLinkInPlaceOfTheDirectoryIsRefused() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let real = temporary.child("real")
        let link = temporary.child("hangul")
        #expect(mkdir(real, 0o700) == 0)
        #expect(symlink(real, link) == 0)
        await #expect(throws: DaemonError.directoryIsSymbolicLink(link)) {
            _ = try await self.start(link + "/hanguld.sock")
        }
        #expect(try self.mode(real + "/hanguld.sock") == nil)
        #expect(try self.mode(real + "/hanguld.sock.lock") == nil)
    }

    @Test func fileInPlaceOfTheDirectoryIsRefused() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let file = temporary.child("hangul")
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        await #expect(throws: DaemonError.notADirectory(file)) {
            _ = try await self.start(file + "/hanguld.sock")
        }
    }

    @Test(.enabled(if: geteuid() == 0, "only root can give a directory to another user"))
    func directoryOwnedByAnotherUserIsRefused() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let directory = temporary.child("hangul")
        #expect(mkdir(directory, 0o700) == 0)
        #expect(chown(directory, 65534, 65534) == 0)
        await #expect(throws: DaemonError.directoryOwnedByAnotherUser(directory, owner: 65534, us: 0)) {
            _ = try await self.start(directory + "/hanguld.sock")
        }
    }

    @Test func missingParentDirectoryIsAnErrorNotCreated() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let directory = temporary.child("missing/hangul")
        await #expect(throws: DaemonError.system(SystemCallError("mkdir", path: directory, errno: ENOENT))) {
            _ = try await self.start(directory + "/hanguld.sock")
        }
    }

    @Test func staleSocketIsReplaced() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let directory = temporary.child("hangul")
        let socketPath = directory + "/hanguld.sock"
        #expect(mkdir(directory, 0o700) == 0)
        // A dead daemon's socket: bound, then its process went away without removing it.
        let dead = try FileDescriptor.boundUnixSocket(path: socketPath, mode: 0o600, nonBlocking: true)
        try dead.close()
        #expect(try self.mode(socketPath) == 0o140_600)
        #expect(throws: SystemCallError.self) { try UnixClient(path: socketPath) }

        let (logger, logs) = CapturedLog.logger()
        let server = try await self.start(socketPath, logger: logger)
        #expect(try self.roundTrip(socketPath) == "PING")
        #expect(logs.all.contains { $0.contains("removed a stale socket") })
        await server.shutdown()
    }

    @Test func liveDaemonHoldingTheLockIsNotReplaced() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let socketPath = temporary.child("hangul/hanguld.sock")
        let first = try await self.start(socketPath)
        await #expect(throws: DaemonError.alreadyRunning(socket: socketPath, lock: socketPath + ".lock")) {
            _ = try await self.start(socketPath)
        }
        // The refused start must not have touched the live daemon's socket.
        #expect(try self.roundTrip(socketPath) == "PING")
        await first.shutdown()
    }

    @Test func somethingOtherThanASocketAtThePathIsNotRemoved() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let directory = temporary.child("hangul")
        let socketPath = directory + "/hanguld.sock"
        #expect(mkdir(directory, 0o700) == 0)
        #expect(FileManager.default.createFile(atPath: socketPath, contents: Data("keep".utf8)))
        await #expect(throws: DaemonError.socketPathOccupied(socketPath)) {
            _ = try await self.start(socketPath)
        }
        #expect(FileManager.default.contents(atPath: socketPath) == Data("keep".utf8))
        #expect(try self.mode(socketPath + ".lock") == nil)
    }

    @Test func socketPathLongerThanSunPathIsRefused() async throws {
        let path = "/tmp/" + String(repeating: "d", count: 120) + "/hanguld.sock"
        await #expect(throws: DaemonError.socketPathTooLong(path, limit: 107)) {
            _ = try await self.start(path)
        }
    }

    @Test func inheritedSocketIsServedAndItsFileLeftAlone() async throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let socketPath = temporary.child("inherited.sock")
        let descriptor = try FileDescriptor.boundUnixSocket(path: socketPath, mode: 0o600, nonBlocking: true)
        let server = try await startServer(
            listeningOn: .inheritedDescriptor(descriptor),
            factory: UppercaseSessionFactory(),
            logger: self.quiet
        )
        #expect(server.socketPath == nil)
        #expect(try self.roundTrip(socketPath) == "PING")
        await server.shutdown()
        #expect(try self.mode(socketPath) == 0o140_600)
        #expect(try self.mode(socketPath + ".lock") == nil)
    }

    @Test func inheritedDescriptorThatIsNotAUnixStreamSocketIsRefused() async throws {
        let datagram = FileDescriptor(rawValue: socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0))
        defer { try? datagram.close() }
        await #expect(throws: DaemonError.inheritedDescriptorNotUnixStream(datagram)) {
            _ = try await startServer(
                listeningOn: .inheritedDescriptor(datagram),
                factory: UppercaseSessionFactory(),
                logger: self.quiet
            )
        }
    }

    @Test(arguments: [
        (ServerConfiguration(maxSessions: 0), "max-sessions must be at least 1, not 0"),
        (ServerConfiguration(maxPendingLines: 0), "max-pending must be at least 1, not 0"),
        (ServerConfiguration(maxLineLength: 1), "max-line-length must leave room for a byte and the newline"),
        (
            ServerConfiguration(helloTimeout: .milliseconds(500)),
            "hello-timeout must be between 1 and 86400 seconds, not 500 ms"
        ),
    ])
    func limitsOutOfRangeAreRefused(configuration: ServerConfiguration, message: String) async throws {
        await #expect(throws: DaemonError.invalidConfiguration(message)) {
            _ = try await startServer(
                listeningOn: .path("/nonexistent/never-created.sock"),
                factory: UppercaseSessionFactory(),
                configuration: configuration,
                logger: self.quiet
            )
        }
    }
}
