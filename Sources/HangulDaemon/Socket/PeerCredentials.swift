import CGNUShims
import Glibc
import SystemPackage

/// Who is at the other end of a Unix socket connection, as the kernel recorded it at `connect()` time.
///
/// Wraps `SO_PEERCRED` (see `CGNUShims`): the values cannot be forged by the client, which is
/// what makes them usable for an access decision.
public struct PeerCredentials: Sendable, Equatable {
    /// The peer's process id at connect time.
    public var pid: Int32
    /// The peer's effective user id at connect time.
    public var uid: UInt32
    /// The peer's effective group id at connect time.
    public var gid: UInt32

    /// Creates credentials from their parts.
    public init(pid: Int32, uid: UInt32, gid: UInt32) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
    }

    /// Reads the credentials of a connected Unix socket descriptor (`hangul_peer_credentials_get`).
    public static func of(descriptor: SystemPackage.FileDescriptor) throws(SystemCallError) -> PeerCredentials {
        var raw = hangul_peer_credentials()
        guard hangul_peer_credentials_get(descriptor.rawValue, &raw) == 0 else {
            throw .last("getsockopt(SO_PEERCRED)")
        }
        return PeerCredentials(pid: raw.pid, uid: raw.uid, gid: raw.gid)
    }
}
