import HangulProtocol

/// A small blocking client for `hanguld`: one connection, one session.
///
/// It speaks protocol/PROTOCOL.md and nothing more: each call writes request lines and reads
/// their replies in order. ``keys(_:)`` pipelines a batch of key events in one write, which is how
/// `hangul-compose --daemon` types a million keys without a round trip each.
public final class HangulClient {
    /// The state part of a reply: what to commit, the new preedit and the mode.
    public struct State: Equatable, Sendable {
        public var handled: Bool
        public var commit: String
        public var preedit: String
        public var mode: String
    }

    /// One key event for ``keys(_:)``.
    public struct Key: Sendable {
        public var keysym: UInt32
        public var keycode: UInt32?
        public var modifiers: UInt32
        public var isRelease: Bool

        public init(keysym: UInt32, keycode: UInt32? = nil, modifiers: UInt32 = 0, isRelease: Bool = false) {
            self.keysym = keysym
            self.keycode = keycode
            self.modifiers = modifiers
            self.isRelease = isRelease
        }
    }

    private let connection: UnixSocketConnection
    private var nextID: Int64 = 1
    /// Requests kept in flight at once in ``keys(_:)``, well under the daemon's pending bound.
    private let window = 256

    /// Connects to the daemon's socket and opens the session with `hello`.
    ///
    /// With `deadlineMilliseconds`, a call whose reply does not arrive in time throws
    /// ``ClientError/timedOut(milliseconds:)`` instead of blocking (provisional, for frontends that
    /// must never block a keystroke; the typed client's per-call deadline replaces it). After a
    /// timeout the connection is out of step and must be dropped.
    public init(
        socketPath: String, clientName: String = "HangulClient", deadlineMilliseconds: Int? = nil
    ) throws(ClientError) {
        connection = try UnixSocketConnection(path: socketPath, deadlineMilliseconds: deadlineMilliseconds)
        var writer = JSONWriter()
        writer.raw("{\"protocol\":")
        writer.integer(Wire.protocolVersion)
        writer.raw(",\"client\":")
        writer.string(clientName)
        writer.raw("}")
        _ = try call("hello", params: writer.bytes)
    }

    /// Types key events, pipelined; returns one state per event, in order.
    public func keys(_ events: [Key]) throws(ClientError) -> [State] {
        var states: [State] = []
        states.reserveCapacity(events.count)
        var sent = 0
        while sent < events.count {
            let end = min(events.count, sent + window)
            var batch: [UInt8] = []
            var firstID = nextID
            for event in events[sent..<end] {
                batch += requestLine(id: nextID, method: "key", params: Self.keyParams(event))
                nextID += 1
            }
            try connection.write(batch)
            for _ in sent..<end {
                states.append(try Self.state(of: try readResult(id: firstID), isKey: true))
                firstID += 1
            }
            sent = end
        }
        return states
    }

    /// Commits the preedit (focus out); returns the state with the commit.
    public func reset() throws(ClientError) -> State {
        try Self.state(of: call("reset"), isKey: false)
    }

    /// Drops the preedit.
    public func cancel() throws(ClientError) -> State {
        try Self.state(of: call("cancel"), isKey: false)
    }

    /// Sets options by their protocol names; `params` is a JSON object's bytes.
    public func setOptions(json params: [UInt8]) throws(ClientError) -> State {
        try Self.state(of: call("set_options", params: params), isKey: false)
    }

    /// Switches to Hangul or Latin mode; entering Latin commits the preedit.
    public func setMode(hangul: Bool) throws(ClientError) -> State {
        let params = hangul ? "{\"mode\":\"hangul\"}" : "{\"mode\":\"latin\"}"
        return try Self.state(of: call("set_mode", params: Array(params.utf8)), isKey: false)
    }

    /// Flips between Hangul and Latin mode, as a toggle key does.
    public func toggle() throws(ClientError) -> State {
        try Self.state(of: call("toggle"), isKey: false)
    }

    /// Tells the daemon whether a password field has focus: `true` turns composition off.
    public func setContentType(password: Bool) throws(ClientError) -> State {
        let params = password ? "{\"purpose\":\"password\"}" : "{\"purpose\":\"normal\"}"
        return try Self.state(of: call("set_content_type", params: Array(params.utf8)), isKey: false)
    }

    /// Checks that the daemon answers.
    public func ping() throws(ClientError) {
        _ = try call("ping")
    }

    // MARK: - Lines

    private func call(_ method: StaticString, params: [UInt8]? = nil) throws(ClientError) -> JSONValue {
        let id = nextID
        nextID += 1
        try connection.write(requestLine(id: id, method: method, params: params))
        return try readResult(id: id)
    }

    private func requestLine(id: Int64, method: StaticString, params: [UInt8]?) -> [UInt8] {
        var writer = JSONWriter()
        writer.raw("{\"id\":")
        writer.integer(id)
        writer.raw(",\"method\":\"")
        writer.raw(method)
        writer.raw("\"")
        var bytes = writer.bytes
        if let params {
            bytes += Array(",\"params\":".utf8) + params
        }
        bytes += Array("}\n".utf8)
        return bytes
    }

    private static func keyParams(_ key: Key) -> [UInt8] {
        var writer = JSONWriter()
        writer.raw("{\"keysym\":")
        writer.integer(Int64(key.keysym))
        if let keycode = key.keycode {
            writer.raw(",\"keycode\":")
            writer.integer(Int64(keycode))
        }
        if key.modifiers != 0 {
            writer.raw(",\"modifiers\":")
            writer.integer(Int64(key.modifiers))
        }
        if key.isRelease { writer.raw(",\"release\":true") }
        writer.raw("}")
        return writer.bytes
    }

    /// Reads the next reply, which must answer `id`, and returns its `result`.
    private func readResult(id: Int64) throws(ClientError) -> JSONValue {
        let line = try connection.readLine()
        let reply: JSONValue
        do {
            reply = try line.withUnsafeBytes { raw throws(JSONParseError) in try JSONParser.parse(raw) }
        } catch {
            throw .unexpectedReply("not JSON (\(error))")
        }
        if let failure = reply["error"] {
            throw .server(
                code: failure["code"]?.integerValue ?? 0, message: failure["message"]?.stringValue ?? "")
        }
        guard reply["id"]?.integerValue == id else { throw .unexpectedReply("reply out of order") }
        guard let result = reply["result"] else { throw .unexpectedReply("no result") }
        return result
    }

    private static func state(of result: JSONValue, isKey: Bool) throws(ClientError) -> State {
        guard let commit = result["commit"]?.stringValue, let preedit = result["preedit"]?.stringValue,
            let mode = result["mode"]?.stringValue
        else { throw .unexpectedReply("a result without commit, preedit and mode") }
        let handled = result["handled"]?.boolValue ?? false
        if isKey, result["handled"]?.boolValue == nil { throw .unexpectedReply("a key result without handled") }
        return State(handled: handled, commit: commit, preedit: preedit, mode: mode)
    }
}
