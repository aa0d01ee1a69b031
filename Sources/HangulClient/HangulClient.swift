import HangulKeys
import HangulProtocol
import HangulSystem

/// A typed, blocking client for `hanguld`: one connection, one session, every method of protocol
/// version 1.
///
/// Requests are written and replies read by HangulProtocol (``Request/line``,
/// ``ReceivedReply``), so this client speaks exactly what the daemon parses. Each call writes its
/// request and waits for its reply; ``keys(_:timeout:)`` pipelines a batch of key events, which is
/// how `hangul-compose --daemon` types a million keys without a round trip each.
///
/// **Timeouts.** A frontend must not freeze its application waiting for a daemon that hangs: give
/// the client a ``timeout`` (100–200 ms suits a key press) or pass one per call. A call that gets
/// no reply in time throws ``ClientError/timedOut(method:timeout:)``, and the connection is then
/// unusable, since a reply arriving late would answer the wrong call: every later call throws
/// ``ClientError/unusable(because:)`` and the frontend opens a new client (a new session, so it
/// sends its options again). The same holds after the connection closed or went out of step; a
/// request the daemon refuses (``ClientError/server(code:message:)``) leaves it usable.
///
/// Not thread-safe: one client belongs to one thread (or one actor) at a time.
public final class HangulClient {
    /// What the daemon said to `hello`: its version, the session's starting mode and options, its
    /// layouts and the methods it answers.
    public let hello: HelloResult
    /// The timeout of every call that passes none; nil waits as long as it takes.
    public var timeout: Duration?

    private let connection: UnixSocketConnection
    private var nextID: Int64 = 1
    private var writer = JSONWriter(capacity: 256)
    /// Why the connection is no longer usable, once it is not.
    private var failure: ClientError?
    /// Requests kept in flight at once in ``keys(_:timeout:)``, well under the daemon's pending bound.
    private let window = 256

    /// Connects to the daemon's socket and opens the session with `hello`; `timeout` becomes the
    /// client's ``timeout`` and bounds the wait for `hello`'s reply (the connect itself only waits
    /// while the daemon's listen backlog is full).
    ///
    /// A daemon that is full answers `-32005` and closes: that is thrown as
    /// ``ClientError/connectionEnded(code:message:)`` with the daemon's message, even when the
    /// daemon closed before `hello` was written.
    public init(
        socketPath: String, clientName: String = "HangulClient", timeout: Duration? = nil
    ) throws(ClientError) {
        self.connection = try UnixSocketConnection(path: socketPath)
        self.timeout = timeout
        self.hello = try Self.sayHello(on: connection, clientName: clientName, timeout: timeout)
        nextID = 2
    }

    /// Opens the session on an already connected socket; for tests that play the daemon's part.
    init(connection: UnixSocketConnection, clientName: String = "HangulClient", timeout: Duration? = nil)
        throws(ClientError)
    {
        self.connection = connection
        self.timeout = timeout
        self.hello = try Self.sayHello(on: connection, clientName: clientName, timeout: timeout)
        nextID = 2
    }

    private static func sayHello(
        on connection: UnixSocketConnection, clientName: String, timeout: Duration?
    ) throws(ClientError) -> HelloResult {
        let request = Request(
            id: .integer(1), method: .hello(HelloParams(offeredVersion: Wire.protocolVersion, client: clientName)))
        let deadline = timeout.map { MonotonicInstant.now + $0 }
        try send(request.line, on: connection, method: .hello, timeout: timeout, deadline: deadline)
        return try receive(
            HelloResult.self, id: 1, on: connection, method: .hello, timeout: timeout, deadline: deadline)
    }

    // MARK: - Methods

    /// Sends one key press or release; the reply says whether the daemon used it, what to commit
    /// and the new preedit.
    public func key(_ event: KeyEvent, timeout: Duration? = nil) throws(ClientError) -> KeyReply {
        try call(.key(event), as: KeyReply.self, timeout: timeout)
    }

    /// Types key events, pipelined; returns one reply per event, in order. The timeout is for the
    /// whole batch.
    public func keys(_ events: [KeyEvent], timeout: Duration? = nil) throws(ClientError) -> [KeyReply] {
        try checkUsable()
        let timeout = timeout ?? self.timeout
        let deadline = timeout.map { MonotonicInstant.now + $0 }
        var replies: [KeyReply] = []
        replies.reserveCapacity(events.count)
        var sent = 0
        while sent < events.count {
            let end = min(events.count, sent + window)
            let firstID = nextID
            writer.removeAll()
            for event in events[sent..<end] {
                Request(id: .integer(nextID), method: .key(event)).write(to: &writer)
                nextID += 1
            }
            try guarded {
                () throws(ClientError) in
                try Self.send(writer.bytes, on: connection, method: .key, timeout: timeout, deadline: deadline)
                for id in firstID..<(firstID + Int64(end - sent)) {
                    replies.append(
                        try Self.receive(
                            KeyReply.self, id: id, on: connection, method: .key, timeout: timeout, deadline: deadline))
                }
            }
            sent = end
        }
        return replies
    }

