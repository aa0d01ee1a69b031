import HangulSystem

/// Where the daemon finds its settings file and the helper that reads it.
public enum SettingsPaths {
    /// `$XDG_CONFIG_HOME/hangul/config.toml`, else `~/.config/hangul/config.toml`: the rule
    /// `HangulConfig.ConfigFile` follows (which the daemon does not link), beside the layout
    /// directory. Nil when neither variable is an absolute path.
    public static func defaultConfigPath(environment: (String) -> String?) -> String? {
        if let config = environment("XDG_CONFIG_HOME"), config.hasPrefix("/") { return config + "/hangul/config.toml" }
        if let home = environment("HOME"), home.hasPrefix("/") { return home + "/.config/hangul/config.toml" }
        return nil
    }

    /// `hangulctl` in the directory of the running executable (`/proc/self/exe`), as installed and
    /// as built; just `hangulctl` when that cannot be read, which then fails to start with a
    /// message naming `--hangulctl`.
    public static func hangulctlBesideExecutable() -> String {
        guard let path = CurrentProcess.executablePath else { return "hangulctl" }
        return directory(of: path) + "/hangulctl"
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
