import HangulLog
import HangulSystem
import SystemPackage

/// One connection of ``EpollServer``: performs what its ``ConnectionStateMachine`` decides, on a
/// non-blocking socket.
///
/// The loop tells it what the socket reported (``readable(into:)``, ``writable()``,
/// ``hungUp()``), that a deadline passed (``deadlinesPassed(now:)``) or that the server is
/// shutting down (``drain()``); afterwards it reads ``interest``, ``nextDeadline`` and
/// ``isClosed`` to know what to wait for. It never touches epoll itself.
///
/// Replies are appended to ``output`` and sent on the machine's `flush`; while more than
/// ``highWaterMark`` bytes wait there the connection counts as not writable (SwiftNIO's default
/// high water mark, kept from when the daemon ran on it), so the machine queues lines and its
/// pending bounds cut off a client that never reads.
final class LoopConnection<Factory: SessionFactory> {
    let descriptor: SystemPackage.FileDescriptor
    private var machine: ConnectionStateMachine
    private var session: Factory.Session
    private let factory: Factory
    private let logger: DaemonLog
    /// Whether requests are logged (debug level), read once rather than per line.
    private let logsRequests: Bool
    private let finalWriteTimeout: Duration

    /// Reply bytes the socket has not taken yet, from `outputStart` on.
    private var output: [UInt8] = []
    private var outputStart = 0
    /// The final bytes are written: close once they are out, or at `closeDeadline`.
    private var closesWhenWritten = false
    private var closeDeadline: MonotonicInstant?
    /// When the machine's shutdown collection wants its next tick.
    private var collectionTickAt: MonotonicInstant?
    /// Set while `run` asks the machine for actions, so that an action does not start another run.
    private var performing = false
    private(set) var isClosed = false
    /// What the loop has registered the socket for with epoll, so that it is told only of changes:
    /// kept here rather than in a table of the loop's, which cost a lookup per key.
    var registeredInterest: Epoll.Interest = .readable
    private var closeReason = "client closed its end"

    private var linesAnswered = 0
    /// The bytes of the lines answered, newlines included.
    private var bytesReceived = 0
    private var bytesSent = 0

    /// More unsent bytes than this and the machine is told the connection cannot take writes.
    static var highWaterMark: Int { 64 * 1024 }
    /// Output storage kept between replies: a `key` reply is about 80 bytes; the long ones (`hello`
    /// lists every layout) do not leave kilobytes behind in an idle session.
    private static var keptOutputCapacity: Int { 512 }
    /// How long shutdown waits for more of what a socket held before the next `collectionTick`.
    private static var collectionTickInterval: Duration { .milliseconds(5) }
    /// The most bytes one read takes; more waiting is reported again by the next wait.
    static var readSize: Int { 8192 }

    init(
        descriptor: SystemPackage.FileDescriptor, factory: Factory, limits: ConnectionStateMachine.Limits,
        finalWriteTimeout: Duration, logger: DaemonLog, now: MonotonicInstant
    ) {
        let session = factory.makeSession()
        self.descriptor = descriptor
        self.machine = ConnectionStateMachine(limits: limits, now: now, sessionIsOpen: session.isOpen)
        self.session = session
        self.factory = factory
        self.finalWriteTimeout = finalWriteTimeout
        self.logger = logger
        self.logsRequests = logger.logs(.debug)
    }

    // MARK: What the loop asks

    /// What the socket should be watched for now.
    var interest: Epoll.Interest {
        var interest: Epoll.Interest = []
        if self.machine.mayRead && !self.closesWhenWritten { interest.insert(.readable) }
        if self.outputStart < self.output.count { interest.insert(.writable) }
        return interest
    }

    /// The earliest moment ``deadlinesPassed(now:)`` has something to do; nil when none.
    var nextDeadline: MonotonicInstant? {
        // Asked after every event, so without building an array.
        var nearest = self.closesWhenWritten ? nil : self.machine.deadline
        if let close = self.closeDeadline { nearest = min(nearest ?? close, close) }
        if let tick = self.collectionTickAt { nearest = min(nearest ?? tick, tick) }
        return nearest
    }

    private var canWrite: Bool { self.output.count - self.outputStart < Self.highWaterMark }

    // MARK: Events

    /// The socket is readable (or hung up): one read into `buffer`, the loop's shared read buffer
    /// of ``readSize`` bytes.
    ///
    /// The machine is handed a slice of it and keeps none past this call (it copies an unfinished
    /// line); were it to, writing into the array would copy it first, so kept bytes are never
    /// overwritten.
    func readable(into buffer: inout [UInt8]) {
        guard self.machine.mayRead, !self.isClosed else {
            return
        }
        let transfer = buffer.withUnsafeMutableBytes { self.descriptor.readSome(into: $0) }
        switch transfer {
        case .moved(let count):
            self.machine.received(buffer[..<count])
            self.run()
            if self.machine.needsUnfinishedLineStart {
                self.machine.unfinishedLineStarted(at: .now)
            }
            self.perform(self.machine.readComplete())
        case .wouldBlock:
            return
        case .endOfInput:
            self.closeReason = "client closed its end"
            self.machine.inputClosed()
            self.run()
        case .failed(let errno):
            self.failed(errno)
        }
    }

    /// The socket takes more bytes: send what waits, then let the machine answer queued lines.
    func writable() {
        self.flush()
        self.run()
    }

