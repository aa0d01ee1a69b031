import Glibc
import HangulSystem
import SystemPackage

/// The daemon's own raw C calls outside NIO and `HangulSystem`, each wrapped so that failures become
/// `SystemCallError`.
///
/// Keeping them in one place makes the unsafe surface easy to audit: nothing here reads client data.
enum Posix {
    /// `open(2)` of a lock file: created 0600 if missing, never through a symbolic link, close-on-exec.
    static func openLockFile(_ path: String) throws(SystemCallError) -> FileDescriptor {
        try SystemCallError.naming("open", path: path) {
            try FileDescriptor.open(
                FilePath(path), .readWrite, options: [.create, .closeOnExec, .noFollow],
                permissions: [.ownerReadWrite])
        }
    }

    /// `flock(fd, LOCK_EX | LOCK_NB)`: true if taken, false if another process holds it.
    static func tryExclusiveLock(_ descriptor: FileDescriptor, path: String) throws(SystemCallError) -> Bool {
        guard flock(descriptor.rawValue, LOCK_EX | LOCK_NB) == 0 else {
            let error = Glibc.errno
            if error == EWOULDBLOCK || error == EAGAIN {
                return false
            }
            throw SystemCallError("flock", path: path, errno: error)
        }
        return true
    }

    /// Creates a Unix stream socket bound to `path` with mode `mode`, not yet listening.
    ///
    /// The socket inode gets `mode` through `fchmod` before `bind`, which Linux copies onto the new file
    /// (masked by the umask), and the file gets `chmod` again after `bind`; nobody can connect before
    /// the caller listens, so there is no window with a wider mode. Close-on-exec and non-blocking.
    static func makeBoundUnixSocket(path: String, mode: mode_t) throws(SystemCallError) -> FileDescriptor {
        let address = try UnixSocketAddress(path: path)
        let socket = try FileDescriptor.unixStreamSocket(nonBlocking: true)
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

    /// The effective uid of this process.
    static var effectiveUID: uid_t { Glibc.geteuid() }

    /// This process's id.
    static var processID: pid_t { Glibc.getpid() }

    /// `getenv(3)`.
    static func environmentValue(_ name: String) -> String? {
        Environment.value(name)
    }

    /// `unsetenv(3)`.
    static func unsetEnvironmentValue(_ name: String) {
        Environment.remove(name)
    }

    /// `signal(sig, SIG_IGN)`.
    static func ignoreSignal(_ signal: CInt) {
        _ = Glibc.signal(signal, SIG_IGN)
    }
}
