import SystemPackage

/// A file as `stat(2)` saw it before its bytes were read: its path, size, modification time,
/// device and inode. What a cache built from the file records, so the cache is used only for the
/// same file, unchanged (``IndexCacheDirectory``).
public struct FileIdentity: Equatable, Sendable {
    public var path: String
    public var size: UInt64
    public var modificationSeconds: Int64
    public var modificationNanoseconds: Int64
    public var device: UInt64
    public var inode: UInt64

    public init(
        path: String, size: UInt64, modificationSeconds: Int64, modificationNanoseconds: Int64, device: UInt64,
        inode: UInt64
    ) {
        self.path = path
        self.size = size
        self.modificationSeconds = modificationSeconds
        self.modificationNanoseconds = modificationNanoseconds
        self.device = device
        self.inode = inode
    }

    /// The identity of the file at `path` whose status is `status` (`fstat` of the open file).
    public init(path: String, status: Stat) {
        self.init(
            path: path, size: UInt64(status.size), modificationSeconds: Int64(status.st_mtim.tv_sec),
            modificationNanoseconds: Int64(status.st_mtim.tv_nsec), device: UInt64(status.deviceID.rawValue),
            inode: UInt64(status.inode.rawValue))
    }

    /// The identity of something read from memory, never cached.
    public static let none = FileIdentity(
        path: "", size: 0, modificationSeconds: 0, modificationNanoseconds: 0, device: 0, inode: 0)

    /// The identity as five 64-bit words, as an index image's header stores it: size, modification
    /// seconds and nanoseconds, device, inode (the path is stored apart).
    public var words: [UInt64] {
        [size, UInt64(bitPattern: modificationSeconds), UInt64(bitPattern: modificationNanoseconds), device, inode]
    }
}
