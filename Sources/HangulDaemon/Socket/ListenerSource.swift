import SystemPackage

/// Where the server gets its listening socket from.
public enum ListenerSource: Sendable, Equatable {
    /// Create the socket at this path: its directory is made private, the lock beside it taken, a stale
    /// socket replaced; on shutdown the socket and the lock file are removed.
    case path(String)

    /// Use this already bound Unix stream socket (systemd socket activation passes fd 3). The daemon
    /// neither checks nor removes any file then: whoever bound the socket owns its path.
    case inheritedDescriptor(FileDescriptor)
}
