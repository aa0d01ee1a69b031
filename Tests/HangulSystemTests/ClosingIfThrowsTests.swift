import Glibc
import HangulSystem
import HangulTestSupport
import SystemPackage
import Testing

/// Setting up a descriptor that is kept: closed when the setup fails, open when it succeeds.
@Suite struct ClosingIfThrowsTests {
    private struct SetupFailed: Error, Equatable {}

    @Test func aFailedSetupClosesTheDescriptorAndRethrowsItsError() throws {
        // On a high number, which no test running in parallel is given before it is closed, so the
        // check that it is closed cannot see another test's new descriptor under the same number.
        let opened = try FileDescriptor.unixStreamSocket()
        #expect(dup2(opened.rawValue, 900) == 900)
        try opened.close()
        let socket = FileDescriptor(rawValue: 900)
        #expect(throws: SetupFailed()) {
            try socket.closingIfThrows { () throws(SetupFailed) in throw SetupFailed() }
        }
        #expect(fcntl(socket.rawValue, F_GETFD) == -1)
        #expect(Errno(rawValue: errno) == .badFileDescriptor)
    }

    @Test func aSuccessfulSetupLeavesTheDescriptorOpen() throws {
        let socket = try FileDescriptor.unixStreamSocket()
        defer { try? socket.close() }
        #expect(try socket.closingIfThrows { () throws(SetupFailed) in 7 } == 7)
        #expect(fcntl(socket.rawValue, F_GETFD) & FD_CLOEXEC != 0)
    }

    @Test func changeModeSetsTheModeOfTheOpenFile() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let path = try temporary.write("x", to: "file")
        let file = try FileDescriptor.open(FilePath(path), .readOnly)
        defer { try? file.close() }
        try file.changeMode(0o640)
        #expect(try file.status().permissions == 0o640)
        #expect(try FileStatus.of(path)?.permissions == 0o640)
    }
}
