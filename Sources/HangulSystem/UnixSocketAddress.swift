import Glibc

/// A filled-in `sockaddr_un` for a socket path: the one place its bytes are copied.
///
/// Only filesystem paths are supported (no Linux abstract namespace): the daemon's socket lives in
/// a private directory, whose permissions are the access check.
public struct UnixSocketAddress: Sendable {
    /// The longest path that fits `sockaddr_un.sun_path` with its terminating NUL (107 on Linux).
    public static let maxPathLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// The path the address names.
    public let path: String
    private let address: sockaddr_un

    /// The address of `path`; throws `ENAMETOOLONG` for a path that does not fit, `EINVAL` for an
    /// empty one or one containing NUL.
    public init(path: String) throws(SystemCallError) {
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, !bytes.contains(0) else {
            throw SystemCallError("sockaddr_un", path: path, errno: EINVAL)
        }
        guard bytes.count <= Self.maxPathLength else {
            throw SystemCallError("sockaddr_un", path: path, errno: ENAMETOOLONG)
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        self.path = path
        self.address = address
    }

    /// Calls `body` with the address as the `sockaddr` pointer and length that `bind` and
    /// `connect` take.
    public func withSocketAddress<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        withUnsafePointer(to: self.address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                body(socketAddress, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }
}
