import Glibc

/// A thread of its own for work that blocks for the life of the process (the daemon's directory
/// watcher waits in `poll`) or for long (loading a user's huge hanja file), outside every event loop
/// and the Swift concurrency pool, which must never be blocked.
///
/// Such a thread never acts on a process signal, so it blocks them all
/// (``Signals/blockAsynchronousSignalsInThisThread()``) before `body` runs, leaving them to the
/// thread that waits for them (the daemon's main thread, for SIGTERM and SIGHUP).
public enum DetachedThread {
    /// `pthread_create` then `pthread_detach`: runs `body` on a new thread that nobody joins.
    /// Throws `EAGAIN` when the system cannot create another thread (`pthread_create: Resource
    /// temporarily unavailable`).
    public static func start(_ body: @escaping @Sendable () -> Void) throws(SystemCallError) {
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                Signals.blockAsynchronousSignalsInThisThread()
                Unmanaged<Box>.fromOpaque(context).takeRetainedValue().body()
                return nil
            }, context)
        guard created == 0 else {
            Unmanaged<Box>.fromOpaque(context).release()
            throw SystemCallError("pthread_create", errno: created)
        }
        pthread_detach(thread)
    }

    private final class Box {
        let body: @Sendable () -> Void

        init(_ body: @escaping @Sendable () -> Void) {
            self.body = body
        }
    }
}
