import HangulProtocol

/// What went wrong talking to `hanguld`, said so a user knows what to do.
public enum ClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The socket could not be reached (no daemon, wrong path, permission).
    case cannotConnect(path: String, reason: String)
    /// A socket path longer than `sun_path` allows.
    case pathTooLong(String)
    /// Reading or writing failed after connecting.
    case io(String)
    /// The daemon closed the connection without saying why.
    case closed
    /// The daemon answered the request with a protocol error; the connection stays usable.
    case server(code: Int64, message: String)
    /// The daemon ended the connection with a connection-level error (PROTOCOL.md section 7:
    /// `-32003`, `-32004`, or `-32005` when it already serves its maximum of sessions).
    case connectionEnded(code: Int64, message: String)
    /// The daemon sent something this client does not understand.
    case unexpectedReply(String)
    /// No reply came within the call's timeout. The late reply would answer the wrong call, so the
    /// connection is closed for good: open a new client.
    case timedOut(method: String, timeout: Duration)
    /// An earlier failure (a timeout, a closed or confused connection) left this client unusable.
    case unusable(because: String)

    public var description: String {
        switch self {
        case .cannotConnect(let path, let reason):
            "cannot connect to hanguld at \(path): \(reason); is the daemon running (hanguld, or systemctl --user start hanguld.socket)?"
        case .pathTooLong(let path): "socket path is too long for a Unix socket (\(path.utf8.count) bytes): \(path)"
        case .io(let reason): "connection to hanguld failed: \(reason)"
        case .closed: "hanguld closed the connection"
        case .server(let code, let message): "hanguld refused the request (\(code)): \(message)"
        case .connectionEnded(let code, let message): "hanguld ended the connection (\(code)): \(message)"
        case .unexpectedReply(let what): "unexpected reply from hanguld: \(what)"
        case .timedOut(let method, let timeout):
            "hanguld did not answer \(method) within \(timeout); the connection is closed, open a new one"
        case .unusable(let reason):
            "this connection to hanguld can no longer be used (\(reason)); open a new one"
        }
    }

    /// Whether the connection can still carry requests after this error: only a refused request
    /// leaves it in step.
    var leavesConnectionUsable: Bool {
        if case .server = self { return true }
        return false
    }
}
