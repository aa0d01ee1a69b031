import Glibc

/// Who this process is, as the kernel sees it. Neither call can fail.
public enum CurrentProcess {
    /// `getpid(2)`: compared with systemd's `LISTEN_PID`, which names the process its sockets are for.
    public static var id: pid_t { Glibc.getpid() }

    /// `geteuid(2)`: the user whose files and peers the daemon trusts.
    public static var effectiveUserID: uid_t { Glibc.geteuid() }

    /// The path of the running executable (`/proc/self/exe`), or nil when it cannot be read (no
    /// `/proc`). Used to find programs installed beside it.
    public static var executablePath: String? {
        try? FileSystem.symbolicLinkTarget("/proc/self/exe")
    }
}
