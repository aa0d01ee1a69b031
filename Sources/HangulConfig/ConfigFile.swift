import Glibc
import HangulCore
import HangulSystem
import SystemPackage

/// Where the settings file is, and reading and writing it whole.
///
/// The file is `$XDG_CONFIG_HOME/hangul/config.toml`, else `~/.config/hangul/config.toml`, beside
/// the user's layout directory. A missing file is not an error: it means the defaults. Writing
/// replaces the file atomically (a new file in the same directory, synced, then renamed over the
/// old one), so a reader such as the daemon sees the old text or the new, never a mixture, and an
/// editor's symlinked dotfile stays a symlink (the file it points to is replaced).
public enum ConfigFile {
    /// The largest settings file read: far more than every key with comments needs.
    public static let maximumSize = 64 * 1024

    /// The settings file's path, or nil when neither `XDG_CONFIG_HOME` nor `HOME` is an absolute
    /// path. A relative `XDG_CONFIG_HOME` is ignored, as the XDG base directory rules require.
    public static func defaultPath(environment: (String) -> String?) -> String? {
        if let config = environment("XDG_CONFIG_HOME"), config.hasPrefix("/") { return config + "/hangul/config.toml" }
        if let home = environment("HOME"), home.hasPrefix("/") { return home + "/.config/hangul/config.toml" }
        return nil
    }

    /// The process environment, for ``defaultPath(environment:)``.
    public static func processEnvironment(_ name: String) -> String? { Environment.value(name) }

    /// The settings at `path`: the defaults when there is no file there.
    ///
    /// - Throws: Every problem of a file that exists but cannot be read or is not valid; the caller
    ///   keeps the settings it had.
    public static func load(_ path: String, layouts: LayoutCatalog) throws(ConfigError) -> Settings {
        guard let text = try read(path) else { return Settings() }
        return try Settings.parse(text, source: path, layouts: layouts)
    }