    /// The socket hung up or has an error while nothing is being read: nothing can be written either.
    func hungUp() {
        if self.machine.mayRead && !self.closesWhenWritten {
            var scratch = [UInt8](repeating: 0, count: Self.readSize)
            self.readable(into: &scratch)
            return
        }
        self.failed(.connectionReset)
    }

    /// The server is shutting down: take in what the client already sent, answer it, then close.
    func drain() {
        self.closeReason = "server shutting down"
        self.perform(self.machine.drainRequested())
    }

    /// Acts on every deadline at or before `now`.
    func deadlinesPassed(now: MonotonicInstant) {
        if let deadline = self.closeDeadline, deadline <= now {
            self.close()
            return
        }
        if let tick = self.collectionTickAt, tick <= now {
            self.collectionTickAt = nil
            self.perform(self.machine.collectionTick())
            self.run()
        }
        if !self.closesWhenWritten, let deadline = self.machine.deadline, deadline <= now {
            self.perform(self.machine.timerFired(now: now))
        }
    }

    /// Closes the socket now, whatever is owed (shutdown's time is up).
    func close() {
        guard !self.isClosed else {
            return
        }
        self.isClosed = true
        self.machine.socketClosed()
        try? self.descriptor.close()
        self.output = []
        self.outputStart = 0
        self.closeDeadline = nil
        self.collectionTickAt = nil
    }

    /// The log line for a closed connection: counts, never content.
    func logClosed(active: Int) {
        self.logger.info(
            "connection closed",
            metadata: [
                "reason": "\(self.closeReason)",
                "lines": "\(self.linesAnswered)",
                "bytes-in": "\(self.bytesReceived)",
                "bytes-out": "\(self.bytesSent)",
                "active": "\(active)",
            ]
        )
    }

    // MARK: Performing

    /// Asks the machine for actions and performs them until it says wait.
    private func run() {
        guard !self.performing else {
            return
        }
        self.performing = true
        defer { self.performing = false }
        while !self.isClosed {
            let action = self.machine.next(canWrite: self.canWrite)
            if action == .wait {
                return
            }
            self.perform(action)
        }
    }

    private func perform(_ action: ConnectionStateMachine.Action) {
        switch action {
        case .wait:
            return
        case .answer(let line):
            self.answer(line)
        case .flush:
            self.flush()
        case .readRemainingInput:
            // Reading goes on (the machine still may read); the tick comes after the loop has
            // polled the socket again.
            self.collectionTickAt = .now + Self.collectionTickInterval
        case .reject(let rejection):
            self.closeReason = "\(rejection)"
            self.logger.notice("closing connection over a limit", metadata: ["limit": "\(rejection)"])
            let reply = self.factory.reply(for: rejection)
            self.output.append(contentsOf: reply)
            self.bytesSent += reply.count
            self.closeAfterWriting()
        case .closeAfterWriting:
            self.closeAfterWriting()
        case .close:
            self.close()
        }
        if !self.performing {
            // An event outside `run` (read complete, drain, a deadline) may have freed output.
            self.run()
        }
    }

    private func answer(_ line: ArraySlice<UInt8>) {
        let reply = line.withUnsafeBytes { self.session.handle(line: $0) }
        self.linesAnswered += 1
        self.bytesReceived += line.count + 1
        if self.logsRequests { self.logRequest(bytes: line.count) }
        if !reply.bytes.isEmpty {
            self.bytesSent += reply.bytes.count
            self.output.append(contentsOf: reply.bytes)
        }
        self.machine.answered(wroteReply: !reply.bytes.isEmpty, sessionIsOpen: self.session.isOpen)
    }

    /// Logs the line just answered, in its redacted summary (`--log-requests`). Never inlined: the
    /// log call's metadata would otherwise take a kilobyte of every key's stack frame in ``answer(_:)``.
    @inline(never)
    private func logRequest(bytes: Int) {
        guard let summary = self.session.lastLineSummary else { return }
        self.logger.debug("request", metadata: ["line": "\(summary)", "bytes": "\(bytes)"])
    }

    /// Sends what the socket takes of the output; a connection that fails is closed.
    private func flush() {
        while self.outputStart < self.output.count {
            let transfer = self.output.withUnsafeBytes { bytes in
                self.descriptor.sendSome(UnsafeRawBufferPointer(rebasing: bytes[self.outputStart...]))
            }
            switch transfer {
            case .moved(let count):
                self.outputStart += count
            case .wouldBlock:
                return
            case .endOfInput:
                return
            case .failed(let errno):
                self.failed(errno)
                return
            }
        }
        self.output.removeAll(keepingCapacity: self.output.capacity <= Self.keptOutputCapacity)
        self.outputStart = 0
        if self.closesWhenWritten {
            self.close()
        }
    }

    /// Stops reading, sends what is owed, and closes once it is out or `finalWriteTimeout` passed.
    private func closeAfterWriting() {
        guard !self.closesWhenWritten else {
            return
        }
        self.closesWhenWritten = true
        self.closeDeadline = .now + self.finalWriteTimeout
        self.flush()
    }

    /// The socket failed (`ECONNRESET`, `EPIPE`): the machine decides, which is to close at once.
    private func failed(_ errno: Errno) {
        let action = self.machine.errorCaught()
        if action != .wait {
            self.closeReason = "error: \(errno)"
        }
        self.perform(action)
        if self.closesWhenWritten {
            // Closing already: nothing more can be sent.
            self.close()
        }
    }
}
