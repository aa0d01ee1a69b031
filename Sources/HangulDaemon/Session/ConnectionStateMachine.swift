import HangulSystem

/// One connection's life, decided without a socket: bytes and events in, what to do out.
///
/// In swift-nio's style (`NIOTypedHTTPServerUpgraderStateMachine`): every method returns an
/// ``Action``, and ``LoopConnection`` performs the I/O. The data (bytes received, lines queued) sits
/// beside the state rather than in its payload, and is emptied as the states that use it end; see
/// ``input``. The states:
///
/// - **serving**: bytes are framed into lines; a line is answered at once while the socket can
///   take more output, otherwise it queues. Reading never stops while replies are blocked, so a
///   client that pipelines and never reads is cut off by the pending bounds (`-32004`) rather than
///   stalled with its session slot held (issue 12, fault 1). The hello timeout and the unfinished
///   line timeout run here.
/// - **collecting**: shutdown was asked for, but the client may already have sent requests that sit
///   in the socket buffers. Reading goes on until a tick (``collectionTick()``, every 5 ms in
///   ``LoopConnection``) finds no new bytes since the last one, and those requests are answered
///   too (fault 4).
/// - **draining**: no more input (the client half-closed, or collecting ended): the queued lines
///   are answered as the client reads, then the connection closes.
/// - **closing**: the final bytes (replies owed, perhaps an error line) are being written; nothing
///   more is read or answered.
/// - **closed**: the socket is closed.
///
/// Nothing here looks at a line's content; the session does, through the connection.
///
/// Bytes are `ArraySlice<UInt8>`: a line handed out shares the storage it was read into, and what
/// the machine keeps past an event (an unfinished line, a queued one) is copied into storage of its
/// own, so the connection's read buffer is free for the next read.
struct ConnectionStateMachine {
    /// What the caller must do next.
    enum Action: Equatable {
        /// Nothing until the next event.
        case wait
        /// Hand the line to the session, write its reply, then report with ``answered(wroteReply:sessionIsOpen:)``.
        case answer(ArraySlice<UInt8>)
        /// Flush what was written, then ask ``next(canWrite:)`` again: the socket may take more now.
        case flush
        /// Keep reading, and call ``collectionTick()`` after an interval in which the loop has polled
        /// the socket again.
        case readRemainingInput
        /// Write the session factory's line for this rejection after everything written, flush, and
        /// close once it is out (or the final-write timeout passes).
        case reject(ConnectionRejection)
        /// Close once everything written so far is out (or the final-write timeout passes).
        case closeAfterWriting
        /// Close at once.
        case close
    }

    /// The bounds a connection is held to.
    struct Limits: Equatable {
        var maxLineLength: Int
        var maxPendingLines: Int
        var maxPendingBytes: Int
        /// The hello timeout, which also bounds how long a line may stay unfinished.
        var helloTimeout: Duration
    }

    /// Bytes received and not yet framed, and the timers that depend on them.
    struct Input {
        var framer: LineFramer
        /// Received bytes not yet cut into lines: at most the start of one unfinished line once the
        /// machine has been asked for its next action.
        var buffer: ArraySlice<UInt8>?
        /// Whether `buffer` is still a slice of the caller's read buffer rather than storage of the
        /// machine's own: it is copied once, when a line is left unfinished in it.
        var bufferIsShared = false
        /// When the unfinished line in `buffer` began; nil when there is none or the time is not
        /// known yet (see ``ConnectionStateMachine/needsUnfinishedLineStart``).
        var unfinishedSince: MonotonicInstant?
        /// When the connection is closed for lacking `hello`; nil once the session is open.
        var helloDeadline: MonotonicInstant?
    }

    /// Lines received but not answered yet, because the client is not reading its replies.
    struct Replies {
        var pending: ArraySlice<ArraySlice<UInt8>> = []
        var pendingBytes = 0
        /// Replies were written and not yet flushed.
        var needsFlush = false
    }

    /// Where the connection is in its life; the data each state uses is in ``input`` and ``replies``.
    enum State: Equatable {
        case serving
        case collecting(sawInput: Bool)
        case draining
        case closing
        case closed
    }

    private(set) var state: State
    let limits: Limits
    /// Received bytes and the timers: used while serving and collecting, emptied when input ends.
    ///
    /// Stored beside ``state`` rather than as its payload, as replies are: a payload is copied out
    /// of the enum and stored back on every event, a retain and release of each buffer every time,
    /// and the events of one `key` line made about a tenth of the daemon's user time that way.
    private var input: Input
    /// Lines waiting for the client to read: used until closing, emptied then.
    private var replies = Replies()

    /// A connection accepted at `now`, its session not yet open (unless `sessionIsOpen`).
    init(limits: Limits, now: MonotonicInstant, sessionIsOpen: Bool) {
        self.limits = limits
        self.input = Input(
            framer: LineFramer(maxLineLength: limits.maxLineLength),
            helloDeadline: sessionIsOpen ? nil : now + limits.helloTimeout
        )
        self.state = .serving
    }

