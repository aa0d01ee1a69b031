import Glibc
import HangulSystem
import HangulTestSupport
import SystemPackage
import Testing

/// The calls a client bounding each read and write by a deadline is built on, against real sockets.
@Suite struct NonBlockingSocketTests {
    /// A connected pair of Unix stream sockets, the first made non-blocking.
    private func pair() throws -> (FileDescriptor, FileDescriptor) {
        var descriptors: [CInt] = [-1, -1]
        let made = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &descriptors)
        try #require(made == 0)
        let ours = FileDescriptor(rawValue: descriptors[0])
        try ours.setNonBlocking()
        return (ours, FileDescriptor(rawValue: descriptors[1]))
    }

    @Test func aNonBlockingReadWithNothingToReadFailsAtOnceWithEAGAIN() throws {
        let (ours, theirs) = try self.pair()
        defer {
            try? ours.close()
            try? theirs.close()
        }
        var byte: UInt8 = 0
        #expect(throws: Errno.wouldBlock) {
            try withUnsafeMutableBytes(of: &byte) { try ours.read(into: $0) }
        }
    }

    @Test func waitingForInputEndsAtTheDeadlineAndNotBefore() throws {
        let (ours, theirs) = try self.pair()
        defer {
            try? ours.close()
            try? theirs.close()
        }
        let deadline = MonotonicInstant.now + .milliseconds(30)
        #expect(try ours.waitUntilReady(for: .readable, deadline: deadline) == false)
        #expect(MonotonicInstant.now >= deadline)
        #expect(try ours.waitUntilReady(for: .readable, deadline: .now - .seconds(1)) == false)
    }

    @Test func waitingEndsAsSoonAsBytesArriveOrTheBufferHasRoom() throws {
        let (ours, theirs) = try self.pair()
        defer {
            try? ours.close()
            try? theirs.close()
        }
        #expect(try ours.waitUntilReady(for: .writable, deadline: .now + .seconds(10)))
        _ = try theirs.writeAll("x\n".utf8)
        #expect(try ours.waitUntilReady(for: .readable, deadline: .now + .seconds(10)))
        #expect(try ours.waitUntilReady(for: .readable, deadline: nil))
    }

    @Test func sendingToAFullBufferSaysWouldBlockAndToAClosedPeerSaysEPIPE() throws {
        let (ours, theirs) = try self.pair()
        defer { try? ours.close() }
        let block = [UInt8](repeating: 0x61, count: 1 << 16)
        var sent = 0
        var full: SystemCallError?
        while full == nil, sent < 1 << 30 {
            do {
                sent += try block.withUnsafeBytes { try ours.sendWithoutSignal($0) }
            } catch let error as SystemCallError {
                full = error
            }
        }
        #expect(full == SystemCallError("send", errno: .wouldBlock))
        #expect(try ours.waitUntilReady(for: .writable, deadline: .now + .milliseconds(10)) == false)
        try theirs.close()
        // Without MSG_NOSIGNAL this would raise SIGPIPE and end the test process.
        #expect(throws: SystemCallError("send", errno: .brokenPipe)) {
            try block.withUnsafeBytes { try ours.sendWithoutSignal($0) }
        }
    }

    @Test func aSocketConnectedNonBlockingNeverWaitsToRead() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let path = temporary.child("s.sock")
        let listener = try FileDescriptor.unixStreamSocket()
        defer { try? listener.close() }
        try listener.bind(to: UnixSocketAddress(path: path))
        try listener.listen(backlog: 8)
        let client = try FileDescriptor.connectedUnixSocket(path: path, nonBlocking: true)
        defer { try? client.close() }
        var byte: UInt8 = 0
        #expect(throws: Errno.wouldBlock) {
            try withUnsafeMutableBytes(of: &byte) { try client.read(into: $0) }
        }
        let blocking = try FileDescriptor.connectedUnixSocket(path: path)
        defer { try? blocking.close() }
        let flags = fcntl(blocking.rawValue, F_GETFL)
        #expect(flags & O_NONBLOCK == 0)
    }
}
