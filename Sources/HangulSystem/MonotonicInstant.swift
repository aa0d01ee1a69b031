import Glibc

/// A moment on the system's monotonic clock (`CLOCK_MONOTONIC`), in nanoseconds: every deadline of
/// the daemon, the client and the frontends is one.
///
/// Not `ContinuousClock.Instant`: that type's layout belongs to the `_Concurrency` library, which
/// may change it, so every copy, comparison and optional of one goes through the runtime's value
/// witnesses. The loop's connection state holds two optional deadlines and is read on every key;
/// with `ContinuousClock.Instant` there, a key's round trip took about 2 µs longer (`hanguld-bench
/// --versus`, both orders). This is a plain integer, compiled inline.
@frozen
public struct MonotonicInstant: Comparable, Hashable, Sendable {
    /// Nanoseconds since the clock's (unspecified) origin.
    public var nanoseconds: Int64

    @inlinable
    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// Now. `clock_gettime(CLOCK_MONOTONIC)` cannot fail on Linux for this clock.
    public static var now: MonotonicInstant {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return MonotonicInstant(nanoseconds: Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec))
    }

    @inlinable
    public static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }

    /// `duration` later (earlier when negative), saturating at the ends of the range rather than
    /// trapping: a deadline centuries away is as good as never.
    @inlinable
    public static func + (instant: MonotonicInstant, duration: Duration) -> MonotonicInstant {
        let (seconds, attoseconds) = duration.components
        let whole = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let sum = instant.nanoseconds.addingReportingOverflow(whole.partialValue)
        guard !whole.overflow, !sum.overflow else {
            return MonotonicInstant(nanoseconds: seconds < 0 ? .min : .max)
        }
        let total = sum.partialValue.addingReportingOverflow(attoseconds / 1_000_000_000)
        guard !total.overflow else { return MonotonicInstant(nanoseconds: attoseconds < 0 ? .min : .max) }
        return MonotonicInstant(nanoseconds: total.partialValue)
    }

    /// `duration` earlier (later when negative), saturating as `+` does.
    @inlinable
    public static func - (instant: MonotonicInstant, duration: Duration) -> MonotonicInstant {
        instant + (.zero - duration)
    }

    /// Whole milliseconds from now (`self`) until `deadline`, for `poll` and `epoll_wait`: rounded
    /// up, so that a wait never ends just before the deadline and spins; 0 once it has passed;
    /// `Int32.max` when it is further off than that.
    @inlinable
    public func milliseconds(until deadline: MonotonicInstant) -> Int32 {
        let left = deadline.nanoseconds.subtractingReportingOverflow(self.nanoseconds)
        if left.overflow { return deadline > self ? Int32.max : 0 }
        guard left.partialValue > 0 else { return 0 }
        let (whole, part) = left.partialValue.quotientAndRemainder(dividingBy: 1_000_000)
        return Int32(clamping: whole + (part > 0 ? 1 : 0))
    }

    /// How long from `earlier` to `later` (negative when `later` is before it).
    @inlinable
    public static func - (later: MonotonicInstant, earlier: MonotonicInstant) -> Duration {
        let difference = later.nanoseconds.subtractingReportingOverflow(earlier.nanoseconds)
        guard !difference.overflow else { return later < earlier ? .seconds(Int64.min) : .seconds(Int64.max) }
        return .nanoseconds(difference.partialValue)
    }
}
