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

    private func makeHarness(
        maxLineLength: Int = 65536, maxPendingLines: Int = 1024, requiresHello: Bool = false,
        between: (any ChannelHandler)? = nil
    ) throws -> Harness {
        let channel = EmbeddedChannel()
        var factory = UppercaseSessionFactory()
        factory.requiresHello = requiresHello
        let reads = ReadRecorder()
        try channel.pipeline.syncOperations.addHandler(reads)
        if let between {
            try channel.pipeline.syncOperations.addHandler(between)
        }
        try channel.pipeline.syncOperations.addHandler(
            SessionHandler(
                factory: factory,
                limits: .init(
                    maxLineLength: maxLineLength, maxPendingLines: maxPendingLines, maxPendingBytes: 1 << 20,
                    helloTimeout: .seconds(10)),
                finalWriteTimeout: .seconds(5),
                registry: ConnectionRegistry(),
                logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() },
                now: channel.embeddedEventLoop.now
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

    @Test func readsGoOnWhileLinesWaitSoANonReadingClientMeetsTheBound() throws {
        let harness = try self.makeHarness()
        harness.channel.read()
        #expect(harness.reads.reads == 1)
        self.setWritable(harness, false)
        try self.send(harness, "one\n")
        harness.channel.read()
        #expect(harness.reads.reads == 2)
        self.setWritable(harness, true)
        #expect(try self.output(harness) == "ONE\n")
    }

    @Test func readsStopOnceInputHasEnded() throws {
        let harness = try self.makeHarness()
        harness.channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        let before = harness.reads.reads
        harness.channel.read()
        #expect(harness.reads.reads == before)
    }

    @Test func writabilityRegainedInsideAFlushIsNotLost() throws {
        // Each reply fills the channel; each flush empties it and reports so from inside the flush,
        // where the handler is busy: it must ask again rather than wait for an event already spent.
        let valve = FlushValve()
        let harness = try self.makeHarness(between: valve)
        self.setWritable(harness, false)
        try self.send(harness, "a\nb\nc\nd\n")
        #expect(try self.output(harness) == "")
        valve.isArmed = true
        self.setWritable(harness, true)
        #expect(try self.output(harness) == "A\nB\nC\nD\n")
        #expect(valve.flushes >= 4)
    }

    @Test func connectionWithoutHelloIsClosedWhenTheHelloTimeoutPasses() throws {
        let harness = try self.makeHarness(requiresHello: true)
        try self.send(harness, "ping\n")
        harness.channel.embeddedEventLoop.advanceTime(by: .seconds(9))
        #expect(try self.output(harness) == "PING\n")
        #expect(harness.channel.isActive)
        harness.channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(try self.output(harness) == "ERROR no-hello 10\n")
        #expect(!harness.channel.isActive)
    }

    @Test func sessionOpenedByHelloIsNeverTimedOutWhileIdle() throws {
        let harness = try self.makeHarness(requiresHello: true)
        try self.send(harness, "hello\n")
        harness.channel.embeddedEventLoop.advanceTime(by: .hours(1))
        #expect(try self.output(harness) == "HELLO\n")
        #expect(harness.channel.isActive)
    }

    @Test func lineLeftUnfinishedIsClosedWhenTheTimeoutPasses() throws {
        let harness = try self.makeHarness()
        try self.send(harness, "done\nhalf a li")
        harness.channel.embeddedEventLoop.advanceTime(by: .seconds(5))
        try self.send(harness, "ne, still")
        harness.channel.embeddedEventLoop.advanceTime(by: .seconds(5))
        #expect(try self.output(harness) == "DONE\nERROR unfinished-line 10\n")
        #expect(!harness.channel.isActive)
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
        // A tick of the event loop passes with nothing more in the socket: input has ended.
        harness.channel.embeddedEventLoop.advanceTime(by: .milliseconds(5))
        try self.send(harness, "after drain\n")
        self.setWritable(harness, true)
        #expect(try self.output(harness) == "ONE\n")
        #expect(!harness.channel.isActive)
    }

    @Test func drainEventStillTakesWhatTheSocketHeld() throws {
        let harness = try self.makeHarness()
        let before = harness.reads.reads
        harness.channel.pipeline.fireUserInboundEventTriggered(ConnectionDrainEvent())
        #expect(harness.reads.reads == before + 1)
        // What the socket held arrives with the next poll, before the tick.
        try self.send(harness, "already sent\n")
        harness.channel.embeddedEventLoop.advanceTime(by: .milliseconds(5))
        harness.channel.embeddedEventLoop.advanceTime(by: .milliseconds(5))
        #expect(try self.output(harness) == "ALREADY SENT\n")
        #expect(!harness.channel.isActive)
    }
}

/// An outbound handler that, once armed, makes the channel unwritable on every write and writable
/// again inside every flush, announcing it there, as NIO does when a flush empties its buffer.
private final class FlushValve: ChannelOutboundHandler {
    typealias OutboundIn = ByteBuffer

    var isArmed = false
    private(set) var flushes = 0

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        context.write(data, promise: promise)
        if self.isArmed, let channel = context.channel as? EmbeddedChannel {
            channel.isWritable = false
        }
    }

    func flush(context: ChannelHandlerContext) {
        context.flush()
        self.flushes += 1
        if self.isArmed, let channel = context.channel as? EmbeddedChannel, !channel.isWritable {
            channel.isWritable = true
            context.fireChannelWritabilityChanged()
        }
    }
}
