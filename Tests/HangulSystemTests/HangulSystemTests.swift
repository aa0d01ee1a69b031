import Glibc
import HangulSystem
import HangulTestSupport
import SystemPackage
import Testing

/// The shared POSIX plumbing, against the real system.
@Suite struct HangulSystemTests {
    @Test func socketAddressRefusesAPathThatDoesNotFit() {
        let path = "/" + String(repeating: "x", count: UnixSocketAddress.maxPathLength)
        #expect(UnixSocketAddress.maxPathLength == 107)
        #expect(throws: SystemCallError("sockaddr_un", path: path, errno: ENAMETOOLONG)) {
            try UnixSocketAddress(path: path)
        }
        #expect(throws: SystemCallError("sockaddr_un", path: "", errno: EINVAL)) { try UnixSocketAddress(path: "") }
    }

    @Test func connectingToNothingSaysWhatAndWhere() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let path = temporary.child("absent.sock")
        #expect(throws: SystemCallError("connect", path: path, errno: ENOENT)) {
            try FileDescriptor.connectedUnixSocket(path: path)
        }
        #expect(
            SystemCallError("connect", path: path, errno: ENOENT).description
                == "connect \(path): No such file or directory")
    }

    @Test func boundListeningSocketAcceptsAConnectionAndCarriesBytes() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let path = temporary.child("s.sock")
        let listener = try FileDescriptor.unixStreamSocket()
        defer { try? listener.close() }
        try listener.bind(to: UnixSocketAddress(path: path))
        try listener.listen(backlog: 8)
        #expect(listener.isUnixStreamSocket)
        #expect(try FileStatus.of(path)?.isSocket == true)

        #expect(!listener.hasInputWaiting)
        let client = try FileDescriptor.connectedUnixSocket(path: path)
        defer { try? client.close() }
        #expect(listener.hasInputWaiting)
        let server = FileDescriptor(rawValue: accept(listener.rawValue, nil, nil))
        defer { try? server.close() }
        _ = try client.writeAll("ping\n".utf8)
        try client.close()
        #expect(try server.readAll(upTo: 64) == Array("ping\n".utf8))
    }

    @Test func readAllRefusesMoreThanItsLimit() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let path = try temporary.write("0123456789", to: "ten")
        let file = try FileDescriptor.open(FilePath(path), .readOnly)
        defer { try? file.close() }
        #expect(throws: SystemCallError("read", errno: EFBIG)) { try file.readAll(upTo: 9) }
        #expect(try file.status().size == 10)
        #expect(try file.status().isRegularFile)
    }

    @Test func fileStatusTellsAMissingPathFromASymbolicLink() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        #expect(try FileStatus.of(temporary.child("missing")) == nil)
        #expect(symlink(temporary.path, temporary.child("link")) == 0)
        #expect(try FileStatus.of(temporary.child("link"))?.isSymbolicLink == true)
        #expect(try FileStatus.of(temporary.child("link"), followingSymbolicLinks: true)?.isDirectory == true)
        #expect(try FileSystem.makeDirectory(temporary.child("d"), mode: 0o700))
        #expect(try FileSystem.makeDirectory(temporary.child("d"), mode: 0o700) == false)
        try FileSystem.unlinkIfExists(temporary.child("missing"))
    }

    @Test func descriptorLimitIsReadAndTheSoftLimitStaysWithinTheHard() throws {
        let limit = try DescriptorLimit.current()
        #expect(limit.soft >= 1)
        #expect(limit.soft <= limit.hard)
        try DescriptorLimit.raiseSoft(to: limit.soft)
        #expect(try DescriptorLimit.current() == limit)
    }
}
