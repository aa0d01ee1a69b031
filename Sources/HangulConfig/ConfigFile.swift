import Glibc
import HangulCore
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
    public static func processEnvironment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    /// The settings at `path`: the defaults when there is no file there.
    ///
    /// - Throws: Every problem of a file that exists but cannot be read or is not valid; the caller
    ///   keeps the settings it had.
    public static func load(_ path: String, layouts: LayoutCatalog) throws(ConfigError) -> Settings {
        guard let text = try read(path) else { return Settings() }
        return try Settings.parse(text, source: path, layouts: layouts)
    }

    /// The file's text, or nil when it does not exist.
    public static func read(_ path: String) throws(ConfigError) -> String? {
        func failure(_ reason: String) -> ConfigError {
            ConfigError(FileProblem(source: path, line: 0, reason: reason))
        }
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec])
        } catch let error as Errno where error == .noSuchFileOrDirectory {
            return nil
        } catch {
            throw failure("cannot be opened: \(describe(error))")
        }
        defer { try? descriptor.close() }
        var info = stat()
        guard fstat(descriptor.rawValue, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw failure("is not a regular file")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count: Int
            do {
                count = try chunk.withUnsafeMutableBytes { try descriptor.read(into: $0, retryOnInterrupt: true) }
            } catch {
                throw failure("cannot be read: \(describe(error))")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > maximumSize {
                throw failure("is larger than \(maximumSize) bytes, the most a settings file may be")
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw failure("is not valid UTF-8") }
        return text
    }

    /// Replaces the file with `text`, atomically; creates the file (and its directory) when missing.
    ///
    /// A symlink is followed, so the file it points to is replaced and the link stays. The new file
    /// keeps the old one's permissions; a new file gets 0644 less the umask.
    public static func write(_ text: String, to path: String) throws(ConfigError) {
        func failure(_ reason: String) -> ConfigError {
            ConfigError(FileProblem(source: path, line: 0, reason: reason))
        }
        let target = resolvedTarget(path)
        let directory = parentDirectory(of: target)
        try makeDirectories(directory, for: path)
        var info = stat()
        let existingMode: mode_t? = stat(target, &info) == 0 ? info.st_mode & 0o7777 : nil

        var template = Array((directory + "/.config.toml.XXXXXX").utf8CString)
        let raw = template.withUnsafeMutableBufferPointer { buffer -> CInt in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard raw >= 0 else {
            throw failure("cannot create a file in \(directory): \(describe(Errno(rawValue: errno)))")
        }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let descriptor = FileDescriptor(rawValue: raw)
        do {
            let umask = Glibc.umask(0)
            _ = Glibc.umask(umask)
            let mode = existingMode ?? (0o644 & ~umask)
            guard fchmod(raw, mode) == 0 else { throw Errno(rawValue: errno) }
            _ = try descriptor.writeAll(Array(text.utf8))
            guard fsync(raw) == 0 else { throw Errno(rawValue: errno) }
            try descriptor.close()
        } catch {
            try? descriptor.close()
            unlink(temporary)
            throw failure("cannot be written: \(describe(error))")
        }
        guard rename(temporary, target) == 0 else {
            let error = Errno(rawValue: errno)
            unlink(temporary)
            throw failure("cannot be replaced: \(describe(error))")
        }
    }

    /// The path a write replaces: a symlink's target, resolved; otherwise the path itself.
    static func resolvedTarget(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) else {
            return path
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Creates `directory` and its missing parents (mode 0755 less the umask).
    static func makeDirectories(_ directory: String, for path: String) throws(ConfigError) {
        var info = stat()
        if stat(directory, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw ConfigError(FileProblem(source: path, line: 0, reason: "\(directory) is not a directory"))
            }
            return
        }
        let parent = parentDirectory(of: directory)
        if parent != directory { try makeDirectories(parent, for: path) }
        guard mkdir(directory, 0o755) == 0 || errno == EEXIST else {
            throw ConfigError(
                FileProblem(
                    source: path, line: 0,
                    reason: "cannot create the directory \(directory): \(describe(Errno(rawValue: errno)))"))
        }
    }

    static func describe(_ error: any Error) -> String {
        guard let errno = error as? Errno else { return "\(error)" }
        return String(cString: strerror(errno.rawValue))
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
