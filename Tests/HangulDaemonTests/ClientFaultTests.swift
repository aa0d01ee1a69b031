import Foundation
import Glibc
import HangulCore
import HangulProtocol
import HangulTestSupport
import Testing

@testable import HangulClient

/// Issue 23, fault 5: `HangulClient` (the IBus engine's, `hangulctl`'s and `hangul-compose
/// --daemon`'s) checked its deadline only while waiting for bytes, so a peer that kept sending
/// bytes without a newline held a call past its timeout and grew the client's memory without bound.
/// The deadline now holds on every read, and a reply line may be at most 65536 bytes with its
/// newline (PROTOCOL.md section 3), as the fcitx5 addon already enforces.
@Suite(.hangGuard)
struct ClientFaultTests {
    private static func socketPair() throws -> (CInt, CInt) {
        var descriptors: [CInt] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &descriptors) == 0
        else { throw POSIXError(.EIO) }
        return (descriptors[0], descriptors[1])
    }

    /// Writes all of `bytes`, blocking; false when the other end has gone.
    @discardableResult
    private static func write(_ bytes: [UInt8], to descriptor: CInt) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    /// A client whose hello the test answered, and the daemon's end of its socket.
    private static func connectedClient() throws -> (HangulClient, CInt) {
        let (clientEnd, daemonEnd) = try socketPair()
        write(
            Reply.line(
                id: .integer(1), result: HelloResult(layouts: LayoutCatalog.builtIn.entries.map(LayoutSummary.init))),
            to: daemonEnd)
        return (try HangulClient(connection: UnixSocketConnection(connected: clientEnd)), daemonEnd)
    }

    /// A peer flooding bytes without a newline (1 MiB here, as fast as the socket takes them): the
    /// old client read for as long as bytes kept coming, whatever its timeout, and held them all.
    /// Now it stops at the line bound, with what was wrong, long before its five-second timeout.
    @Test func aPeerFloodingBytesWithoutANewlineIsCutOffAtTheLineBound() async throws {
        let (client, daemonEnd) = try Self.connectedClient()
        // The feeder closes its end once its write fails: when the client is gone at the end of the test.
        let feeder = Thread {
            Self.write([UInt8](repeating: 0x20, count: 1 << 20), to: daemonEnd)
            close(daemonEnd)
        }
        feeder.start()
        let start = ContinuousClock.now
        #expect(
            throws: ClientError.unexpectedReply(
                "a line of more than 65536 bytes without a newline, longer than the protocol allows")
        ) { try client.ping(timeout: .seconds(5)) }
        #expect(ContinuousClock.now - start < .seconds(4))
    }

    /// 65,537 bytes without a newline are more than a line may hold: the call fails at once with
    /// what was wrong, without waiting for a newline or for its timeout, and the client is then
    /// unusable (the rest of that line would be read as the next reply).
    @Test func aReplyLineLongerThanTheProtocolsBoundIsRefusedAtOnce() async throws {
        let (client, daemonEnd) = try Self.connectedClient()
        defer { close(daemonEnd) }
        Self.write([UInt8](repeating: 0x20, count: 65_537), to: daemonEnd)
        let start = ContinuousClock.now
        #expect(
            throws: ClientError.unexpectedReply(
                "a line of more than 65536 bytes without a newline, longer than the protocol allows")
        ) { try client.ping(timeout: .seconds(5)) }
        #expect(ContinuousClock.now - start < .seconds(4))
        #expect(throws: ClientError.self) { try client.ping(timeout: .milliseconds(100)) }
    }

    /// At the bound: a reply of exactly 65536 bytes, newline included (JSON whitespace before the
    /// newline pads it), is read as any other.
    @Test func aReplyOfExactlyTheBoundIsRead() async throws {
        let (client, daemonEnd) = try Self.connectedClient()
        defer { close(daemonEnd) }
        var line = Array(#"{"id":2,"result":{}}"#.utf8)
        line += [UInt8](repeating: 0x20, count: 65_535 - line.count)
        line.append(0x0A)
        #expect(line.count == 65_536)
        line += Array(#"{"id":3,"result":{}}"#.utf8) + [0x0A]
        let bytes = line
        let writer = Thread { Self.write(bytes, to: daemonEnd) }
        writer.start()
        try client.ping(timeout: .seconds(5))
        try client.ping(timeout: .seconds(5))
    }
}
