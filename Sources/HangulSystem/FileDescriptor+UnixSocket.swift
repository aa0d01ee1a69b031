import Glibc
import SystemPackage

extension FileDescriptor {
    /// `socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC [| SOCK_NONBLOCK])`: a new Unix stream socket,
    /// close-on-exec so it never leaks into a spawned program.
    public static func unixStreamSocket(nonBlocking: Bool = false) throws(SystemCallError) -> FileDescriptor {
        var type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        if nonBlocking {
            type |= Int32(SOCK_NONBLOCK.rawValue)
        }
        let descriptor = Glibc.socket(AF_UNIX, type, 0)
        guard descriptor >= 0 else {
            throw .last("socket")
        }
        return FileDescriptor(rawValue: descriptor)
    }

    /// A Unix stream socket connected to `path`; the descriptor is closed again if anything fails.
    /// `connect` is retried on `EINTR`.
    ///
    /// The connect itself always blocks: a Unix socket connects at once, or fails at once when
    /// nothing listens, and waits only while the listener's backlog is full. With `nonBlocking`,
    /// `O_NONBLOCK` is set once connected, for a caller that bounds each read and write itself
    /// (``waitUntilReady(for:deadline:)``).
    public static func connectedUnixSocket(path: String, nonBlocking: Bool = false) throws(SystemCallError)
        -> FileDescriptor
    {
        let address = try UnixSocketAddress(path: path)
        let socket = try FileDescriptor.unixStreamSocket()
        return try socket.closingIfThrows { () throws(SystemCallError) in
            try socket.connect(to: address)
            if nonBlocking {
                try socket.setNonBlocking()
            }
            return socket
        }
    }

    /// A Unix stream socket bound to `path` with mode `mode`, not yet listening; the descriptor is
    /// closed again if anything fails.
    ///
    /// The socket inode gets `mode` through `fchmod` before `bind`, which Linux copies onto the new
    /// file (masked by the umask), and the file gets `chmod` again after `bind`; nobody can connect
    /// before the caller listens, so there is no window with a wider mode. Close-on-exec, and
    /// non-blocking when asked (a listener handed to an event loop). Errors name the call and the
    /// path: `bind PATH: Address already in use` when something is already there.
    public static func boundUnixSocket(
        path: String, mode: mode_t, nonBlocking: Bool = false
    ) throws(SystemCallError) -> FileDescriptor {
        let address = try UnixSocketAddress(path: path)
        let socket = try FileDescriptor.unixStreamSocket(nonBlocking: nonBlocking)
        return try socket.closingIfThrows { () throws(SystemCallError) in
            do throws(SystemCallError) {
                try socket.changeMode(mode)
            } catch {
                throw SystemCallError("fchmod", path: path, errno: error.errno)
            }
            try socket.bind(to: address)
            try FileSystem.changeMode(path, mode)
            return socket
        }
    }

    /// `connect(2)` to `address`, retried on `EINTR`.
    public func connect(to address: UnixSocketAddress) throws(SystemCallError) {
        do throws(Errno) {
            _ = try retryingOnInterrupt { address.withSocketAddress { Glibc.connect(self.rawValue, $0, $1) } }
        } catch {
            throw SystemCallError("connect", path: address.path, errno: error)
        }
    }

    /// `bind(2)` to `address`: creates the socket file.
    public func bind(to address: UnixSocketAddress) throws(SystemCallError) {
        guard address.withSocketAddress({ Glibc.bind(self.rawValue, $0, $1) }) == 0 else {
            throw .last("bind", path: address.path)
        }
    }

    /// `listen(2)`. Calling it again on a listening socket changes its backlog (Linux); the
    /// kernel caps the backlog at `net.core.somaxconn`.
    public func listen(backlog: Int) throws(SystemCallError) {
        guard Glibc.listen(self.rawValue, Int32(clamping: backlog)) == 0 else {
            throw .last("listen")
        }
    }

    /// Whether this is an `AF_UNIX` `SOCK_STREAM` socket (what `sd_is_socket_unix` checks).
    public var isUnixStreamSocket: Bool {
        func intOption(_ name: CInt) -> CInt? {
            var value: CInt = 0
            var length = socklen_t(MemoryLayout<CInt>.size)
            guard Glibc.getsockopt(self.rawValue, SOL_SOCKET, name, &value, &length) == 0 else {
                return nil
            }
            return value
        }
        return intOption(SO_DOMAIN) == AF_UNIX && intOption(SO_TYPE) == Int32(SOCK_STREAM.rawValue)
    }

    /// Whether a read (for a listening socket: an `accept`) would find something now:
    /// `poll(POLLIN)` with no wait. False on any error.
    public var hasInputWaiting: Bool {
        var entry = pollfd(fd: self.rawValue, events: Int16(POLLIN), revents: 0)
        return Glibc.poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLIN) != 0
    }

    /// Sets `FD_CLOEXEC`, so an inherited descriptor does not leak into anything spawned later.
    public func setCloseOnExec() throws(SystemCallError) {
        let flags = Glibc.fcntl(self.rawValue, F_GETFD)
        guard flags >= 0, Glibc.fcntl(self.rawValue, F_SETFD, flags | FD_CLOEXEC) == 0 else {
            throw .last("fcntl")
        }
    }
}
