import Glibc

/// Path operations whose "already so" outcome is not an error, named after their C calls.
public enum FileSystem {
    /// `mkdir(2)`; returns false (rather than throwing) when something already exists at `path`.
    public static func makeDirectory(_ path: String, mode: mode_t) throws(SystemCallError) -> Bool {
        guard Glibc.mkdir(path, mode) == 0 else {
            let error = Glibc.errno
            if error == EEXIST {
                return false
            }
            throw SystemCallError("mkdir", path: path, errno: error)
        }
        return true
    }

    /// `mkdir -p`: creates `path` and each missing directory above it with `mode` (less the
    /// umask). A directory already there, or created meanwhile by another process, is not an
    /// error; something else in the way is, as `ENOTDIR` naming it: `mkdir /x/file: Not a
    /// directory`. A relative path is taken from the working directory.
    public static func makeDirectories(_ path: String, mode: mode_t) throws(SystemCallError) {
        let status: FileStatus?
        do throws(SystemCallError) {
            status = try FileStatus.of(path, followingSymbolicLinks: true)
        } catch  where error.errno == .notDirectory {
            // A file further up: the walk up finds it and names it.
            status = nil
        }
        if let status {
            guard status.isDirectory else {
                throw SystemCallError("mkdir", path: path, errno: ENOTDIR)
            }
            return
        }
        let (parent, _) = Self.split(path)
        if parent != path && parent != "." {
            try Self.makeDirectories(parent, mode: mode)
        }
        if try !Self.makeDirectory(path, mode: mode) {
            // Made by someone else between the check above and now: fine if it is a directory.
            guard try FileStatus.of(path, followingSymbolicLinks: true)?.isDirectory == true else {
                throw SystemCallError("mkdir", path: path, errno: ENOTDIR)
            }
        }
    }

    /// `unlink(2)`; a path that is already gone is not an error.
    public static func unlinkIfExists(_ path: String) throws(SystemCallError) {
        guard Glibc.unlink(path) == 0 else {
            let error = Glibc.errno
            if error == ENOENT {
                return
            }
            throw SystemCallError("unlink", path: path, errno: error)
        }
    }

    /// `rename(2)`: atomically gives `source` the name `destination`, replacing what was there.
    public static func rename(_ source: String, to destination: String) throws(SystemCallError) {
        guard Glibc.rename(source, destination) == 0 else {
            throw .last("rename", path: source)
        }
    }

    /// `chmod(2)`.
    public static func changeMode(_ path: String, _ mode: mode_t) throws(SystemCallError) {
        guard Glibc.chmod(path, mode) == 0 else {
            throw .last("chmod", path: path)
        }
    }

    /// `readlink(2)`: what the symbolic link at `path` contains, not resolved further. Throws
    /// `EINVAL` for a path that is not a link (`readlink PATH: Invalid argument`).
    public static func symbolicLinkTarget(_ path: String) throws(SystemCallError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        let count = Glibc.readlink(path, &buffer, buffer.count)
        guard count >= 0 else {
            throw .last("readlink", path: path)
        }
        guard count < buffer.count else {
            throw SystemCallError("readlink", path: path, errno: ENAMETOOLONG)
        }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
