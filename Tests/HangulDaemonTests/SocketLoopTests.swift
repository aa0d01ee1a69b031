import Foundation
import Testing

/// The daemon's socket loop seen from a client: keys sent one at a time and the same keys
/// pipelined in one write get the same replies, and a line over the bound ends the stream with
/// its error after every earlier reply.
@Suite struct SocketLoopTests {
    private static let keys = [(114, 27), (107, 45), (115, 39), (107, 45), (32, 65)]

    private static func keyLine(id: Int, _ key: (Int, Int)) -> String {
        #"{"id":\#(id),"method":"key","params":{"keysym":\#(key.0),"keycode":\#(key.1),"modifiers":0}}"# + "\n"
    }

    @Test func pipelinedKeysGetTheRepliesOfKeysSentOneAtATimeAndAnOverlongLineEndsTheStream() async throws {
        let daemon = try await RunningDaemon.start()
        let client = try UnixClient(path: daemon.socketPath, timeoutSeconds: 10)
        defer { client.close() }
        try client.send(#"{"id":"h","method":"hello","params":{"protocol":1,"client":"loops"}}"# + "\n")
        _ = try #require(try client.readLine())
        var oneAtATime: [String] = []
        for (index, key) in Self.keys.enumerated() {
            try client.send(Self.keyLine(id: index, key))
            oneAtATime.append(try #require(try client.readLine()))
        }
        // Ids 10…14 for the same keys typed again after a space: the same state, so the same replies.
        try client.send(Self.keys.enumerated().map { Self.keyLine(id: $0 + 10, $1) }.joined())
        // Exactly the bound and no newline: the daemon has read every byte when it refuses the line,
        // so the stream ends cleanly after the error.
        try client.send(bytes: [UInt8](repeating: UInt8(ascii: "x"), count: 65_536))
        let rest = String(decoding: try client.readToEnd(), as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(oneAtATime.contains { $0.contains(#""preedit":"가""#) }, "the keys composed 가 on the way")
        let renumbered = oneAtATime.enumerated().map { index, reply in
            reply.replacingOccurrences(of: #"{"id":\#(index),"#, with: #"{"id":\#(index + 10),"#)
        }
        #expect(Array(rest.prefix(5)) == renumbered)
        let refusal =
            #""code":-32003,"message":"line longer than 65536 bytes (newline included); closing the connection"}}"#
        #expect(rest.count == 6)
        #expect(rest.last?.hasSuffix(refusal) == true)
        #expect(try await daemon.stop().status == 0)
    }
}