    // MARK: Events

    /// Bytes arrived from the client; the lines in them come out of ``next(canWrite:)``.
    mutating func received(_ bytes: ArraySlice<UInt8>) {
        switch self.state {
        case .serving:
            self.input.append(bytes)
        case .collecting:
            self.input.append(bytes)
            self.state = .collecting(sawInput: true)
        case .draining, .closing, .closed:
            // Input after the decision to stop reading is never acted on.
            break
        }
    }

    /// The next thing to do; call again after performing it until it says ``Action/wait``.
    ///
    /// `canWrite` is the socket's writability now: lines are answered while it holds and queue
    /// (bounded) while it does not. Asking again after every action is what makes a writability
    /// change that happened inside a flush impossible to miss.
    mutating func next(canWrite: Bool) -> Action {
        switch self.state {
        case .serving, .collecting:
            let decision = Self.nextLine(&self.input, &self.replies, canWrite: canWrite, limits: self.limits)
            if decision.endsInput { self.enterClosing() }
            return decision.action
        case .draining:
            if canWrite, let line = self.replies.popFirst() {
                return .answer(line)
            }
            guard self.replies.pending.isEmpty else {
                if self.replies.needsFlush {
                    self.replies.needsFlush = false
                    return .flush
                }
                return .wait
            }
            self.enterClosing()
            return .closeAfterWriting
        case .closing, .closed:
            return .wait
        }
    }

    /// The session answered the line of the last ``Action/answer(_:)``: a reply written needs a
    /// flush, and a session that opened ends the hello timeout. What follows comes from asking
    /// ``next(canWrite:)`` again; a session cannot end the connection.
    ///
    /// `sessionIsOpen` is read only while the hello timeout runs.
    mutating func answered(wroteReply: Bool, sessionIsOpen: @autoclosure () -> Bool) {
        switch self.state {
        case .serving:
            self.replies.needsFlush = self.replies.needsFlush || wroteReply
            if self.input.helloDeadline != nil && sessionIsOpen() {
                self.input.helloDeadline = nil
            }
        case .collecting, .draining:
            self.replies.needsFlush = self.replies.needsFlush || wroteReply
        case .closing, .closed:
            break
        }
    }

    /// A read cycle ended: flush what it produced, if ``next(canWrite:)`` has not already.
    mutating func readComplete() -> Action {
        switch self.state {
        case .serving, .collecting, .draining:
            guard self.replies.needsFlush else { return .wait }
            self.replies.needsFlush = false
            return .flush
        case .closing, .closed:
            return .wait
        }
    }

    /// The client closed its sending side: bytes after its last newline are a line cut off, dropped.
    mutating func inputClosed() {
        switch self.state {
        case .serving, .collecting:
            self.enterDraining()
        case .draining, .closing, .closed:
            break
        }
    }

    /// The server is shutting down: take in what the client already sent, answer it, then close.
    mutating func drainRequested() -> Action {
        switch self.state {
        case .serving:
            self.state = .collecting(sawInput: false)
            return .readRemainingInput
        case .collecting, .draining, .closing, .closed:
            return .wait
        }
    }

    /// The interval after ``Action/readRemainingInput`` has passed: read on while bytes keep
    /// coming, else stop reading and answer what was received.
    mutating func collectionTick() -> Action {
        guard case .collecting(let sawInput) = self.state else {
            return .wait
        }
        if sawInput {
            self.state = .collecting(sawInput: false)
            return .readRemainingInput
        }
        // An unfinished line is a request the client never completed before shutdown: dropped.
        self.enterDraining()
        return .wait
    }

    /// Whether an unfinished line is waiting for its start time (``unfinishedLineStarted(at:)``):
    /// asked after each read, so the clock is read only when a read ends mid-line.
    var needsUnfinishedLineStart: Bool {
        // Only serving has the timeout: collecting ends within a tick or two.
        self.state == .serving && self.input.unfinishedSince == nil && !(self.input.buffer?.isEmpty ?? true)
    }

    /// Records when the unfinished line began, which starts its timeout.
    mutating func unfinishedLineStarted(at now: MonotonicInstant) {
        if self.state == .serving {
            self.input.unfinishedSince = now
        }
    }

    /// When ``timerFired(now:)`` should next be called, or nil when no timeout runs.
    var deadline: MonotonicInstant? {
        guard self.state == .serving else {
            return nil
        }
        let unfinished = self.input.unfinishedSince.map { $0 + self.limits.helloTimeout }
        switch (self.input.helloDeadline, unfinished) {
        case (nil, nil): return nil
        case (let hello?, nil): return hello
        case (nil, let line?): return line
        case (let hello?, let line?): return min(hello, line)
        }
    }

