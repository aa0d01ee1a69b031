/// One reply line as a client reads it: a result for a request, or an error.
///
/// The envelope is checked here (an object with an `id` and exactly one of `result` and `error`);
/// the result's members are read by the result type the caller expects, such as ``StateResult``
/// (``ReceivableResult``). An error whose code closes the connection (`-32003`, `-32004`,
/// `-32005`, id null) may arrive instead of any reply, even before `hello` is answered.
public enum ReceivedReply: Equatable, Sendable {
    /// A success: the id it answers and its `result`, to be read by the expected result type.
    case result(id: RequestID, JSONValue)
    /// An error reply; its ``ProtocolError/id`` is nil when the daemon could not read the request's
    /// id or the error is about the connection.
    case error(ProtocolError)

    /// Reads one line (without its newline).
    public init(parsing line: UnsafeRawBufferPointer) throws(ReplyParseError) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(line, maxDepth: Wire.maxNestingDepth, maxBytes: Int.max)
        } catch {
            throw ReplyParseError("reply is not JSON: \(error)")
        }
        let envelope = try ResultReader(value, path: "reply")
        let id: RequestID?
        switch try envelope.member("id") {
        case .null: id = nil
        case .integer(let integer): id = .integer(integer)
        case .string(let string): id = .string(string)
        case let other:
            throw ReplyParseError("reply.id must be an integer, a string or null, got \(other.shortDescription)")
        }
        if envelope.has("error") {
            let error = try envelope.object("error")
            self = .error(
                ProtocolError(
                    code: ProtocolErrorCode(rawValue: try error.integer("code")), message: try error.string("message"),
                    id: id))
            return
        }
        guard let id else { throw ReplyParseError("reply.id must not be null in a result: a result answers a request") }
        self = .result(id: id, try envelope.member("result"))
    }

    /// Reads one line (without its newline).
    public init(parsing line: [UInt8]) throws(ReplyParseError) {
        let result = line.withUnsafeBytes { raw in
            Result { () throws(ReplyParseError) in try ReceivedReply(parsing: raw) }
        }
        self = try result.get()
    }
}

/// A method's result as a client reads it back from its JSON: the other direction of
/// ``ReplyResult``. Members a later daemon adds are ignored.
public protocol ReceivableResult: Sendable {
    /// Reads the `result` object; `path` names it in error messages.
    init(parsing result: JSONValue) throws(ReplyParseError)
}
