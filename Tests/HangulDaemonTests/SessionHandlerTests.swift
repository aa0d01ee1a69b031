import Logging
import NIOCore
import NIOEmbedded
import Testing

@testable import HangulDaemon

@Suite struct SessionHandlerTests {
    private struct Harness {
        let channel: EmbeddedChannel
        let factory: UppercaseSessionFactory
        let reads: ReadRecorder
    }

    private func makeHarness(maxLineLength: Int = 65536, maxPendingLines: Int = 1024) throws -> Harness {
        let channel = EmbeddedChannel()
        let factory = UppercaseSessionFactory()
        let reads = ReadRecorder()
        try channel.pipeline.syncOperations.addHandler(reads)
        try channel.pipeline.syncOperations.addHandler(
            SessionHandler(
                factory: factory,
                maxLineLength: maxLineLength,
                maxPendingLines: maxPendingLines,
                finalWriteTimeout: .seconds(5),
                registry: ConnectionRegistry(),
                logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
            )
        )
        try channel.connect(to: SocketAddress(unixDomainSocketPath: "/nonexistent")).wait()
        return Harness(channel: channel, factory: factory, reads: reads)
    }

    private func send(_ harness: Harness, _ text: String) throws {
        try harness.channel.writeInbound(ByteBuffer(string: text))
    }

    /// Everything written so far, concatenated.
    private func output(_ harness: Harness) throws -> String {
        var text = ""
        while let buffer = try harness.channel.readOutbound(as: ByteBuffer.self) {
            text += String(buffer: buffer)
        }
        return text
    }

    private func setWritable(_ harness: Harness, _ writable: Bool) {
        harness.channel.isWritable = writable
        harness.channel.pipeline.fireChannelWritabilityChanged()
    }

    @Test func eachLineIsAnsweredInOrder() throws {
        let harness = try self.makeHarness()
        try self.send(harness, "ab\ncd\n")
        try self.send(harness, "e")
        try self.send(harness, "f\n")
        #expect(try self.output(harness) == "AB\nCD\nEF\n")
        #expect(harness.channel.isActive)
    }

    @Test func silentRequestGetsNoBytes() throws {
        let harness = try self.makeHarness()
        try self.send(harness, "silent\nx\n")
        #expect(try self.output(harness) == "X\n")
    }

    @Test func overlongLineGetsTheFactoryErrorAndCloses() throws {
        let harness = try self.makeHarness(maxLineLength: 8)
        try self.send(harness, "ok\n0123456789\nlater\n")
        #expect(try self.output(harness) == "OK\nERROR line-too-long 8\n")
        #expect(!harness.channel.isActive)
        #expect(harness.factory.log.lines == [Array("ok".utf8)])
    }

    @Test func overlongLineArrivingInPiecesIsCaughtAtTheBound() throws {
        let harness = try self.makeHarness(maxLineLength: 8)
        try self.send(harness, "ok\n0123")
        #expect(try self.output(harness) == "OK\n")
        try self.send(harness, "456")
        #expect(harness.channel.isActive)
        try self.send(harness, "7")
        #expect(try self.output(harness) == "ERROR line-too-long 8\n")
        #expect(!harness.channel.isActive)
    }

    @Test func sessionCanCloseTheConnectionAfterItsReply() throws {
        let harness = try self.makeHarness()
        try self.send(harness, "close\nnever answered\n")
        #expect(try self.output(harness) == "BYE\n")
        #expect(!harness.channel.isActive)
        #expect(harness.factory.log.lines == [Array("close".utf8)])
        #expect(harness.factory.log.closes == 1)
    }

    @Test func linesWaitWhileTheClientIsNotReadingAndAreAnsweredLater() throws {
        let harness = try self.makeHarness()
        self.setWritable(harness, false)
        try self.send(harness, "one\ntwo\nthree\n")
        #expect(try self.output(harness) == "")
        #expect(harness.factory.log.lines.isEmpty)
        self.setWritable(harness, true)
        #expect(try self.output(harness) == "ONE\nTWO\nTHREE\n")
        #expect(harness.channel.isActive)
    }

    @Test func readsAreHeldBackWhileLinesWait() throws {
        let harness = try self.makeHarness()
        harness.channel.read()
        #expect(harness.reads.reads == 1)
        self.setWritable(harness, false)
        try self.send(harness, "one\n")
        harness.channel.read()
        #expect(harness.reads.reads == 1)
        self.setWritable(harness, true)
        // The held-back read is issued once the backlog is answered.
        #expect(harness.reads.reads == 2)
        #expect(try self.output(harness) == "ONE\n")
    }

    @Test func pendingLinesUpToTheBoundAreKept() throws {
        let harness = try self.makeHarness(maxPendingLines: 4)
        self.setWritable(harness, false)
        try self.send(harness, "a\nb\nc\nd\n")
        #expect(harness.channel.isActive)
        self.setWritable(harness, true)
        #expect(try self.output(harness) == "A\nB\nC\nD\n")
    }

    @Test func onePendingLineOverTheBoundGetsTheErrorAndCloses() throws {
        let harness = try self.makeHarness(maxPendingLines: 4)
        self.setWritable(harness, false)
        try self.send(harness, "a\nb\nc\nd\ne\n")
        #expect(try self.output(harness) == "ERROR too-many-pending 4\n")
        #expect(!harness.channel.isActive)
        #expect(harness.factory.log.lines.isEmpty)
    }

    @Test func halfClosedClientStillGetsItsPendingAnswersThenTheConnectionCloses() throws {
        let harness = try self.makeHarness()
        self.setWritable(harness, false)
        try self.send(harness, "one\ntwo\ncut")
        harness.channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        #expect(harness.channel.isActive)
        self.setWritable(harness, true)
        #expect(try self.output(harness) == "ONE\nTWO\n")
        #expect(!harness.channel.isActive)
        #expect(harness.factory.log.lines == [Array("one".utf8), Array("two".utf8)])
    }

    @Test func drainEventAnswersWhatWasReceivedThenCloses() throws {
        let harness = try self.makeHarness()
        self.setWritable(harness, false)
        try self.send(harness, "one\n")
        harness.channel.pipeline.fireUserInboundEventTriggered(ConnectionDrainEvent())
        try self.send(harness, "after drain\n")
        self.setWritable(harness, true)
        #expect(try self.output(harness) == "ONE\n")
        #expect(!harness.channel.isActive)
    }

    @Test func sessionIsToldOnceThatItsConnectionClosed() throws {
        let harness = try self.makeHarness()
        try self.send(harness, "x\n")
        try harness.channel.close().wait()
        _ = try? harness.channel.finish()
        #expect(harness.factory.log.closes == 1)
    }
}
