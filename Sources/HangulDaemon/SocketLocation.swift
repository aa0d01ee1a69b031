/// Where the daemon's socket lives when systemd does not hand one over.
public enum SocketLocation {
    /// The file name inside `$XDG_RUNTIME_DIR/hangul/`.
    public static let defaultFileName = "hanguld.sock"

    /// The socket path: `explicit` (from `--socket`), else `$HANGULD_SOCKET`, else
    /// `$XDG_RUNTIME_DIR/hangul/hanguld.sock`.
    ///
    /// There is deliberately no fallback to `/tmp`: a shared directory would let another user squat the
    /// path or watch it, and the runtime directory is the one place a login session makes private to us.
    /// Empty variables count as unset, as the XDG base directory spec asks.
    public static func resolve(explicit: String?) throws(DaemonError) -> String {
        try Self.resolve(explicit: explicit, environment: Posix.environmentValue)
    }

    /// The socket path as `resolve(explicit:)` finds it, reading variables through `environment`.
    public static func resolve(
        explicit: String?,
        environment: (String) -> String?
    ) throws(DaemonError) -> String {
        if let explicit {
            guard !explicit.isEmpty else {
                throw .emptySocketPath
            }
            return explicit
        }
        if let fromEnvironment = environment("HANGULD_SOCKET"), !fromEnvironment.isEmpty {
            return fromEnvironment
        }
        guard let runtimeDirectory = environment("XDG_RUNTIME_DIR"), !runtimeDirectory.isEmpty else {
            throw .noSocketLocation
        }
        guard runtimeDirectory.hasPrefix("/") else {
            throw .runtimeDirectoryNotAbsolute(runtimeDirectory)
        }
        let base = runtimeDirectory.hasSuffix("/") ? String(runtimeDirectory.dropLast()) : runtimeDirectory
        return base + "/hangul/" + Self.defaultFileName
    }

    /// The directory part of `path` (`"."` for a bare file name, `"/"` for a file in the root).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else {
            return "."
        }
        let directory = path[..<slash]
        return directory.isEmpty ? "/" : String(directory)
    }
}
