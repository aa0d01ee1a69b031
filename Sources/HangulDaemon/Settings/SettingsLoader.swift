import HangulConfig
import HangulCore
import HangulProtocol

/// Reads the settings file in the daemon, with HangulConfig's strict TOML reader (no Foundation,
/// no child process), and checks it against the layouts the daemon's sessions use.
///
/// The reader is bounded as a layout file's is: the file is opened only when it is a regular file
/// (a FIFO cannot block the reload), read up to `ConfigFile.maximumSize` bytes, and parsed without
/// recursion past a small depth, so no file can crash, stall or bloat the daemon.
public struct SettingsLoader: Sendable {
    /// What one load found.
    public enum Outcome: Equatable, Sendable {
        /// The file was accepted (a missing file gives the defaults).
        case loaded(ConfiguredSettings)
        /// The file had problems: `file:line: reason` lines. The settings in force stay as they were.
        case refused([String])
    }

    /// The settings file.
    public var configPath: String
    /// The most problem lines kept, for logs and status.
    public static let maxProblems = 32

    public init(configPath: String) {
        self.configPath = configPath
    }

    /// Reads the file; `layouts` is the catalog the daemon's sessions use, which the layout named
    /// must be in.
    public func load(layouts: LayoutCatalog) -> Outcome {
        do throws(ConfigError) {
            return .loaded(try ConfigFile.load(configPath, layouts: layouts).configured)
        } catch {
            let all = error.problems.map(\.description)
            guard all.count > Self.maxProblems else { return .refused(all) }
            return .refused(Array(all.prefix(Self.maxProblems)) + ["… and \(all.count - Self.maxProblems) more"])
        }
    }
}
