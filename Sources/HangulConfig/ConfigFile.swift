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
        guard (try? descriptor.status())?.isRegularFile == true else {
            throw failure("is not a regular file")
        }
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

    /// Replaces the file with `text`, atomically; creates the file (and its directory) when missing.
    ///
    /// HangulSystem's `FileSystem.replaceContents` does the work: a symlink is followed, so the file
    /// it points to is replaced and the link stays; the new file keeps the old one's permissions, a
    /// new file gets 0644 less the umask; the temporary file beside it is removed on any failure.
    public static func write(_ text: String, to path: String) throws(ConfigError) {
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
