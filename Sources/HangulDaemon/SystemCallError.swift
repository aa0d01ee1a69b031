import Glibc

/// A failed system call: which call, on which path, and the `errno` it left.
///
/// The description reads like the C library's own messages, e.g. `bind /run/user/1000/hangul/hanguld.sock:
/// Address already in use`, so that a refusal to start can be acted on without reading source code.
public struct SystemCallError: Error, Equatable, CustomStringConvertible {
    /// The name of the call that failed, e.g. `"bind"`.
    public var call: String
    /// The path the call was about, if any.
    public var path: String?
    /// The `errno` value the call left.
    public var errno: CInt

    /// Creates an error for `call` on `path` with the given `errno`.
    public init(_ call: String, path: String? = nil, errno: CInt) {
        self.call = call
        self.path = path
        self.errno = errno
    }

    public var description: String {
        let reason = String(cString: strerror(self.errno))
        if let path = self.path {
            return "\(self.call) \(path): \(reason)"
        }
        return "\(self.call): \(reason)"
    }
}
