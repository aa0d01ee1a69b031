import Logging
import NIOCore

/// Runs one connection's `LineSession` over the lines its `LineFramer` cuts, in order, with bounds.
///
/// The handler calls the framer itself rather than sitting behind NIO's `ByteToMessageHandler`: one
/// pipeline stage less per line took 0.1–0.4 µs (three A/B runs, same CPU) off the one-client round
/// trip of about 14 µs.
/// Framing stays apart from meaning all the same: `LineFramer` knows only bytes and newlines.
///
/// Backpressure: a reply is written as soon as its line arrives while the channel is writable. When
/// the client stops reading and the outbound buffer fills, lines wait in `pending` (received, not yet
/// answered) and no more bytes are read from the socket until the client catches up. A client that
/// still gets more than `maxPendingLines` lines queued (a single read can hold many short lines)
/// receives the factory's `.tooManyPendingRequests` line and is closed. Nothing here ever looks at a
/// line's content, and nothing a client sends is logged.
///
/// Not generic over the factory: NIO calls a handler through its protocol witnesses, and for a
/// generic class those run unspecialized, looking up type metadata and casting `NIOAny` dynamically
/// on every line. The session sits behind `any LineSession` instead, one indirect call per line.
final class SessionHandler: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = Never
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private enum State {
        /// Reading and answering.
        case serving
        /// No more input (the client half-closed, or the server is shutting down): answer what is
        /// pending, then close.
        case draining
        /// The final bytes are being written; the connection closes when they are (or time runs out).
        case closing
        /// The channel is gone.
        case closed
    }

    private var framer: LineFramer
    /// Bytes received after the last complete line: the start of an unfinished line, or nil.
    private var received: ByteBuffer?
    private let factory: any SessionFactory
    private var session: any LineSession
    private let maxPendingLines: Int
    private let finalWriteTimeout: TimeAmount
    private let registry: ConnectionRegistry
    private var logger: Logger

    private var state = State.serving
    private var pending = CircularBuffer<ByteBuffer>()
    /// A `read()` from the pipeline was held back and must be issued once the backlog clears.
    private var readHeldBack = false
    private var needsFlush = false
    /// Guards `answerPending` against re-entry from a writability change fired inside `flush()`.
    private var answeringPending = false
    private var sessionToldClosed = false
    private var closeReason = "client disconnected"

    /// Whether each request is logged at debug level: read once, since asking the logger per line
    /// copies its handler (an existential) every time.
    private let logsRequests: Bool
    /// The storage of the latest short reply; see `buffer(holding:)`.
    private var replyBuffer = ByteBuffer()
    /// The longest reply written into `replyBuffer`: a `key` reply is about 80 bytes, a
    /// `set_options` reply about 250.
    private static var reusedReplyCapacity: Int { 512 }

    private var linesAnswered = 0
    private var bytesReceived = 0
    private var bytesSent = 0

    init(
        factory: some SessionFactory,
        maxLineLength: Int,
        maxPendingLines: Int,
        finalWriteTimeout: TimeAmount,
        registry: ConnectionRegistry,
        logger: Logger
    ) {
        self.framer = LineFramer(maxLineLength: maxLineLength)
        self.factory = factory
        self.session = factory.makeSession()
        self.maxPendingLines = maxPendingLines
        self.finalWriteTimeout = finalWriteTimeout
        self.registry = registry
        self.logger = logger
        self.logsRequests = logger.logLevel <= .debug
    }

    // MARK: Inbound

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .serving = self.state else {
            return
        }
        var bytes = Self.unwrapInboundIn(data)
        if var unfinished = self.received {
            // Only the unfinished line is kept (under `maxLineLength` bytes), so this stays bounded.
            unfinished.discardReadBytes()
            unfinished.writeBuffer(&bytes)
            bytes = unfinished
        }
        self.received = nil
        do throws(LineFramer.LineTooLong) {
            while case .serving = self.state, let line = try self.framer.nextLine(from: &bytes) {
                self.take(line, context: context)
            }
        } catch {
            // Every complete line before it has been taken, so their replies go out first.
            self.reject(.lineTooLong(limit: error.limit), context: context)
            return
        }
        if case .serving = self.state, bytes.readableBytes > 0 {
            self.received = bytes
        }
    }

    /// Answers a complete line at once, or queues it behind the lines already waiting.
    private func take(_ line: ByteBuffer, context: ChannelHandlerContext) {
        self.bytesReceived += line.readableBytes + 1
        if self.pending.isEmpty && context.channel.isWritable {
            self.answer(line, context: context)
        } else if self.pending.count < self.maxPendingLines {
            self.pending.append(line)
        } else {
            self.reject(.tooManyPendingRequests(limit: self.maxPendingLines), context: context)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        self.flushIfNeeded(context: context)
        context.fireChannelReadComplete()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            self.answerPending(context: context)
        }
        context.fireChannelWritabilityChanged()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case ChannelEvent.inputClosed:
            // Bytes after the last newline are a line cut off by the disconnect: never acted on.
            self.received = nil
            self.beginDraining(reason: "client closed its end", context: context)
        case is ConnectionDrainEvent:
            self.beginDraining(reason: "server shutting down", context: context)
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch self.state {
        case .closing, .closed:
            // Fallout of a close already decided (e.g. bytes that arrived after an overlong line).
            return
        case .serving, .draining:
            break
        }
        self.closeReason = "error: \(LoggableError.describe(error))"
        self.state = .closing
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.state = .closed
        self.pending.removeAll()
        self.received = nil
        self.endSession()
        let active = self.registry.remove(context.channel)
        self.logger.info(
            "connection closed",
            metadata: [
                "reason": "\(self.closeReason)",
                "lines": "\(self.linesAnswered)",
                "bytes-in": "\(self.bytesReceived)",
                "bytes-out": "\(self.bytesSent)",
                "active": "\(active ?? self.registry.count)",
            ]
        )
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        // Normally channelInactive came first; this covers a pipeline torn down without it.
        self.endSession()
    }

    // MARK: Outbound

    func read(context: ChannelHandlerContext) {
        // Hold reads back while lines wait or the client is not reading, so a pipelining client is
        // slowed down by the kernel's socket buffers instead of growing our memory.
        guard case .serving = self.state, self.pending.isEmpty, context.channel.isWritable else {
            self.readHeldBack = true
            return
        }
        context.read()
    }

    // MARK: Decisions

    private func answer(_ line: ByteBuffer, context: ChannelHandlerContext) {
        let reply = self.session.handle(line: line)
        self.linesAnswered += 1
        if self.logsRequests, let summary = self.session.lastLineSummary {
            self.logger.debug("request", metadata: ["line": "\(summary)", "bytes": "\(line.readableBytes)"])
        }
        if !reply.bytes.isEmpty {
            self.bytesSent += reply.bytes.count
            context.write(Self.wrapOutboundOut(self.buffer(holding: reply.bytes)), promise: nil)
            self.needsFlush = true
            if !context.channel.isWritable {
                // Let the kernel take what it can before deciding that the client is not reading.
                self.flushIfNeeded(context: context)
            }
        }
        if reply.closeAfterwards {
            self.closeReason = "session ended it"
            self.closeAfterWriting(nil, context: context)
        }
    }

    /// A buffer holding `bytes`, reusing the last reply's storage for the short replies of typing.
    ///
    /// By the next line the socket has normally taken the last reply, so `clear()` finds the storage
    /// unshared and keeps it; while that write is still queued (a client slow to read) `clear()` gets
    /// fresh storage, so queued bytes are never overwritten. A buffer per reply was two of the ten
    /// allocations of a `key` request. Long replies (`hello` lists every layout) get a buffer of
    /// their own, so an idle session does not keep kilobytes for a reply it sent once.
    private func buffer(holding bytes: [UInt8]) -> ByteBuffer {
        guard bytes.count <= Self.reusedReplyCapacity else {
            return ByteBuffer(bytes: bytes)
        }
        self.replyBuffer.clear()
        self.replyBuffer.writeBytes(bytes)
        return self.replyBuffer
    }

    private func answerPending(context: ChannelHandlerContext) {
        guard !self.answeringPending else {
            return
        }
        self.answeringPending = true
        defer { self.answeringPending = false }

        // The flush can make the channel writable again, and NIO reports that at once, inside the
        // flush, where the guard above swallows it: so look again after each flush, or lines would
        // wait for a writability change that already happened (a stall seen under load in CI).
        repeat {
            while context.channel.isWritable, self.isAnswering, let line = self.pending.popFirst() {
                self.answer(line, context: context)
            }
            self.flushIfNeeded(context: context)
        } while context.channel.isWritable && self.isAnswering && !self.pending.isEmpty
        guard self.pending.isEmpty else {
            return
        }
        switch self.state {
        case .serving where self.readHeldBack:
            self.readHeldBack = false
            context.read()
        case .draining:
            self.closeAfterWriting(nil, context: context)
        default:
            break
        }
    }

    private var isAnswering: Bool {
        switch self.state {
        case .serving, .draining: return true
        case .closing, .closed: return false
        }
    }

    private func beginDraining(reason: String, context: ChannelHandlerContext) {
        guard case .serving = self.state else {
            return
        }
        self.state = .draining
        self.closeReason = reason
        self.answerPending(context: context)
    }

    private func reject(_ rejection: ConnectionRejection, context: ChannelHandlerContext) {
        self.closeReason = "\(rejection)"
        self.logger.notice("closing connection over a limit", metadata: ["limit": "\(rejection)"])
        let reply = self.factory.reply(for: rejection)
        var buffer = context.channel.allocator.buffer(capacity: reply.count)
        buffer.writeBytes(reply)
        self.bytesSent += reply.count
        self.closeAfterWriting(buffer, context: context)
    }

    /// Writes `final` (if any) after everything already written, flushes, and closes once it is out,
    /// or after `finalWriteTimeout` if the client never reads it.
    private func closeAfterWriting(_ final: ByteBuffer?, context: ChannelHandlerContext) {
        guard self.isAnswering else {
            return
        }
        self.state = .closing
        self.pending.removeAll()
        let channel = context.channel
        let written = context.eventLoop.makePromise(of: Void.self)
        // An empty write completes after every write before it, which is what we wait for.
        context.writeAndFlush(
            Self.wrapOutboundOut(final ?? channel.allocator.buffer(capacity: 0)),
            promise: written
        )
        self.needsFlush = false
        let timeout = context.eventLoop.scheduleTask(in: self.finalWriteTimeout) {
            channel.close(promise: nil)
        }
        written.futureResult.whenComplete { _ in
            timeout.cancel()
            channel.close(promise: nil)
        }
    }

    private func flushIfNeeded(context: ChannelHandlerContext) {
        if self.needsFlush {
            self.needsFlush = false
            context.flush()
        }
    }

    private func endSession() {
        guard !self.sessionToldClosed else {
            return
        }
        self.sessionToldClosed = true
        self.session.connectionClosed()
    }
}