    /// The file's text, or nil when it does not exist.
    ///
    /// Only a regular file is read, opened without blocking (a FIFO put in its place is refused at
    /// once rather than waited on), and only one that is the user's own in a directory that is the
    /// user's own, neither writable by other users: with a shared `XDG_CONFIG_HOME`, settings
    /// someone else planted (no toggle keys, a layout of theirs) are refused, as the daemon's
    /// runtime directory is. Group write is allowed, since Debian gives each user a group of their
    /// own and a umask of 002.
    ///
    /// - Parameter owner: Who the file must belong to: the effective user, except in tests.
    public static func read(_ path: String, owner: uid_t = CurrentProcess.effectiveUserID) throws(ConfigError)
        -> String?
    {
        func failure(_ reason: String) -> ConfigError {
            ConfigError(FileProblem(source: path, line: 0, reason: reason))
        }
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec, .nonBlocking])
        } catch let error as Errno where error == .noSuchFileOrDirectory {
            return nil
        } catch {
            throw failure("cannot be opened: \(describe(error))")
        }
        defer { try? descriptor.close() }
        let status: FileStatus
        do throws(SystemCallError) {
            status = try descriptor.status()
        } catch {
            throw failure("cannot be read: \(error.errno)")
        }
        if let kind = status.irregularKind { throw failure("is \(kind), not a regular file") }
        if let reason = distrust(status, owner: owner) { throw failure(reason) }
        try checkDirectory(of: path, owner: owner)
        let bytes: [UInt8]
        do throws(SystemCallError) {
            bytes = try descriptor.readAll(upTo: maximumSize)
        } catch  where error.errno == .fileTooLarge {
            throw failure("is larger than \(maximumSize) bytes, the most a settings file may be")
        } catch {
            throw failure("cannot be read: \(error.errno)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw failure("is not valid UTF-8") }
        return text
    }

    /// Why a file or directory with this status cannot be trusted with the user's settings, or nil.
    /// Root's own are trusted, as root could write anything anyway.
    static func distrust(_ status: FileStatus, owner: uid_t) -> String? {
        if status.uid != owner && status.uid != 0 {
            return "belongs to user \(status.uid), not to you (user \(owner)); settings another user could have "
                + "written are not read"
        }
        if status.permissions & 0o002 != 0 {
            return "is writable by other users (mode \(octal(status.permissions))); anyone could change your "
                + "settings: chmod o-w it"
        }
        return nil
    }

    /// Refuses the settings file's directory (followed through a link) when it is another user's or
    /// writable by other users: whoever can write there can replace the file. A sticky directory
    /// (`/tmp`) is not refused: nobody else can replace the user's own file in it, and the file's
    /// own owner is checked.
    static func checkDirectory(of path: String, owner: uid_t) throws(ConfigError) {
        let directory = FileSystem.split(path).directory
        guard let status = try? FileStatus.of(directory, followingSymbolicLinks: true),
            status.mode & 0o1000 == 0, let reason = distrust(status, owner: owner)
        else { return }
        throw ConfigError(FileProblem(source: path, line: 0, reason: "its directory \(directory) \(reason)"))
    }

    static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Replaces the file with `text`, atomically; creates the file (and its directory) when missing.
    ///
    /// HangulSystem's `FileSystem.replaceContents` does the work: a symlink is followed, so the file
    /// it points to is replaced and the link stays; the new file keeps the old one's permissions, a
    /// new file gets 0644 less the umask; the temporary file beside it is removed on any failure.
    ///
    /// A symbolic link is followed only to a file of the user's own: never to another user's file
    /// (as root, `config set` would otherwise take it over), and never when it leads nowhere (a
    /// dotfile manager's link whose target is missing is not replaced by a plain file).
    public static func write(
        _ text: String, to path: String, owner: uid_t = CurrentProcess.effectiveUserID
    ) throws(ConfigError) {
        func failure(_ reason: String) -> ConfigError {
            ConfigError(FileProblem(source: path, line: 0, reason: reason))
        }
        try makeDirectory(of: path, owner: owner)
        if (try? FileStatus.of(path))?.isSymbolicLink == true {
            guard let target = try? FileStatus.of(path, followingSymbolicLinks: true) else {
                throw failure(
                    "is a symbolic link to \(linkTarget(path)), which does not exist; create that file or remove the link"
                )
            }
            if let reason = distrust(target, owner: owner) {
                throw failure("is a symbolic link to \(linkTarget(path)), which \(reason)")
            }
        }
        do throws(SystemCallError) {
            try FileSystem.replaceContents(of: path, with: Array(text.utf8))
        } catch {
            switch error.call {
            case "open" where error.path?.hasSuffix(".XXXXXX") == true:
                let temporaryDirectory = FileSystem.split(error.path ?? path).directory
                throw failure("cannot create a file in \(temporaryDirectory): \(error.errno)")
            case "rename": throw failure("cannot be replaced: \(error.errno)")
            default: throw failure("cannot be written: \(error)")
            }
        }
    }

    /// How long an edit waits for another one to finish before giving up.
    static let lockPatience: Duration = .seconds(5)

    /// Runs `body`, a read, edit and write of the file, holding the file's edit lock: an exclusive
    /// `flock` on `.NAME.lock` beside it (created 0600 when missing, never through a link, and
    /// left in place), so two `hangulctl config set` at once take turns and neither change is
    /// lost. Each step alone was safe already; the sequence was not. Creates the directory when
    /// missing. The lock goes with the descriptor, so a killed editor never leaves it held.
    ///
    /// - Throws: The lock's problems (another editor holding it for ``lockPatience``), or `body`'s.
    public static func editing<Result>(
        _ path: String, owner: uid_t = CurrentProcess.effectiveUserID, _ body: () throws(ConfigError) -> Result
    ) throws(ConfigError) -> Result {
        func failure(_ reason: String) -> ConfigError {
            ConfigError(FileProblem(source: path, line: 0, reason: reason))
        }
        try makeDirectory(of: path, owner: owner)
        let (directory, name) = FileSystem.split(path)
        let lockPath = (directory == "/" ? "" : directory) + "/." + name + ".lock"
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(
                FilePath(lockPath), .readWrite, options: [.create, .closeOnExec, .noFollow],
                permissions: [.ownerReadWrite])
        } catch {
            throw failure("cannot open its lock file \(lockPath): \(describe(error))")
        }
        defer { try? descriptor.close() }
        let deadline = MonotonicInstant.now + lockPatience
        while true {
            do throws(SystemCallError) {
                if try descriptor.tryLockExclusively() { break }
            } catch {
                throw failure("cannot lock \(lockPath): \(error.errno)")
            }
            guard MonotonicInstant.now < deadline else {
                throw failure("another program has been editing it for 5 s (it holds \(lockPath)); try again")
            }
            CurrentThread.sleep(for: .milliseconds(5))
        }
        return try body()
    }

    /// Creates the settings file's directory when missing, and refuses one the user cannot trust.
    static func makeDirectory(of path: String, owner: uid_t) throws(ConfigError) {
        func failure(_ reason: String) -> ConfigError {
            ConfigError(FileProblem(source: path, line: 0, reason: reason))
        }
        let directory = FileSystem.split(path).directory
        do throws(SystemCallError) {
            try FileSystem.makeDirectories(directory, mode: 0o755)
        } catch  where error.errno == .notDirectory {
            throw failure("\(error.path ?? directory) is not a directory")
        } catch {
            throw failure("cannot create the directory \(error.path ?? directory): \(error.errno)")
        }
        try checkDirectory(of: path, owner: owner)
    }

    /// What a symbolic link holds, for a message.
    static func linkTarget(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return "?" }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func describe(_ error: any Error) -> String {
        guard let errno = error as? Errno else { return "\(error)" }
        return errno.description
    }
}

extension Settings {
    /// Reads the settings again, for a reload: the new settings, or, when the file has any problem,
    /// `previous` unchanged with the problems to report. Never half a file.
    public static func reloaded(
        from path: String, layouts: LayoutCatalog, keeping previous: Settings
    ) -> (settings: Settings, problems: ConfigError?) {
        do throws(ConfigError) {
            return (try ConfigFile.load(path, layouts: layouts), nil)
        } catch {
            return (previous, error)
        }
    }
}
