import HangulLog
import HangulProtocol
import HangulSystem
import SystemPackage

/// A bound (not yet listening) socket plus what must be undone at shutdown.
struct PreparedListener: Sendable {
    /// The bound socket; NIO takes it over (and closes it) once the server channel exists.
    let descriptor: FileDescriptor
    /// The socket file we created, removed on shutdown; nil for an inherited socket.
    let socketPath: String?
    /// Where the socket is bound until ``publish()`` renames it to `socketPath`; nil when it was
    /// bound there directly (the staging name would not fit `sun_path`).
    ///
    /// NIO listens with a backlog of 128 when it adopts a socket, and only then can the server
    /// listen again with its own; bound at its final name, the socket would take connections with
    /// the small backlog in between. Under the staging name nobody finds it until it is ready.
    let stagingPath: String?
    /// The lock beside the socket file; nil for an inherited socket.
    let lock: SocketLock?

    /// Turns a `ListenerSource` into a bound socket, doing every check the source calls for.
    static func prepare(_ source: ListenerSource, logger: DaemonLog) throws(DaemonError) -> PreparedListener {
        switch source {
        case .inheritedDescriptor(let descriptor):
            guard descriptor.isUnixStreamSocket else {
                throw .inheritedDescriptorNotUnixStream(descriptor)
            }
            do {
                try descriptor.setCloseOnExec()
            } catch {
                throw .system(error)
            }
            return PreparedListener(descriptor: descriptor, socketPath: nil, stagingPath: nil, lock: nil)
        case .path(let path):
            return try Self.bind(path: path, logger: logger)
        }
    }

    private static func bind(path: String, logger: DaemonLog) throws(DaemonError) -> PreparedListener {
        guard !path.isEmpty else {
            throw .socketLocation(.emptyPath)
        }
        guard path.utf8.count <= UnixSocketAddress.maxPathLength else {
            throw .socketPathTooLong(path, limit: UnixSocketAddress.maxPathLength)
        }
        let directory = SocketLocation.directory(of: path)
        if let warning = try SocketDirectory.checkParent(of: directory) {
            logger.warning("\(warning)")
        }
        try SocketDirectory.prepare(directory)
        let lock = try SocketLock.acquire(path: path + ".lock", socketPath: path)
        // Holding the lock means any socket file here is a dead daemon's: replace it.
        let existing: FileStatus?
        do {
            existing = try FileStatus.of(path)
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
                try FileSystem.unlinkIfExists(path)
            } catch {
                lock.release()
                throw .system(error)
            }
            logger.info("removed a stale socket left by a daemon that is no longer running")
        }
        // Beside the socket, named after it (we hold its lock, so a leftover is a dead daemon's).
        let staging = directory + "/." + (path.split(separator: "/").last.map(String.init) ?? "hanguld") + "~"
        let stagingPath = staging.utf8.count <= UnixSocketAddress.maxPathLength ? staging : nil
        do {
            if let stagingPath {
                try FileSystem.unlinkIfExists(stagingPath)
            }
            let descriptor = try FileDescriptor.boundUnixSocket(
                path: stagingPath ?? path, mode: 0o600, nonBlocking: true)
            return PreparedListener(descriptor: descriptor, socketPath: path, stagingPath: stagingPath, lock: lock)
        } catch {
            lock.release()
            throw .system(error)
        }
    }

    /// Gives the listening socket its final name (see ``stagingPath``); call once it listens with
    /// the intended backlog.
    func publish() throws(SystemCallError) {
        if let stagingPath, let socketPath {
            try FileSystem.rename(stagingPath, to: socketPath)
        }
    }

    /// Removes the socket file, so that no new client can connect by its path; the lock stays.
    func removeSocketFile() {
        if let socketPath {
            try? FileSystem.unlinkIfExists(socketPath)
        }
        if let stagingPath {
            // Still there only when the server failed before publishing.
            try? FileSystem.unlinkIfExists(stagingPath)
        }
    }

    /// Removes the socket file (if we created it), then the lock file, then drops the lock.
    func removeFiles() {
        self.removeSocketFile()
        self.lock?.release()
    }
}
