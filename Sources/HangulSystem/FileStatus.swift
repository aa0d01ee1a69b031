import Glibc
import SystemPackage

/// The parts of `struct stat` that decisions about files are made on.
public struct FileStatus: Equatable, Sendable {
    /// The full `st_mode`, type bits included.
    public var mode: mode_t
    /// The owner.
    public var uid: uid_t
    /// The size in bytes.
    public var size: Int

    public init(mode: mode_t, uid: uid_t, size: Int = 0) {
        self.mode = mode
        self.uid = uid
        self.size = size
    }

    // POSIX fixes these values; Swift does not import the S_IS* macros.
    private static let typeMask: mode_t = 0o170_000

    public var isDirectory: Bool { self.mode & Self.typeMask == 0o040_000 }
    public var isRegularFile: Bool { self.mode & Self.typeMask == 0o100_000 }
    public var isSymbolicLink: Bool { self.mode & Self.typeMask == 0o120_000 }
    public var isSocket: Bool { self.mode & Self.typeMask == 0o140_000 }
    /// The permission bits (`0o7777`).
    public var permissions: mode_t { self.mode & 0o7777 }

    /// What the file is, said in a message that refuses it for not being a regular file ("is a named
    /// pipe (FIFO), not a regular file"); nil for a regular file.
    public var irregularKind: String? {
        switch self.mode & Self.typeMask {
        case 0o100_000: nil
        case 0o040_000: "a directory"
        case 0o010_000: "a named pipe (FIFO)"
        case 0o140_000: "a socket"
        case 0o120_000: "a symbolic link"
        case 0o020_000, 0o060_000: "a device"
        default: "a special file"
        }
    }

    /// `lstat(2)` (or `stat(2)` when `followingSymbolicLinks`): the status of `path`, or nil when
    /// nothing is there (`ENOENT`).
    public static func of(_ path: String, followingSymbolicLinks: Bool = false) throws(SystemCallError) -> FileStatus? {
        var status = Glibc.stat()
        let flags = followingSymbolicLinks ? 0 : AT_SYMLINK_NOFOLLOW
        guard fstatat(AT_FDCWD, path, &status, flags) == 0 else {
            let error = Glibc.errno
            if error == ENOENT {
                return nil
            }
            throw SystemCallError(followingSymbolicLinks ? "stat" : "lstat", path: path, errno: error)
        }
        return FileStatus(status)
    }

    init(_ status: Glibc.stat) {
        self.init(mode: status.st_mode, uid: status.st_uid, size: Int(status.st_size))
    }
}

extension FileDescriptor {
    /// `fstat(2)`.
    public func status() throws(SystemCallError) -> FileStatus {
        var status = Glibc.stat()
        guard Glibc.fstat(self.rawValue, &status) == 0 else {
            throw .last("fstat")
        }
        return FileStatus(status)
    }

    /// Reads until end of file, at most `limit` bytes; throws `EFBIG` when there is more. Each
    /// `read` is retried on `EINTR` (swift-system's `retryOnInterrupt`).
    public func readAll(upTo limit: Int) throws(SystemCallError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = try SystemCallError.naming("read") {
                try chunk.withUnsafeMutableBytes { try self.read(into: $0) }
            }
            if count == 0 {
                return bytes
            }
            guard bytes.count + count <= limit else {
                throw SystemCallError("read", errno: EFBIG)
            }
            bytes += chunk[..<count]
        }
    }
}
