import Glibc
import SystemPackage

/// A file whose exclusive `flock` says who owns something beside it (the daemon's socket path):
/// the scheme of libwayland's `wayland-0.lock`.
///
/// The kernel drops the lock when its holder dies, however it dies, so whatever a crashed holder
/// left behind can be cleaned up safely, while a live holder is never displaced. The lock belongs
/// to the open file, not the process: a second ``acquire(path:)`` in the same process is refused
/// as another process's would be.
public struct LockFile: Sendable {
    /// The lock file's path.
    public let path: String
    /// The open descriptor that holds the lock, close-on-exec so no spawned program inherits it.
    private let descriptor: FileDescriptor

    /// Opens `path` (created 0600 when missing, never through a symbolic link, close-on-exec) and
    /// takes its exclusive lock without waiting: the lock, or nil when someone else holds it.
    ///
    /// Errors: `open PATH: …` when the file cannot be opened (a missing or unwritable directory;
    /// `Too many levels of symbolic links` for a link at `path`, which could point the lock at
    /// another user's file), `flock PATH: …` when the lock call itself fails. The descriptor is
    /// closed on every failure and when the lock is refused.
    public static func acquire(path: String) throws(SystemCallError) -> LockFile? {
        let descriptor = try SystemCallError.naming("open", path: path) {
            try FileDescriptor.open(
                FilePath(path), .readWrite, options: [.create, .closeOnExec, .noFollow],
                permissions: [.ownerReadWrite])
        }
        let locked = try descriptor.closingIfThrows { () throws(SystemCallError) in
            do throws(SystemCallError) {
                return try descriptor.tryLockExclusively()
            } catch {
                throw SystemCallError("flock", path: path, errno: error.errno)
            }
        }
        guard locked else {
            try? descriptor.close()
            return nil
        }
        return LockFile(path: path, descriptor: descriptor)
    }

    /// Removes the lock file, then drops the lock by closing it, in that order, as libwayland
    /// does: a process starting in between finds either the lock still held or no file at all,
    /// never a file it can lock while this holder still acts as the owner.
    public func release() {
        try? FileSystem.unlinkIfExists(self.path)
        try? self.descriptor.close()
    }
}

extension FileDescriptor {
    /// `flock(LOCK_EX | LOCK_NB)`, retried on `EINTR`: true when the lock is taken, false when
    /// another open file holds it (`EWOULDBLOCK`).
    public func tryLockExclusively() throws(SystemCallError) -> Bool {
        do throws(Errno) {
            _ = try retryingOnInterrupt { flock(self.rawValue, LOCK_EX | LOCK_NB) }
            return true
        } catch  where error == .wouldBlock {
            return false
        } catch {
            throw SystemCallError("flock", errno: error)
        }
    }
}
