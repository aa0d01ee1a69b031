import Glibc

/// `RLIMIT_NOFILE`: how many file descriptors this process may have open.
///
/// The soft limit is what `open`, `socket` and `accept` are held to (beyond it they fail with
/// `EMFILE`); a process may raise it up to the hard limit by itself.
public struct DescriptorLimit: Equatable, Sendable {
    /// The limit in force.
    public var soft: Int
    /// The ceiling the soft limit may be raised to without privileges.
    public var hard: Int

    public init(soft: Int, hard: Int) {
        self.soft = soft
        self.hard = hard
    }

    /// `getrlimit(RLIMIT_NOFILE)`; `RLIM_INFINITY` (all bits set) reads as `Int.max`.
    public static func current() throws(SystemCallError) -> DescriptorLimit {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else {
            throw .last("getrlimit(RLIMIT_NOFILE)")
        }
        return DescriptorLimit(soft: Self.count(limit.rlim_cur), hard: Self.count(limit.rlim_max))
    }

    /// `setrlimit(RLIMIT_NOFILE)` with the soft limit raised to `soft` (the hard limit unchanged).
    public static func raiseSoft(to soft: Int) throws(SystemCallError) {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else {
            throw .last("getrlimit(RLIMIT_NOFILE)")
        }
        limit.rlim_cur = rlim_t(soft)
        guard setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else {
            throw .last("setrlimit(RLIMIT_NOFILE)")
        }
    }

    private static func count(_ value: rlim_t) -> Int {
        value > rlim_t(Int.max) ? Int.max : Int(value)
    }
}
