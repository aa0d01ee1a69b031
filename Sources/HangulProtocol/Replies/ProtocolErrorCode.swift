/// The `code` of an error reply: JSON-RPC 2.0's codes plus the protocol's own from -32000 down.
///
/// A frontend acts on the code, never on the message text. The codes for exceeded bounds
/// (``lineTooLong``, ``tooManyPendingRequests``, ``tooManySessions``) and ``timeout`` are the only
/// ones after which the daemon closes the connection; every other error leaves the session as it was.
public struct ProtocolErrorCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int64

    public init(rawValue: Int64) { self.rawValue = rawValue }

    /// The line is not valid JSON (or not UTF-8). The reply's id is null: the id could not be read.
    public static let parseError = ProtocolErrorCode(rawValue: -32700)
    /// Valid JSON but not a request: not an object, a bad `id`, or no string `method`.
    public static let invalidRequest = ProtocolErrorCode(rawValue: -32600)
    /// `method` names no method this protocol version has.
    public static let methodNotFound = ProtocolErrorCode(rawValue: -32601)
    /// A parameter is missing, of the wrong type or out of range; nothing was changed.
    public static let invalidParams = ProtocolErrorCode(rawValue: -32602)
    /// The daemon failed on its own; a bug to report. The session is unchanged.
    public static let internalError = ProtocolErrorCode(rawValue: -32603)
    /// A request came before `hello`, or `hello` came twice.
    public static let helloOutOfOrder = ProtocolErrorCode(rawValue: -32000)
    /// `set_options` named a layout the daemon does not have; the reply lists the ones it has.
    public static let unknownLayout = ProtocolErrorCode(rawValue: -32001)
    /// `hello` offered no protocol version the daemon speaks.
    public static let unsupportedProtocolVersion = ProtocolErrorCode(rawValue: -32002)
    /// A line grew past ``Wire/maxLineBytes`` without a newline. The connection is then closed.
    public static let lineTooLong = ProtocolErrorCode(rawValue: -32003)
    /// The client let too many replies wait unread. The connection is then closed.
    public static let tooManyPendingRequests = ProtocolErrorCode(rawValue: -32004)
    /// The daemon already serves its maximum of sessions. The connection is then closed.
    public static let tooManySessions = ProtocolErrorCode(rawValue: -32005)
    /// No `hello` within the hello timeout of connecting, or a line left unfinished for that long.
    /// The connection is then closed.
    public static let timeout = ProtocolErrorCode(rawValue: -32006)

    /// Every code the protocol defines, in the order the spec lists them.
    public static let all: [ProtocolErrorCode] = [
        .parseError, .invalidRequest, .methodNotFound, .invalidParams, .internalError, .helloOutOfOrder,
        .unknownLayout, .unsupportedProtocolVersion, .lineTooLong, .tooManyPendingRequests, .tooManySessions,
        .timeout,
    ]

    /// Whether the daemon closes the connection right after sending this error.
    public var closesConnection: Bool {
        self == .lineTooLong || self == .tooManyPendingRequests || self == .tooManySessions || self == .timeout
    }

    public var description: String { "\(rawValue)" }
}
