import Testing

/// The two socket loops `hanguld` can serve with (`--server epoll`, the default, and the hidden
/// `--server nio`, kept for the benchmark) are one daemon to a client: the same bytes back for the
/// same bytes in, up to and including the error that ends a connection. The rest of the suite runs
/// against the default; `HANGULD_TEST_SERVER=nio` runs all of it against NIO.
@Suite struct SocketLoopTests {
    /// Hello, keys one at a time, keys pipelined in one write, then a line over the bound: every
    /// reply the daemon sends, to the end of the stream.
    private func transcript(server: String) async throws -> [UInt8] {
        let daemon = try await RunningDaemon.start(["--server", server])
        let client = try UnixClient(path: daemon.socketPath, timeoutSeconds: 10)
        defer { client.close() }
        try client.send(#"{"id":"h","method":"hello","params":{"protocol":1,"client":"loops"}}"# + "\n")
        var received = try #require(try client.readLineBytes()) + [10]
        let keys = [(114, 27), (107, 45), (115, 39), (107, 45), (32, 65)]
        for (index, (keysym, keycode)) in keys.enumerated() {
            try client.send(
                #"{"id":\#(index),"method":"key","params":{"keysym":\#(keysym),"keycode":\#(keycode),"modifiers":0}}"#
                    + "\n")
            received += try #require(try client.readLineBytes()) + [10]
        }
        let pipelined = keys.enumerated().map { index, key in
            #"{"id":\#(index + 10),"method":"key","params":{"keysym":\#(key.0),"keycode":\#(key.1),"modifiers":0}}"#
                + "\n"
        }
        try client.send(pipelined.joined())
        // Exactly the bound and no newline: the daemon has read every byte when it refuses the line,
        // so the stream ends cleanly after the error.
        try client.send(bytes: [UInt8](repeating: UInt8(ascii: "x"), count: 65_536))
        received += try client.readToEnd()
        #expect(try await daemon.stop().status == 0)
        return received
    }

    @Test func bothLoopsSendTheSameBytesForTheSameRequests() async throws {
        let epoll = try await self.transcript(server: "epoll")
        let nio = try await self.transcript(server: "nio")
        let text = String(decoding: epoll, as: UTF8.self)
        #expect(text.contains(#""preedit":"가""#), "the keys composed 가 on the way")
        let refusal =
            #""code":-32003,"message":"line longer than 65536 bytes (newline included); closing the connection"}}"#
        #expect(text.hasSuffix(refusal + "\n"))
        #expect(epoll == nio)
    }
}
