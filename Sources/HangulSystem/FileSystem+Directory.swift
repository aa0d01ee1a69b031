import Glibc

extension FileSystem {
    /// The names in the directory at `path`, as bytes, `.` and `..` left out, in the order the
    /// directory gives them; nil when nothing is at `path` (`ENOENT`).
    ///
    /// Names are bytes because Linux file names need not be UTF-8: a name decoded with replacement
    /// characters names no file. Anything else that stops the listing (not a directory, no
    /// permission, an I/O error part way through) throws, named `opendir` or `readdir`. swift-system
    /// has no directory listing; this is the project's one `opendir`/`readdir` loop.
    public static func directoryEntryNames(_ path: String) throws(SystemCallError) -> [[UInt8]]? {
        guard let stream = Glibc.opendir(path) else {
            let error = Glibc.errno
            if error == ENOENT {
                return nil
            }
            throw SystemCallError("opendir", path: path, errno: error)
        }
        defer { Glibc.closedir(stream) }
        var names: [[UInt8]] = []
        while true {
            Glibc.errno = 0
            guard let entry = Glibc.readdir(stream) else {
                let error = Glibc.errno
                if error != 0 {
                    throw SystemCallError("readdir", path: path, errno: error)
                }
                return names
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [0x2E] && name != [0x2E, 0x2E] {
                names.append(name)
            }
        }
    }
}
