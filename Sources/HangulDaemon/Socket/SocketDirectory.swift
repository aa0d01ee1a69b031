import Glibc
import HangulProtocol
import HangulSystem

/// The private directory that holds the socket: created 0700 if missing, then checked with `lstat`.
///
/// The socket's own mode is not enough on every system (some historically ignored permissions on socket
/// files), so the directory is the real fence: it must be a real directory, not a symbolic link someone
/// could point elsewhere, owned by us, with no group or other bits at all.
enum SocketDirectory {
    /// Creates `path` (only its last component) if it is missing, then verifies it.
    static func prepare(_ path: String, uid: uid_t = CurrentProcess.effectiveUserID) throws(DaemonError) {
        do {
            if try FileStatus.of(path) == nil {
                // EEXIST from a concurrent creator is fine: verification below decides.
                _ = try FileSystem.makeDirectory(path, mode: 0o700)
            }
        } catch {
            throw .system(error)
        }
        try Self.verify(path, uid: uid)
    }

    /// Checks the directory that holds the socket's directory (normally `$XDG_RUNTIME_DIR`); returns
    /// a warning to log, or nil.
    ///
    /// Whoever may write to it without the sticky bit may rename our private directory away and put
    /// their own, with a socket of theirs, in its place: clients would then send keystrokes to
    /// them. That is refused, as is a directory owned by another user (who could do the same).
    /// With the sticky bit (a `/tmp`-like directory) others can only take the name first, which the
    /// ownership check of ``verify(_:uid:)`` then catches: a warning, since nothing can be hijacked.
    static func checkParent(of path: String, uid: uid_t = CurrentProcess.effectiveUserID) throws(DaemonError) -> String?
    {
        let parent = SocketLocation.directory(of: path)
        let status: FileStatus
        do throws(SystemCallError) {
            // Followed: a runtime directory reached through a symbolic link is still the directory.
            guard let found = try FileStatus.of(parent, followingSymbolicLinks: true) else {
                // Missing: `prepare` fails on mkdir with a clear ENOENT.
                return nil
            }
            status = found
        } catch {
            throw .system(error)
        }
        guard status.uid == uid || status.uid == 0 else {
            throw .parentDirectoryUnsafe(parent, reason: "belongs to uid \(status.uid), who could replace \(path)")
        }
        let sticky: mode_t = 0o1000
        guard status.permissions & 0o022 != 0 else {
            return nil
        }
        guard status.permissions & sticky != 0 else {
            throw .parentDirectoryUnsafe(
                parent,
                reason: "has mode \(DaemonError.octal(UInt32(status.permissions))): other users could replace \(path)")
        }
        return "\(parent) is writable by other users (mode \(DaemonError.octal(UInt32(status.permissions)))); "
            + "a private runtime directory (0700, as systemd-logind makes $XDG_RUNTIME_DIR) is safer"
    }

    /// Checks that `path` is a real directory owned by `uid` with no group or other permission bits.
    static func verify(_ path: String, uid: uid_t = CurrentProcess.effectiveUserID) throws(DaemonError) {
        let status: FileStatus
        do throws(SystemCallError) {
            guard let found = try FileStatus.of(path) else {
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
