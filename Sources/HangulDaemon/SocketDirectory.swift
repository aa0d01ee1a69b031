import Glibc

/// The private directory that holds the socket: created 0700 if missing, then checked with `lstat`.
///
/// The socket's own mode is not enough on every system (some historically ignored permissions on socket
/// files), so the directory is the real fence: it must be a real directory, not a symbolic link someone
/// could point elsewhere, owned by us, with no group or other bits at all.
enum SocketDirectory {
    /// Creates `path` (only its last component) if it is missing, then verifies it.
    static func prepare(_ path: String, uid: uid_t = Posix.effectiveUID) throws(DaemonError) {
        do {
            if try Posix.lstatIfExists(path) == nil {
                // EEXIST from a concurrent creator is fine: verification below decides.
                _ = try Posix.makeDirectory(path, mode: 0o700)
            }
        } catch {
            throw .system(error)
        }
        try Self.verify(path, uid: uid)
    }

    /// Checks that `path` is a real directory owned by `uid` with no group or other permission bits.
    static func verify(_ path: String, uid: uid_t = Posix.effectiveUID) throws(DaemonError) {
        let status: Posix.FileStatus
        do throws(SystemCallError) {
            guard let found = try Posix.lstatIfExists(path) else {
                throw SystemCallError("lstat", path: path, errno: ENOENT)
            }
            status = found
        } catch {
            throw .system(error)
        }
        if status.isSymbolicLink {
            throw .directoryIsSymbolicLink(path)
        }
        guard status.isDirectory else {
            throw .notADirectory(path)
        }
        guard status.uid == uid else {
            throw .directoryOwnedByAnotherUser(path, owner: status.uid, us: uid)
        }
        guard status.permissions & 0o077 == 0 else {
            throw .directoryNotPrivate(path, mode: UInt32(status.permissions))
        }
    }
}
