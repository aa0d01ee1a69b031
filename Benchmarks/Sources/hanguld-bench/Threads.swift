import BenchmarkSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Runs work on plain pthreads: the clients and the echo server block in system calls, one thread
/// each, which is what a frontend process does and what Swift concurrency's pool is not for.
enum Threads {
    private final class Work {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Starts a thread running `body`; join it with ``join(_:)``.
    static func start(_ body: @escaping @Sendable () -> Void) -> pthread_t {
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { argument in
                guard let argument else { return nil }
                Unmanaged<Work>.fromOpaque(argument).takeRetainedValue().body()
                return nil
            }, work)
        if status != 0 { fail("cannot start a thread (error \(status))") }
        return thread
    }

    static func join(_ threads: [pthread_t]) {
        for thread in threads { pthread_join(thread, nil) }
    }
}