    /// Commits the preedit (focus out, a click in the text); the state carries the commit.
    public func reset(timeout: Duration? = nil) throws(ClientError) -> StateResult {
        try call(.reset, as: StateResult.self, timeout: timeout)
    }

    /// Drops the preedit without committing it.
    public func cancel(timeout: Duration? = nil) throws(ClientError) -> StateResult {
        try call(.cancel, as: StateResult.self, timeout: timeout)
    }

    /// Changes the options the patch names, after committing the preedit; the result has the
    /// commit, the new state and every option.
    public func setOptions(_ patch: OptionsPatch, timeout: Duration? = nil) throws(ClientError) -> OptionsResult {
        try call(.setOptions(patch), as: OptionsResult.self, timeout: timeout)
    }

    /// Every option of the session.
    public func getOptions(timeout: Duration? = nil) throws(ClientError) -> SessionOptions {
        try call(.getOptions, as: OptionsResult.self, timeout: timeout).options
    }

    /// Switches to Hangul or Latin mode; entering Latin commits the preedit.
    public func setMode(_ mode: InputMode, timeout: Duration? = nil) throws(ClientError) -> StateResult {
        try call(.setMode(mode), as: StateResult.self, timeout: timeout)
    }

    /// Flips between Hangul and Latin, as a toggle key does (for a panel button).
    public func toggle(timeout: Duration? = nil) throws(ClientError) -> StateResult {
        try call(.toggle, as: StateResult.self, timeout: timeout)
    }

    /// Says what kind of field has focus; a password field turns composition off.
    public func setContentType(_ type: ContentType, timeout: Duration? = nil) throws(ClientError) -> StateResult {
        try call(.setContentType(type), as: StateResult.self, timeout: timeout)
    }

    /// Sends the text before the cursor and the selection, for the next hanja key to convert; the
    /// daemon forgets them on any other key (PROTOCOL.md section 6.11).
    public func setSurroundingText(
        beforeCursor text: String, selection: String = "", timeout: Duration? = nil
    ) throws(ClientError) {
        _ = try call(
            .setSurroundingText(SurroundingText(beforeCursor: text, selection: selection)), as: EmptyResult.self,
            timeout: timeout)
    }

    /// Picks the candidate at `index` of the open list (a click in the candidate window); the state
    /// carries the commit and, for text before the cursor, how many characters to delete first.
    public func selectCandidate(_ index: Int, timeout: Duration? = nil) throws(ClientError) -> StateResult {
        try call(.selectCandidate(index), as: StateResult.self, timeout: timeout)
    }

    /// Closes the open candidate list without converting.
    public func closeCandidates(timeout: Duration? = nil) throws(ClientError) -> StateResult {
        try call(.closeCandidates, as: StateResult.self, timeout: timeout)
    }

    /// `list_options`: every option and setting, with its kind, default, allowed values and
    /// description, as a settings dialog shows them.
    public func listOptions(timeout: Duration? = nil) throws(ClientError) -> OptionListResult {
        try call(.listOptions, as: OptionListResult.self, timeout: timeout)
    }

    /// `set_focus`: this session's field gained or lost the focus; the state after (a field that
    /// gains the focus may take the mode `mode-scope` keeps for it).
    public func setFocus(_ change: FocusChange, timeout: Duration? = nil) throws(ClientError) -> StateResult {
        try call(.setFocus(change), as: StateResult.self, timeout: timeout)
    }

    /// `focused_mode`: the mode of the field that has the focus, after `change` when one is given;
    /// nil when no field has the focus.
    public func focusedMode(_ change: ModeChange? = nil, timeout: Duration? = nil) throws(ClientError) -> InputMode? {
        try call(.focusedMode(change), as: FocusedModeResult.self, timeout: timeout).mode
    }

    /// Checks that the daemon answers.
    public func ping(timeout: Duration? = nil) throws(ClientError) {
        _ = try call(.ping, as: EmptyResult.self, timeout: timeout)
    }

    /// The daemon's state: version, socket, session count, the settings file, when it was loaded
    /// and the last load's problems.
    public func status(timeout: Duration? = nil) throws(ClientError) -> StatusResult {
        try call(.status, as: StatusResult.self, timeout: timeout)
    }

    /// Asks the daemon to read its settings and layouts again; returns the number `status`'s
    /// `reloads` reaches when that reload has finished (see ``waitForReload(_:timeout:)``).
    public func reload(timeout: Duration? = nil) throws(ClientError) -> Int {
        try call(.reload, as: ReloadResult.self, timeout: timeout).reload
    }

