import CGNUShims
import Glibc

/// What blocks the calling thread, for synchronous code that has no event loop or async context
/// to wait in (a blocking client, a helper-process runner).
public enum CurrentThread {
    /// `nanosleep(2)` for `duration`; after a signal interrupts it (`EINTR`) it sleeps again for
    /// the time that was left, so a signal neither cuts nor stretches the pause. Zero or a
    /// negative duration returns at once.
    public static func sleep(for duration: Duration) {
        guard duration > .zero else { return }
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var remaining = timespec()
        while Glibc.nanosleep(&request, &remaining) != 0 {
            guard Glibc.errno == EINTR else { return }
            request = remaining
        }
    }

    /// Names the calling thread (at most 15 bytes; longer is cut), as `top -H` and
    /// `/proc/PID/task/TID/comm` show it: otherwise a thread takes the name of the one that started
    /// it, and a loop started from a Swift concurrency thread shows as `com.apple.root.default-qos`.
    public static func setName(_ name: String) {
        _ = hangul_set_thread_name(String(name.utf8.prefix(15)) ?? "")
    }
}
