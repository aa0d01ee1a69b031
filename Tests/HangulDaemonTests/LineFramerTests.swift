import HangulDaemon
import NIOCore
import NIOEmbedded
import Testing

@Suite struct LineFramerTests {
    /// An embedded channel with only the framer, so decoded lines come out as inbound `ByteBuffer`s.
    private func makeChannel(maxLineLength: Int = 65536) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(
            ByteToMessageHandler(LineFramer(maxLineLength: maxLineLength))
        )
        return channel
    }

    private func feed(_ channel: EmbeddedChannel, _ bytes: [UInt8]) throws {
        try channel.writeInbound(ByteBuffer(bytes: bytes))
    }

    private func feed(_ channel: EmbeddedChannel, _ text: String) throws {
        try self.feed(channel, Array(text.utf8))
    }

    private func lines(_ channel: EmbeddedChannel) throws -> [String] {
        var result: [String] = []
        while let line = try channel.readInbound(as: ByteBuffer.self) {
            result.append(String(buffer: line))
        }
        return result
    }

    @Test func lineSplitAcrossReadsIsJoined() throws {
        let channel = try self.makeChannel()
        try self.feed(channel, "hel")
        #expect(try self.lines(channel) == [])
        try self.feed(channel, "lo\nwor")
        #expect(try self.lines(channel) == ["hello"])
        try self.feed(channel, "ld\n")
        #expect(try self.lines(channel) == ["world"])
        #expect(try channel.finish().isClean)
    }

    @Test func severalLinesInOneReadComeOutInOrder() throws {
        let channel = try self.makeChannel()
        try self.feed(channel, "one\ntwo\n\nthree\n")
        #expect(try self.lines(channel) == ["one", "two", "", "three"])
        #expect(try channel.finish().isClean)
    }

    @Test func lineExactlyAtTheLimitIsAccepted() throws {
        let channel = try self.makeChannel(maxLineLength: 65536)
        let content = [UInt8](repeating: UInt8(ascii: "a"), count: 65535)
        try self.feed(channel, content + [UInt8(ascii: "\n")])
        let line = try channel.readInbound(as: ByteBuffer.self)
        #expect(line?.readableBytes == 65535)
        #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
        #expect(try channel.finish().isClean)
    }

    @Test func lineAtTheLimitArrivingInSmallPiecesIsAccepted() throws {
        let channel = try self.makeChannel(maxLineLength: 65536)
        for _ in 0..<65 {
            try self.feed(channel, [UInt8](repeating: UInt8(ascii: "b"), count: 1000))
        }
        try self.feed(channel, [UInt8](repeating: UInt8(ascii: "b"), count: 535) + [UInt8(ascii: "\n")])
        #expect(try channel.readInbound(as: ByteBuffer.self)?.readableBytes == 65535)
        #expect(try channel.finish().isClean)
    }

    @Test func oneByteOverTheLimitIsAnError() throws {
        let channel = try self.makeChannel(maxLineLength: 65536)
        let content = [UInt8](repeating: UInt8(ascii: "a"), count: 65536)
        #expect(throws: LineFramer.LineTooLong(limit: 65536)) {
            try self.feed(channel, content + [UInt8(ascii: "\n")])
        }
        #expect(try self.lines(channel) == [])
        _ = try? channel.finish()
    }

    @Test func overlongLineWithoutNewlineIsAnErrorAsSoonAsTheLimitIsReached() throws {
        let channel = try self.makeChannel(maxLineLength: 8)
        try self.feed(channel, "1234567")
        #expect(throws: LineFramer.LineTooLong(limit: 8)) {
            try self.feed(channel, "8")
        }
        _ = try? channel.finish()
    }

    @Test func linesBeforeAnOverlongLineAreStillEmitted() throws {
        let channel = try self.makeChannel(maxLineLength: 8)
        #expect(throws: LineFramer.LineTooLong(limit: 8)) {
            try self.feed(channel, "ok\nfine\n0123456789")
        }
        #expect(try self.lines(channel) == ["ok", "fine"])
        _ = try? channel.finish()
    }

    @Test func lineCutOffByDisconnectIsDropped() throws {
        let channel = try self.makeChannel()
        try self.feed(channel, "complete\npartial request")
        #expect(try self.lines(channel) == ["complete"])
        // finish() delivers end of input: the unfinished line must neither come out nor raise an error.
        let leftovers = try channel.finish()
        #expect(leftovers.isClean)
        #expect(try self.lines(channel) == [])
    }

    @Test func lineCutOffByHalfCloseIsDropped() throws {
        let channel = try self.makeChannel()
        try self.feed(channel, "complete\nhalf")
        channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        #expect(try self.lines(channel) == ["complete"])
        #expect(try channel.finish().isClean)
    }

    @Test func nulAndNonUTF8BytesPassThroughUnchanged() throws {
        let channel = try self.makeChannel()
        let content: [UInt8] = [0x61, 0x00, 0x62, 0xFF, 0xC3, 0x00]
        try self.feed(channel, content + [UInt8(ascii: "\n")])
        let line = try channel.readInbound(as: ByteBuffer.self)
        #expect(line.map { Array($0.readableBytesView) } == content)
        #expect(try channel.finish().isClean)
    }

    @Test func carriageReturnIsPartOfTheLine() throws {
        // The protocol is "\n"-delimited; a "\r" before it belongs to the line and is the session's business.
        let channel = try self.makeChannel()
        try self.feed(channel, "crlf\r\n")
        #expect(try self.lines(channel) == ["crlf\r"])
        #expect(try channel.finish().isClean)
    }
}
