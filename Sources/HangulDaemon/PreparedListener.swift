import HangulProtocol
import Logging

/// A bound (not yet listening) socket plus what must be undone at shutdown.
struct PreparedListener: Sendable {
    /// The bound socket; NIO takes it over (and closes it) once the server channel exists.
    let descriptor: CInt
    /// The socket file we created, removed on shutdown; nil for an inherited socket.
    let socketPath: String?
    /// The lock beside the socket file; nil for an inherited socket.
    let lock: SocketLock?

    /// Turns a `ListenerSource` into a bound socket, doing every check the source calls for.
    static func prepare(_ source: ListenerSource, logger: Logger) throws(DaemonError) -> PreparedListener {
        switch source {
        case .inheritedDescriptor(let descriptor):
            guard Posix.isUnixStreamSocket(descriptor) else {
                throw .inheritedDescriptorNotUnixStream(descriptor)
            }
            do {
                try Posix.setCloseOnExec(descriptor)
            } catch {
                throw .system(error)
            }
            return PreparedListener(descriptor: descriptor, socketPath: nil, lock: nil)
        case .path(let path):
            return try Self.bind(path: path, logger: logger)
        }
    }

    private static func bind(path: String, logger: Logger) throws(DaemonError) -> PreparedListener {
        guard !path.isEmpty else {
            throw .socketLocation(.emptyPath)
        }
        guard path.utf8.count <= Posix.maxSocketPathLength else {
            throw .socketPathTooLong(path, limit: Posix.maxSocketPathLength)
        }
        try SocketDirectory.prepare(SocketLocation.directory(of: path))
        let lock = try SocketLock.acquire(path: path + ".lock", socketPath: path)
        // Holding the lock means any socket file here is a dead daemon's: replace it.
        let existing: Posix.FileStatus?
        do {
            existing = try Posix.lstatIfExists(path)
        } catch {
            lock.release()
            throw .system(error)
        }
        if let existing {
            guard existing.isSocket else {
                lock.release()
                throw .socketPathOccupied(path)
            }
            do {
                try Posix.unlinkIfExists(path)
            } catch {
                lock.release()
                throw .system(error)
            }
            logger.info("removed a stale socket left by a daemon that is no longer running")
        }
        do {
            let descriptor = try Posix.makeBoundUnixSocket(path: path, mode: 0o600)
            return PreparedListener(descriptor: descriptor, socketPath: path, lock: lock)
        } catch {
            lock.release()
            throw .system(error)
        }
    }

    /// Removes the socket file (if we created it), then the lock file, then drops the lock.
    func removeFiles() {
        if let socketPath {
            try? Posix.unlinkIfExists(socketPath)
        }
        self.lock?.release()
    }
}