    /// A timer set for ``deadline`` went off; the deadline may have moved since.
    mutating func timerFired(now: MonotonicInstant) -> Action {
        guard self.state == .serving else {
            return .wait
        }
        let seconds = Int(self.limits.helloTimeout.components.seconds)
        if let hello = self.input.helloDeadline, hello <= now {
            self.enterClosing()
            return .reject(.helloTimeout(seconds: seconds))
        }
        if let since = self.input.unfinishedSince, since + self.limits.helloTimeout <= now {
            self.enterClosing()
            return .reject(.unfinishedLineTimeout(seconds: seconds))
        }
        return .wait
    }

    /// The socket failed: close at once, unless a close is already under way.
    mutating func errorCaught() -> Action {
        switch self.state {
        case .serving, .collecting, .draining:
            self.enterClosing()
            return .close
        case .closing, .closed:
            return .wait
        }
    }

    /// The socket is closed; whatever was queued is dropped.
    mutating func socketClosed() {
        self.enterClosing()
        self.state = .closed
    }

    /// Whether the socket should be read: not once input has ended.
    var mayRead: Bool {
        switch self.state {
        case .serving, .collecting: true
        case .draining, .closing, .closed: false
        }
    }

    /// Input has ended: what was received and not framed (a line cut off) is dropped, and no
    /// timeout runs any more; the queued lines are still answered.
    private mutating func enterDraining() {
        self.state = .draining
        self.input.buffer = nil
        self.input.unfinishedSince = nil
        self.input.helloDeadline = nil
    }

    /// Nothing more is read or answered: input and queued lines are dropped.
    private mutating func enterClosing() {
        self.enterDraining()
        self.replies = Replies()
        self.state = .closing
    }

    // MARK: Framing and queueing

    private struct Decision {
        var action: Action
        /// Whether the action ends the connection's input (a rejection).
        var endsInput = false
    }

    private static func nextLine(_ input: inout Input, _ replies: inout Replies, canWrite: Bool, limits: Limits)
        -> Decision
    {
        if canWrite, let line = replies.popFirst() {
            return Decision(action: .answer(line))
        }
        while var buffer = input.buffer {
            input.buffer = nil
            let line: ArraySlice<UInt8>?
            do throws(LineFramer.LineTooLong) {
                line = try input.framer.nextLine(from: &buffer)
            } catch {
                return Decision(action: .reject(.lineTooLong(limit: error.limit)), endsInput: true)
            }
            guard let line else {
                // An unfinished line: kept in storage of its own (under the line bound), so that the
                // caller's next read does not have to copy the read buffer the slice would hold.
                // Once only: a long line arriving a byte at a time is not copied again per byte.
                if input.bufferIsShared {
                    buffer = Array(buffer)[...]
                    input.bufferIsShared = false
                }
                input.buffer = buffer
                break
            }
            input.buffer = buffer.isEmpty ? nil : buffer
            input.unfinishedSince = nil
            if canWrite && replies.pending.isEmpty {
                return Decision(action: .answer(line))
            }
            // Queued: the client is not reading its replies. Over either bound it is cut off.
            guard replies.pending.count < limits.maxPendingLines else {
                return Decision(
                    action: .reject(.tooManyPendingRequests(limit: limits.maxPendingLines)), endsInput: true)
            }
            guard replies.pendingBytes + line.count + 1 <= limits.maxPendingBytes else {
                return Decision(
                    action: .reject(.tooManyPendingRequestBytes(limit: limits.maxPendingBytes)), endsInput: true)
            }
            // A copy, so a queued line does not keep a whole read buffer alive: the byte bound is
            // then the memory bound.
            replies.pending.append(Array(line)[...])
            replies.pendingBytes += line.count + 1
        }
        if replies.needsFlush {
            // Everything answerable is answered: one flush for the lot. Blocked, it also lets the
            // kernel take what it can, after which the socket may be writable again.
            replies.needsFlush = false
            return Decision(action: .flush)
        }
        return Decision(action: .wait)
    }
}

extension ConnectionStateMachine.Input {
    fileprivate mutating func append(_ bytes: ArraySlice<UInt8>) {
        guard var unfinished = self.buffer else {
            self.buffer = bytes
            self.bufferIsShared = true
            return
        }
        self.buffer = nil
        // Only an unfinished line is kept (under the line bound), so this stays bounded. Appending
        // to a slice of the caller's buffer copies it; to the machine's own storage, it does not.
        unfinished.append(contentsOf: bytes)
        self.buffer = unfinished
        self.bufferIsShared = false
    }
}

extension ConnectionStateMachine.Replies {
    fileprivate mutating func popFirst() -> ArraySlice<UInt8>? {
        guard let line = self.pending.popFirst() else {
            return nil
        }
        self.pendingBytes -= line.count + 1
        if self.pending.isEmpty {
            // A slice keeps the storage of the lines taken from its front: let it go.
            self.pending = []
        }
        return line
    }
}
