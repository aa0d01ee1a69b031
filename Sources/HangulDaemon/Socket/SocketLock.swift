import HangulSystem
import SystemPackage

/// The lock file beside the socket (`hanguld.sock.lock`) that tells a live daemon from a stale socket.
///
/// HangulSystem's `LockFile`, libwayland's `wayland-0.lock` scheme: whoever holds an exclusive `flock`
/// on it owns the socket path. The kernel drops the lock when its holder dies, however it dies, so a
/// socket file left behind by a crash can be removed safely, while a live daemon's socket is never
/// stolen.
struct SocketLock: Sendable {
    private let file: LockFile

    /// The lock file's path.
    var path: String { self.file.path }

    /// Takes the lock at `path`, creating the file 0600 if needed; another daemon holding it is
    /// refused as ``DaemonError/alreadyRunning(socket:lock:)``.
    static func acquire(path: String, socketPath: String) throws(DaemonError) -> SocketLock {
        let file: LockFile?
        do {
            file = try LockFile.acquire(path: path)
        } catch {
            throw .system(error)
        }
        guard let file else {
            throw .alreadyRunning(socket: socketPath, lock: path)
        }
        return SocketLock(file: file)
    }

    /// Removes the lock file and then drops the lock, in that order, as libwayland does: a daemon starting
    /// in between finds either our held lock or no file at all.
    func release() {
        self.file.release()
    }
}
