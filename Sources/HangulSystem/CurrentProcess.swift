import CGNUShims
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

    /// `malloc_trim(0)`: hands the C library's free heap pages back to the kernel, in every arena.
    /// glibc keeps freed memory for reuse and returns it on its own only from the top of the main
    /// heap; the daemon's sessions are allocated on several event-loop threads' arenas, so after a
    /// thousand sessions had closed the daemon still held their 20 MB (issue 25). Costs about a
    /// millisecond per hundred megabytes of heap; the daemon calls it when most of its sessions have
    /// closed, not per session.
    public static func returnFreedMemory() {
        _ = hangul_malloc_trim()
    }
}
