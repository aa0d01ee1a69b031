import HangulProtocol

#if canImport(Glibc)
    import Glibc
#endif

/// What the whole engine process shares: where the daemon is, how long to wait for it, and which
/// `hanguld` to start when there is none. Read once from the command line and the environment
/// ibus-daemon gave us.
struct EngineConfiguration: Sendable {
    /// The socket path by PROTOCOL.md section 2, or why there is none (then every key passes through).
    var socketPath: Result<String, SocketLocation.Failure>
    /// The `hanguld` to start when no daemon listens; `nil` never starts one.
    var hanguldPath: String?
    /// How long a request may take before the engine gives up on the daemon.
    ///
    /// 150 ms: a round trip to a live daemon takes well under a millisecond (tens of microseconds in
    /// the daemon's benchmark), so anything near this is a stalled or swapped-out daemon, not a slow
    /// one; and at typing speed (about 100 ms between keys for a fast typist) one late key costs the
    /// user a single hitch rather than a run of frozen keys. PROTOCOL.md section 8 suggests 100–200 ms.
    var deadlineMilliseconds = 150

    /// The process-wide configuration, set once by `main` before the factory creates any engine.
    nonisolated(unsafe) static var current = EngineConfiguration(
        socketPath: .failure(.noLocation), hanguldPath: nil)

    static func fromEnvironment(hanguldPath: String?) -> EngineConfiguration {
        let socketPath = Result { () throws(SocketLocation.Failure) -> String in
            try SocketLocation.resolve(explicit: nil) { name in
                guard let value = getenv(name) else { return nil }
                return String(cString: value)
            }
        }
        return EngineConfiguration(socketPath: socketPath, hanguldPath: hanguldPath)
    }
}
