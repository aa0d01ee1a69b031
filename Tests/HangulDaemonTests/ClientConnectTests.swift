import HangulTestSupport
import Testing

@testable import HangulClient

/// What the client says when it cannot reach a daemon: before any byte is sent, so each case is
/// decided by the socket path alone.
@Suite struct ClientConnectTests {
    @Test func aMissingSocketSaysWhereItLookedAndWhatToStart() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let path = temporary.child("absent.sock")
        #expect(throws: ClientError.cannotConnect(path: path, reason: "No such file or directory")) {
            try UnixSocketConnection(path: path)
        }
    }

    @Test func aPathLongerThanSunPathIsRefusedAsTooLongButOneThatFitsIsTried() {
        let tooLong = "/" + String(repeating: "x", count: 107)
        #expect(throws: ClientError.pathTooLong(tooLong)) { try UnixSocketConnection(path: tooLong) }
        let fits = "/" + String(repeating: "x", count: 106)
        #expect(throws: ClientError.cannotConnect(path: fits, reason: "No such file or directory")) {
            try UnixSocketConnection(path: fits)
        }
    }

    @Test func aPathThatCannotNameASocketIsAnInvalidArgument() {
        #expect(throws: ClientError.cannotConnect(path: "", reason: "Invalid argument")) {
            try UnixSocketConnection(path: "")
        }
        #expect(throws: ClientError.cannotConnect(path: "/tmp/a\u{0}b", reason: "Invalid argument")) {
            try UnixSocketConnection(path: "/tmp/a\u{0}b")
        }
    }
}
