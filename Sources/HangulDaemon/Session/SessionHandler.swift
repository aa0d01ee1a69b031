import Logging
import NIOCore

/// Runs one connection: events go to its `ConnectionStateMachine`, which decides; this performs.
///
/// The machine frames lines, queues them while the client is not reading, enforces the bounds and
/// timeouts and decides when to close; this class only calls the session for each line the machine
/// hands it, writes, flushes, reads, schedules the machine's timer and closes. Nothing here ever
/// looks at a line's content, and nothing a client sends is logged.
///
/// The handler frames lines itself (through the machine) rather than behind NIO's
/// `ByteToMessageHandler`: one pipeline stage less per line took 0.1–0.4 µs (three A/B runs, same
/// CPU) off the one-client round trip of about 14 µs.
///
/// Not generic over the factory: NIO calls a handler through its protocol witnesses, and for a
/// generic class those run unspecialized, looking up type metadata and casting `NIOAny` dynamically
/// on every line. The session sits behind `any LineSession` instead, one indirect call per line.
final class SessionHandler: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = Never
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private var machine: ConnectionStateMachine
    private let factory: any SessionFactory
    private var session: any LineSession
    private let finalWriteTimeout: TimeAmount
    private let registry: ConnectionRegistry
    private let logger: Logger
    /// The machine's timer (hello and unfinished-line timeouts), when one is scheduled.
    private var timer: Scheduled<Void>?
    /// Set while actions are being performed: an event fired from inside one (a writability change
    /// during a flush) must not start a second loop, since the running one asks the machine again
    /// after every action and so sees the change anyway.
    private var performing = false
    private var closeReason = "client disconnected"

    /// Whether each request is logged at debug level: read once, since asking the logger per line
    /// copies its handler (an existential) every time.
    private let logsRequests: Bool
    /// The storage of the latest short reply; see `buffer(holding:)`.
    private var replyBuffer = ByteBuffer()
    /// The longest reply written into `replyBuffer`: a `key` reply is about 80 bytes, a
    /// `set_options` reply about 250.
    private static var reusedReplyCapacity: Int { 512 }
    /// How long shutdown waits for more of what a socket held before the next `collectionTick`.
    private static var collectionTickInterval: TimeAmount { .milliseconds(5) }

    private var linesAnswered = 0
    /// The bytes of the lines answered, newlines included.
    private var bytesReceived = 0
    private var bytesSent = 0

    init(
        factory: some SessionFactory,
        limits: ConnectionStateMachine.Limits,
        finalWriteTimeout: TimeAmount,
        registry: ConnectionRegistry,
        logger: Logger,
        now: NIODeadline
    ) {
        let session = factory.makeSession()
        self.machine = ConnectionStateMachine(limits: limits, now: now, sessionIsOpen: session.isOpen)
        self.factory = factory
        self.session = session
        self.finalWriteTimeout = finalWriteTimeout
        self.registry = registry
        self.logger = logger
        self.logsRequests = logger.logLevel <= .debug
    }

    // MARK: Events

    func handlerAdded(context: ChannelHandlerContext) {
        self.armTimer(context: context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        self.machine.received(Self.unwrapInboundIn(data))
        self.run(context: context)
        if self.machine.needsUnfinishedLineStart {
            self.machine.unfinishedLineStarted(at: context.eventLoop.now)
            self.armTimer(context: context)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        self.perform(self.machine.readComplete(), context: context)
        context.fireChannelReadComplete()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        self.run(context: context)
        context.fireChannelWritabilityChanged()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case ChannelEvent.inputClosed:
            self.closeReason = "client closed its end"
            self.machine.inputClosed()
            self.run(context: context)
        case is ConnectionDrainEvent:
            self.closeReason = "server shutting down"
            self.perform(self.machine.drainRequested(), context: context)
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        let action = self.machine.errorCaught()
        if action != .wait {
            self.closeReason = "error: \(LoggableError.describe(error))"
        }
        self.perform(action, context: context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.machine.channelClosed()
        self.timer?.cancel()
        self.timer = nil
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
        self.timer?.cancel()
    }

    func read(context: ChannelHandlerContext) {
        // Reads go on while replies are blocked (the pending bounds cut a client off); they stop
        // for good once input has ended.
        if self.machine.mayRead {
            context.read()
        }
    }

    // MARK: Performing

    /// Asks the machine for actions and performs them until it says wait.
    private func run(context: ChannelHandlerContext) {
        guard !self.performing else {
            return
        }
        self.performing = true
        defer { self.performing = false }
        // Fetched once: each `context.channel` retains and releases the channel, and a line takes
        // three turns of this loop (answer, flush, wait).
        let channel = context.channel
        while true {
            let action = self.machine.next(canWrite: channel.isWritable)
            if action == .wait {
                return
            }
            self.perform(action, context: context)
        }
    }

    private func perform(_ action: ConnectionStateMachine.Action, context: ChannelHandlerContext) {
        switch action {
        case .wait:
            return
        case .answer(let line):
            self.answer(line, context: context)
        case .flush:
            context.flush()
        case .readRemainingInput:
            context.read()
            // A scheduled task, not `execute`: tasks queued while tasks run may run before the
            // event loop polls its sockets again, and that poll is what delivers what this
            // connection's socket still held.
            context.eventLoop.assumeIsolated().scheduleTask(in: Self.collectionTickInterval) {
                self.perform(self.machine.collectionTick(), context: context)
                self.run(context: context)
            }
        case .reject(let rejection):
            self.closeReason = "\(rejection)"
            self.logger.notice("closing connection over a limit", metadata: ["limit": "\(rejection)"])
            let reply = self.factory.reply(for: rejection)
            var buffer = context.channel.allocator.buffer(capacity: reply.count)
            buffer.writeBytes(reply)
            self.bytesSent += reply.count
            self.closeAfterWriting(buffer, context: context)
        case .closeAfterWriting:
            self.closeAfterWriting(nil, context: context)
        case .close:
            context.close(promise: nil)
        }
        if !self.performing {
            // An event outside `run` (read complete, drain, error, timer) may have freed output.
            self.run(context: context)
        }
    }

    private func answer(_ line: ByteBuffer, context: ChannelHandlerContext) {
        let reply = self.session.handle(line: line)
        self.linesAnswered += 1
        self.bytesReceived += line.readableBytes + 1
        if self.logsRequests, let summary = self.session.lastLineSummary {
            self.logger.debug("request", metadata: ["line": "\(summary)", "bytes": "\(line.readableBytes)"])
        }
        if !reply.bytes.isEmpty {
            self.bytesSent += reply.bytes.count
            context.write(Self.wrapOutboundOut(self.buffer(holding: reply.bytes)), promise: nil)
        }
        self.machine.answered(wroteReply: !reply.bytes.isEmpty, sessionIsOpen: self.session.isOpen)
        if self.timer != nil, self.machine.deadline == nil {
            // The session opened: its hello timer has nothing left to do, and an idle session
            // should not keep it (about 0.4 KiB each).
            self.timer?.cancel()
            self.timer = nil
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

    /// Writes `final` (if any) after everything already written, flushes, and closes once it is out,
    /// or after `finalWriteTimeout` if the client never reads it.
    private func closeAfterWriting(_ final: ByteBuffer?, context: ChannelHandlerContext) {
        self.timer?.cancel()
        self.timer = nil
        let channel = context.channel
        let written = context.eventLoop.makePromise(of: Void.self)
        // An empty write completes after every write before it, which is what we wait for.
        context.writeAndFlush(
            Self.wrapOutboundOut(final ?? channel.allocator.buffer(capacity: 0)),
            promise: written
        )
        let timeout = context.eventLoop.scheduleTask(in: self.finalWriteTimeout) {
            channel.close(promise: nil)
        }
        written.futureResult.whenComplete { _ in
            timeout.cancel()
            channel.close(promise: nil)
        }
    }

    /// Schedules the machine's timer when it has a deadline and none is scheduled; a timer that
    /// fires early (its deadline moved) is simply scheduled again.
    private func armTimer(context: ChannelHandlerContext) {
        guard self.timer == nil, let deadline = self.machine.deadline else {
            return
        }
        self.timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) {
            self.timer = nil
            self.perform(self.machine.timerFired(now: context.eventLoop.now), context: context)
            self.armTimer(context: context)
        }
    }
}
