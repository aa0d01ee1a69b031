import HangulSystem
import SystemPackage

/// The lock file beside the socket (`hanguld.sock.lock`) that tells a live daemon from a stale socket.
///
/// Same scheme as libwayland's `wayland-0.lock`: whoever holds an exclusive `flock` on it owns the socket
/// path. The kernel drops the lock when its holder dies, however it dies, so a socket file left behind by
/// a crash can be removed safely, while a live daemon's socket is never stolen.
struct SocketLock: Sendable {
    /// The lock file's path.
    let path: String
    /// The open descriptor that holds the lock.
    private let descriptor: FileDescriptor

    /// Takes the lock at `path`, creating the file 0600 if needed.
    static func acquire(path: String, socketPath: String) throws(DaemonError) -> SocketLock {
        let descriptor: FileDescriptor
        do {
            descriptor = try Posix.openLockFile(path)
        } catch {
            throw .system(error)
        }
        return try descriptor.closingIfThrows { () throws(DaemonError) in
            let locked: Bool
            do throws(SystemCallError) {
                locked = try Posix.tryExclusiveLock(descriptor, path: path)
            } catch {
                throw .system(error)
            }
            guard locked else {
                throw .alreadyRunning(socket: socketPath, lock: path)
            }
            return SocketLock(path: path, descriptor: descriptor)
        }
    }

    /// Removes the lock file and then drops the lock, in that order, as libwayland does: a daemon starting
    /// in between finds either our held lock or no file at all.
    func release() {
        try? FileSystem.unlinkIfExists(self.path)
        try? self.descriptor.close()
    }
}
