import Glibc
import SystemPackage

/// A failed system call: which call, on which path, and the `errno` it left.
///
/// The description reads like the C library's own messages, e.g. `bind /run/user/1000/hangul/hanguld.sock:
/// Address already in use`, so that a refusal to start can be acted on without reading source code.
public struct SystemCallError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The name of the call that failed, e.g. `"bind"`.
    public var call: String
    /// The path the call was about, if any.
    public var path: String?
    /// What the call left in `errno`.
    public var errno: Errno

    /// Creates an error for `call` on `path`.
    public init(_ call: String, path: String? = nil, errno: Errno) {
        self.call = call
        self.path = path
        self.errno = errno
    }

    /// Creates an error from a raw `errno` value, as C calls leave it.
    public init(_ call: String, path: String? = nil, errno: CInt) {
        self.init(call, path: path, errno: Errno(rawValue: errno))
    }

    /// The error the last C call left in `errno`: call right after the failed call, before
    /// anything else can overwrite it.
    public static func last(_ call: String, path: String? = nil) -> SystemCallError {
        SystemCallError(call, path: path, errno: Glibc.errno)
    }

    public var description: String {
        let reason = String(cString: strerror(self.errno.rawValue))
        if let path = self.path {
            return "\(self.call) \(path): \(reason)"
        }
        return "\(self.call): \(reason)"
    }
}

extension SystemCallError {
    /// Runs `body`, which throws swift-system's `Errno`, and names the call and path on failure.
    public static func naming<T>(_ call: String, path: String? = nil, _ body: () throws -> T) throws(SystemCallError)
        -> T
    {
        do {
            return try body()
        } catch let error as Errno {
            throw SystemCallError(call, path: path, errno: error)
        } catch {
            throw SystemCallError(call, path: path, errno: .ioError)
        }
    }
}
