/// Where `hanguld`'s socket is, by the rules of PROTOCOL.md section 2; shared by the daemon and
/// its clients so both always agree.
public enum SocketLocation {
    /// The file name inside `$XDG_RUNTIME_DIR/hangul/`.
    public static let defaultFileName = "hanguld.sock"

    /// Why no socket path could be found.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// `--socket ""`.
        case emptyPath
        /// Neither `--socket`, `$HANGULD_SOCKET` nor `$XDG_RUNTIME_DIR` is set.
        case noLocation
        /// `$XDG_RUNTIME_DIR` is not an absolute path.
        case runtimeDirectoryNotAbsolute(String)

        public var description: String {
            switch self {
            case .emptyPath:
                "the socket path is empty; pass --socket PATH with a real path"
            case .noLocation:
                "XDG_RUNTIME_DIR is not set, so there is no private directory for the socket; "
                    + "log in through a session that sets it, or pass --socket PATH (or set HANGULD_SOCKET) "
                    + "with PATH in a directory only you can access"
            case .runtimeDirectoryNotAbsolute(let value):
                "XDG_RUNTIME_DIR must be an absolute path, got \"\(value)\"; fix the variable or pass --socket PATH"
            }
        }
    }

    /// The socket path: `explicit` (from `--socket`), else `$HANGULD_SOCKET`, else
    /// `$XDG_RUNTIME_DIR/hangul/hanguld.sock`.
    ///
    /// There is deliberately no fallback to `/tmp`: a shared directory would let another user squat
    /// the path, and the runtime directory is the one place a login session makes private to us.
    /// Empty variables count as unset, as the XDG base directory specification asks.
    public static func resolve(
        explicit: String?, environment: (String) -> String?
    ) throws(Failure) -> String {
        if let explicit {
            guard !explicit.isEmpty else { throw .emptyPath }
            return explicit
        }
        if let fromEnvironment = environment("HANGULD_SOCKET"), !fromEnvironment.isEmpty {
            return fromEnvironment
        }
        guard let runtimeDirectory = environment("XDG_RUNTIME_DIR"), !runtimeDirectory.isEmpty else {
            throw .noLocation
        }
        guard runtimeDirectory.hasPrefix("/") else { throw .runtimeDirectoryNotAbsolute(runtimeDirectory) }
        let base = runtimeDirectory.hasSuffix("/") ? String(runtimeDirectory.dropLast()) : runtimeDirectory
        return base + "/hangul/" + defaultFileName
    }
}
