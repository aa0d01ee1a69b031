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
}
