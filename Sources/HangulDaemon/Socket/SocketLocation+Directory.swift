import HangulProtocol

extension SocketLocation {
    /// The directory part of `path` (`"."` for a bare file name, `"/"` for a file in the root).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else {
            return "."
        }
        let directory = path[..<slash]
        return directory.isEmpty ? "/" : String(directory)
    }
}
