import HangulCore
import HangulSystem
import SystemPackage

/// Reads one layout file's text, refusing anything that is not a regular file before it can block.
///
/// A path may name a FIFO, a socket, a device or a directory as easily as a file. Opening a FIFO for
/// reading waits for a writer, for ever if none comes, and that hung `hangul-compose` and `hanguld`
/// at start (issue 12, fault 6). So the path is looked at first (`stat`, following links, which also
/// tells a dangling or looping link apart), and only a regular file is opened, with `O_NONBLOCK` so
/// that even a file swapped for a FIFO in between cannot block; the descriptor is checked again
/// with `fstat` and only then read.
enum LayoutFileReader {
    /// Which file a path led to, whatever the path: the same file reached twice (named with
    /// `--layout-file` and found in the directory, or through a link) has one identity.
    struct Identity: Hashable {
        let device: DeviceID
        let inode: Inode
    }

    /// The file's identity and text: at most ``LayoutFile/maximumSize`` bytes of valid UTF-8.
    /// `display` names the file in errors.
    static func read(_ path: FilePath, display: String) throws(FileProblem) -> (identity: Identity, text: String) {
        func failure(_ reason: String) -> FileProblem { FileProblem(source: display, line: 0, reason: reason) }
        let status: Stat
        do {
            status = try path.stat()
        } catch {
            throw failure(Self.unreachable(path, error))
        }
        if let kind = Self.irregular(status.type) { throw failure("is \(kind), not a regular file") }

        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(path, .readOnly, options: [.nonBlocking, .closeOnExec])
        } catch {
            throw failure("cannot be opened: \(error)")
        }
        defer { try? descriptor.close() }
        let opened: Stat
        do {
            opened = try descriptor.stat()
        } catch {
            throw failure("cannot be read: \(error)")
        }
        if let kind = Self.irregular(opened.type) { throw failure("is \(kind), not a regular file") }
        let bytes = try Self.contents(of: descriptor, failure: failure)
        guard let text = String(validating: bytes, as: UTF8.self) else { throw failure("is not valid UTF-8") }
        return (Identity(device: opened.deviceID, inode: opened.inode), text)
    }

    /// Every byte of an open regular file, stopping as soon as it is larger than a layout file may be.
    private static func contents(
        of descriptor: FileDescriptor, failure: (String) -> FileProblem
    ) throws(FileProblem) -> [UInt8] {
        do {
            return try descriptor.readAll(upTo: LayoutFile.maximumSize)
        } catch  where error.errno == .fileTooLarge {
            throw failure("is larger than \(LayoutFile.maximumSize) bytes, the most a layout file may be")
        } catch {
            throw failure("cannot be read: \(error.errno)")
        }
    }

    /// What a file type is called in a message, or nil for a regular file.
    static func irregular(_ type: FileType) -> String? {
        switch type {
        case .regular: nil
        case .directory: "a directory"
        case .fifo: "a named pipe (FIFO)"
        case .socket: "a socket"
        case .characterSpecial, .blockSpecial: "a device"
        case .symbolicLink: "a symbolic link"
        default: "a special file"
        }
    }

    /// Why `stat` found nothing readable: a link whose target is missing or that loops gets said
    /// as such, since "No such file" about a name `ls` shows is a puzzle.
    static func unreachable(_ path: FilePath, _ error: Errno) -> String {
        let isLink = (try? path.stat(followTargetSymlink: false))?.type == .symbolicLink
        switch error {
        case .noSuchFileOrDirectory where isLink: return "is a symbolic link to a file that does not exist"
        case .tooManySymbolicLinkLevels: return "is a symbolic link that loops (\(error))"
        default: return "cannot be opened: \(error)"
        }
    }
}
