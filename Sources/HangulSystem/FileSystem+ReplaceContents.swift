import Glibc
import SystemPackage

extension FileSystem {
    /// Replaces the contents of the file at `path` with `bytes`, atomically and durably, creating
    /// the file when it is missing (its directory must exist: ``makeDirectories(_:mode:)``).
    ///
    /// The bytes go to a new file beside the target (`.NAME.` and six random characters, opened
    /// `O_EXCL | O_CLOEXEC`, so it is never shared with another writer nor inherited by a spawned
    /// program), which is written whole (retried on `EINTR`), given its mode, `fsync`ed and renamed
    /// over the target; the directory is then `fsync`ed so the rename itself survives a crash. A
    /// reader therefore sees the old contents or the new, never a mixture, and after a crash finds
    /// one of the two. On any failure before the rename the temporary file is removed and the
    /// target is untouched.
    ///
    /// Edge cases:
    /// - A symbolic link is followed: the file it points to is replaced and the link stays (an
    ///   editor's dotfile kept in a repository). A dangling link is replaced by the file.
    /// - The file keeps its permission bits; a new file gets 0644 less the umask, as `open` would
    ///   give it. The new file belongs to the writer, as with any editor that saves by renaming.
    /// - A failure of the final directory `fsync` is thrown although the new contents are in
    ///   place: they may not survive a crash. A file system that cannot sync a directory
    ///   (`EINVAL`) is not an error.
    ///
    /// Errors name the call and, so the message can be acted on, the path it concerned:
    /// `open DIR/.NAME.XXXXXX` (the temporary file could not be created: the directory is
    /// missing or not writable), `write`, `fchmod` or `fsync` on `path`, `rename` on `path`, and
    /// `fsync` on the directory.
    public static func replaceContents(
        of path: String, with bytes: some Collection<UInt8>
    ) throws(SystemCallError) {
        let target = Self.resolvingSymbolicLink(path)
        let existing = try FileStatus.of(target, followingSymbolicLinks: true)
        let (directory, name) = Self.split(target)
        let (descriptor, temporary) = try Self.createTemporaryFile(in: directory, beside: name, existing: existing)
        do throws(SystemCallError) {
            try descriptor.closingIfThrows { () throws(SystemCallError) in
                if let existing {
                    do throws(SystemCallError) {
                        try descriptor.changeMode(existing.permissions)
                    } catch {
                        throw SystemCallError("fchmod", path: target, errno: error.errno)
                    }
                }
                _ = try SystemCallError.naming("write", path: target) { try descriptor.writeAll(bytes) }
                try descriptor.synchronize(naming: target)
            }
            try SystemCallError.naming("close", path: target) { try descriptor.close() }
            guard Glibc.rename(temporary, target) == 0 else {
                throw SystemCallError.last("rename", path: target)
            }
        } catch {
            _ = Glibc.unlink(temporary)
            throw error
        }
        try Self.synchronizeDirectory(directory)
    }

    /// The file a symbolic link at `path` leads to (`realpath(3)`); `path` itself when it is not a
    /// link or the link leads nowhere.
    static func resolvingSymbolicLink(_ path: String) -> String {
        guard (try? FileStatus.of(path))?.isSymbolicLink == true, let resolved = Glibc.realpath(path, nil) else {
            return path
        }
        defer { Glibc.free(resolved) }
        return String(cString: resolved)
    }

    /// The directory part (`.` for a bare name, `/` for a file at the root) and the last component.
    public static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = slash == path.startIndex ? "/" : String(path[..<slash])
        return (directory, String(path[path.index(after: slash)...]))
    }

    /// Opens a new file `DIRECTORY/.NAME.XXXXXX`, trying other random names while one exists.
    ///
    /// Mode 0644 (less the umask) for a new target, so the file is created with the mode it will
    /// keep; 0600 when the target exists, whose own mode is set before anything is written, so the
    /// contents are never readable by more people than the target's are.
    private static func createTemporaryFile(
        in directory: String, beside name: String, existing: FileStatus?
    ) throws(SystemCallError) -> (FileDescriptor, String) {
        let prefix = (directory == "/" ? "" : directory) + "/." + name + "."
        let permissions: FilePermissions =
            existing == nil ? [.ownerReadWrite, .groupRead, .otherRead] : .ownerReadWrite
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        var attempts = 0
        while true {
            let suffix = String((0..<6).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
            do {
                let descriptor = try FileDescriptor.open(
                    FilePath(prefix + suffix), .writeOnly,
                    options: [.create, .exclusiveCreate, .closeOnExec, .noFollow], permissions: permissions)
                return (descriptor, prefix + suffix)
            } catch let error as Errno where error == .fileExists && attempts < 100 {
                attempts += 1
            } catch {
                throw SystemCallError("open", path: prefix + "XXXXXX", errno: error as? Errno ?? .ioError)
            }
        }
    }

    /// `fsync(2)` on the directory, so that a rename in it is on disk.
    private static func synchronizeDirectory(_ directory: String) throws(SystemCallError) {
        let descriptor = try SystemCallError.naming("open", path: directory) {
            try FileDescriptor.open(FilePath(directory), .readOnly, options: [.directory, .closeOnExec])
        }
        defer { try? descriptor.close() }
        do throws(SystemCallError) {
            try descriptor.synchronize(naming: directory)
        } catch  where error.errno == .invalidArgument {
            return
        }
    }
}

extension FileDescriptor {
    /// `fsync(2)`, retried on `EINTR`: the file's data and metadata are on the device when it returns.
    public func synchronize() throws(SystemCallError) {
        try self.synchronize(naming: nil)
    }

    fileprivate func synchronize(naming path: String?) throws(SystemCallError) {
        do throws(Errno) {
            _ = try retryingOnInterrupt { Glibc.fsync(self.rawValue) }
        } catch {
            throw SystemCallError("fsync", path: path, errno: error)
        }
    }
}
