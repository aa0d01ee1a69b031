import HangulConfig

/// Where the daemon finds its settings file.
public enum SettingsPaths {
    /// `$XDG_CONFIG_HOME/hangul/config.toml`, else `~/.config/hangul/config.toml`, beside the
    /// layout directory: `HangulConfig.ConfigFile`'s rule. Nil when neither variable is an
    /// absolute path.
    public static func defaultConfigPath(environment: (String) -> String?) -> String? {
        ConfigFile.defaultPath(environment: environment)
    }

    /// The directory part of a path (`.` for a bare name).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of a path.
    public static func fileName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
