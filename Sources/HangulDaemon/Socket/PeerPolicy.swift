/// The access decision for a new connection, kept pure so it can be tested without a second user.
public enum PeerPolicy {
    /// What to do with a connection.
    public enum Decision: Sendable, Equatable {
        /// Serve it.
        case accept
        /// Close it at once: another user (root included) must not type into our sessions or read them.
        case refuseOtherUser(uid: UInt32)
        /// Close it at once: the kernel could not tell who is connecting, so we cannot trust it.
        case refuseUnknownPeer
    }

    /// Accepts only peers whose uid is the daemon's own; `nil` means the credentials could not be read.
    public static func decide(peer: PeerCredentials?, daemonUID: UInt32) -> Decision {
        guard let peer else {
            return .refuseUnknownPeer
        }
        guard peer.uid == daemonUID else {
            return .refuseOtherUser(uid: peer.uid)
        }
        return .accept
    }
}
