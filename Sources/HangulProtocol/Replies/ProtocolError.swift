/// An error reply: a code, a message for people, and the id of the request it answers.
///
/// Messages say what was wrong and what to do (`params.keysym must be an integer keysym, got "abc"`).
/// They may quote a short value the client sent, so the daemon logs the ``code`` and method, never
/// the message. The conformance transcripts pin every message, so wording changes are deliberate.
public struct ProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
    public var code: ProtocolErrorCode
    public var message: String
    /// The id of the request answered; nil is written as `null` (the id could not be read, or the
    /// error is about the connection rather than one request).
    public var id: RequestID?

    public init(code: ProtocolErrorCode, message: String, id: RequestID? = nil) {
        self.code = code
        self.message = message
        self.id = id
    }

    public var description: String { "\(code): \(message)" }

    /// The reply line for this error, newline included.
    public var replyLine: [UInt8] { Reply.line(for: self) }
}

// MARK: Errors the daemon raises (the parser raises the rest itself)

extension ProtocolError {
    /// `-32000`: a request other than `hello` arrived first.
    public static func helloRequired(id: RequestID?) -> ProtocolError {
        ProtocolError(
            code: .helloOutOfOrder,
            message: #"send hello first: a connection starts with {"id":1,"method":"hello","params":{"protocol":1}}"#,
            id: id)
    }

    /// `-32000`: `hello` arrived a second time.
    public static func helloRepeated(id: RequestID?) -> ProtocolError {
        ProtocolError(
            code: .helloOutOfOrder,
            message: "hello was already answered on this connection; open a new connection to start over", id: id)
    }

    /// `-32603`: `reload` reached a session no daemon serves, so there is nothing to reload.
    public static func cannotReload(id: RequestID?) -> ProtocolError {
        ProtocolError(
            code: .internalError, message: "this server has no settings file to reload; reload hanguld itself",
            id: id)
    }

    /// `-32603`: the daemon failed while handling `method`.
    public static func internalError(method: Request.Method.Name, id: RequestID?) -> ProtocolError {
        ProtocolError(
            code: .internalError, message: "internal error in \(method.rawValue); please report it", id: id)
    }

    /// `-32003`, id null: a line reached ``Wire/maxLineBytes`` without a newline.
    public static var lineTooLong: ProtocolError {
        ProtocolError(
            code: .lineTooLong,
            message: "line longer than \(Wire.maxLineBytes) bytes (newline included); closing the connection")
    }

    /// `-32004`, id null: more than `limit` replies were waiting for the client to read them.
    public static func tooManyPendingRequests(limit: Int) -> ProtocolError {
        ProtocolError(
            code: .tooManyPendingRequests,
            message: "more than \(limit) replies are waiting to be read; closing the connection")
    }

    /// `-32004`, id null: more than `limit` bytes of requests were waiting for their replies to be read.
    public static func tooManyPendingRequestBytes(limit: Int) -> ProtocolError {
        ProtocolError(
            code: .tooManyPendingRequests,
            message:
                "more than \(limit) bytes of requests are waiting for their replies to be read; closing the connection")
    }

    /// `-32006`, id null: no `hello` within `seconds` of connecting.
    public static func helloTimeout(seconds: Int) -> ProtocolError {
        ProtocolError(
            code: .timeout, message: "no hello within \(seconds) seconds of connecting; closing the connection")
    }

    /// `-32006`, id null: part of a line came, then nothing more for `seconds`.
    public static func unfinishedLineTimeout(seconds: Int) -> ProtocolError {
        ProtocolError(
            code: .timeout, message: "a line was left unfinished for \(seconds) seconds; closing the connection")
    }

    /// `-32005`, id null: the daemon already serves `limit` sessions.
    public static func tooManySessions(limit: Int) -> ProtocolError {
        ProtocolError(
            code: .tooManySessions, message: "the daemon already serves \(limit) sessions; closing the connection")
    }
}
