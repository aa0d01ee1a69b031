/// Why the daemon refuses to start, worded so that the person reading it knows what to change.
public enum DaemonError: Error, Equatable, CustomStringConvertible {
    /// Neither `--socket`, `$HANGULD_SOCKET` nor `$XDG_RUNTIME_DIR` says where the socket goes.
    case noSocketLocation
    /// `$XDG_RUNTIME_DIR` is set but is not an absolute path.
    case runtimeDirectoryNotAbsolute(String)
    /// The socket path is empty.
    case emptySocketPath
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
    /// Another daemon holds the lock beside the socket.
    case alreadyRunning(socket: String, lock: String)
    /// Something that is not a socket occupies the socket path.
    case socketPathOccupied(String)
    /// The descriptor handed over by socket activation is not a Unix stream socket.
    case inheritedDescriptorNotUnixStream(CInt)
    /// A limit is out of range.
    case invalidConfiguration(String)
    /// A system call failed.
    case system(SystemCallError)

    public var description: String {
        switch self {
        case .noSocketLocation:
            return "XDG_RUNTIME_DIR is not set, so there is no private directory for the socket; "
                + "log in through a session that sets it, or pass --socket PATH (or set HANGULD_SOCKET) "
                + "with PATH in a directory only you can access"
        case .runtimeDirectoryNotAbsolute(let value):
            return "XDG_RUNTIME_DIR is \"\(value)\", not an absolute path; fix it or pass --socket PATH"
        case .emptySocketPath:
            return "the socket path is empty; pass --socket PATH with a non-empty PATH"
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
        case .alreadyRunning(let socket, let lock):
            return "another hanguld is already serving \(socket) (it holds \(lock)); stop it first "
                + "or pass a different --socket PATH"
        case .socketPathOccupied(let path):
            return "\(path) exists and is not a socket; remove it or choose another --socket PATH"
        case .inheritedDescriptorNotUnixStream(let descriptor):
            return "file descriptor \(descriptor) passed by socket activation is not a Unix stream socket; "
                + "use ListenStream= with a path in the .socket unit"
        case .invalidConfiguration(let message):
            return message
        case .system(let error):
            return error.description
        }
    }

    private static func octal(_ mode: UInt32) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
