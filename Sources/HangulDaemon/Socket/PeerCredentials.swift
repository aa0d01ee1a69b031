import CGNUShims
import Glibc
import NIOCore
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

    /// Reads the credentials of an accepted NIO channel through NIO's own `getsockopt`, since NIO does
    /// not expose the descriptor; the C struct has `struct ucred`'s layout (checked in the C file).
    static func of(channel: Channel) -> EventLoopFuture<PeerCredentials> {
        guard let provider = channel as? SocketOptionProvider else {
            return channel.eventLoop.makeFailedFuture(SystemCallError("getsockopt(SO_PEERCRED)", errno: ENOTSOCK))
        }
        let future: EventLoopFuture<hangul_peer_credentials> = provider.unsafeGetSocketOption(
            level: .socket,
            name: NIOBSDSocket.Option(rawValue: hangul_so_peercred())
        )
        return future.map { PeerCredentials(pid: $0.pid, uid: $0.uid, gid: $0.gid) }
    }
}
