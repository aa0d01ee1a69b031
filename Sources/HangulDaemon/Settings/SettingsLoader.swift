import HangulCore
import HangulProtocol

/// Reads the settings file by running `hangulctl config get --json --file PATH`, and checks what it
/// prints with the protocol's own parser.
///
/// Why a child and not a library: `HangulConfig` links TOMLKit, which brings Foundation, ICU and
/// libstdc++ into the process (idle RSS 17.6 → 24.4 MB, past the 1,000-idle-sessions target), and
/// runs a C++ parser over a file anyone with the user's rights can edit. In a short-lived child,
/// bounded by ``timeout`` and ``maxOutputBytes``, no file can crash, stall or bloat the daemon.
public struct SettingsLoader: Sendable {
    /// What one load found.
    public enum Outcome: Equatable, Sendable {
        /// The file was accepted (a missing file gives the defaults).
        case loaded(ConfiguredSettings)
        /// The file, or the helper, had problems: `file:line: reason` lines, or what went wrong
        /// running the helper. The settings in force stay as they were.
        case refused([String])
    }

    /// The settings file.
    public var configPath: String
    /// The `hangulctl` executable.
    public var hangulctlPath: String
    /// The daemon's `--layout-file`s, passed on so the file may name their layouts.
    public var layoutFiles: [String]
    /// How long the helper may take; past it, it is killed and the load refused.
    public var timeout: Duration
    /// The most bytes read from each of the helper's streams; more is refused. The settings line
    /// is a few hundred bytes, the file at most 64 KiB.
    public static let maxOutputBytes = 256 * 1024
    /// The most problem lines kept, for logs and status.
    public static let maxProblems = 32

    public init(configPath: String, hangulctlPath: String, layoutFiles: [String] = [], timeout: Duration = .seconds(5))
    {
        self.configPath = configPath
        self.hangulctlPath = hangulctlPath
        self.layoutFiles = layoutFiles
        self.timeout = timeout
    }

    /// Runs the helper and reads its answer; `layouts` is the catalog the daemon's sessions use,
    /// which the layout named must be in.
    public func load(layouts: LayoutCatalog) -> Outcome {
        let arguments =
            ["config", "get", "--json", "--file", configPath] + layoutFiles.flatMap { ["--layout-file", $0] }
        let outcome: HelperProcess.Outcome
        do throws(HelperProcess.SpawnError) {
            outcome = try HelperProcess.run(
                path: hangulctlPath, arguments: arguments, timeout: timeout, maxOutputBytes: Self.maxOutputBytes)
        } catch {
            return .refused(["\(error); give its path with --hangulctl"])
        }
        if outcome.timedOut {
            let seconds = timeout.components.seconds
            return .refused(["\(hangulctlPath) took more than \(seconds) s to read \(configPath) and was stopped"])
        }
        if outcome.overflowed {
            return .refused([
                "\(hangulctlPath) printed more than \(Self.maxOutputBytes) bytes reading \(configPath) and was stopped"
            ])
        }
        guard outcome.exitStatus == 0 else {
            let problems = Self.lines(outcome.standardError)
            guard problems.isEmpty else { return .refused(problems) }
            let how = outcome.exitStatus.map { "exited with status \($0)" } ?? "was killed by a signal"
            return .refused(["\(hangulctlPath) \(how) reading \(configPath), saying nothing"])
        }
        var line = outcome.standardOutput
        if line.last == UInt8(ascii: "\n") { line.removeLast() }
        do throws(ProtocolError) {
            return .loaded(try ConfiguredSettings.parse(line, layouts: layouts))
        } catch {
            return .refused([
                "\(configPath): the settings \(hangulctlPath) printed do not fit this daemon: \(error.message)"
            ])
        }
    }

    /// The non-empty lines of a stream, decoded leniently, at most ``maxProblems``.
    static func lines(_ bytes: [UInt8]) -> [String] {
        let all = bytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
        guard all.count > maxProblems else { return all }
        return Array(all.prefix(maxProblems)) + ["… and \(all.count - maxProblems) more"]
    }
}
