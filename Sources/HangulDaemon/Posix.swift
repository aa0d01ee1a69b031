import Glibc

/// Every raw C call the daemon makes outside NIO, each wrapped so that failures become `SystemCallError`.
///
/// Keeping them in one place makes the unsafe surface easy to audit: nothing here reads client data.
enum Posix {
    /// The parts of `struct stat` the daemon decides on.
    struct FileStatus: Equatable {
        /// The full `st_mode`, type bits included.
        var mode: mode_t
        /// The owner.
        var uid: uid_t

        // POSIX fixes these values; Swift does not import the S_IS* macros.
        private static let typeMask: mode_t = 0o170_000

        var isDirectory: Bool { self.mode & Self.typeMask == 0o040_000 }
        var isSymbolicLink: Bool { self.mode & Self.typeMask == 0o120_000 }
        var isSocket: Bool { self.mode & Self.typeMask == 0o140_000 }
        /// The permission bits (`0o7777`).
        var permissions: mode_t { self.mode & 0o7777 }
    }

    /// `lstat(2)`: the status of `path` itself (a symbolic link is not followed), or nil if it does not exist.
    static func lstatIfExists(_ path: String) throws(SystemCallError) -> FileStatus? {
        var status = stat()
        guard Glibc.lstat(path, &status) == 0 else {
            let error = Glibc.errno
            if error == ENOENT {
                return nil
            }
            throw SystemCallError("lstat", path: path, errno: error)
        }
        return FileStatus(mode: status.st_mode, uid: status.st_uid)
    }

    /// `fstat(2)` on an open descriptor.
    static func fstat(_ descriptor: CInt) throws(SystemCallError) -> FileStatus {
        var status = stat()
        guard Glibc.fstat(descriptor, &status) == 0 else {
            throw SystemCallError("fstat", errno: Glibc.errno)
        }
        return FileStatus(mode: status.st_mode, uid: status.st_uid)
    }

    /// `mkdir(2)`; returns false (rather than throwing) when something already exists at `path`.
    static func makeDirectory(_ path: String, mode: mode_t) throws(SystemCallError) -> Bool {
        guard Glibc.mkdir(path, mode) == 0 else {
            let error = Glibc.errno
            if error == EEXIST {
                return false
            }
            throw SystemCallError("mkdir", path: path, errno: error)
        }
        return true
    }

    /// `unlink(2)`; a path that is already gone is not an error.
    static func unlinkIfExists(_ path: String) throws(SystemCallError) {
        guard Glibc.unlink(path) == 0 else {
            let error = Glibc.errno
            if error == ENOENT {
                return
            }
            throw SystemCallError("unlink", path: path, errno: error)
        }
    }

    /// `chmod(2)`.
    static func changeMode(_ path: String, _ mode: mode_t) throws(SystemCallError) {
        guard Glibc.chmod(path, mode) == 0 else {
            throw SystemCallError("chmod", path: path, errno: Glibc.errno)
        }
    }

    /// `open(2)` of a lock file: created 0600 if missing, never through a symbolic link, close-on-exec.
    static func openLockFile(_ path: String) throws(SystemCallError) -> CInt {
        let descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, mode_t(0o600))
        guard descriptor >= 0 else {
            throw SystemCallError("open", path: path, errno: Glibc.errno)
        }
        return descriptor
    }

    /// `flock(fd, LOCK_EX | LOCK_NB)`: true if taken, false if another process holds it.
    static func tryExclusiveLock(_ descriptor: CInt, path: String) throws(SystemCallError) -> Bool {
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let error = Glibc.errno
            if error == EWOULDBLOCK || error == EAGAIN {
                return false
            }
            throw SystemCallError("flock", path: path, errno: error)
        }
        return true
    }

    /// `close(2)`, ignoring the result: there is nothing useful to do when closing fails.
    static func close(_ descriptor: CInt) {
        _ = Glibc.close(descriptor)
    }

    /// The longest path that fits `sockaddr_un.sun_path` with its terminating NUL.
    static let maxSocketPathLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// Creates a Unix stream socket bound to `path` with mode `mode`, not yet listening.
    ///
    /// The socket inode gets `mode` through `fchmod` before `bind`, which Linux copies onto the new file
    /// (masked by the umask), and the file gets `chmod` again after `bind`; nobody can connect before
    /// the caller listens, so there is no window with a wider mode. Close-on-exec and non-blocking.
    static func makeBoundUnixSocket(path: String, mode: mode_t) throws(SystemCallError) -> CInt {
        let pathBytes = Array(path.utf8)
        guard pathBytes.count <= Self.maxSocketPathLength, !pathBytes.contains(0) else {
            throw SystemCallError("bind", path: path, errno: ENAMETOOLONG)
        }
        let descriptor = Glibc.socket(
            AF_UNIX,
            Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue),
            0
        )
        guard descriptor >= 0 else {
            throw SystemCallError("socket", errno: Glibc.errno)
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: pathBytes)
            raw[pathBytes.count] = 0
        }
        do throws(SystemCallError) {
            guard Glibc.fchmod(descriptor, mode) == 0 else {
                throw SystemCallError("fchmod", path: path, errno: Glibc.errno)
            }
            let bound = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                    Glibc.bind(descriptor, socketAddress, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            guard bound == 0 else {
                throw SystemCallError("bind", path: path, errno: Glibc.errno)
            }
            try Self.changeMode(path, mode)
        } catch {
            Self.close(descriptor)
            throw error
        }
        return descriptor
    }

    /// Whether `descriptor` is an `AF_UNIX` `SOCK_STREAM` socket (what `sd_is_socket_unix` checks).
    static func isUnixStreamSocket(_ descriptor: CInt) -> Bool {
        func intOption(_ name: CInt) -> CInt? {
            var value: CInt = 0
            var length = socklen_t(MemoryLayout<CInt>.size)
            guard Glibc.getsockopt(descriptor, SOL_SOCKET, name, &value, &length) == 0 else {
                return nil
            }
            return value
        }
        return intOption(SO_DOMAIN) == AF_UNIX && intOption(SO_TYPE) == Int32(SOCK_STREAM.rawValue)
    }

    /// Sets `FD_CLOEXEC`, so an inherited listening socket does not leak into anything we might spawn.
    static func setCloseOnExec(_ descriptor: CInt) throws(SystemCallError) {
        let flags = Glibc.fcntl(descriptor, F_GETFD)
        guard flags >= 0, Glibc.fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) == 0 else {
            throw SystemCallError("fcntl", errno: Glibc.errno)
        }
    }

    /// The effective uid of this process.
    static var effectiveUID: uid_t { Glibc.geteuid() }

    /// This process's id.
    static var processID: pid_t { Glibc.getpid() }

    /// `getenv(3)`.
    static func environmentValue(_ name: String) -> String? {
        guard let value = Glibc.getenv(name) else {
            return nil
        }
        return String(cString: value)
    }

    /// `unsetenv(3)`.
    static func unsetEnvironmentValue(_ name: String) {
        _ = Glibc.unsetenv(name)
    }

    /// `signal(sig, SIG_IGN)`.
    static func ignoreSignal(_ signal: CInt) {
        _ = Glibc.signal(signal, SIG_IGN)
    }
}