    /// Asks `status` every 20 ms until the reload numbered `ticket` has finished, and returns that
    /// status (whose `problems` are the reload's, unless another reload followed it). Throws
    /// ``ClientError/timedOut(method:timeout:)`` when it has not finished within `timeout`.
    public func waitForReload(_ ticket: Int, timeout: Duration = .seconds(10)) throws(ClientError) -> StatusResult {
        let deadline = MonotonicInstant.now + timeout
        while true {
            let status = try self.status()
            if status.reloads >= ticket { return status }
            guard MonotonicInstant.now < deadline else { throw .timedOut(method: "reload", timeout: timeout) }
            CurrentThread.sleep(for: .milliseconds(20))
        }
    }

    /// Sends any method and reads its result as `Result`: the typed methods above are this call.
    public func call<Result: ReceivableResult>(
        _ method: Request.Method, as type: Result.Type, timeout: Duration? = nil
    ) throws(ClientError) -> Result {
        try checkUsable()
        let timeout = timeout ?? self.timeout
        let deadline = timeout.map { MonotonicInstant.now + $0 }
        let id = nextID
        nextID += 1
        writer.removeAll()
        Request(id: .integer(id), method: method).write(to: &writer)
        return try guarded { () throws(ClientError) in
            try Self.send(writer.bytes, on: connection, method: method.name, timeout: timeout, deadline: deadline)
            return try Self.receive(
                type, id: id, on: connection, method: method.name, timeout: timeout, deadline: deadline)
        }
    }

    // MARK: - The connection

    private func checkUsable() throws(ClientError) {
        if let failure { throw .unusable(because: failure.description) }
    }

    /// Runs `body`, and remembers an error that leaves the connection out of step.
    private func guarded<T>(_ body: () throws(ClientError) -> T) throws(ClientError) -> T {
        do {
            return try body()
        } catch {
            if !error.leavesConnectionUsable { failure = error }
            throw error
        }
    }

    /// Writes request bytes. When the write fails because the daemon has gone, what it said before
    /// going (a `-32005` when it serves its maximum of sessions) is already in the receive buffer:
    /// that is the error reported, not the broken pipe.
    private static func send(
        _ bytes: [UInt8], on connection: UnixSocketConnection, method: Request.Method.Name, timeout: Duration?,
        deadline: MonotonicInstant?
    ) throws(ClientError) {
        do throws(UnixSocketConnection.Failure) {
            try connection.write(bytes, deadline: deadline)
        } catch {
            if let line = connection.lineAlreadyReceived(),
                case .error(let refusal)? = try? ReceivedReply(parsing: line),
                refusal.code.closesConnection
            {
                throw .connectionEnded(code: refusal.code.rawValue, message: refusal.message)
            }
            throw clientError(error, method: method, timeout: timeout)
        }
    }

    /// Reads the reply to request `id` as `Result`.
    private static func receive<Result: ReceivableResult>(
        _ type: Result.Type, id: Int64, on connection: UnixSocketConnection, method: Request.Method.Name,
        timeout: Duration?, deadline: MonotonicInstant?
    ) throws(ClientError) -> Result {
        let line: [UInt8]
        do throws(UnixSocketConnection.Failure) {
            line = try connection.readLine(deadline: deadline)
        } catch {
            throw clientError(error, method: method, timeout: timeout)
        }
        let reply: ReceivedReply
        do throws(ReplyParseError) {
            reply = try ReceivedReply(parsing: line)
        } catch {
            throw .unexpectedReply(error.description)
        }
        switch reply {
        case .error(let error) where error.code.closesConnection:
            throw .connectionEnded(code: error.code.rawValue, message: error.message)
        case .error(let error):
            guard error.id == nil || error.id == .integer(id) else {
                throw .unexpectedReply(
                    "an error for request \(error.id?.description ?? "null") while waiting for \(id)")
            }
            throw .server(code: error.code.rawValue, message: error.message)
        case .result(let answered, let result):
            guard answered == .integer(id) else {
                throw .unexpectedReply("the reply to request \(answered) while waiting for \(id)")
            }
            do throws(ReplyParseError) {
                return try Result(parsing: result)
            } catch {
                throw .unexpectedReply("\(method.rawValue): \(error.description)")
            }
        }
    }

    private static func clientError(
        _ failure: UnixSocketConnection.Failure, method: Request.Method.Name, timeout: Duration?
    ) -> ClientError {
        switch failure {
        case .timedOut: .timedOut(method: method.rawValue, timeout: timeout ?? .zero)
        case .closed: .closed
        case .system(let errno): .io(errno.description)
        case .lineTooLong:
            .unexpectedReply(
                "a line of more than \(UnixSocketConnection.maximumLineBytes) bytes without a newline, longer than "
                    + "the protocol allows")
        }
    }
}
