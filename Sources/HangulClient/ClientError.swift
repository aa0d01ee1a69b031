/// What went wrong talking to `hanguld`, said so a user knows what to do.
public enum ClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The socket could not be reached (no daemon, wrong path, permission).
    case cannotConnect(path: String, reason: String)
    /// A socket path longer than `sun_path` allows.
    case pathTooLong(String)
    /// Reading or writing failed after connecting.
    case io(String)
    /// The daemon closed the connection before answering.
    case closed
    /// No reply (or no room to send) within the deadline given at connect; the connection is out of
    /// step with the daemon from then on and must be closed. Provisional: the typed client replaces it.
    case timedOut(milliseconds: Int)
    /// The daemon answered with a protocol error.
    case server(code: Int64, message: String)
    /// The daemon sent something this client does not understand.
    case unexpectedReply(String)

    public var description: String {
        switch self {
        case .cannotConnect(let path, let reason):
            "cannot connect to hanguld at \(path): \(reason); is the daemon running (hanguld, or systemctl --user start hanguld.socket)?"
        case .pathTooLong(let path): "socket path is too long for a Unix socket (\(path.utf8.count) bytes): \(path)"
        case .io(let reason): "connection to hanguld failed: \(reason)"
        case .closed: "hanguld closed the connection"
        case .timedOut(let milliseconds):
            "hanguld did not answer within \(milliseconds) ms; it may be stopped or overloaded (the connection is dropped)"
        case .server(let code, let message): "hanguld refused the request (\(code)): \(message)"
        case .unexpectedReply(let what): "unexpected reply from hanguld: \(what)"
        }
    }
}
