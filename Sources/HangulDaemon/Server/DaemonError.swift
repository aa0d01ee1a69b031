import HangulProtocol
import SystemPackage

/// Why the daemon refuses to start, worded so that the person reading it knows what to change.
public enum DaemonError: Error, Equatable, CustomStringConvertible {
    /// `--socket`, `$HANGULD_SOCKET` and `$XDG_RUNTIME_DIR` give no usable socket path.
    case socketLocation(SocketLocation.Failure)
    /// The socket path does not fit `sockaddr_un`.
    case socketPathTooLong(String, limit: Int)
    /// The socket's directory is a symbolic link.
    case directoryIsSymbolicLink(String)
    /// Something other than a directory is where the socket's directory should be.
    case notADirectory(String)
    /// The socket's directory belongs to another user.
    case directoryOwnedByAnotherUser(String, owner: UInt32, us: UInt32)
    /// The socket's directory can be read, written or searched by group or others.
    case directoryNotPrivate(String, mode: UInt32)
    /// The directory holding the socket's directory lets another user replace it.
    case parentDirectoryUnsafe(String, reason: String)
    /// `--max-sessions` needs more file descriptors than the hard limit allows.
    case descriptorLimitTooLow(maxSessions: Int, needed: Int, hardLimit: Int)
    /// Another daemon holds the lock beside the socket.
    case alreadyRunning(socket: String, lock: String)
    /// Something that is not a socket occupies the socket path.
    case socketPathOccupied(String)
    /// The descriptor handed over by socket activation is not a Unix stream socket.
    case inheritedDescriptorNotUnixStream(FileDescriptor)
    /// A limit is out of range.
    case invalidConfiguration(String)
    /// A system call failed.
    case system(SystemCallError)

    public var description: String {
        switch self {
        case .socketLocation(let failure):
            return failure.description
        case .socketPathTooLong(let path, let limit):
            return "socket path \(path) is \(path.utf8.count) bytes, longer than the \(limit) a Unix socket "
                + "allows; choose a shorter --socket PATH"
        case .directoryIsSymbolicLink(let path):
            return "socket directory \(path) is a symbolic link; refusing to follow it. "
                + "Remove it (the daemon creates a real directory) or choose another --socket PATH"
        case .notADirectory(let path):
            return "socket directory \(path) exists but is not a directory; remove it or choose another --socket PATH"
        case .directoryOwnedByAnotherUser(let path, let owner, let us):
            return "socket directory \(path) belongs to uid \(owner), not to us (uid \(us)); "
                + "choose a --socket PATH in a directory you own"
        case .directoryNotPrivate(let path, let mode):
            return "socket directory \(path) has mode \(Self.octal(mode)), open to group or others; "
                + "run chmod 700 \(path) or choose another --socket PATH"
        case .parentDirectoryUnsafe(let path, let reason):
            return "\(path) \(reason) and impersonate the daemon; run chmod 700 \(path) (or chmod +t for a "
                + "shared directory), or choose a --socket PATH in a directory only you can write"
        case .descriptorLimitTooLow(let maxSessions, let needed, let hardLimit):
            let fitting = hardLimit - ServerConfiguration.reservedDescriptors
            let lower = fitting >= 1 ? "lower --max-sessions to at most \(fitting)" : "lower --max-sessions"
            return "--max-sessions \(maxSessions) needs \(needed) file descriptors, but this process may open at "
                + "most \(hardLimit) (the hard RLIMIT_NOFILE); \(lower), or raise the hard limit "
                + "(ulimit -Hn, or LimitNOFILE= in a systemd unit)"
        case .alreadyRunning(let socket, let lock):
            return "another hanguld is already serving \(socket) (it holds \(lock)); stop it first "
                + "or pass a different --socket PATH"
        case .socketPathOccupied(let path):
            return "\(path) exists and is not a socket; remove it or choose another --socket PATH"
        case .inheritedDescriptorNotUnixStream(let descriptor):
            return "file descriptor \(descriptor.rawValue) passed by socket activation is not a Unix stream socket; "
                + "use ListenStream= with a path in the .socket unit"
        case .invalidConfiguration(let message):
            return message
        case .system(let error):
            return error.description
        }
    }

    static func octal(_ mode: UInt32) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
