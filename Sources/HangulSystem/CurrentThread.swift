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
}
